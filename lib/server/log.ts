/**
 * The server's log: one JSON object per line on stdout (pino), with the request's id when the
 * line is written while a request is served. What goes in is chosen by the caller and must never
 * be personal data, a secret, a token, a hash or a query string: name things by id, kind or
 * error class (`describeError`), never by an address, a name or a server's message.
 *
 * The request id comes from the request context that scripts/serve.mjs opens around every request
 * (an AsyncLocalStorage kept on `globalThis`, so that the server script and Next's bundled code
 * share one); outside a request (start-up, jobs) lines carry none, or the job's own fields.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type LevelWithSilent, type Logger, type LoggerOptions } from 'pino';
import { getConfig } from '@/lib/server/config';

export type RequestContext = { requestId: string };

type Shared = { __shopRequestContext?: AsyncLocalStorage<RequestContext>; __shopLog?: Logger };
const shared = globalThis as Shared;

/** The request context every request runs in (created here when the server script has not). */
export function requestContext(): AsyncLocalStorage<RequestContext> {
  shared.__shopRequestContext ??= new AsyncLocalStorage<RequestContext>();
  return shared.__shopRequestContext;
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestContext().getStore()?.requestId;
}

function createLogger(level: LevelWithSilent, destination?: DestinationStream): Logger {
  const options: LoggerOptions = {
    level,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

/** The process's logger (created on first use, at the configured level). */
export function log(): Logger {
  shared.__shopLog ??= createLogger(getConfig().logLevel);
  return shared.__shopLog;
}

/** A log line as written: pino's fields and the caller's. */
export type LogLine = { level: number; time: string; pid: number; msg?: string; requestId?: string } & Record<string, unknown>;

/** What `captureLogs()` keeps: the lines exactly as written, and parsed. */
export type LogCapture = {
  /** The lines as written (one JSON text each): what a search for leaked values must look at. */
  readonly raw: string[];
  /** The lines, parsed. */
  lines(): LogLine[];
  /** Puts the configured logger back. */
  stop(): void;
};

/**
 * For tests (under Jest the configured level is 'silent'): from now until `stop()`, every line
 * `log()` writes at `level` or above is kept in memory instead of going to stdout. Lines are
 * written synchronously, so they are there as soon as the code that logs them has run. One
 * capture at a time: a second replaces the first.
 */
export function captureLogs(level: LevelWithSilent = 'trace'): LogCapture {
  const raw: string[] = [];
  const logger = createLogger(level, { write: (line: string) => void raw.push(line) });
  shared.__shopLog = logger;
  return {
    raw,
    lines: () => raw.map((line) => JSON.parse(line) as LogLine),
    stop: () => {
      if (shared.__shopLog === logger) shared.__shopLog = undefined;
    },
  };
}
