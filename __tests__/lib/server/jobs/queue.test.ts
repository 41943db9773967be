/** @jest-environment node */
/**
 * Stopping the job queue (lib/server/jobs/queue.ts) before the database closes: pg-boss's own
 * `stop()` returns once no job is held, but a worker whose poll is in flight only learns of the
 * stop when the poll answers, and may bring a job with it. `stopJobs` must return only when that
 * job has run and its completion is written, and nothing of the queue touches the database
 * afterwards (CI once saw a poll's job fail on a closed pool after a test file had ended).
 *
 * And how often a worker asks for work: an idle one once per `pollSeconds`; one that just did a
 * job at once again, so a backlog does not wait an interval per job.
 */
import { getDatabase, getDb, type Database } from '@/lib/server/db/client';
import { captureLogs, type LogCapture } from '@/lib/server/log';
import { sendJob, startWorkers, stopJobs } from '@/lib/server/jobs/queue';
import { closeTestDatabase, openTestDatabase } from '../../../helpers/db';

let database: Database;
let logs: LogCapture;

beforeAll(async () => {
  await openTestDatabase();
  database = await getDatabase();
  logs = captureLogs('warn');
});

afterAll(async () => {
  logs.stop();
  jest.restoreAllMocks();
  await closeTestDatabase();
});

it('returns only after the job a poll in flight took has run and is marked done; no SQL after it', async () => {
  const events: string[] = [];
  const marker = `stop-${Date.now().toString(36)}`;
  await startWorkers(
    [
      {
        queue: 'tidy-up',
        concurrency: 1,
        pollSeconds: 1,
        handle: async (data) => {
          if (data.marker !== marker) return;
          events.push('job started');
          await new Promise((resolve) => setTimeout(resolve, 150));
          events.push('job ended');
        },
      },
    ],
    [],
  );

  // The next poll after the job is written is held for 300 ms, and the test stops the queue meanwhile.
  const raw = database.raw.bind(database);
  let armed = false;
  let pollInFlight!: () => void;
  const polled = new Promise<void>((resolve) => (pollInFlight = resolve));
  const queries: string[] = [];
  jest.spyOn(database, 'raw').mockImplementation(async (text, values) => {
    queries.push(text);
    if (armed && /SKIP LOCKED/.test(text) && values?.[0] === 'tidy-up') {
      armed = false;
      pollInFlight();
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
    return raw(text, values);
  });
  const db = await getDb();
  await db.transaction((tx) => sendJob(tx, 'tidy-up', { marker }));
  armed = true;
  await polled;

  await stopJobs();
  events.push('stopped');
  expect(events).toEqual(['job started', 'job ended', 'stopped']);
  const { rows } = await raw(`select state from pgboss.job where name = 'tidy-up' and data->>'marker' = $1`, [marker]);
  expect(rows).toEqual([{ state: 'completed' }]);

  // Nothing of the stopped queue reaches the database afterwards (pg-boss's stop loop ticks each second).
  const after = queries.length;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  expect(queries.slice(after)).toEqual([]);
  expect(logs.lines()).toEqual([]);
});

it('an idle worker polls once per interval; a backlog runs job after job without waiting an interval each', async () => {
  jest.restoreAllMocks(); // the test above's spy on the database
  const marker = `backlog-${Date.now().toString(36)}`;
  const db = await getDb();
  // Three jobs waiting before the worker starts; it polls at once when it starts, then every 30 s.
  for (let i = 0; i < 3; i++) await db.transaction((tx) => sendJob(tx, 'tidy-up', { marker, i }));
  const done: number[] = [];
  const all = new Promise<void>((resolve) => {
    void startWorkers(
      [
        {
          queue: 'tidy-up',
          concurrency: 1,
          pollSeconds: 30,
          handle: async (data) => {
            if (data.marker !== marker) return;
            done.push(Number(data.i));
            if (done.length === 3) resolve();
          },
        },
      ],
      [],
    );
  });
  const timeout = new Promise<'late'>((resolve) => setTimeout(() => resolve('late'), 8000).unref());
  expect(await Promise.race([all.then(() => 'done'), timeout])).toBe('done');
  expect([...done].sort()).toEqual([0, 1, 2]);

  // The queue is empty now: over two seconds the worker asks for a tidy-up job at most once more.
  const raw = database.raw.bind(database);
  const polls: string[] = [];
  const spy = jest.spyOn(database, 'raw').mockImplementation(async (text, values) => {
    if (/SKIP LOCKED/.test(text) && values?.[0] === 'tidy-up') polls.push(text);
    return raw(text, values);
  });
  await new Promise((resolve) => setTimeout(resolve, 2000));
  spy.mockRestore();
  expect(polls.length).toBeLessThanOrEqual(1);
  await stopJobs();
  expect(logs.lines()).toEqual([]);
});
