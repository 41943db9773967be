/**
 * The server's background work on the job queue (lib/server/jobs/queue.ts): what each queue's
 * worker does and what runs on a schedule. Started once per server process by
 * lib/server/start-up.ts; every instance runs the same workers, and the queue hands each job to
 * one of them.
 *
 * - `mail`: sends one row of the mail outbox (lib/server/mail/mailer.ts), two at a time.
 * - `tidy-up`, daily at 03:17 Lagos time (once across instances): forgets sent e-mails after
 *   30 days (their text is gone already; the row says what was sent when) and `Idempotency-Key`
 *   records past their 24 hours (lib/server/http/idempotency.ts; requests also prune now and then).
 * - `checkout-recovery`, every 5 minutes: the one e-mail to a sender whose order waited an hour
 *   at the payment stage (lib/server/services/orders/recovery.ts).
 * - `occasion-reminders`, every hour at :07: the e-mails seven days and one day before an
 *   occasion a shopper asked to be reminded of (lib/server/services/reminders.ts).
 */
import { and, isNotNull, lt } from 'drizzle-orm';
import { getDb, type Db } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { pruneIdempotencyKeys } from '@/lib/server/http/idempotency';
import { startWorkers, type Schedule, type Worker } from '@/lib/server/jobs/queue';
import { log } from '@/lib/server/log';
import { deliverQueuedMail } from '@/lib/server/mail/mailer';
import { sendRecoveryMails } from '@/lib/server/services/orders/recovery';
import { sendDueReminders } from '@/lib/server/services/reminders';
import { now } from '@/lib/server/security/clock';

const HOUR_MS = 60 * 60 * 1000;
/** How long a sent e-mail's row is kept. */
export const SENT_MAIL_KEEP_DAYS = 30;

/** The daily tidy-up; answers how many rows went (tests, the log). */
export async function tidyUp(db: Db, now: Date): Promise<{ mails: number; idempotencyKeys: number }> {
  const mails = await db
    .delete(mailOutbox)
    .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, new Date(now.getTime() - SENT_MAIL_KEEP_DAYS * 24 * HOUR_MS))))
    .returning({ id: mailOutbox.id });
  return { mails: mails.length, idempotencyKeys: await pruneIdempotencyKeys(db, now) };
}

/**
 * How often the scheduled queues' workers look for a job. Their jobs come from cron slots every
 * 5 minutes at most, so half a minute late is nothing; every poll is a query, and on the embedded
 * database a query runs on the server's own thread (an idle server used 14 ms of CPU a second
 * with five pollers at 1 s, 6.5 ms with these, 2026-11-28). The mail's two pollers look every 2 s: a sign-in code
 * leaves within a second on average and 2 s at worst.
 */
const SCHEDULED_POLL_SECONDS = 30;

const WORKERS: Worker[] = [
  { queue: 'mail', concurrency: 2, pollSeconds: 2, handle: async ({ id }) => void (await deliverQueuedMail(await getDb(), String(id))) },
  {
    queue: 'tidy-up',
    concurrency: 1,
    pollSeconds: SCHEDULED_POLL_SECONDS,
    handle: async () => {
      const gone = await tidyUp(await getDb(), new Date());
      log().info(gone, 'tidy-up done');
    },
  },
  {
    queue: 'checkout-recovery',
    concurrency: 1,
    pollSeconds: SCHEDULED_POLL_SECONDS,
    handle: async () => {
      const done = await sendRecoveryMails(await getDb(), now());
      if (done.sent + done.skipped > 0) log().info({ area: 'recovery', ...done }, 'unfinished-payment e-mails written');
    },
  },
  {
    queue: 'occasion-reminders',
    concurrency: 1,
    pollSeconds: SCHEDULED_POLL_SECONDS,
    handle: async () => {
      const done = await sendDueReminders(await getDb(), now());
      if (done.sent > 0) log().info({ area: 'reminders', ...done }, 'occasion reminders written');
    },
  },
];

const SCHEDULES: Schedule[] = [
  { queue: 'tidy-up', cron: '17 3 * * *' },
  { queue: 'checkout-recovery', cron: '*/5 * * * *' },
  { queue: 'occasion-reminders', cron: '7 * * * *' },
];

/** Starts this process's workers and the schedules (the server's start-up). */
export function startBackgroundWork(): Promise<void> {
  return startWorkers(WORKERS, SCHEDULES);
}
