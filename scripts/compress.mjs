/**
 * Compression of what Next answers (pages, `/_next/data`, the API), for scripts/app-server.mjs.
 *
 * Next compresses with the `compression` middleware at zlib's default level (6) when `compress`
 * is on; next.config.js turns that off and the app server runs the same middleware (Next's own
 * copy) at GZIP_LEVEL instead, inside the page cache as before, so that the cache still keeps a
 * miss in the gzip it was sent in. Level 4 against 6, on the pages a crawler misses the cache for
 * (bench/render.ts): a category page's 59 kB of HTML in 0.29 ms of the thread pool instead of
 * 0.49 (node's zlib, measured alone) for 391 bytes more (12,414 against 12,023), home 10,882
 * against 10,477: headers and page still inside a new connection's first round trip (14.6 kB).
 * Levels 1-3 are faster still but 800 bytes or more larger, too close to that edge.
 *
 * The middleware's gzip stream is AnswerGzip (below): an answer handed over whole, as Next sends
 * a page or an API answer, is gzipped in one call on the main thread; anything else goes through
 * a zlib stream as the middleware's own would. A client that takes brotli gets pages, page data
 * and API answers in brotli (brotliWhole), at less CPU than gzip for about the same bytes.
 */
import fs from 'node:fs';
import Module, { createRequire } from 'node:module';
import path from 'node:path';
import { Transform } from 'node:stream';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const { releaseCompressionStream } = require('next/dist/server/lib/release-compression-stream');

/** zlib's level for answers compressed as they are sent. */
export const GZIP_LEVEL = 4;

/** Brotli's quality for answers compressed as they are sent. */
export const BROTLI_QUALITY = 3;

/** What brotli is used for: pages, page data, API answers and text such as the sitemap (other types go to the middleware's gzip). */
const BROTLI_TYPES = /^(?:text\/(?:html|plain|xml)|application\/(?:json|xml))\s*(?:;|$)/i;
/** The middleware's threshold: smaller answers go plain. */
const THRESHOLD = 1024;

/** Whether the request's Accept-Encoding takes `coding` (named, and not with q=0). */
export function acceptsEncoding(req, coding) {
  for (const part of String(req.headers['accept-encoding'] ?? '').split(',')) {
    const [name, ...params] = part.split(';').map((piece) => piece.trim());
    if (name.toLowerCase() !== coding) continue;
    const q = params.find((param) => /^q\s*=/i.test(param));
    return !q || Number(q.split('=')[1]) > 0;
  }
  return false;
}

/** What `res.write` or `res.end` was handed (a Buffer, a string in `encoding`, other bytes), as a Buffer. */
export function chunkBytes(chunk, encoding) {
  if (Buffer.isBuffer(chunk)) return chunk;
  return typeof chunk === 'string' ? Buffer.from(chunk, typeof encoding === 'string' ? encoding : 'utf8') : Buffer.from(chunk);
}

/** `bytes` in brotli at `quality` (text mode), as one call. */
export function brotli(bytes, quality = BROTLI_QUALITY) {
  const { BROTLI_PARAM_QUALITY, BROTLI_PARAM_MODE, BROTLI_MODE_TEXT, BROTLI_PARAM_SIZE_HINT } = zlib.constants;
  return zlib.brotliCompressSync(bytes, { params: { [BROTLI_PARAM_QUALITY]: quality, [BROTLI_PARAM_MODE]: BROTLI_MODE_TEXT, [BROTLI_PARAM_SIZE_HINT]: bytes.length } });
}

/**
 * The middleware as a function of (req, res) that compresses whatever the handler then writes,
 * for a client that takes it (answers of 1 kB or more, of a compressible type, as Next did).
 * A page, page data or API answer handed over whole to a client that takes brotli is sent in
 * brotli at BROTLI_QUALITY instead (with its length): smaller than gzip at GZIP_LEVEL on most
 * pages and 15-35% less CPU (home 10,922 bytes against 10,935, category 12,093 against 12,414,
 * product 8,516 against 8,393; node alone, 2026-11-28).
 */
export function compressAnswers(level = GZIP_LEVEL) {
  const middleware = compressionWith({ ...zlib, createGzip: (options) => new AnswerGzip(options) })({ level });
  return (req, res) => {
    middleware(req, res, () => undefined);
    if (req.method !== 'HEAD' && acceptsEncoding(req, 'br')) brotliWhole(res);
    // A client gone before the end leaves the middleware's zlib stream unended, holding its
    // memory: end it with the answer, with Next's own release (what Next does for its own).
    res.once('close', () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
  };
}

/**
 * Sends an answer handed over whole in brotli when it is a page, page data or an API answer of
 * THRESHOLD to WHOLE_ANSWER_LIMIT bytes, not encoded already and not marked no-transform. Its
 * Content-Encoding is set before the headers go, so the middleware sees it encoded and passes
 * it on as it is (adding `Vary: Accept-Encoding`, as for every answer it looks at). Anything
 * written in pieces is left to the middleware.
 */
function brotliWhole(res) {
  const write = res.write;
  const end = res.end;
  let pieces = false;
  res.write = function writePiece(...args) {
    pieces = true;
    return write.apply(this, args);
  };
  res.end = function endWhole(chunk, encoding, callback) {
    if (pieces || this.headersSent || chunk == null || typeof chunk === 'function' || !brotliSuits(this)) return end.call(this, chunk, encoding, callback);
    const bytes = chunkBytes(chunk, encoding);
    const done = typeof encoding === 'function' ? encoding : callback;
    if (bytes.length < THRESHOLD || bytes.length > WHOLE_ANSWER_LIMIT) return end.call(this, bytes, done);
    const body = brotli(bytes);
    this.setHeader('Content-Encoding', 'br');
    this.setHeader('Content-Length', body.length);
    return end.call(this, body, done);
  };
}

function brotliSuits(res) {
  if (res.statusCode === 204 || res.statusCode === 304 || res.getHeader('Content-Encoding') !== undefined) return false;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader('Cache-Control') ?? ''))) return false;
  return BROTLI_TYPES.test(String(res.getHeader('Content-Type') ?? ''));
}

/** Answers up to this size that arrive whole are gzipped at once on the main thread (a big page is 200 kB: about 1 ms). */
export const WHOLE_ANSWER_LIMIT = 512 * 1024;

/**
 * A gzip stream for one answer. Next hands a rendered page (or an API answer) to `res.end` in one
 * piece, which the middleware passes on as `stream.end(bytes)`: that piece is gzipped at once
 * (`zlib.gzipSync`, the same bytes as a zlib stream's) rather than through a zlib stream, whose
 * round trip through libuv's thread pool and the stream machinery around it cost more main-thread
 * time than the compression itself (a category page's 59 kB: 0.36 ms of CPU against 0.50, node's
 * zlib measured alone; 12% of an uncached render's main thread was the stream's write). Anything
 * else (an answer written in several pieces, such as a static file, a flush, or one piece over
 * WHOLE_ANSWER_LIMIT) goes through a real zlib stream, chunk by chunk, as before.
 */
export class AnswerGzip extends Transform {
  #options;
  #whole = false;
  #started = false;
  #held;
  /** @type {zlib.Gzip | undefined} */
  #stream;

  constructor(options) {
    super();
    this.#options = options;
  }

  end(chunk, encoding, callback) {
    // The answer's one and only piece.
    if (!this.#started && chunk != null && typeof chunk !== 'function') this.#whole = true;
    return super.end(chunk, encoding, callback);
  }

  _transform(chunk, _encoding, callback) {
    const first = !this.#started;
    this.#started = true;
    if (first && this.#whole && chunk.length <= WHOLE_ANSWER_LIMIT) {
      this.#held = chunk;
      return callback();
    }
    this.#zlib().write(chunk, callback);
  }

  _flush(callback) {
    if (this.#held) return callback(null, zlib.gzipSync(this.#held, this.#options));
    const stream = this.#zlib();
    stream.once('end', () => callback());
    stream.end();
  }

  /** The middleware's `res.flush()`: what was written so far goes out (through a zlib stream). */
  flush(kind, callback) {
    this.#started = true;
    this.#zlib().flush(kind, callback);
  }

  _destroy(error, callback) {
    this.#stream?.destroy();
    callback(error);
  }

  #zlib() {
    if (!this.#stream) {
      this.#stream = zlib.createGzip(this.#options);
      this.#stream.on('data', (chunk) => this.push(chunk));
      this.#stream.on('error', (error) => this.destroy(error));
    }
    return this.#stream;
  }
}

/**
 * Next's copy of the `compression` middleware, loaded on its own with `zlib` answered by the
 * module given (so AnswerGzip is its gzip stream); the copy Next itself loads, and node's zlib,
 * stay as they are.
 */
function compressionWith(zlibModule) {
  const file = require.resolve('next/dist/compiled/compression');
  const copy = new Module(file);
  copy.filename = file;
  copy.paths = Module._nodeModulePaths(path.dirname(file));
  const load = copy.require;
  copy.require = (id) => (id === 'zlib' ? zlibModule : load.call(copy, id));
  copy._compile(fs.readFileSync(file, 'utf8'), file);
  return copy.exports;
}
