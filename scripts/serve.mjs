#!/usr/bin/env node
/**
 * The production server: Next's request handler behind a small shared-page cache. Every page a
 * guest sees is the same for everyone (accounts travel as bearer tokens, never cookies), so a
 * page whose answer says `s-maxage=N` (withShell sets it; so do the public catalogue calls of
 * `/v1`, such as paginate and search) is kept here for N seconds, stored
 * plain and gzipped, and served again without rendering. Everything else goes straight to Next.
 * Answers carry `X-Page-Cache: HIT` or `MISS`. Cached answers keep every header Next set (the
 * security headers included). The cache itself, and what it will never store (HEAD answers,
 * anything but a full 200 to a GET), is scripts/page-cache.mjs; a `/v1` address that does not
 * decode gets the API's JSON 400 from scripts/api-address.mjs instead of Next's HTML page.
 * The Content-Security-Policy from next.config.js gets the hashes of the build's inline
 * bootstrap scripts here (scripts/inline-script-hashes.mjs), as only the built app knows them.
 */
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import next from 'next';
import { withApiAddressCheck, securityHeadersFrom } from './api-address.mjs';
import { bootstrapScriptHashes, withScriptHashes } from './inline-script-hashes.mjs';
import { withPageCache } from './page-cache.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const port = Number(process.env.PORT || 3000);

/** Adds the build's script hashes to the policy whenever Next (or a check here) sets it. */
function hashedPolicy(res, hashes) {
  const setHeader = res.setHeader.bind(res);
  res.setHeader = (name, value) => setHeader(name, String(name).toLowerCase() === 'content-security-policy' ? withScriptHashes(String(value), hashes) : value);
}

const app = next({ dev: false, dir: root, port, hostname: '0.0.0.0' });
const handle = app.getRequestHandler();
await app.prepare();
const scriptHashes = bootstrapScriptHashes(path.join(root, process.env.NEXT_DIST_DIR || '.next'));
const securityHeaders = await securityHeadersFrom(createRequire(import.meta.url)('../next.config.js'));

// `/v1` answers go through the cache too, but only the public catalogue ones say `s-maxage`
// (PUBLIC_CACHE in lib/server/http/route.ts); orders, accounts and the handshake say no-store.
const serve = withApiAddressCheck(
  withPageCache((req, res) => void handle(req, res), { maxEntries: Number(process.env.PAGE_CACHE_ENTRIES || 500) }),
  { headers: securityHeaders },
);

http
  .createServer((req, res) => {
    hashedPolicy(res, scriptHashes);
    serve(req, res);
  })
  .listen(port, () => console.log(`Shop ready on http://localhost:${port}`));
