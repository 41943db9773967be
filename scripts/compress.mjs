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
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { releaseCompressionStream } = require('next/dist/server/lib/release-compression-stream');

/** zlib's level for answers compressed as they are sent. */
export const GZIP_LEVEL = 4;

/**
 * The middleware as a function of (req, res) that compresses whatever the handler then writes,
 * for a client that takes it (answers of 1 kB or more, of a compressible type, as Next did).
 */
export function compressAnswers(level = GZIP_LEVEL) {
  const middleware = require('next/dist/compiled/compression')({ level });
  return (req, res) => {
    middleware(req, res, () => undefined);
    // A client gone before the end leaves the middleware's zlib stream unended, holding its
    // memory: end it with the answer, with Next's own release (what Next does for its own).
    res.once('close', () => {
      if (!res.writableFinished) releaseCompressionStream(res);
    });
  };
}
