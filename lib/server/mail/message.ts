/** An e-mail as the shop writes it (templates.ts), sends it (mailer.ts) and keeps it in the dev outbox (outbox.ts). */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Extra header lines, e.g. RFC 8058's `List-Unsubscribe` and `List-Unsubscribe-Post` (lib/server/mail/opt-out.ts). */
  headers?: Record<string, string>;
};
