#!/usr/bin/env node
/**
 * `npm start`: builds the app when the build is missing or older than the sources (and adds the
 * start-up chunks' compile hints, scripts/compile-hints.mjs, to every build it runs or stamps), then serves
 * it with scripts/serve.mjs (Next's handler behind a shared-page cache; WORKERS processes) on
 * PORT (default 3000). `--stamp` only records the sources' hash after `npm run build`. The
 * server itself migrates the database and seeds an empty one at start-up (see
 * instrumentation.ts). WORKERS and SHUTDOWN_TIMEOUT_MS are checked before building, so a setting
 * the server would refuse is said at once. SIGTERM and SIGINT go on to the server, which drains
 * and exits; this process exits with its code.
 */
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { shutdownTimeoutMs, workerCount } from './cluster.mjs';
import { addCompileHints } from './compile-hints.mjs';
import { SERVER_NODE_FLAGS } from './node-flags.mjs';
import { opsLog } from './ops-log.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const distDir = path.join(root, process.env.NEXT_DIST_DIR || '.next');
const stampFile = path.join(distDir, 'source-hash');
const inputs = ['pages', 'components', 'lib', 'styles', 'public', 'drizzle', 'instrumentation.ts', 'next.config.js', 'tsconfig.json', 'package-lock.json'];

function walk(entry, files) {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return;
  if (fs.statSync(full).isDirectory()) {
    for (const name of fs.readdirSync(full).sort()) walk(path.join(entry, name), files);
  } else {
    files.push(entry);
  }
}

/** A hash of every file the build depends on (contents, not times: a fresh clone has new times). */
function sourceHash() {
  const files = [];
  for (const entry of inputs) walk(entry, files);
  const hash = createHash('sha256');
  for (const file of files) hash.update(file).update('\0').update(fs.readFileSync(path.join(root, file))).update('\0');
  return hash.digest('hex');
}

const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1' };

if (!process.argv.includes('--stamp')) {
  try {
    workerCount();
    shutdownTimeoutMs();
  } catch (error) {
    opsLog().fatal(error.message);
    process.exit(1);
  }
}

const hash = sourceHash();
if (process.argv.includes('--stamp')) {
  // `npm run build` records what it built, so that `npm start` does not build it again.
  addCompileHints(distDir);
  fs.writeFileSync(stampFile, hash);
  process.exit(0);
}
const built = fs.existsSync(path.join(distDir, 'BUILD_ID')) && fs.existsSync(stampFile) && fs.readFileSync(stampFile, 'utf8') === hash;
if (!built) {
  console.log('Building the shop (the build is missing or older than the sources)...');
  const result = spawnSync(bin('next'), ['build'], { cwd: root, env, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
  addCompileHints(distDir);
  fs.writeFileSync(stampFile, hash);
}

// Next serves in production mode either way; the shop learns whether the operator asked for
// production (the payment sandbox runs only when they did not: lib/server/payments/providers).
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(root, 'scripts', 'serve.mjs')], { cwd: root, env: { ...env, NODE_ENV: 'production', OPERATOR_NODE_ENV: process.env.NODE_ENV ?? '' }, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
