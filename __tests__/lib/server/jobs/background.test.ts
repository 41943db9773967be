/** @jest-environment node */
/**
 * The scheduled tidy-up (lib/server/jobs/background.ts) on the real database: sent mail rows go
 * after 30 days (unsent ones never), `Idempotency-Key` records after 24 hours; and the server's
 * start registers it as a daily schedule on the queue (pg-boss fires a cron slot once, however
 * many instances watch it).
 */
import { inArray } from 'drizzle-orm';
import { getDatabase, getDb } from '@/lib/server/db/client';
import { idempotencyKeys, mailOutbox } from '@/lib/server/db/schema';
import { startBackgroundWork, tidyUp } from '@/lib/server/jobs/background';
import { stopJobs } from '@/lib/server/jobs/queue';
import { closeTestDatabase, openTestDatabase } from '../../../helpers/db';

beforeAll(async () => {
  await openTestDatabase();
});

afterAll(async () => {
  await stopJobs();
  await closeTestDatabase();
});

const DAY = 24 * 60 * 60 * 1000;
const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

it('forgets sent mail after 30 days and idempotency records after 24 hours, and nothing else', async () => {
  const db = await getDb();
  // Today: other test files' rows on a shared PostgreSQL are all recent, so only ours are old enough to go.
  const now = new Date();
  const mails = await db
    .insert(mailOutbox)
    .values([
      { kind: 'otp', subject: 'old sent', sentAt: new Date(now.getTime() - 31 * DAY) },
      { kind: 'otp', subject: 'recent sent', sentAt: new Date(now.getTime() - 29 * DAY) },
      { kind: 'otp', subject: 'old unsent', createdAt: new Date(now.getTime() - 60 * DAY), message: { to: 'a@example.com', subject: 'old unsent', text: 'x' } },
    ])
    .returning({ id: mailOutbox.id, subject: mailOutbox.subject });
  const key = unique();
  await db.insert(idempotencyKeys).values([
    { scope: 'test', keyHash: `${key}-old`, requestHash: 'r', createdAt: new Date(now.getTime() - 25 * 60 * 60 * 1000), lockedUntil: now },
    { scope: 'test', keyHash: `${key}-new`, requestHash: 'r', createdAt: new Date(now.getTime() - 23 * 60 * 60 * 1000), lockedUntil: now },
  ]);

  const gone = await tidyUp(db, now);
  expect(gone.mails).toBeGreaterThanOrEqual(1);
  expect(gone.idempotencyKeys).toBeGreaterThanOrEqual(1);
  const left = await db.select({ subject: mailOutbox.subject }).from(mailOutbox).where(inArray(mailOutbox.id, mails.map((m) => m.id)));
  expect(left.map((m) => m.subject).sort()).toEqual(['old unsent', 'recent sent']);
  const keys = await db.select({ keyHash: idempotencyKeys.keyHash }).from(idempotencyKeys).where(inArray(idempotencyKeys.keyHash, [`${key}-old`, `${key}-new`]));
  expect(keys).toEqual([{ keyHash: `${key}-new` }]);
});

it("the server's start schedules the tidy-up daily at 03:17 Lagos time", async () => {
  await startBackgroundWork();
  const { rows } = await (await getDatabase()).raw('select name, cron, options from pgboss.schedule where name = $1', ['tidy-up']);
  expect(rows).toEqual([expect.objectContaining({ name: 'tidy-up', cron: '17 3 * * *', options: expect.objectContaining({ tz: 'Africa/Lagos' }) })]);
});
