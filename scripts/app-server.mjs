/**
 * One app process (scripts/serve.mjs runs it alone, or once per cluster worker): Next's request
 * handler behind the shared-page cache, plus what the process answers itself.
 *
 * Every request gets an id: an incoming `X-Request-Id` when it is 8 to 64 letters, digits or
 * dashes (a proxy's, e.g. nginx's $request_id), otherwise a new UUID. The answer carries it
 * (cached pages too) and the request runs inside the request context (an AsyncLocalStorage on
 * `globalThis.__shopRequestContext`, created here before Next loads, which lib/server/log.ts
 * reuses), so every log line of the request and a 500's reference name it.
 *
 * Answered here, before the page cache and Next (so never cached), all `Cache-Control: no-store`:
 * - `/healthz`: the process is alive: 200 `{"status":"ok","pid":…}` without Next or the database;
 * - `/readyz`: 200 when the database answers and every migration is applied
 *   (lib/server/health.ts, registered by start-up on `globalThis.__shopReadiness`), 503 naming
 *   the failed check otherwise, while starting, and while shutting down (so a proxy drains it);
 * - `/metrics`: scripts/http-metrics.mjs (only with METRICS_TOKEN).
 *
 * Shutdown: on SIGTERM or SIGINT the server stops accepting connections, closes idle keep-alive
 * connections, answers what is in flight (and anything still sent on an open connection) with
 * `Connection: close`, and once nothing is in flight calls `globalThis.__shopShutdown` (start-up's
 * `shutDown()`: background work, then the database) and exits 0. A second signal (one at least
 * a second after the first: a Ctrl-C reaches every process of the group at once) exits 1 at once,
 * and so does SHUTDOWN_TIMEOUT_MS (default 10 s) running out.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import cluster from 'node:cluster';
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { sendJson, withApiAddressCheck, securityHeadersFrom } from './api-address.mjs';
import { SAME_SIGNAL_MS } from './cluster.mjs';
import { compressAnswers } from './compress.mjs';
import { answerMetrics, startHttpMetrics } from './http-metrics.mjs';
import { scriptHashesFor, withScriptHashes } from './inline-script-hashes.mjs';
import { opsLog } from './ops-log.mjs';
import { withPageCache } from './page-cache.mjs';
import { renderPagesToStrings } from './string-render.mjs';

/** What an incoming `X-Request-Id` must look like to be kept. */
export const REQUEST_ID_PATTERN = /^[A-Za-z0-9-]{8,64}$/;

/** The request's id: the incoming one when it fits the pattern, a new one otherwise. */
export function requestIdFor(req) {
  const sent = req.headers['x-request-id'];
  return typeof sent === 'string' && REQUEST_ID_PATTERN.test(sent) ? sent : randomUUID();
}

/**
 * Adds the hashes of the inline scripts the answer's page can carry to the policy whenever Next,
 * the page cache or a check here sets it (scripts/inline-script-hashes.mjs).
 */
function hashedPolicy(req, res, hashesFor) {
  // The address as it came in, before any handler rewrites req.url.
  const pathname = (req.url ?? '/').split('?')[0] || '/';
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, String(name).toLowerCase() === 'content-security-policy' ? withScriptHashes(String(value), hashesFor(pathname)) : value);
}

/** Starts the app process on `port` (see the header); `root` is the project folder. */
export async function startAppServer({ root, port, timeoutMs }) {
  const log = opsLog();
  const requests = (globalThis.__shopRequestContext ??= new AsyncLocalStorage());
  const metricsToken = String(process.env.METRICS_TOKEN ?? '').trim();
  const observe = metricsToken ? startHttpMetrics() : undefined;
  let server;
  let draining = false;
  let firstSignalAt = 0;
  const inFlight = new Set();
  let drained = () => undefined;
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => void shutDown(signal));

  renderPagesToStrings();
  const { default: next } = await import('next');
  // quiet: Next prints no error objects of its own (their messages may hold data); the app logs
  // them as JSON lines without messages (instrumentation.ts, onRequestError).
  const app = next({ dev: false, dir: root, port, hostname: '0.0.0.0', quiet: true });
  const handle = app.getRequestHandler();
  await app.prepare();
  const started = startUpDone(app);
  const scriptHashes = scriptHashesFor(path.join(root, process.env.NEXT_DIST_DIR || '.next'));
  const require = createRequire(import.meta.url);
  const securityHeaders = await securityHeadersFrom(require('../next.config.js'));
  const { toApiRoute } = require('./api-routes.cjs');

  // `/v1` answers go through the cache too, but only the public catalogue ones say `s-maxage`
  // (PUBLIC_CACHE in lib/server/http/route.ts); orders, accounts and the handshake say no-store.
  // Next's own compression is off (next.config.js): scripts/compress.mjs compresses at a lower level.
  const compress = compressAnswers();
  const serve = withApiAddressCheck(
    withPageCache(
      (req, res) => {
        req.url = toApiRoute(req.url ?? '/');
        compress(req, res);
        void handle(req, res);
      },
      { maxEntries: Number(process.env.PAGE_CACHE_ENTRIES || 500) }),
    { headers: securityHeaders },
  );

  async function readiness(req, res) {
    if (draining) return sendJson(req, res, 503, { status: 'draining', checks: { process: 'shutting down' } }, securityHeaders);
    const check = globalThis.__shopReadiness;
    if (typeof check !== 'function') return sendJson(req, res, 503, { status: 'starting', checks: { process: 'starting' } }, securityHeaders);
    try {
      const result = await check();
      sendJson(req, res, result.ready ? 200 : 503, { status: result.ready ? 'ready' : 'not ready', checks: result.checks }, securityHeaders);
    } catch {
      sendJson(req, res, 503, { status: 'not ready', checks: { process: 'the readiness check failed' } }, securityHeaders);
    }
  }

  /** The server's own paths; false when the request is for the app. */
  function own(req, res) {
    const pathname = (req.url ?? '/').split('?')[0];
    if (pathname !== '/healthz' && pathname !== '/readyz' && !(pathname === '/metrics' && metricsToken)) return false;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.setHeader('Allow', 'GET, HEAD');
      sendJson(req, res, 405, { error: true, message: `Method ${String(req.method).slice(0, 16)} is not allowed here; use GET`, status: 405 }, securityHeaders);
    } else if (pathname === '/healthz') sendJson(req, res, 200, { status: 'ok', pid: process.pid }, securityHeaders);
    else if (pathname === '/readyz') void readiness(req, res);
    else {
      for (const { key, value } of securityHeaders) res.setHeader(key, value);
      answerMetrics(req, res, metricsToken).catch((error) => {
        log.error({ err: error instanceof Error ? error.name : 'Error' }, 'metrics could not be gathered');
        if (!res.headersSent) sendJson(req, res, 503, { error: true, message: 'Metrics are not available right now', status: 503 }, securityHeaders);
      });
    }
    return true;
  }

  server = http.createServer((req, res) => {
    inFlight.add(res);
    res.once('close', () => {
      inFlight.delete(res);
      if (draining) {
        // The connection it came on may now be idle: close it rather than keep it alive.
        setImmediate(() => server.closeIdleConnections());
        if (inFlight.size === 0) drained();
      }
    });
    if (draining) res.setHeader('Connection', 'close');
    const requestId = requestIdFor(req);
    req.headers['x-request-id'] = requestId;
    res.setHeader('X-Request-Id', requestId);
    observe?.(req, res);
    hashedPolicy(req, res, scriptHashes);
    requests.run({ requestId }, () => {
      if (!own(req, res)) serve(req, res);
    });
  });

  async function shutDown(signal) {
    if (draining) {
      if (Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
      log.warn({ signal, inFlight: inFlight.size }, 'second signal: exiting without waiting');
      process.exit(1);
    }
    draining = true;
    firstSignalAt = Date.now();
    if (!server?.listening) {
      // Asked to stop while starting: nothing is served yet, so nothing to finish.
      log.info({ signal }, 'stopped while starting');
      process.exit(0);
    }
    log.info({ signal, inFlight: inFlight.size, timeoutMs }, 'shutting down: no new connections; finishing the requests in flight');
    setTimeout(() => {
      log.error({ inFlight: inFlight.size, timeoutMs }, 'shutdown timed out; exiting with requests unfinished');
      process.exit(1);
    }, timeoutMs);
    server.close();
    server.closeIdleConnections();
    for (const res of inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
    if (inFlight.size > 0) await new Promise((resolve) => (drained = resolve));
    try {
      await globalThis.__shopShutdown?.();
    } catch (error) {
      log.error({ err: error instanceof Error ? error.name : 'Error' }, 'closing the background work or the database failed');
      process.exit(1);
    }
    log.info('stopped');
    process.exit(0);
  }
  // A process whose start-up failed (the database unreachable, a migration refused) would answer
  // every request with a 500: it exits instead, for its supervisor (or the cluster) to start again.
  started.catch((error) => {
    log.fatal({ err: error instanceof Error ? error.name : 'Error', code: typeof error?.code === 'string' ? error.code.slice(0, 40) : undefined }, 'start-up failed; exiting');
    process.exit(1);
  });
  // Alone, the process listens at once (/healthz answers, /readyz says starting, pages wait for
  // the start-up); in a cluster a worker joins the port only once started, so that the connections
  // the primary hands out go to workers that can answer them.
  if (cluster.isWorker) await started;
  await new Promise((resolve) => server.listen(port, resolve));
  return server;
}

/**
 * Settles when Next's start-up of the app (instrumentation.ts: configuration, database,
 * migrations, background work) has finished or failed. Next runs it once per process and awaits
 * it before every request, answering 500 to all of them when it failed, without saying so to the
 * server around it: its server object is the one place that tells.
 */
function startUpDone(app) {
  return Promise.resolve(app.server?.getServer?.()).then((server) => server?.prepare?.());
}
