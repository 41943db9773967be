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

/** Maps anything thrown by a handler to a status and a message safe to show a person. */
export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (isConnectionFailure(error)) {
    return new HttpError(503, 'The shop is briefly unavailable. Please try again in a moment.', { 'Retry-After': '5' });
  }
  return new HttpError(500, 'Something went wrong on our side. Please try again.');
}
