#!/usr/bin/env node
/**
 * The production server (what `npm start` runs after building): one app process, or with
 * `WORKERS=N` (N > 1, PostgreSQL only) a node:cluster primary and N app processes sharing PORT
 * (scripts/cluster.mjs).
 *
 * An app process (scripts/app-server.mjs) is Next's request handler behind a small shared-page
 * cache. Every page a guest sees is the same for everyone (accounts travel as bearer tokens, never
 * cookies), so a page whose answer says `s-maxage=N` (withShell sets it; so do the public
 * catalogue calls of `/v1`, such as paginate and search) is kept for N seconds, stored plain and
 * gzipped, and served again without rendering. Everything else goes straight to Next. Answers
 * carry `X-Page-Cache: HIT` or `MISS`. Cached answers keep every header Next set (the security
 * headers included). The cache itself, and what it will never store (HEAD answers, anything but a
 * full 200 to a GET), is scripts/page-cache.mjs; a `/v1` address that does not decode gets the
 * API's JSON 400 from scripts/api-address.mjs instead of Next's HTML page. The
 * Content-Security-Policy from next.config.js gets the hashes of the inline scripts the answer's
 * page can carry here (scripts/app-server.mjs with scripts/inline-script-hashes.mjs), as only the
 * built app knows them.
 *
 * Each app process also answers `/healthz`, `/readyz` and `/metrics` itself, gives every request
 * an id (`X-Request-Id`), and shuts down gracefully on SIGTERM or SIGINT: see scripts/app-server.mjs.
 */
import cluster from 'node:cluster';
import path from 'node:path';
import { runPrimary, shutdownTimeoutMs, workerCount } from './cluster.mjs';
import { opsLog } from './ops-log.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT || 3000);

let workers;
let timeoutMs;
try {
  workers = workerCount();
  timeoutMs = shutdownTimeoutMs();
} catch (error) {
  opsLog().fatal(error.message);
  process.exit(1);
}

if (cluster.isPrimary && workers > 1) {
  runPrimary(workers, { timeoutMs, port });
} else {
  const { startAppServer } = await import('./app-server.mjs');
  await startAppServer({ root, port, timeoutMs });
  if (cluster.isPrimary) opsLog().info({ port }, `Shop listening on http://localhost:${port}`);
}
