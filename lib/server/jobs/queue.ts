/**
 * The job queue: pg-boss over the shop's own database, so that jobs are rows in the same
 * PostgreSQL as orders and a job can be written in the same transaction as the change that
 * calls for it (`sendJob(tx, …)`: the transactional outbox). pg-boss brings what a queue must
 * get right and we do not write ourselves: one worker per job across processes and instances
 * (`FOR UPDATE SKIP LOCKED`), retries with exponential backoff, expiry of jobs whose worker died,
 * and cron schedules that run once per slot however many instances watch them.
 *
 * The embedded database runs the same engine in-process: pg-boss only needs something that runs
 * SQL (`Database.raw`), and PGlite is real PostgreSQL, so there is one code path, not two.
 *
 * Preparing a database creates pg-boss's schema and the queues (`prepareJobQueue`). Only the
 * server starts workers and schedules (`startWorkers`, from lib/server/start-up.ts): tests and
 * scripts that only write jobs never run them behind the test's back.
 */
import PgBoss from 'pg-boss';
import { type SQL, sql } from 'drizzle-orm';
import { getDatabase, type Database, type Db } from '@/lib/server/db/client';
import { errorFields } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';

/** The queues and how their jobs are retried. */
export const QUEUES = {
  /**
   * One e-mail of `mail_outbox`; `data.id` is the row. Retried with backoff from 5 s (5, 10, 20 s
   * … ~11 h): about 45 hours of SMTP outage before a mail gives up and stays in the outbox with
   * its last error. A job whose worker died is taken again after 2 minutes.
   */
  mail: { retryLimit: 14, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  /** Clearing sent e-mails and old idempotency records (a daily schedule). */
  'tidy-up': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  /** The unfinished-payment e-mails (a schedule every 5 minutes; a missed run is made up by the next). */
  'checkout-recovery': { retryLimit: 0, expireInSeconds: 240 },
  /** The occasion reminders' e-mails (a schedule every hour; each e-mail goes once, whenever the run). */
  'occasion-reminders': { retryLimit: 0, expireInSeconds: 1800 },
} as const satisfies Record<string, Omit<PgBoss.Queue, 'name'>>;

export type QueueName = keyof typeof QUEUES;

/**
 * What the working pg-boss has under way: SQL it sent and job handlers running. Its `stop()`
 * returns once no job is held, but a worker whose poll was in flight learns it should stop only
 * when that poll answers (and may have taken a job with it), and a job's completion is written
 * without being awaited; `stopJobs` waits for this to be idle before the database may close.
 */
type Activity = { busy: number; stopped: boolean };
type Working = { boss: PgBoss; activity: Activity };
type Holder = { database?: Database; sender?: PgBoss; working?: Promise<Working> };
const holder: Holder = ((globalThis as { __shopJobs?: Holder }).__shopJobs ??= {});

/**
 * `$1`-style SQL text and its values as one Drizzle query, so pg-boss can write inside a Drizzle
 * transaction. An absent value is SQL null (Drizzle would leave an `undefined` out altogether).
 */
function drizzleSql(text: string, values: unknown[] = []): SQL {
  const parts = text.split(/\$(\d+)\b/);
  return sql.join(
    parts.map((part, i) => (i % 2 === 0 ? sql.raw(part) : sql`${values[Number(part) - 1] ?? null}`)),
    sql.raw(''),
  );
}

/** pg-boss's view of a Drizzle handle or transaction. */
function executorOf(db: Db): PgBoss.Db {
  return {
    executeSql: async (text, values) => {
      const result = (await db.execute(drizzleSql(text, values))) as unknown as { rows: unknown[] };
      return { rows: result.rows };
    },
  };
}

/** Counts `work` in `activity` while it runs. */
async function counted<T>(activity: Activity, work: () => Promise<T>): Promise<T> {
  activity.busy++;
  try {
    return await work();
  } finally {
    activity.busy--;
  }
}

/**
 * A pg-boss over `database` (not started). `activity`: the working one's, with maintenance
 * (expiring jobs whose worker died, retention) and the cron clock; its SQL is counted, and
 * refused once it has stopped (the database may be closed by then).
 */
function bossOn(database: Database, activity?: Activity): PgBoss {
  const working = Boolean(activity);
  const executeSql = (text: string, values?: unknown[]) => database.raw(text, values) as Promise<{ rows: never[] }>;
  const boss = new PgBoss({
    db: {
      executeSql: activity
        ? (text, values) => {
            if (activity.stopped) return Promise.reject(new Error('The job queue has stopped'));
            return counted(activity, () => executeSql(text, values));
          }
        : executeSql,
    },
    schema: 'pgboss',
    supervise: working,
    schedule: working,
    // Schedules are checked every 30 s; a cron slot fires once across every instance. The jobs a
    // slot sends wait on pg-boss's own queue, polled every 30 s too (not 5): the shop's schedules
    // run every 5 minutes at most, so a minute late is nothing, and every poll is a query.
    cronMonitorIntervalSeconds: 30,
    cronWorkerIntervalSeconds: 30,
    // Maintenance (which also hands back the jobs of a worker that died) every 30 s, not 2 min.
    maintenanceIntervalSeconds: 30,
    // Finished jobs carry only ids; they are kept a day for inspection.
    archiveCompletedAfterSeconds: 3600,
    deleteAfterDays: 1,
  });
  // pg-boss reports its own trouble (a failed poll, maintenance) as events: log the class only.
  boss.on('error', (error) => log().error({ ...errorFields(error) }, 'job queue error'));
  return boss;
}

/**
 * Creates (or updates) pg-boss's schema and the shop's queues: part of preparing a database
 * (lib/server/db/prepare.ts), so that a job can be written inside any transaction afterwards
 * (on the embedded database, which runs one statement at a time, nothing may wait for a
 * set-up query while a transaction is open).
 */
export async function prepareJobQueue(database: Database): Promise<void> {
  // One process at a time (the set-up lock): two creating the same queue at once can deadlock.
  await database.exclusive(async () => {
    const boss = bossOn(database);
    await boss.start();
    try {
      for (const [name, options] of Object.entries(QUEUES)) {
        if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...options });
      }
    } finally {
      await boss.stop({ graceful: false, wait: true, close: false });
    }
  });
}

/** The process's pg-boss for writing jobs and reading the queue's size (never started: it runs nothing). */
async function sender(): Promise<PgBoss> {
  const database = await getDatabase();
  if (!holder.sender || holder.database !== database) {
    holder.database = database;
    holder.sender = bossOn(database);
  }
  return holder.sender;
}

/**
 * Writes a job through `db` (a transaction: the job exists only if the transaction commits).
 * `id` makes the job's id known (e.g. the outbox row's).
 */
export async function sendJob(db: Db, name: QueueName, data: object, options: { id?: string; startAfter?: Date } = {}): Promise<void> {
  const boss = await sender();
  const id = await boss.send(name, data, { ...QUEUES[name], ...options, db: executorOf(db) });
  if (!id) throw new Error(`The job was not written: is the queue "${name}" missing (database not prepared) or the id taken?`);
}

/**
 * A queue's worker: `concurrency` pollers in this process, each asking for a job every
 * `pollSeconds` while the queue is empty (at once again after finishing one).
 */
export type Worker = { queue: QueueName; handle: (data: Record<string, unknown>) => Promise<void>; concurrency: number; pollSeconds: number };
export type Schedule = { queue: QueueName; cron: string; data?: object };

/**
 * Starts the server's workers and schedules, with pg-boss's maintenance and cron clock. A
 * handler that throws fails the job, which pg-boss retries by its queue's rule; the log gets
 * the queue, the job's id and the error class.
 */
export async function startWorkers(workers: Worker[], schedules: Schedule[]): Promise<void> {
  await stopJobs();
  const database = await getDatabase();
  const activity: Activity = { busy: 0, stopped: false };
  const boss = bossOn(database, activity);
  holder.working = boss.start().then(() => ({ boss, activity }));
  await holder.working;
  for (const worker of workers) {
    for (let i = 0; i < worker.concurrency; i++) {
      // A poller waits its interval after a job too: one that did a job asks again at once, so a
      // queue with a backlog (an hour's reminders) empties as fast as its jobs run.
      const poller: { id?: string } = {};
      poller.id = await boss.work<Record<string, unknown>>(worker.queue, { batchSize: 1, pollingIntervalSeconds: worker.pollSeconds }, async ([job]) => {
        if (!job) return;
        await counted(activity, async () => {
          try {
            await worker.handle(job.data);
          } catch (error) {
            log().warn({ queue: worker.queue, job: job.id, ...errorFields(error) }, 'job failed; the queue will retry it');
            throw error;
          }
        });
        if (poller.id) boss.notifyWorker(poller.id);
      });
    }
  }
  for (const schedule of schedules) await boss.schedule(schedule.queue, schedule.cron, schedule.data ?? {}, { tz: 'Africa/Lagos' });
}

/** Jobs waiting (created or waiting for a retry) per queue: the metrics' queue depth. */
export async function queueDepth(): Promise<Record<QueueName, number>> {
  const boss = await sender();
  const depth = {} as Record<QueueName, number>;
  for (const name of Object.keys(QUEUES) as QueueName[]) depth[name] = await boss.getQueueSize(name, { before: 'active' });
  return depth;
}

/**
 * Stops this process's workers, letting running jobs finish (bounded by `timeoutMs`), and
 * returns when nothing of the queue touches the database any more: a poll that was in flight
 * has answered, a job it took has run, completions are written. Closes nothing of the database.
 */
export async function stopJobs(timeoutMs = 10_000): Promise<void> {
  const working = holder.working;
  holder.working = undefined;
  const running = await working?.catch(() => undefined);
  if (!running) return;
  const deadline = Date.now() + timeoutMs;
  await running.boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
  // Idle across a turn of the event loop: a poll's answer starts its job's handler in the same turn.
  for (;;) {
    await new Promise((resolve) => setImmediate(resolve));
    if (running.activity.busy === 0 || Date.now() > deadline) break;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  running.activity.stopped = true;
}
