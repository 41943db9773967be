/**
 * Outgoing mail. With `SMTP_URL` set, nodemailer sends over SMTP; otherwise the message goes to
 * the dev outbox (`DATA_DIR/outbox/mail.jsonl`). Either way the log gets the recipient and the
 * subject (not under tests); the text (which may hold a one-time password) is logged only in
 * development, for the outbox. `queueMail` sends in the background so that an answer's timing never depends on whether
 * a mail was sent (which would reveal whether an e-mail has an account).
 */
import { describeError } from '@/lib/server/http/errors';
import { randomUUID } from 'node:crypto';
import { createTransport, type Transporter } from 'nodemailer';
import { getConfig } from '@/lib/server/config';
import type { MailMessage } from '@/lib/server/mail/message';
import { writeToOutbox } from '@/lib/server/mail/outbox';

export type { MailMessage };

let transport: { url: string; transporter: Transporter } | undefined;
let warnedNoSmtp = false;
const pending = new Set<Promise<void>>();

function smtp(url: string): Transporter {
  if (transport?.url !== url) {
    transport?.transporter.close();
    transport = {
      url,
      transporter: createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 }),
    };
  }
  return transport.transporter;
}

/** Sends (or, without SMTP, files) one message; rejects when the SMTP server refuses it. */
export async function sendMail(message: MailMessage): Promise<void> {
  const config = getConfig();
  // The recipient's address and the text (codes, names) never reach the log: the subject and an id do.
  const id = randomUUID();
  const summary = `${id}: "${message.subject}"`;
  if (config.smtpUrl) {
    await smtp(config.smtpUrl).sendMail({ from: config.mailFrom, ...message });
    if (config.env !== 'test') console.log(`[mail] sent ${summary}`);
    return;
  }
  if (config.env === 'production' && !warnedNoSmtp) {
    warnedNoSmtp = true;
    console.warn('[mail] SMTP_URL is not set: e-mails are written to DATA_DIR/outbox/mail.jsonl and NOT sent');
  }
  await writeToOutbox(config.dataDir, { id, at: new Date().toISOString(), from: config.mailFrom, ...message });
  if (config.env !== 'test') console.log(`[mail] outbox ${summary} (see /dev/outbox outside production)`);
}

/** Sends in the background; a failure is logged by subject and error class, never the recipient or the server's text. */
export function queueMail(message: MailMessage): void {
  const sending = sendMail(message)
    .catch((error: unknown) => {
      console.error(`[mail] could not send "${message.subject}": ${describeError(error)}`);
    })
    .finally(() => pending.delete(sending));
  pending.add(sending);
}

/** Resolves when every queued message has been sent or has failed (tests, shutdown). */
export async function mailIdle(): Promise<void> {
  while (pending.size > 0) await Promise.all([...pending]);
}

/** Closes the SMTP connection pool, if any (tests, shutdown). */
export function closeMail(): void {
  transport?.transporter.close();
  transport = undefined;
}
