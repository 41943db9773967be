/** The shop's e-mails: plain text first (what most mail clients preview), with a simple HTML twin. */
import type { MailMessage } from '@/lib/server/mail/mailer';

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The one-time password e-mail (password reset and the legacy-account upgrade). */
export function otpMail(options: { to: string; brand: string; code: string; validMinutes: number }): MailMessage {
  const { to, brand, code, validMinutes } = options;
  const text = [
    `Your ${brand} one-time password is: ${code}`,
    '',
    `It is valid for ${validMinutes} minutes and can be used once. Enter it in the "Enter OTP" step, then choose a new password.`,
    '',
    'If you did not ask for it, you can ignore this e-mail: your password has not changed.',
    '',
    brand,
  ].join('\n');
  const html = `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#222">
<p>Your ${escapeHtml(brand)} one-time password is:</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px">${escapeHtml(code)}</p>
<p>It is valid for ${validMinutes} minutes and can be used once. Enter it in the &quot;Enter OTP&quot; step, then choose a new password.</p>
<p>If you did not ask for it, you can ignore this e-mail: your password has not changed.</p>
<p>${escapeHtml(brand)}</p>
</body></html>`;
  return { to, subject: `Your ${brand} one-time password`, text, html };
}
