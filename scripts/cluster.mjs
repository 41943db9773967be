/**
 * `WORKERS=N`: several app processes on one box, with node:cluster. The primary (this module)
 * serves nothing itself: it forks N workers running scripts/serve.mjs, which share the port (the
 * primary hands each new connection to the next worker in turn), and it
 *
 * - replaces a worker that dies while the server is not shutting down, after a backoff that
 *   grows with the deaths of the last minute (0.5 s, 1 s, 2 s … up to 30 s), so a worker that
 *   keeps crashing is not restarted in a tight loop. A worker joins the port only once its
 *   start-up (database, migrations) finished, and exits if it failed; when GIVE_UP_AFTER workers in
 *   a row die that way while none is serving, starting cannot succeed (bad configuration, no
 *   database) and the primary exits 1, as a single process would, for its supervisor to act;
 * - forwards SIGTERM and SIGINT to every worker, which drains and exits (scripts/app-server.mjs),
 *   and exits 0 once all exited 0 (1 otherwise, or when they are still running
 *   SHUTDOWN_TIMEOUT_MS + 5 s later: then they are killed);
 * - gathers every worker's metrics for `/metrics` (scripts/http-metrics.mjs).
 *
 * Several processes need a database they can all open: PostgreSQL (DATABASE_URL). The embedded
 * database belongs to one process, so `workerCount()` refuses WORKERS > 1 without DATABASE_URL.
 */
import cluster from 'node:cluster';
import { serveClusterMetrics } from './http-metrics.mjs';
import { opsLog } from './ops-log.mjs';

export const MAX_WORKERS = 64;
/** Workers in a row that may fail to start, with none serving, before the primary gives up. */
export const GIVE_UP_AFTER = 5;

/**
 * The number of app processes the environment asks for (WORKERS, default 1). Throws an Error
 * whose message tells the operator what to change when WORKERS is not a whole number from 1 to
 * 64, or asks for more than one process on the embedded database.
 */
export function workerCount(env = process.env) {
  const raw = String(env.WORKERS ?? '').trim();
  if (raw === '') return 1;
  const count = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(count) || count < 1 || count > MAX_WORKERS) {
    throw new Error(`WORKERS must be a whole number from 1 to ${MAX_WORKERS} (got "${raw.slice(0, 20)}")`);
  }
  if (count > 1 && !String(env.DATABASE_URL ?? '').trim()) {
    throw new Error(
      `WORKERS=${count} needs DATABASE_URL: the embedded database (no DATABASE_URL) belongs to one process, so the shop cannot run ${count} processes on it. ` +
        'Set DATABASE_URL=postgres://… to run several, or leave WORKERS unset (1).',
    );
  }
  return count;
}

/** The shutdown bound (SHUTDOWN_TIMEOUT_MS, default 10 s) in milliseconds. */
export function shutdownTimeoutMs(env = process.env) {
  const raw = String(env.SHUTDOWN_TIMEOUT_MS ?? '').trim();
  if (raw === '') return 10_000;
  const ms = /^\d+$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isInteger(ms) || ms < 1 || ms > 600_000) throw new Error(`SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 1 to 600000 (got "${raw.slice(0, 20)}")`);
  return ms;
}

/** Repeats of a signal within this time are the same request (one Ctrl-C reaches every process of the group, and parents forward it too). */
export const SAME_SIGNAL_MS = 1000;

/** Runs the cluster's primary with `count` workers (see the header). */
export function runPrimary(count, { timeoutMs, port }) {
  const log = opsLog();
  const deaths = [];
  const restarts = new Set();
  let stopping = false;
  let failed = false;
  let failedStarts = 0;
  let announced = false;

  const fork = () => {
    const worker = cluster.fork();
    worker.once('listening', () => {
      worker.served = true;
      failedStarts = 0;
      const serving = Object.values(cluster.workers ?? {}).filter((w) => w?.served).length;
      if (!announced && serving === count) {
        announced = true;
        log.info({ workers: count, port }, `Shop listening on http://localhost:${port} (${count} processes)`);
      } else if (announced) log.info({ worker: worker.process.pid }, 'replacement worker is serving');
    });
    return worker;
  };

  const finishIfDone = () => {
    if (Object.keys(cluster.workers ?? {}).length > 0) return;
    for (const timer of restarts) clearTimeout(timer);
    process.exit(failed ? 1 : 0);
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) {
      if (code !== 0) failed = true;
      finishIfDone();
      return;
    }
    log.error({ worker: worker.process.pid, code, signal }, worker.served ? 'worker died' : 'worker failed to start');
    if (!worker.served) failedStarts++;
    const serving = Object.values(cluster.workers ?? {}).some((w) => w?.served);
    if (!serving && failedStarts >= GIVE_UP_AFTER) {
      log.fatal({ attempts: failedStarts }, 'workers keep failing to start (their lines above say why); stopping');
      failed = true;
      shutDown('SIGTERM');
      return;
    }
    const now = Date.now();
    deaths.push(now);
    while (deaths.length > 0 && deaths[0] < now - 60_000) deaths.shift();
    const delay = Math.min(30_000, 500 * 2 ** (deaths.length - 1));
    log.info({ delayMs: delay }, 'starting a replacement worker');
    const timer = setTimeout(() => {
      restarts.delete(timer);
      if (!stopping) fork();
    }, delay);
    restarts.add(timer);
  });

  let firstSignalAt = 0;
  function shutDown(signal) {
    for (const timer of restarts) clearTimeout(timer);
    restarts.clear();
    if (!stopping) {
      stopping = true;
      firstSignalAt = Date.now();
      log.info({ signal }, 'shutting down: asking every worker to finish its requests');
      // The workers bound their own drain by the same timeout; this is the backstop.
      setTimeout(() => {
        log.error({ timeoutMs }, 'workers still running after the shutdown timeout; killing them');
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill('SIGKILL');
        process.exit(1);
      }, timeoutMs + 5000).unref();
    } else if (Date.now() - firstSignalAt < SAME_SIGNAL_MS) return;
    else log.warn({ signal }, 'second signal: stopping the workers at once');
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    finishIfDone();
  }
  for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => shutDown(signal));

  serveClusterMetrics();
  for (let i = 0; i < count; i++) fork();
}
