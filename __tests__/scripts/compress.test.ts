/** @jest-environment node */
/**
 * What the app server compresses (scripts/compress.mjs): Next's `compression` middleware at
 * GZIP_LEVEL, over real HTTP, behind the shared-page cache as in scripts/app-server.mjs: a page
 * asked with gzip comes gzipped at that level; a client that does not take gzip, or a small
 * answer, gets it plain; the cache keeps the gzipped miss and serves the same page plain; a client
 * gone before the end leaves no zlib stream behind. An answer handed over whole (as Next sends a
 * page) is gzipped at once, with no zlib stream; one written in pieces, or too big, goes through
 * a zlib stream as before, and arrives the same. A client that takes brotli gets a page handed
 * over whole in brotli at BROTLI_QUALITY, with its length; the cache keeps that and serves the
 * page plain or gzipped too.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import type * as Compress from '../../scripts/compress.mjs';
import type * as PageCache from '../../scripts/page-cache.mjs';

let compressAnswers: typeof Compress.compressAnswers;
let GZIP_LEVEL: number;
let WHOLE_ANSWER_LIMIT: number;
let BROTLI_QUALITY: number;
let brotli: typeof Compress.brotli;
let withPageCache: typeof PageCache.withPageCache;

/** A category page's worth of markup: 40 product cards with prices in naira. */
const PAGE = `<!DOCTYPE html><html><body><main>${Array.from({ length: 40 }, (_, i) => `<article><a href="/product/roses-${i}"><img src="/media/p/${i}.webp?w=400" alt="Red roses ${i}" width="400" height="400"></a><h3>Red Roses Bouquet ${i}</h3><p>₦${(55000 + i * 1500).toLocaleString('en-NG')}</p><button type="button">Add to cart</button></article>`).join('')}</main></body></html>`;
const SMALL = '<p>Call the shop.</p>';

let server: http.Server;
let base: string;
/** The zlib stream behind the last `/cut-short` answer. */
let cutStream: Duplex | undefined;

beforeAll(async () => {
  ({ compressAnswers, GZIP_LEVEL, WHOLE_ANSWER_LIMIT, BROTLI_QUALITY, brotli } = await import('../../scripts/compress.mjs'));
  ({ withPageCache } = await import('../../scripts/page-cache.mjs'));
  const compress = compressAnswers();
  const handle = withPageCache((req, res) => {
    compress(req, res);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'public, s-maxage=30');
    if (req.url?.startsWith('/small')) return void res.end(SMALL);
    if (req.url?.startsWith('/pieces')) {
      res.setHeader('Cache-Control', 'private, no-store');
      for (let at = 0; at < PAGE.length; at += 3000) res.write(PAGE.slice(at, at + 3000));
      return void res.end();
    }
    if (req.url?.startsWith('/script')) {
      res.setHeader('Content-Type', 'application/javascript; charset=utf-8');
      return void res.end(PAGE);
    }
    if (req.url?.startsWith('/no-transform')) {
      res.setHeader('Cache-Control', 'public, s-maxage=30, no-transform');
      return void res.end(PAGE);
    }
    if (req.url?.startsWith('/big')) {
      res.setHeader('Cache-Control', 'private, no-store');
      return void res.end(PAGE.repeat(Math.ceil((WHOLE_ANSWER_LIMIT + 1) / Buffer.byteLength(PAGE))));
    }
    if (req.url?.startsWith('/cut-short')) {
      res.setHeader('Cache-Control', 'private, no-store');
      res.write(PAGE.slice(0, 20_000));
      cutStream = res.on('drain', () => undefined) as unknown as Duplex;
      return;
    }
    res.end(PAGE);
  });
  server = http.createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** The answer's raw bytes (nothing decompressed) and headers. */
function raw(path: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

test('a page asked with gzip comes gzipped at GZIP_LEVEL, not zlib’s default', async () => {
  expect(GZIP_LEVEL).toBe(4);
  const { headers, body } = await raw('/category?n=1', { 'accept-encoding': 'gzip, deflate' });
  expect(headers['content-encoding']).toBe('gzip');
  expect(headers.vary).toMatch(/Accept-Encoding/i);
  expect(headers['x-page-cache']).toBe('MISS');
  expect(zlib.gunzipSync(body).toString()).toBe(PAGE);
  expect(body.equals(zlib.gzipSync(PAGE, { level: GZIP_LEVEL }))).toBe(true);
  expect(body.equals(zlib.gzipSync(PAGE))).toBe(false);
});

test('a client that does not take gzip gets the page plain; a small answer is not compressed', async () => {
  const plain = await raw('/category?n=2', { 'accept-encoding': 'identity' });
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(PAGE);
  const small = await raw('/small', { 'accept-encoding': 'gzip' });
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body.toString()).toBe(SMALL);
});

test('the page cache keeps the gzipped miss and serves it again, gzipped or plain', async () => {
  const miss = await raw('/category?n=3', { 'accept-encoding': 'gzip' });
  expect(miss.headers['x-page-cache']).toBe('MISS');
  const hit = await raw('/category?n=3', { 'accept-encoding': 'gzip' });
  expect(hit.headers['x-page-cache']).toBe('HIT');
  expect(hit.body.equals(miss.body)).toBe(true);
  const plainHit = await raw('/category?n=3');
  expect(plainHit.headers['x-page-cache']).toBe('HIT');
  expect(plainHit.headers['content-encoding']).toBeUndefined();
  expect(plainHit.body.toString()).toBe(PAGE);
});

test('a client gone before the end of the answer leaves no zlib stream behind', async () => {
  cutStream = undefined;
  await new Promise<void>((resolve) => {
    const req = http.get(`${base}/cut-short`, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
      res.once('data', () => {
        req.destroy();
        resolve();
      });
    });
    req.on('error', () => undefined);
  });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(cutStream).toBeDefined();
  expect(typeof cutStream!.destroy).toBe('function');
  expect(cutStream!.destroyed).toBe(true);
});

test('a page handed over whole is gzipped without a zlib stream; one written in pieces, or too big, through one', async () => {
  // Counts the zlib streams made (node's zlib itself, the module object scripts/compress.mjs uses;
  // its createGzip is read-only, so it is redefined for the test and put back after).
  const zlibModule = (await import('node:zlib')).default;
  const createGzip = Object.getOwnPropertyDescriptor(zlibModule, 'createGzip')!;
  const made: (zlib.ZlibOptions | undefined)[] = [];
  Object.defineProperty(zlibModule, 'createGzip', { ...createGzip, value: (options?: zlib.ZlibOptions) => (made.push(options), createGzip.value(options)) });
  try {
    const whole = await raw('/category?n=4', { 'accept-encoding': 'gzip' });
    expect(whole.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(whole.body).toString()).toBe(PAGE);
    expect(made).toHaveLength(0);

    const pieces = await raw('/pieces', { 'accept-encoding': 'gzip' });
    expect(pieces.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(pieces.body).toString()).toBe(PAGE);
    expect(made).toEqual([expect.objectContaining({ level: GZIP_LEVEL })]);

    const big = await raw('/big', { 'accept-encoding': 'gzip' });
    expect(big.headers['content-encoding']).toBe('gzip');
    const text = zlib.gunzipSync(big.body).toString();
    expect(Buffer.byteLength(text)).toBeGreaterThan(WHOLE_ANSWER_LIMIT);
    expect(text.startsWith(PAGE + PAGE)).toBe(true);
    expect(made).toHaveLength(2);
  } finally {
    Object.defineProperty(zlibModule, 'createGzip', createGzip);
  }
});

test('a client that takes brotli gets a whole page in brotli, with its length; the cache serves it in every form', async () => {
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  expect(BROTLI_QUALITY).toBe(3);
  const miss = await raw('/category?n=5', browser);
  expect(miss.headers['x-page-cache']).toBe('MISS');
  expect(miss.headers['content-encoding']).toBe('br');
  expect(miss.headers['content-length']).toBe(String(miss.body.length));
  expect(miss.headers.vary).toMatch(/Accept-Encoding/i);
  expect(miss.body.equals(brotli(Buffer.from(PAGE)))).toBe(true);
  expect(miss.body.length).toBeLessThan(zlib.gzipSync(PAGE, { level: GZIP_LEVEL }).length);
  expect(zlib.brotliDecompressSync(miss.body).toString()).toBe(PAGE);

  const hit = await raw('/category?n=5', browser);
  expect(hit.headers['x-page-cache']).toBe('HIT');
  expect(hit.headers['content-encoding']).toBe('br');
  expect(hit.body.equals(miss.body)).toBe(true);
  const gzipped = await raw('/category?n=5', { 'accept-encoding': 'gzip' });
  expect(gzipped.headers['x-page-cache']).toBe('HIT');
  expect(zlib.gunzipSync(gzipped.body).toString()).toBe(PAGE);
  const plain = await raw('/category?n=5');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(PAGE);
});

test('brotli only for a whole page, data or text: pieces, a script or a no-transform answer get gzip, a small one nothing', async () => {
  const browser = { 'accept-encoding': 'gzip, deflate, br' };
  const pieces = await raw('/pieces', browser);
  expect(pieces.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(pieces.body).toString()).toBe(PAGE);
  const script = await raw('/script', browser);
  expect(script.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(script.body).toString()).toBe(PAGE);
  const kept = await raw('/no-transform', browser);
  expect(kept.headers['content-encoding']).toBeUndefined();
  expect(kept.body.toString()).toBe(PAGE);
  const small = await raw('/small?fresh=1', browser);
  expect(small.headers['content-encoding']).toBeUndefined();
  expect(small.body.toString()).toBe(SMALL);
  const refused = await raw('/category?n=6', { 'accept-encoding': 'gzip, br;q=0' });
  expect(refused.headers['content-encoding']).toBe('gzip');
});
