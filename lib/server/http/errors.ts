import { randomBytes } from 'node:crypto';
import { currentRequestId, log } from '@/lib/server/log';

/**
 * Errors that become HTTP answers. Services throw `HttpError` (or a subclass) for expected
 * outcomes a caller can act on; anything else is a bug and becomes a 500 with no details.
 */

export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

/** PostgreSQL and driver error codes that mean "the database is not reachable right now". */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (typeof code === 'string') return code;
  return cause ? errorCode(cause) : undefined;
}

/** The messages along the error's `cause` chain (Drizzle wraps driver errors as "Failed query: …"). */
function messages(error: unknown, depth = 0): string[] {
  if (!(error instanceof Error) || depth > 5) return [];
  return [error.message, ...messages((error as { cause?: unknown }).cause, depth + 1)];
}

function isConnectionFailure(error: unknown): boolean {
  const code = errorCode(error);
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  // A transaction whose connection dropped fails its rollback with "Client has encountered a
  // connection error and is not queryable": the outage, not a bug.
  return messages(error).some((message) =>
    /Connection terminated|connection timeout|timeout exceeded when trying to connect|is not queryable/i.test(message),
  );
}

/** A PostgreSQL SQLSTATE (five digits or capitals) or a Node error code (`ECONNRESET`). */
const SAFE_CODE = /^(?:[0-9A-Z]{5}|E[A-Z_]{2,30}|ERR_[A-Z_]{2,60})$/;
/** The table a query writes or reads first, from Drizzle's query text (never its parameters). */
const QUERY_TABLE = /\b(?:insert\s+into|update|delete\s+from|from)\s+"([A-Za-z0-9_]{1,63})"/i;
const SAFE_NAME = /^[A-Za-z0-9_.$]{1,80}$/;

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null ? (error as Record<string, unknown>)[name] : undefined;
}

/** A class name, error name or identifier fit for a log line (anything else is dropped). */
function safeName(value: unknown): string | undefined {
  return typeof value === 'string' && SAFE_NAME.test(value) ? value : undefined;
}

/** What may be logged about a server error (see `errorFields`): one field each, all optional but `error`. */
export type ErrorFields = {
  /** The classes along the `cause` chain: `DrizzleQueryError < DatabaseError`. */
  error: string;
  /** PostgreSQL's SQLSTATE or Node's error code. */
  code?: string;
  table?: string;
  constraint?: string;
  /** The `logDetail` an error of the shop's own offers (our words, secrets redacted). */
  detail?: string;
  /** The HTTP status an error carries (an ApiError: what a `/v1` call answered; 0: no answer). */
  status?: number;
  /** Where it was thrown: the stack's first frame and the shop's own first two. */
  at?: string[];
};

/**
 * What may be logged about a server error: the class (and its causes' classes), the PostgreSQL
 * error code, the table (the driver's `table` field, or the first table named in the query text),
 * the constraint's name, the `logDetail` an error of the shop's own offers (e.g. a provider that
 * did not answer in time, secrets redacted), and where it was thrown (the stack's frames, which
 * hold no data). Never a message (a driver's says `Key (email)=(…)`, Drizzle's carries every
 * parameter: password hashes, names, phones, addresses), never the query's parameters.
 *
 * @example errorFields(new DrizzleQueryError('insert into "users" …', ['x@y', '$argon2id$…'], pgError))
 * // { error: 'DrizzleQueryError < DatabaseError', code: '23505', table: 'users', constraint: 'users_email_unique', at: [...] }
 */
export function errorFields(error: unknown): ErrorFields {
  const classes: string[] = [];
  let code: string | undefined;
  let table: string | undefined;
  let constraint: string | undefined;
  let detail: string | undefined;
  let status: number | undefined;
  let frames: string[] = [];
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth++) {
    const constructorName = safeName((current as { constructor?: { name?: unknown } }).constructor?.name);
    const name = safeName(field(current, 'name'));
    // Bundled drivers' classes may be minified to a letter: their `name` says more then.
    const useful = constructorName && constructorName !== 'Error' && constructorName.length > 2 ? constructorName : undefined;
    classes.push(useful ?? name ?? constructorName ?? 'object');
    const ownCode = field(current, 'code');
    if (!code && typeof ownCode === 'string' && SAFE_CODE.test(ownCode)) code = ownCode;
    table ??= safeName(field(current, 'table'));
    const query = field(current, 'query');
    if (!table && typeof query === 'string') table = QUERY_TABLE.exec(query)?.[1];
    constraint ??= safeName(field(current, 'constraint'));
    // An error of the shop's own may say more in `logDetail`: words it wrote for the log, no data.
    const ownStatus = field(current, 'status');
    if (status === undefined && typeof ownStatus === 'number' && Number.isInteger(ownStatus) && ownStatus >= 0 && ownStatus < 600) status = ownStatus;
    const own = field(current, 'logDetail');
    if (!detail && typeof own === 'string') detail = own.slice(0, 300);
    const stack = field(current, 'stack');
    if (frames.length === 0 && typeof stack === 'string') {
      const all = stack
        .split('\n')
        .filter((line) => /^\s+at /.test(line))
        .map((line) => line.trim());
      // The shop's own frames say where it went wrong; the driver's first one where it surfaced.
      const own = all.filter((line) => !/node_modules|node:internal/.test(line));
      frames = [...all.slice(0, 1), ...own.slice(0, 2)].filter((line, i, list) => list.indexOf(line) === i);
    }
    current = field(current, 'cause');
  }
  if (classes.length === 0) classes.push(typeof error);
  return {
    error: classes.join(' < '),
    ...(code && { code }),
    ...(table && { table }),
    ...(constraint && { constraint }),
    ...(detail && { detail }),
    ...(status !== undefined && { status }),
    ...(frames.length > 0 && { at: frames }),
  };
}

/**
 * `errorFields` as one line of text, for a message that has to be a string.
 *
 * @example describeError(new DrizzleQueryError('insert into "users" …', ['x@y', '$argon2id$…'], pgError))
 * // 'DrizzleQueryError < DatabaseError code=23505 table=users constraint=users_email_unique at …'
 */
export function describeError(error: unknown): string {
  const { error: classes, code, table, constraint, detail, at } = errorFields(error);
  const parts = [classes];
  if (code) parts.push(`code=${code}`);
  if (table) parts.push(`table=${table}`);
  if (constraint) parts.push(`constraint=${constraint}`);
  if (detail) parts.push(`(${detail})`);
  if (at) parts.push(at.join(' | '));
  return parts.join(' ');
}

/** A short random id for one request. */
export function newRequestId(): string {
  return randomBytes(4).toString('hex');
}

/**
 * The id of the request being served: the one the server script gave it (its request context,
 * scripts/app-server.mjs; also on the `X-Request-Id` it answers with and on every log line of the
 * request), or a new one where no context was opened (the tests' plain HTTP server, `next dev`).
 */
export function currentOrNewRequestId(): string {
  return currentRequestId() ?? newRequestId();
}

/**
 * Logs a server error as one JSON line without its data (see `errorFields`): `area` (api, media),
 * the method and path, the request id, and the error's fields. `what` is the method and the path
 * without its query string (`POST /v1/…`); a query that slipped in is cut off here too.
 */
export function logServerError(area: string, what: string, requestId: string, error: unknown): void {
  const [method = '', ...rest] = what.split(' ');
  const path = rest.join(' ').split('?')[0]!.slice(0, 200);
  log().error({ area, method: method.slice(0, 10), path, requestId, ...errorFields(error) }, 'request failed');
}

/** The answer for a server error, its 500 message naming the request id so support can find the log line. */
export function withReference(error: HttpError, requestId: string): HttpError {
  if (error.status !== 500) return error;
  return new HttpError(500, `${error.message} (ref ${requestId})`, error.headers);
}

/** Maps anything thrown by a handler to a status and a message safe to show a person. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isConnectionFailure(error)) {
    return new HttpError(503, 'The shop is briefly unavailable. Please try again in a moment.', { 'Retry-After': '5' });
  }
  return new HttpError(500, 'Something went wrong on our side. Please try again.');
}
