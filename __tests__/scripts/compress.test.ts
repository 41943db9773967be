/** @jest-environment node */
/**
 * What the app server compresses (scripts/compress.mjs): Next's `compression` middleware at
 * GZIP_LEVEL, over real HTTP, behind the shared-page cache as in scripts/app-server.mjs: a page
 * asked with gzip comes gzipped at that level; a client that does not take gzip, or a small
 * answer, gets it plain; the cache keeps the gzipped miss and serves the same page plain; a client
 * gone before the end leaves no zlib stream behind.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';
import zlib from 'node:zlib';
import type * as Compress from '../../scripts/compress.mjs';
import type * as PageCache from '../../scripts/page-cache.mjs';

let compressAnswers: typeof Compress.compressAnswers;
let GZIP_LEVEL: number;
let withPageCache: typeof PageCache.withPageCache;

/** A category page's worth of markup: 40 product cards with prices in naira. */
const PAGE = `<!DOCTYPE html><html><body><main>${Array.from({ length: 40 }, (_, i) => `<article><a href="/product/roses-${i}"><img src="/media/p/${i}.webp?w=400" alt="Red roses ${i}" width="400" height="400"></a><h3>Red Roses Bouquet ${i}</h3><p>₦${(55000 + i * 1500).toLocaleString('en-NG')}</p><button type="button">Add to cart</button></article>`).join('')}</main></body></html>`;
const SMALL = '<p>Call the shop.</p>';

let server: http.Server;
let base: string;
/** The zlib stream behind the last `/cut-short` answer. */
let cutStream: Duplex | undefined;

beforeAll(async () => {
  ({ compressAnswers, GZIP_LEVEL } = await import('../../scripts/compress.mjs'));
  ({ withPageCache } = await import('../../scripts/page-cache.mjs'));
  const compress = compressAnswers();
  const handle = withPageCache((req, res) => {
    compress(req, res);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'public, s-maxage=30');
    if (req.url?.startsWith('/small')) return void res.end(SMALL);
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
  const { headers, body } = await raw('/category?n=1', { 'accept-encoding': 'gzip, deflate, br' });
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
