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
import pino, { type Logger } from 'pino';
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

/** The process's logger (created on first use, at the configured level). */
export function log(): Logger {
  shared.__shopLog ??= pino({
    level: getConfig().logLevel,
    base: { pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  });
  return shared.__shopLog;
}
