/**
 * Outgoing mail, through the transactional outbox. A service that has something to tell writes
 * the message with `enqueueMail(tx, …)` in the same transaction as the change (an order paid, a
 * code issued): a row of `mail_outbox` and a job on the queue (lib/server/jobs/queue.ts) that
 * points at it. Nothing is lost when the mail server is down or the process dies: the job is
 * retried with backoff until the server takes the message. A message is sent at most once:
 * a sender claims the row for a lease before talking to the server and marks it sent after;
 * the one gap left (the process killed between the server's "accepted" and that mark) would send
 * it again with the same Message-ID, which mail systems use to drop the copy.
 *
 * With `SMTP_URL` set, nodemailer sends over SMTP; otherwise the message goes to the dev outbox
 * (`DATA_DIR/outbox/mail.jsonl`). The log gets the outbox id, the kind and the error class:
 * never the recipient, the subject's order number aside, or the text (codes, names).
 */
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm';
import { createTransport, type Transporter } from 'nodemailer';
import { getConfig } from '@/lib/server/config';
import { getDb, type Db } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { describeError, errorFields } from '@/lib/server/http/errors';
import { sendJob } from '@/lib/server/jobs/queue';
import { log } from '@/lib/server/log';
import type { MailMessage } from '@/lib/server/mail/message';
import { writeToOutbox } from '@/lib/server/mail/outbox';

export type { MailMessage };

/** What a queued mail is, for logs and metrics. */
export type MailKind = 'otp' | 'order-paid' | 'order-progress' | 'charge' | 'staff-code' | 'staff-invite' | 'account-deleted' | 'checkout-recovery' | 'occasion-reminder';

/** How long a sender holds a row before another may try it (longer than nodemailer's timeouts). */
const CLAIM_SECONDS = 90;

let transport: { url: string; transporter: Transporter } | undefined;
let warnedNoSmtp = false;
/** Rows this process queued and has not tried yet: what `mailIdle()` sends (tests). */
const queuedHere = new Set<string>();

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

/** Sends (or, without SMTP, files) one message; rejects when the SMTP server refuses it or cannot be reached. */
export async function sendMail(message: MailMessage, id: string): Promise<void> {
  const config = getConfig();
  const messageId = `<${id}@${new URL(config.siteUrl).hostname}>`;
  if (config.smtpUrl) {
    await smtp(config.smtpUrl).sendMail({ from: config.mailFrom, messageId, ...message });
    return;
  }
  if (config.env === 'production' && !warnedNoSmtp) {
    warnedNoSmtp = true;
    log().warn('SMTP_URL is not set: e-mails are written to DATA_DIR/outbox/mail.jsonl and NOT sent');
  }
  await writeToOutbox(config.dataDir, { id, at: new Date().toISOString(), from: config.mailFrom, ...message });
}

/**
 * Writes `message` to the outbox through `db` (the caller's transaction: the mail exists only if
 * the change it tells of is committed) with its sending job. Answers the outbox row's id.
 */
export async function enqueueMail(db: Db, kind: MailKind, message: MailMessage): Promise<string> {
  const [row] = await db.insert(mailOutbox).values({ kind, subject: message.subject, message }).returning({ id: mailOutbox.id });
  await sendJob(db, 'mail', { id: row!.id }, { id: row!.id });
  queuedHere.add(row!.id);
  return row!.id;
}

/**
 * Sends one outbox row (the mail job's work): claims it, sends it, marks it sent and forgets its
 * text. An unknown or already sent row is done; one another sender holds throws (tried again
 * later); a failure to send frees the claim, records the error's class and throws (the queue retries).
 */
export async function deliverQueuedMail(db: Db, id: string): Promise<'sent' | 'done already'> {
  const now = sql`now()`;
  const [claimed] = await db
    .update(mailOutbox)
    .set({ claimedUntil: sql`now() + make_interval(secs => ${CLAIM_SECONDS})`, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt), or(isNull(mailOutbox.claimedUntil), lt(mailOutbox.claimedUntil, now))))
    .returning({ kind: mailOutbox.kind, message: mailOutbox.message });
  if (!claimed) {
    const [row] = await db.select({ sentAt: mailOutbox.sentAt }).from(mailOutbox).where(eq(mailOutbox.id, id));
    if (!row || row.sentAt) return 'done already';
    throw new Error('Another sender holds this mail');
  }
  try {
    await sendMail(claimed.message!, id);
  } catch (error) {
    const reason = describeError(error);
    await db.update(mailOutbox).set({ claimedUntil: null, lastError: reason }).where(eq(mailOutbox.id, id));
    log().warn({ mail: id, kind: claimed.kind, ...errorFields(error) }, 'mail not sent yet');
    throw error;
  }
  await db.update(mailOutbox).set({ sentAt: now, message: null, claimedUntil: null, lastError: null }).where(eq(mailOutbox.id, id));
  log().info({ mail: id, kind: claimed.kind, to: getConfig().smtpUrl ? 'smtp' : 'dev outbox' }, 'mail sent');
  return 'sent';
}

/**
 * Sends, now, every mail this process queued and has not tried yet, each once (tests: the
 * server's workers are not running there). A failure is logged and left to the queue.
 */
export async function mailIdle(): Promise<void> {
  const db = await getDb();
  while (queuedHere.size > 0) {
    for (const id of [...queuedHere]) {
      queuedHere.delete(id);
      await deliverQueuedMail(db, id).catch(() => undefined);
    }
  }
}

/** Closes the SMTP connection pool, if any (tests, shutdown). */
export function closeMail(): void {
  transport?.transporter.close();
  transport = undefined;
}
