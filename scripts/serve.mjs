#!/usr/bin/env node
/**
 * The production server: Next's request handler behind a small shared-page cache. Every page a
 * guest sees is the same for everyone (accounts travel as bearer tokens, never cookies), so a
 * page whose answer says `s-maxage=N` (withShell sets it; so do the public catalogue calls of
 * `/v1`, such as paginate and search) is kept here for N seconds, stored
 * plain and gzipped, and served again without rendering. Everything else goes straight to Next.
 * Answers carry `X-Page-Cache: HIT` or `MISS`. Cached answers keep every header Next set (the
 * security headers included). The Content-Security-Policy from next.config.js gets the hashes of
 * the build's inline bootstrap scripts here (scripts/inline-script-hashes.mjs), as only the
 * built app knows them.
 */
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import next from 'next';
import { bootstrapScriptHashes, withScriptHashes } from './inline-script-hashes.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT || 3000);
const MAX_ENTRIES = Number(process.env.PAGE_CACHE_ENTRIES || 500);
const MAX_BODY_BYTES = 2 * 1024 * 1024;
// `/v1` answers go through the cache too, but only the public catalogue ones say `s-maxage`
// (PUBLIC_CACHE in lib/server/http/route.ts); orders, accounts and the handshake say no-store.
const PASS_THROUGH = /^\/(_next\/static|_next\/image|api\/|media\/|favicon)/;
const SKIPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'x-page-cache']);

/** url -> { headers, body, gzipped, until } */
const cache = new Map();

function cacheable(req) {
  return (req.method === 'GET' || req.method === 'HEAD') && !PASS_THROUGH.test(req.url ?? '/');
}

function sharedMaxAge(cacheControl) {
  const match = /(?:^|,)\s*s-maxage=(\d+)/.exec(String(cacheControl ?? ''));
  return match && /\bpublic\b/.test(String(cacheControl)) ? Number(match[1]) : 0;
}

function serveHit(req, res, entry) {
  for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
  res.setHeader('X-Page-Cache', 'HIT');
  res.setHeader('Vary', 'Accept-Encoding');
  const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? ''));
  const body = gzip ? entry.gzipped : entry.body;
  if (gzip) res.setHeader('Content-Encoding', 'gzip');
  res.setHeader('Content-Length', body.length);
  res.statusCode = 200;
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Lets Next answer while keeping a copy of the body, then stores it if the answer allows. */
function captureInto(key, res) {
  const chunks = [];
  let size = 0;
  const write = res.write.bind(res);
  const end = res.end.bind(res);
  const keep = (chunk, encoding) => {
    if (chunk == null || size > MAX_BODY_BYTES) return;
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8');
    size += buffer.length;
    chunks.push(buffer);
  };
  res.write = (chunk, encoding, callback) => {
    keep(chunk, encoding);
    return write(chunk, encoding, callback);
  };
  res.end = (chunk, encoding, callback) => {
    if (typeof chunk !== 'function') keep(chunk, encoding);
    const seconds = res.statusCode === 200 ? sharedMaxAge(res.getHeader('cache-control')) : 0;
    if (seconds > 0 && size <= MAX_BODY_BYTES && !res.getHeader('content-encoding')) {
      const body = Buffer.concat(chunks);
      const headers = {};
      for (const [name, value] of Object.entries(res.getHeaders())) if (!SKIPPED_HEADERS.has(name) && value !== undefined) headers[name] = value;
      cache.delete(key);
      cache.set(key, { headers, body, gzipped: zlib.gzipSync(body, { level: 6 }), until: Date.now() + seconds * 1000 });
      while (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value);
    }
    return end(chunk, encoding, callback);
  };
}

/** Adds the build's script hashes to the policy whenever Next sets it. */
function hashedPolicy(res, hashes) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, String(name).toLowerCase() === 'content-security-policy' ? withScriptHashes(String(value), hashes) : value);
}

const app = next({ dev: false, dir: root, port, hostname: '0.0.0.0' });
const handle = app.getRequestHandler();
await app.prepare();
const scriptHashes = bootstrapScriptHashes(path.join(root, process.env.NEXT_DIST_DIR || '.next'));

http
  .createServer((req, res) => {
    hashedPolicy(res, scriptHashes);
    if (!cacheable(req)) return void handle(req, res);
    const key = req.url ?? '/';
    const entry = cache.get(key);
    if (entry && entry.until > Date.now()) return serveHit(req, res, entry);
    if (entry) cache.delete(key);
    // Next answers this one uncompressed so that the copy kept is plain; hits are gzipped here.
    delete req.headers['accept-encoding'];
    res.setHeader('X-Page-Cache', 'MISS');
    captureInto(key, res);
    void handle(req, res);
  })
  .listen(port, () => console.log(`Shop ready on http://localhost:${port}`));
