/**
 * `Idempotency-Key` for the calls that create something: an order (`POST /v1/firebase/order/create`)
 * and a payment attempt at a provider (`POST /v1/payments/start/{orderId}`,
 * `POST /v1/charges/{token}/start`). A client that sent one of these and never saw the answer (a
 * timeout, a dropped connection) sends it again with the same key and gets the first answer,
 * instead of a second order or a second attempt. Route endpoints opt in with
 * `endpoint({ idempotent: 'order-create', … })` (lib/server/http/route.ts).
 *
 * How a keyed request is treated:
 * - Without the header a call behaves as it always did. A key is 1 to 255 visible ASCII
 *   characters (no spaces); anything else is a 400 that says so.
 * - The table `idempotency_keys` holds a SHA-256 of the call and the key (never the key) and a
 *   SHA-256 of the request: its method, its parameters (the order id, the pay link's token; not
 *   `business`) and its parsed body as canonical JSON (keys sorted).
 * - The first request with a key claims its row (an insert that does nothing on a conflict, so of
 *   two at once exactly one wins, on one process or many sharing a PostgreSQL) with a lock of
 *   LOCK_MS, runs the call, and keeps its final answer: the status and the JSON envelope. Final
 *   means every 2xx and 4xx except 409 and 429: those say the request met a passing state (the
 *   order changed meanwhile, too many attempts), so a retry runs again. A 5xx is not kept either:
 *   the row goes, and a retry with the same key really runs.
 * - The same key with the same request while the first is still running: 409 IN_PROGRESS_MESSAGE
 *   with `Retry-After`. After it finished: its status and body again, with
 *   `Idempotent-Replayed: true` (and `Cache-Control: private, no-store`, as every API answer; the
 *   handler's own headers are not kept, and the calls that opt in send none).
 * - The same key with another request: 422 KEY_REUSED_MESSAGE.
 * - A first request that died holding the lock (its process crashed) leaves a row without an
 *   answer; once the lock has passed, the next request with that key takes it over and runs.
 *   For an order (ANSWERED_WITH_THE_WORK) the work and its kept answer commit in one transaction,
 *   so a crash between them cannot leave an order whose key would run again. A payment start
 *   calls a provider and is not held in a transaction meanwhile (the embedded database would wait
 *   for it): a start that died after its provider call may, after the lock, start a second attempt,
 *   which can never pay the order twice (lib/server/payments/service.ts).
 * - A key lives KEY_LIFETIME_MS (24 h): after that the same key is a new request. Old rows are
 *   deleted by `pruneIdempotencyKeys`, which a keyed request runs at most every PRUNE_EVERY_MS per
 *   process (it can also run as a scheduled job).
 *
 * Requests the route refuses before the handler (another site's origin, a bad query or body) never
 * reach this: they claim no key. A key belongs to its call (the same key on another call is another
 * key) but not to a caller: it is a random secret of the client's (a UUID), which nobody else
 * learns. Kept answers may hold an order's id: they stay in the database and, like the keys, are
 * never logged.
 */
import { createHash } from 'node:crypto';
import { and, eq, isNull, lte, or } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import type { Db } from '@/lib/server/db/client';
import { idempotencyKeys } from '@/lib/server/db/schema';
import { HttpError, logServerError, toHttpError } from '@/lib/server/http/errors';
import { now } from '@/lib/server/security/clock';

/** The calls that honour the header; each is the `scope` of its keys. */
export type IdempotentCall = 'order-create' | 'payment-start' | 'charge-start';

/** Calls whose work runs in the transaction that keeps their answer (only database work: no provider calls). */
const ANSWERED_WITH_THE_WORK: ReadonlySet<IdempotentCall> = new Set(['order-create']);

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotent-Replayed';
export const KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;
/**
 * How long a running first request holds its key. It must outlast the slowest call: a payment
 * start waits up to PAYMENT_TIMEOUT_MS (at most 60 s) for each request it sends its provider, and
 * PayPal's and Monnify's may send two (a sign-in, then the payment).
 */
export const LOCK_MS = 3 * 60 * 1000;
export const PRUNE_EVERY_MS = 10 * 60 * 1000;

export const BAD_KEY_MESSAGE = 'Idempotency-Key must be 1 to 255 visible ASCII characters (letters, digits and punctuation, no spaces)';
export const IN_PROGRESS_MESSAGE = 'This request is still being processed. Please try again in a moment.';
export const KEY_REUSED_MESSAGE = 'This Idempotency-Key was already used for a different request.';

/** What a handler answers (route.ts's `Handled`). */
type Outcome = { data: unknown; message?: string; status?: number; headers?: Record<string, string> };
/** The envelope kept for a final answer, as it was sent. */
type Kept = { data: unknown; error: boolean; message: string; status?: number };

const VISIBLE_ASCII = /^[\x21-\x7e]{1,255}$/;

/** The request's key, undefined without the header; 400 for one that is not 1–255 visible ASCII characters. */
function keyOf(req: IncomingMessage): string | undefined {
  const sent = req.headers[IDEMPOTENCY_HEADER.toLowerCase()];
  if (sent === undefined) return undefined;
  if (typeof sent !== 'string' || !VISIBLE_ASCII.test(sent)) throw new HttpError(400, BAD_KEY_MESSAGE);
  return sent;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * JSON with every object's keys sorted (and undefined members left out, as JSON.stringify does),
 * so that one request hashes the same whatever order its fields came in.
 * @example canonicalJson({ b: 1, a: [{ d: 2, c: 3 }] }) // '{"a":[{"c":3,"d":2}],"b":1}'
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => (item === undefined ? 'null' : canonicalJson(item))).join(',')}]`;
  if (value !== null && typeof value === 'object' && !(value instanceof Date)) {
    const record = value as Record<string, unknown>;
    const members = Object.keys(record)
      .filter((name) => record[name] !== undefined)
      .sort()
      .map((name) => `${JSON.stringify(name)}:${canonicalJson(record[name])}`);
    return `{${members.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** An object without its top-level `business` (optional everywhere, and always this shop's). */
function withoutBusiness(value: unknown): unknown {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return value;
  const { business: _business, ...rest } = value as Record<string, unknown>;
  return rest;
}

/** Whether an answer with this status is kept for replays (see the header). */
function isFinal(status: number): boolean {
  return status < 500 && status !== 409 && status !== 429;
}

type Row = { call: IdempotentCall; keyHash: string; requestHash: string };

const rowIs = (row: Row) => and(eq(idempotencyKeys.scope, row.call), eq(idempotencyKeys.keyHash, row.keyHash));

/**
 * Claims the key for this request until `lockedUntil`: true when this request is to run the
 * call; otherwise the kept answer to replay. Throws the 409 (still running) and the 422 (another
 * request's key).
 */
async function claim(db: Db, row: Row, at: Date, lockedUntil: Date): Promise<true | { status: number; body: Kept }> {
  const fresh = { scope: row.call, keyHash: row.keyHash, requestHash: row.requestHash, status: null, body: null, createdAt: at, lockedUntil };
  // A row may vanish between two steps (a 5xx gave it back, or it was pruned): then claim again.
  for (let round = 0; round < 3; round++) {
    const [inserted] = await db.insert(idempotencyKeys).values(fresh).onConflictDoNothing().returning({ keyHash: idempotencyKeys.keyHash });
    if (inserted) return true;
    // An expired key is a new request; a key whose first request died holding it is taken over.
    const [taken] = await db
      .update(idempotencyKeys)
      .set(fresh)
      .where(
        and(
          rowIs(row),
          or(
            lte(idempotencyKeys.createdAt, new Date(at.getTime() - KEY_LIFETIME_MS)),
            and(isNull(idempotencyKeys.status), lte(idempotencyKeys.lockedUntil, at), eq(idempotencyKeys.requestHash, row.requestHash)),
          ),
        ),
      )
      .returning({ keyHash: idempotencyKeys.keyHash });
    if (taken) return true;
    const [held] = await db.select().from(idempotencyKeys).where(rowIs(row));
    if (!held) continue;
    if (held.requestHash !== row.requestHash) throw new HttpError(422, KEY_REUSED_MESSAGE);
    if (held.status === null || held.body === null) break;
    return { status: held.status, body: held.body as Kept };
  }
  throw new HttpError(409, IN_PROGRESS_MESSAGE, { 'Retry-After': '1' });
}

/**
 * Ends this request's claim: keeps the final answer, or gives the key back (`kept` null) so that a
 * retry runs again. Only the claim's own lock is ended: a request whose lock ran out and was taken
 * over writes nothing. A failure here is logged (without data) and does not change the answer.
 */
async function release(db: Db, row: Row, lockedUntil: Date, kept: { status: number; body: Kept } | null, requestId: string): Promise<void> {
  const ours = and(rowIs(row), isNull(idempotencyKeys.status), eq(idempotencyKeys.lockedUntil, lockedUntil));
  try {
    if (kept) await db.update(idempotencyKeys).set({ status: kept.status, body: kept.body }).where(ours);
    else await db.delete(idempotencyKeys).where(ours);
  } catch (error) {
    logServerError('idempotency', `release ${row.call}`, requestId, error);
  }
}

/** Deletes the keys older than KEY_LIFETIME_MS at `at`; answers how many went. */
export async function pruneIdempotencyKeys(db: Db, at: Date): Promise<number> {
  const gone = await db
    .delete(idempotencyKeys)
    .where(lte(idempotencyKeys.createdAt, new Date(at.getTime() - KEY_LIFETIME_MS)))
    .returning({ keyHash: idempotencyKeys.keyHash });
  return gone.length;
}

const pruning: { last: number } = ((globalThis as { __shopIdempotencyPrune?: { last: number } }).__shopIdempotencyPrune ??= { last: 0 });

/** Prunes at most every PRUNE_EVERY_MS in this process; a failure only waits for the next turn. */
async function pruneNowAndThen(db: Db, at: Date, requestId: string): Promise<void> {
  if (at.getTime() - pruning.last < PRUNE_EVERY_MS) return;
  pruning.last = at.getTime();
  await pruneIdempotencyKeys(db, at).catch((error: unknown) => logServerError('idempotency', 'prune', requestId, error));
}

/**
 * Runs `run` once per `Idempotency-Key` (see the header): without the header it simply runs;
 * with one, a repeat of the request gets the kept answer (its error as an `HttpError`) with
 * `Idempotent-Replayed: true`.
 */
export async function idempotently(
  db: Db,
  call: IdempotentCall,
  req: IncomingMessage,
  request: { method: string; query: unknown; body: unknown; requestId: string },
  run: (db: Db) => Promise<Outcome>,
): Promise<Outcome> {
  const key = keyOf(req);
  if (key === undefined) return run(db);
  const at = now();
  await pruneNowAndThen(db, at, request.requestId);
  const row: Row = {
    call,
    keyHash: sha256(`${call}\n${key}`),
    requestHash: sha256(canonicalJson([request.method, withoutBusiness(request.query), withoutBusiness(request.body)])),
  };
  const lockedUntil = new Date(at.getTime() + LOCK_MS);
  const claimed = await claim(db, row, at, lockedUntil);
  if (claimed !== true) {
    const { status, body } = claimed;
    const headers = { [REPLAYED_HEADER]: 'true' };
    if (body.error) throw new HttpError(status, body.message, headers);
    return { data: body.data, message: body.message, status, headers };
  }

  const keep = (outcome: Outcome) => {
    const status = outcome.status ?? 200;
    return isFinal(status) ? { status, body: { data: outcome.data, error: false, message: outcome.message ?? 'OK' } } : null;
  };
  let outcome: Outcome;
  try {
    outcome = ANSWERED_WITH_THE_WORK.has(call)
      ? await db.transaction(async (tx) => {
          const done = await run(tx);
          await release(tx, row, lockedUntil, keep(done), request.requestId);
          return done;
        })
      : await run(db);
  } catch (error) {
    const failure = toHttpError(error);
    const body: Kept = { data: null, error: true, message: failure.message, status: failure.status };
    await release(db, row, lockedUntil, isFinal(failure.status) ? { status: failure.status, body } : null, request.requestId);
    throw error;
  }
  if (!ANSWERED_WITH_THE_WORK.has(call)) await release(db, row, lockedUntil, keep(outcome), request.requestId);
  return outcome;
}
