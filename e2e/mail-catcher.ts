/**
 * A local SMTP server for browser tests against `npm start` (production mode: no dev outbox), so
 * that e-mailed codes can be read: every message it receives is kept in `inbox`.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type Mail = { to: string[]; raw: string };
export type MailCatcher = { inbox: Mail[]; smtpUrl: string; close(): Promise<void> };

export async function startMailCatcher(): Promise<MailCatcher> {
  const inbox: Mail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as AddressInfo).port;
  return { inbox, smtpUrl: `smtp://127.0.0.1:${port}`, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/** A header of a raw message (its first line, folded lines joined), or undefined. */
export function mailHeader(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, ' ');
  return head
    .split(/\r?\n/)
    .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
    ?.slice(name.length + 1)
    .trim();
}
