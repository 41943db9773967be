/**
 * `/metrics` for Prometheus, served by scripts/app-server.mjs before the page cache and Next.
 *
 * - Off unless METRICS_TOKEN is set: then it is one more unknown address (Next's 404). With it,
 *   a scrape must send `Authorization: Bearer <METRICS_TOKEN>` (compared in constant time; 401
 *   otherwise), and the answer says `Cache-Control: no-store`.
 * - One registry per process: prom-client's default one, also kept on `globalThis` so that the
 *   app's own metrics (lib/server/metrics.ts: payments, database pool, queue depth) land in it
 *   however often Next loads that module.
 * - Request durations are measured here, around everything the server answers, and labelled by
 *   the route pattern Next matched (`/product/[slug]`, `/v1/payments/start/[orderId]`), never the
 *   raw path: a label per product or order id would grow without end. Next records its match on
 *   the request (its request metadata); a page-cache hit never reaches Next, so its route is the
 *   one Next matched when that address was rendered, and the `cache` label says `hit`.
 * - With several workers (scripts/cluster.mjs) a scrape reaches one of them; that worker asks the
 *   cluster's primary, which gathers every worker's metrics over IPC and aggregates them
 *   (prom-client's AggregatorRegistry: counters and histograms summed), so one scrape sees the
 *   whole box. The primary serves nothing itself: it does not listen on the port.
 */
import cluster from 'node:cluster';
import { createHash, timingSafeEqual } from 'node:crypto';
import client from 'prom-client';

const NEXT_REQUEST_META = Symbol.for('NextInternalRequestMeta');
const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);
// The cluster's messages: a worker joins, asks for the whole cluster's metrics and gets the
// answer; the primary asks each worker to share its own, and each sends its part.
const JOINED = 'shop:metrics-joined';
const ASK = 'shop:metrics-ask';
const ANSWER = 'shop:metrics-answer';
const SHARE = 'shop:metrics-share';
const PART = 'shop:metrics-part';

/** The process's metrics registry (prom-client's default, which the cluster aggregation reads). */
export function metricsRegistry() {
  globalThis.__shopMetricsRegistry ??= client.register;
  return globalThis.__shopMetricsRegistry;
}

/**
 * The public address pattern of the page or API route Next served, e.g. `/product/[slug]` or
 * `/v1/payments/start/[orderId]` (Next names API routes by their file, `/api/v1/…`; the shop's
 * rewrites publish them as `/v1/…`, `/media/…` and `/admin/api/…`). Without a match: static files
 * by their folder, the server's own paths by name, anything else `(unmatched)`.
 * @example routeLabel('/api/v1/payments/start/[orderId]', '/v1/payments/start/abc') // '/v1/payments/start/[orderId]'
 */
export function routeLabel(page, path) {
  if (typeof page === 'string' && page) {
    if (page.startsWith('/api/v1/') || page === '/api/v1') return page.slice(4);
    if (page.startsWith('/api/staff/')) return `/admin/api/${page.slice('/api/staff/'.length)}`;
    if (page.startsWith('/api/media/')) return `/media/${page.slice('/api/media/'.length)}`;
    return page;
  }
  const pathname = String(path ?? '').split('?')[0] ?? '';
  const folder = /^\/_next\/(static|image)(\/|$)/.exec(pathname);
  if (folder) return `/_next/${folder[1]}`;
  if (pathname === '/healthz' || pathname === '/readyz' || pathname === '/metrics') return pathname;
  return '(unmatched)';
}

/** The page Next matched for a request it served, from its request metadata (undefined otherwise). */
export function nextMatchedPage(req) {
  const page = req[NEXT_REQUEST_META]?.match?.definition?.page;
  return typeof page === 'string' ? page : undefined;
}

function histogram() {
  const registry = metricsRegistry();
  return (
    registry.getSingleMetric('http_request_duration_seconds') ??
    new client.Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route pattern, method, status class and page-cache use',
      labelNames: ['route', 'method', 'status_class', 'cache'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    })
  );
}

/**
 * Starts the process's metrics: Node's default ones (memory, CPU, event loop, handles) and the
 * request histogram. Answers `observe(req, res)`, to call when a request arrives; the duration is
 * recorded when its answer is sent (or cut short: status class `aborted`).
 */
export function startHttpMetrics() {
  const registry = metricsRegistry();
  if (!globalThis.__shopDefaultMetrics) {
    globalThis.__shopDefaultMetrics = true;
    client.collectDefaultMetrics({ register: registry });
    if (cluster.isWorker) joinClusterMetrics(registry);
  }
  const durations = histogram();
  // The route Next matched per address, for the page cache's hits (which Next never sees).
  const routeOf = new Map();
  return function observe(req, res) {
    const started = process.hrtime.bigint();
    const url = req.url ?? '/';
    res.once('close', () => {
      const cache = String(res.getHeader('x-page-cache') ?? '').toLowerCase() || 'none';
      let route;
      if (cache === 'hit') route = routeOf.get(url) ?? '(page cache)';
      else {
        route = routeLabel(nextMatchedPage(req), url);
        if (cache === 'miss' && route !== '(unmatched)') {
          routeOf.delete(url);
          routeOf.set(url, route);
          if (routeOf.size > 2000) routeOf.delete(routeOf.keys().next().value);
        }
      }
      const method = METHODS.has(req.method) ? req.method : 'OTHER';
      const statusClass = res.writableFinished ? `${Math.floor(res.statusCode / 100)}xx` : 'aborted';
      durations.observe({ route, method, status_class: statusClass, cache }, Number(process.hrtime.bigint() - started) / 1e9);
    });
  };
}

/** Whether `sent` (an Authorization header) is `Bearer <token>`, compared in constant time. */
export function bearerMatches(sent, token) {
  if (typeof sent !== 'string' || !token) return false;
  const digest = (value) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(sent), digest(`Bearer ${token}`));
}

let asked = 0;
const waiting = new Map();

/** In a worker: the whole cluster's metrics, from the primary (which asks every worker). */
function clusterText() {
  const id = ++asked;
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      waiting.delete(id);
      reject(new Error('the cluster primary did not answer within 10 s'));
    }, 10_000);
    waiting.set(id, { resolve, reject, timer });
    process.send({ type: ASK, id });
  });
}

/**
 * In a cluster worker: shares this process's metrics when the primary gathers them, and takes
 * the primary's answers to this worker's own scrapes. Tells the primary it can be asked.
 */
function joinClusterMetrics(registry) {
  process.on('message', (message) => {
    if (message?.type === SHARE) {
      registry.getMetricsAsJSON().then(
        (metrics) => process.send?.({ type: PART, id: message.id, metrics }),
        () => process.send?.({ type: PART, id: message.id, metrics: [] }),
      );
    } else if (message?.type === ANSWER) {
      const pending = waiting.get(message.id);
      if (!pending) return;
      waiting.delete(message.id);
      clearTimeout(pending.timer);
      if (message.error) pending.reject(new Error(message.error));
      else pending.resolve(message.text);
    }
  });
  process.send?.({ type: JOINED });
}

/**
 * In the cluster's primary: answers a worker asking for the whole cluster's metrics by asking
 * every worker that joined for its own (over IPC), then aggregating them with prom-client's
 * AggregatorRegistry (counters and histograms summed; gauges as each declares). A worker that
 * does not answer within 3 s (busy starting, or dying) is left out of that scrape rather than
 * failing it.
 */
export function serveClusterMetrics() {
  const joined = new Set();
  let gathered = 0;
  const gathering = new Map();

  function gather() {
    const id = ++gathered;
    const workers = Object.values(cluster.workers ?? {}).filter((w) => w && joined.has(w.id) && w.isConnected());
    return new Promise((resolve) => {
      const parts = [];
      const finish = () => {
        if (!gathering.has(id)) return;
        clearTimeout(gathering.get(id).timer);
        gathering.delete(id);
        resolve(client.AggregatorRegistry.aggregate(parts).metrics());
      };
      gathering.set(id, { parts, left: workers.length, finish, timer: setTimeout(finish, 3000) });
      if (workers.length === 0) finish();
      for (const worker of workers) worker.send({ type: SHARE, id });
    });
  }

  cluster.on('message', (worker, message) => {
    if (message?.type === JOINED) joined.add(worker.id);
    else if (message?.type === PART) {
      const pending = gathering.get(message.id);
      if (!pending) return;
      pending.parts.push(message.metrics);
      if (--pending.left === 0) pending.finish();
    } else if (message?.type === ASK) {
      gather().then(
        (text) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, text }),
        (error) => worker.isConnected() && worker.send({ type: ANSWER, id: message.id, error: error instanceof Error ? error.message : String(error) }),
      );
    }
  });
  cluster.on('exit', (worker) => joined.delete(worker.id));
}

/**
 * Answers `/metrics`: 401 without the right bearer token, else the metrics (the cluster's when in
 * one). `token` is METRICS_TOKEN (the caller passes the request on when it is unset).
 */
export async function answerMetrics(req, res, token) {
  res.setHeader('Cache-Control', 'no-store');
  if (!bearerMatches(req.headers.authorization, token)) {
    const body = JSON.stringify({ error: true, message: 'A bearer token is needed for /metrics', status: 401 });
    res.statusCode = 401;
    res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
    res.setHeader('Content-Type', 'application/json; charset=utf-8');
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(req.method === 'HEAD' ? undefined : body);
    return;
  }
  const registry = metricsRegistry();
  const text = cluster.isWorker ? await clusterText() : await registry.metrics();
  res.statusCode = 200;
  res.setHeader('Content-Type', registry.contentType);
  res.setHeader('Content-Length', Buffer.byteLength(text));
  res.end(req.method === 'HEAD' ? undefined : text);
}
