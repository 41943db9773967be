/** @jest-environment node */
/**
 * The database-backed rate limiter against the real database (PGlite, or TEST_DATABASE_URL).
 * Times stay near the real clock: recording deletes every event older than a day before "now",
 * which a time far in the future would do to other test files sharing the database.
 */
import { getDb } from '@/lib/server/db/client';
import { assertAllowed, clearCounter, countEvents, recordEvent, retryAfter, TooManyAttemptsError, type Counter } from '@/lib/server/security/rate-limit';
import { closeTestDatabase, openTestDatabase } from '../../../helpers/db';

beforeAll(async () => {
  await openTestDatabase();
});
afterAll(async () => {
  await closeTestDatabase();
});

const MINUTE = 60_000;
let serial = 0;
const counter = (limit: number, windowMinutes: number): Counter => ({
  key: `test:${Date.now()}:${++serial}:${Math.random()}`,
  rule: { limit, windowMs: windowMinutes * MINUTE },
});
const at = (base: Date, minutes: number) => new Date(base.getTime() + minutes * MINUTE);

describe('rate limiter', () => {
  it('allows up to the limit inside the window, then says how long to wait', async () => {
    const db = await getDb();
    const c = counter(3, 15);
    const t0 = new Date();
    for (const m of [0, 1, 2]) {
      await assertAllowed(db, [c], at(t0, m));
      await recordEvent(db, [c], at(t0, m));
    }
    expect(await countEvents(db, c, at(t0, 2))).toBe(3);
    // Blocked until the oldest of the last 3 events (t0) leaves the window: t0 + 15 min.
    expect(await retryAfter(db, c, at(t0, 5))).toBe(10 * 60);
    await expect(assertAllowed(db, [c], at(t0, 5))).rejects.toThrow(TooManyAttemptsError);
    expect(await retryAfter(db, c, at(t0, 15))).toBe(0);
  });

  it('answers 429 with Retry-After in seconds and the wait in whole minutes', async () => {
    const db = await getDb();
    const c = counter(1, 15);
    const t0 = new Date();
    await recordEvent(db, [c], t0);
    const error = await assertAllowed(db, [c], new Date(t0.getTime() + 30_000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TooManyAttemptsError);
    const e = error as TooManyAttemptsError;
    expect(e.status).toBe(429);
    expect(e.headers['Retry-After']).toBe(String(14 * 60 + 30));
    expect(e.message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(new TooManyAttemptsError(40).message).toBe('Too many attempts. Please wait 1 minute and try again.');
  });

  it('takes the longest wait of several counters, and counters do not share events', async () => {
    const db = await getDb();
    const a = counter(1, 5);
    const b = counter(1, 60);
    const t0 = new Date();
    await recordEvent(db, [a, b], t0);
    const error = (await assertAllowed(db, [a, b], t0).catch((e: unknown) => e)) as TooManyAttemptsError;
    expect(error.retryAfterSeconds).toBe(60 * 60);
    expect(await countEvents(db, counter(1, 60), t0)).toBe(0);
  });

  it('forgets a counter on clear', async () => {
    const db = await getDb();
    const c = counter(1, 15);
    const t0 = new Date();
    await recordEvent(db, [c], t0);
    await clearCounter(db, c);
    await expect(assertAllowed(db, [c], t0)).resolves.toBeUndefined();
  });

  it('deletes events older than a day as new ones arrive', async () => {
    // Real time only: the clean-up is global, and other test files may share this database.
    const db = await getDb();
    const old = counter(5, 60 * 48);
    const t0 = new Date();
    await recordEvent(db, [old], at(t0, -25 * 60));
    expect(await countEvents(db, old, at(t0, -24 * 60))).toBe(1);
    await recordEvent(db, [counter(5, 15)], t0);
    expect(await countEvents(db, old, t0)).toBe(0);
  });
});
