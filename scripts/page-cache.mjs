/**
 * The shared-page cache of scripts/serve.mjs, as a wrapper around any `(req, res)` handler (Next's
 * in production; a small stand-in in __tests__/attacks/edge.test.ts).
 *
 * Every page a guest sees is the same for everyone (accounts travel as bearer tokens, never
 * cookies), so an answer that says `public` and `s-maxage=N` (withShell sets it; so do the
 * public catalogue calls of `/v1`) is kept for N seconds, and served again
 * without rendering, with every header the handler set (security headers included) and
 * `X-Page-Cache: HIT`. A miss asked with brotli or gzip is compressed by the handler and kept so;
 * the other forms (plain, gzip, brotli) are made on the first hit that needs them.
 *
 * What is stored is only ever a full GET answer:
 * - only GET is captured; HEAD is answered from a stored GET (its headers, no body) or passed
 *   straight to the handler without capture (a HEAD answer has no body to keep);
 * - a request with a body is passed through and never stored;
 * - only a 200 whose every byte was written (`finish`), whose length matches its
 *   Content-Length, without Set-Cookie, `Vary: *` or a Content-Encoding other than one it was
 *   asked for (brotli, gzip), is stored;
 * - a page (HTML or `/_next/data`) is kept once per currency it is rendered in (the `currency`
 *   cookie, else the server's guess: lib/domain/shopper-currency.mjs), never per Cookie header,
 *   and says which in `X-Shop-Currency` (for nginx and CDNs: deploy/README.md); `/v1` answers
 *   are the same in every currency and kept once;
 * - a request with an `Origin` header is kept apart from those without (its key includes the
 *   origin), and stored only when the answer allows exactly that origin (CORS); an answer that
 *   allows one site is never served to another, and unknown origins cost no cache space.
 */
import zlib from 'node:zlib';
import { CURRENCY_HEADER, shopperCurrency } from '../lib/domain/shopper-currency.mjs';
import { acceptsEncoding, brotli, chunkBytes } from './compress.mjs';

/** Brotli's quality for a form a hit makes (once per kept copy, so more than a miss spends). */
const HIT_BROTLI_QUALITY = 5;

/**
 * The content version lib/server/live/content.ts keeps on this global (CONTENT_VERSION_KEY): a
 * catalogue or settings write bumps it, and every page stored under an older one is stale.
 */
export function contentVersion() {
  return globalThis.__shopContentVersion ?? 0;
}

/**
 * Paths never cached: static files (they have their own caching), pictures, Next's API paths, and
 * the back office (`/admin`, its page data and its API `/admin/api`): per staff member, answered
 * `private, no-store`, and kept out here even if one ever said otherwise.
 */
export const PASS_THROUGH = /^\/(_next\/static|_next\/image|_next\/data\/[^/]+\/admin(?:[/.?]|$)|api\/|admin(?:[/?]|$)|media\/|favicon)/;
const SKIPPED_HEADERS = new Set(['content-length', 'content-encoding', 'transfer-encoding', 'date', 'connection', 'keep-alive', 'x-page-cache', 'x-request-id']);

/** The `s-maxage` of a `public` answer, 0 otherwise. */
export function sharedMaxAge(cacheControl) {
  const value = String(cacheControl ?? '');
  const match = /(?:^|,)\s*s-maxage=(\d+)/.exec(value);
  if (!match || !/\bpublic\b/.test(value) || /\b(private|no-store)\b/.test(value)) return 0;
  return Number(match[1]);
}

function hasBody(req) {
  const length = req.headers['content-length'];
  return (length !== undefined && length !== '0') || req.headers['transfer-encoding'] !== undefined;
}

/** The codings of a kept copy the client takes, brotli first. */
function codingsOf(req) {
  return ['br', 'gzip'].filter((coding) => acceptsEncoding(req, coding));
}

/** A kept copy in `coding` ('' for none), made from another form the first time it is asked for. */
function formOf(entry, coding) {
  if (coding === 'br' && entry.brotli) return entry.brotli;
  if (coding === 'gzip' && entry.gzipped) return entry.gzipped;
  entry.body ??= entry.gzipped ? zlib.gunzipSync(entry.gzipped) : zlib.brotliDecompressSync(entry.brotli);
  if (coding === 'br') return (entry.brotli = brotli(entry.body, HIT_BROTLI_QUALITY));
  if (coding === 'gzip') return (entry.gzipped = zlib.gzipSync(entry.body, { level: 6 }));
  return entry.body;
}

function originOf(req) {
  const origin = req.headers.origin;
  return typeof origin === 'string' ? origin.trim().toLowerCase() : '';
}

function varyNames(value) {
  const list = Array.isArray(value) ? value.join(',') : String(value ?? '');
  return list
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
}

/**
 * Wraps `handle` in the cache. Options: `maxEntries` (default 500), `maxBodyBytes` (2 MB),
 * `passThrough` (a RegExp of paths never cached), `now` (a clock, for tests), `version` (the
 * content version; default the shop's global, see `contentVersion`): a page is served from the
 * cache only while the version it was stored under is current.
 */
export function withPageCache(handle, options = {}) {
  const version = options.version ?? contentVersion;
  const maxEntries = options.maxEntries ?? 500;
  const maxBodyBytes = options.maxBodyBytes ?? 2 * 1024 * 1024;
  const passThrough = options.passThrough ?? PASS_THROUGH;
  const now = options.now ?? Date.now;
  /** key -> { headers, body, gzipped, brotli, until, version } */
  const cache = new Map();

  function serveHit(req, res, entry) {
    for (const [name, value] of Object.entries(entry.headers)) res.setHeader(name, value);
    res.setHeader('X-Page-Cache', 'HIT');
    const vary = varyNames(entry.headers.vary).filter((name) => name.toLowerCase() !== 'accept-encoding');
    res.setHeader('Vary', [...vary, 'Accept-Encoding'].join(', '));
    // Kept in the form it was first sent in; another form is made on the first hit that needs it.
    const coding = codingsOf(req)[0] ?? '';
    const body = formOf(entry, coding);
    if (coding) res.setHeader('Content-Encoding', coding);
    res.setHeader('Content-Length', body.length);
    res.statusCode = 200;
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /** Whether a finished answer may be kept for everyone who sends the same URL (and origin). */
  function storable(res, origin, size, overflow, codings) {
    if (overflow || res.statusCode !== 200) return 0;
    const encoding = res.getHeader('content-encoding');
    if ((encoding !== undefined && !codings.includes(encoding)) || res.getHeader('set-cookie') !== undefined) return 0;
    if (varyNames(res.getHeader('vary')).includes('*')) return 0;
    const declared = res.getHeader('content-length');
    if (declared !== undefined && Number(declared) !== size) return 0;
    const allowed = res.getHeader('access-control-allow-origin');
    if (allowed === undefined ? origin !== '' : allowed !== '*' && String(allowed).toLowerCase() !== origin) return 0;
    return sharedMaxAge(res.getHeader('cache-control'));
  }

  /** Lets the handler answer while keeping a copy of the body; stores it once fully sent. */
  function captureInto(key, origin, res, since, codings) {
    const chunks = [];
    let size = 0;
    let overflow = false;
    let ended = false;
    const write = res.write.bind(res);
    const end = res.end.bind(res);
    const keep = (chunk, encoding) => {
      if (chunk == null || typeof chunk === 'function' || overflow) return;
      const buffer = chunkBytes(chunk, encoding);
      size += buffer.length;
      if (size > maxBodyBytes) {
        overflow = true;
        chunks.length = 0;
      } else chunks.push(buffer);
    };
    res.write = (chunk, encoding, callback) => {
      keep(chunk, encoding);
      return write(chunk, encoding, callback);
    };
    res.end = (chunk, encoding, callback) => {
      if (!ended) keep(chunk, encoding);
      ended = true;
      return end(chunk, encoding, callback);
    };
    // 'finish' fires only once every byte was handed to the connection: an answer cut short
    // (destroyed, or the client gone) never gets here and is never stored.
    res.once('finish', () => {
      const seconds = ended ? storable(res, origin, size, overflow, codings) : 0;
      if (seconds <= 0) return;
      const body = Buffer.concat(chunks);
      const headers = {};
      for (const [name, value] of Object.entries(res.getHeaders())) if (!SKIPPED_HEADERS.has(name) && value !== undefined) headers[name] = value;
      cache.delete(key);
      // Stored under the version current when the request came in: a page rendered before a
      // change and finished after it is stale at once.
      const coding = res.getHeader('content-encoding');
      const entry = { headers, body: coding ? undefined : body, gzipped: coding === 'gzip' ? body : undefined, brotli: coding === 'br' ? body : undefined };
      cache.set(key, { ...entry, until: now() + seconds * 1000, version: since });
      while (cache.size > maxEntries) cache.delete(cache.keys().next().value);
    });
  }

  return function cached(req, res) {
    const url = req.url ?? '/';
    if ((req.method !== 'GET' && req.method !== 'HEAD') || passThrough.test(url) || hasBody(req)) return handle(req, res);
    const origin = originOf(req);
    // Pages show prices in the shopper's currency (lib/domain/shopper-currency.mjs, the rule
    // withShell renders by): one copy per currency, never per Cookie header, named in the answer
    // (kept with it, so a hit says it too). The API's answers do not depend on it.
    const variant = url.startsWith('/v1/') ? '' : shopperCurrency(req.headers).code;
    if (variant) res.setHeader(CURRENCY_HEADER, variant);
    const key = `${url}\n${variant}\n${origin}`;
    const entry = cache.get(key);
    const current = version();
    if (entry && entry.until > now() && entry.version === current) return serveHit(req, res, entry);
    if (entry) cache.delete(key);
    res.setHeader('X-Page-Cache', 'MISS');
    // A HEAD answer has headers and no body: never a copy worth keeping.
    if (req.method === 'HEAD') return handle(req, res);
    // The handler compresses this one for a client that takes brotli or gzip, and only with those
    // (scripts/compress.mjs: brotli for a page or API answer, gzip otherwise), so that the copy
    // kept is in a form every hit can be served from (plain, gzip or brotli).
    const codings = codingsOf(req);
    if (codings.length > 0) req.headers['accept-encoding'] = codings.join(', ');
    else delete req.headers['accept-encoding'];
    captureInto(key, origin, res, current, codings);
    return handle(req, res);
  };
}
