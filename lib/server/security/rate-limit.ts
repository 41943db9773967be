/**
 * Slows down repeated failures, counted in the database so that every server process shares the
 * counts. A counter is a key (e.g. `login:email:ada@example.com`, `login:ip:10.0.0.1`, or a
 * shop-wide `track-miss:shop`) with a rule (at most `limit` events in a sliding `windowMs`). Keys
 * are stored as SHA-256 digests. Address keys come from `clientKey()` (client-ip.ts): normalised,
 * an IPv6 address as its /64.
 */
import { and, desc, eq, gt, inArray, lt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { rateLimitEvents } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { sha256 } from '@/lib/server/security/tokens';

export type LimitRule = { limit: number; windowMs: number };
export type Counter = { key: string; rule: LimitRule };

const MINUTE = 60_000;

/** The shop's limits. Per-address limits are higher: many shoppers share a mobile carrier's address. */
export const RULES = {
  /** Failed logins per account (wrong password or unknown e-mail). */
  loginPerAccount: { limit: 5, windowMs: 15 * MINUTE },
  loginPerAddress: { limit: 20, windowMs: 15 * MINUTE },
  /** Failed code validations per account (each code also dies after 5 wrong tries). */
  otpValidatePerAccount: { limit: 10, windowMs: 15 * MINUTE },
  otpValidatePerAddress: { limit: 20, windowMs: 15 * MINUTE },
  /** Code requests (each sends an e-mail), counted whether or not the account exists. */
  otpRequestPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  otpRequestPerAddress: { limit: 20, windowMs: 60 * MINUTE },
  /** Wrong staff sign-in codes per staff e-mail (each code also dies after 5 wrong tries) and per address. */
  staffCodePerAccount: { limit: 5, windowMs: 15 * MINUTE },
  staffCodePerAddress: { limit: 20, windowMs: 15 * MINUTE },
  /** Staff sign-in codes e-mailed per staff member (each needs the right password first). */
  staffCodeSendPerAccount: { limit: 5, windowMs: 60 * MINUTE },
  /** Signups refused because the e-mail has an account (slows down probing for accounts). */
  signupConflictPerAddress: { limit: 10, windowMs: 60 * MINUTE },
  /** Order-tracker misses (unknown number, or an e-mail that is not the order's): slows down guessing. */
  trackMissPerAddress: { limit: 10, windowMs: 15 * MINUTE },
  /**
   * Wrong e-mails for one order number, from any address: past it the order shows its details to
   * no e-mail (not even the right one) until the window passes; its status still shows without one.
   */
  trackEmailPerOrder: { limit: 5, windowMs: 60 * MINUTE },

  // Ceilings for the whole shop, whatever the address: they stop a scan spread over many
  // addresses. A real shop sees a few of these events an hour; past a ceiling the call answers
  // 429 to everyone for at most a minute.
  /** Tracker misses (unknown numbers and wrong e-mails) across all addresses. */
  trackMissShop: { limit: 60, windowMs: MINUTE },
  /** 'Account exists' answers (signup's 409 and the checkout's notice) across all addresses. */
  accountExistsShop: { limit: 30, windowMs: MINUTE },
} satisfies Record<string, LimitRule>;

/** Events older than this are deleted as new ones are recorded. */
const KEEP_MS = 24 * 60 * MINUTE;

export class TooManyAttemptsError extends HttpError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(429, `Too many attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`, {
      'Retry-After': String(retryAfterSeconds),
    });
    this.name = 'TooManyAttemptsError';
  }
}

const keyHash = (key: string) => sha256(`rate:${key}`);

/** Seconds until the counter allows another event, or 0 when it allows one now. */
export async function retryAfter(db: Db, counter: Counter, now: Date): Promise<number> {
  const { limit, windowMs } = counter.rule;
  const rows = await db
    .select({ at: rateLimitEvents.at })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.keyHash, keyHash(counter.key)), gt(rateLimitEvents.at, new Date(now.getTime() - windowMs))))
    .orderBy(desc(rateLimitEvents.at))
    .limit(limit);
  if (rows.length < limit) return 0;
  // Allowed again once the limit-th newest event leaves the window.
  const oldest = rows[rows.length - 1]!.at.getTime();
  return Math.max(1, Math.ceil((oldest + windowMs - now.getTime()) / 1000));
}

/** How many events a counter holds inside its window. */
export async function countEvents(db: Db, counter: Counter, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.keyHash, keyHash(counter.key)), gt(rateLimitEvents.at, new Date(now.getTime() - counter.rule.windowMs))));
  return row?.n ?? 0;
}

/** Throws `TooManyAttemptsError` (429 with Retry-After) when any counter is at its limit. */
export async function assertAllowed(db: Db, counters: Counter[], now: Date): Promise<void> {
  const waits = await Promise.all(counters.map((c) => retryAfter(db, c, now)));
  const wait = Math.max(0, ...waits);
  if (wait > 0) throw new TooManyAttemptsError(wait);
}

/** Records one event on each counter (and forgets events older than a day). */
export async function recordEvent(db: Db, counters: Counter[], now: Date): Promise<void> {
  if (counters.length === 0) return;
  await db.insert(rateLimitEvents).values(counters.map((c) => ({ keyHash: keyHash(c.key), at: now })));
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.at, new Date(now.getTime() - KEEP_MS)));
}

/**
 * Records an attempt on each counter first and only then checks the limits, so that a burst of
 * simultaneous attempts cannot all pass a check made before any of them was recorded. Over a
 * limit the attempt is forgotten again and a 429 thrown. Answers a function that forgets the
 * attempt (for attempts that turn out not to count, e.g. a successful lookup).
 */
export async function claimAttempt(db: Db, counters: Counter[], now: Date): Promise<() => Promise<void>> {
  if (counters.length === 0) return async () => {};
  const rows = await db
    .insert(rateLimitEvents)
    .values(counters.map((c) => ({ keyHash: keyHash(c.key), at: now })))
    .returning({ id: rateLimitEvents.id });
  const ids = rows.map((r) => r.id);
  const forget = async () => {
    await db.delete(rateLimitEvents).where(inArray(rateLimitEvents.id, ids));
  };
  const counts = await Promise.all(counters.map((c) => countEvents(db, c, now)));
  const over = counters.filter((c, i) => (counts[i] ?? 0) > c.rule.limit);
  if (over.length > 0) {
    await forget();
    const waits = await Promise.all(over.map((c) => retryAfter(db, c, now)));
    throw new TooManyAttemptsError(Math.max(1, ...waits));
  }
  return forget;
}

/** Forgets a counter's events (a successful login resets the account's failures). */
export async function clearCounter(db: Db, counter: Counter): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.keyHash, keyHash(counter.key)));
}
