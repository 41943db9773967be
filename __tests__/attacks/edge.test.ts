/** @jest-environment node */
/**
 * Attack suite, the edge (issue 11): what an outside probe of the running shop broke.
 * - The shared page cache (scripts/page-cache.mjs, what scripts/serve.mjs puts in front of Next)
 *   over real HTTP in front of a stand-in that answers like Next (headers and an empty body for
 *   HEAD, `public, s-maxage=30`): a HEAD must not leave a blank page for everyone; only a full
 *   200 answer to a body-less GET is kept.
 * - A `/v1` address that does not decode (scripts/api-address.mjs) gets the API's JSON 400 with
 *   the security headers of next.config.js, not Next's HTML page.
 * - A malformed picture id is a 404 like an unknown picture, not a 500.
 * - The dev outbox follows the operator rule of the payment sandbox (lib/server/operator.ts).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import type { GetServerSidePropsContext } from 'next';
import { getConfig } from '@/lib/server/config';
import { captureLogs, type LogCapture } from '@/lib/server/log';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import type * as PageCache from '../../scripts/page-cache.mjs';
import type * as ApiAddress from '../../scripts/api-address.mjs';

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type PageCacheModule = typeof PageCache;
type AddressModule = typeof ApiAddress;

const PAGE = '<!DOCTYPE html><html><body><h1>Contact us</h1><p>Call the shop.</p></body></html>';
let renders = 0;
/** The Accept-Encoding each render of `/compressed` was asked with. */
const encodingsAsked: (string | undefined)[] = [];

/** Answers like Next's page handler: full headers always, the body only for GET. */
const likeNext: Handler = (req, res) => {
  renders++;
  const url = new URL(req.url ?? '/', 'http://shop.test');
  const send = (status: number, body: string, cacheControl: string, extra: Record<string, string> = {}) => {
    res.statusCode = status;
    res.setHeader('Cache-Control', cacheControl);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    for (const [name, value] of Object.entries(extra)) res.setHeader(name, value);
    res.setHeader('Content-Length', Buffer.byteLength(body));
    res.end(req.method === 'HEAD' ? undefined : body);
  };
  const shared = 'public, s-maxage=30, stale-while-revalidate=300';
  if (url.pathname === '/missing') return send(404, 'Not found', shared);
  if (url.pathname === '/broken') return send(500, 'Broken', shared);
  if (url.pathname === '/partial') {
    res.statusCode = 200;
    res.setHeader('Cache-Control', shared);
    res.setHeader('Content-Length', Buffer.byteLength(PAGE));
    res.write(PAGE.slice(0, 20));
    setTimeout(() => res.destroy(), 20);
    return;
  }
  if (url.pathname === '/compressed' || url.pathname === '/always-gzip') {
    // Like Next with `compress`: gzip when the request takes it (`/always-gzip`: whatever it says).
    encodingsAsked.push(req.headers['accept-encoding']);
    const gzip = url.pathname === '/always-gzip' || /gzip/.test(String(req.headers['accept-encoding'] ?? ''));
    res.statusCode = 200;
    res.setHeader('Cache-Control', shared);
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Vary', 'Accept-Encoding');
    if (!gzip) return res.end(PAGE);
    res.setHeader('Content-Encoding', 'gzip');
    const bytes = zlib.gzipSync(PAGE);
    res.write(bytes.subarray(0, 10));
    return res.end(bytes.subarray(10));
  }
  if (url.pathname === '/catalogue') {
    // Like route.ts: a listed site gets Access-Control-Allow-Origin; every answer Vary: Origin.
    const origin = req.headers.origin;
    const cors: Record<string, string> = { Vary: 'Origin' };
    if (origin === 'https://app.example') cors['Access-Control-Allow-Origin'] = origin;
    return send(200, `{"items":[],"render":${renders}}`, shared, cors);
  }
  return send(200, PAGE, shared);
};

let pageCache: PageCacheModule;
let address: AddressModule;
let shop: FakeServer;

beforeAll(async () => {
  pageCache = await import('../../scripts/page-cache.mjs');
  address = await import('../../scripts/api-address.mjs');
  shop = await startFakeServer(pageCache.withPageCache(likeNext));
});

afterAll(async () => {
  await shop.close();
});

/** One request over a raw connection, so that a cut-short answer is seen as it is. */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string; bytes: Buffer; complete: boolean }>((resolve) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      const done = () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes, complete: res.complete });
      };
      res.on('end', done);
      res.on('error', done);
      res.on('aborted', done);
    });
    req.on('error', () => resolve({ status: 0, headers: {}, body: '', bytes: Buffer.alloc(0), complete: false }));
    req.end(options.body);
  });
}

describe('the shared page cache keeps only a full GET answer', () => {
  it('a HEAD first does not leave a blank page for the next visitors; HEAD is then answered from the GET', async () => {
    const url = `${shop.url}/contact?x=1`;
    const head = await raw(url, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.body).toBe('');

    const first = await raw(url);
    expect(first.body).toBe(PAGE);
    const second = await raw(url);
    expect(second.headers['x-page-cache']).toBe('HIT');
    expect(second.body).toBe(PAGE);

    const before = renders;
    const headAgain = await raw(url, { method: 'HEAD' });
    expect(headAgain.headers['x-page-cache']).toBe('HIT');
    expect(headAgain.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
    expect(headAgain.headers['x-content-type-options']).toBe('nosniff');
    expect(headAgain.body).toBe('');
    expect(renders).toBe(before);
  });

  it('never keeps a 404, a 500, an answer cut short, or the answer to a request with a body', async () => {
    for (const pathname of ['/missing', '/broken']) {
      await raw(`${shop.url}${pathname}`);
      expect((await raw(`${shop.url}${pathname}`)).headers['x-page-cache']).not.toBe('HIT');
    }

    const cut = await raw(`${shop.url}/partial`);
    expect(cut.complete).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const after = await raw(`${shop.url}/partial`);
    expect(after.headers['x-page-cache']).not.toBe('HIT');

    const withBody = `${shop.url}/contact?with=body`;
    expect((await raw(withBody, { headers: { 'content-type': 'text/plain', 'content-length': '5' }, body: 'hello' })).status).toBe(200);
    expect((await raw(withBody)).headers['x-page-cache']).not.toBe('HIT');
  });

  it('sends a miss compressed to a browser that takes it, keeps it, and serves it plain, gzipped or in brotli', async () => {
    const url = `${shop.url}/compressed?page=1`;
    const browser = { 'accept-encoding': 'gzip, deflate, br' };
    const miss = await raw(url, { headers: browser });
    expect(miss.headers['x-page-cache']).toBe('MISS');
    expect(miss.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(miss.bytes).toString()).toBe(PAGE);
    // The handler was asked for brotli and gzip only, so the copy kept is in a form every hit can use.
    expect(encodingsAsked.at(-1)).toBe('br, gzip');

    const before = renders;
    const plain = await raw(url);
    expect(plain.headers['x-page-cache']).toBe('HIT');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(PAGE);
    expect(plain.headers['content-length']).toBe(String(Buffer.byteLength(PAGE)));
    const gzipped = await raw(url, { headers: { 'accept-encoding': 'gzip' } });
    expect(gzipped.headers['x-page-cache']).toBe('HIT');
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(gzipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.gunzipSync(gzipped.bytes).toString()).toBe(PAGE);
    const brotli = await raw(url, { headers: browser });
    expect(brotli.headers['x-page-cache']).toBe('HIT');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-length']).toBe(String(brotli.bytes.length));
    expect(zlib.brotliDecompressSync(brotli.bytes).toString()).toBe(PAGE);
    expect(renders).toBe(before);

    // A plain miss is kept plain, gzipped on its first gzip hit and put in brotli on its first brotli hit.
    const other = `${shop.url}/compressed?page=2`;
    expect((await raw(other)).headers['content-encoding']).toBeUndefined();
    expect(encodingsAsked.at(-1)).toBeUndefined();
    const hit = await raw(other, { headers: { 'accept-encoding': 'gzip' } });
    expect(hit.headers['x-page-cache']).toBe('HIT');
    expect(zlib.gunzipSync(hit.bytes).toString()).toBe(PAGE);
    const brotliHit = await raw(other, { headers: { 'accept-encoding': 'br' } });
    expect(brotliHit.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotliHit.bytes).toString()).toBe(PAGE);
  });

  it('never keeps an answer compressed in a coding that was not asked for, nor asks for one a browser refuses', async () => {
    const url = `${shop.url}/always-gzip`;
    await raw(url);
    expect((await raw(url)).headers['x-page-cache']).toBe('MISS');
    await raw(url, { headers: { 'accept-encoding': 'br' } });
    expect((await raw(url, { headers: { 'accept-encoding': 'br' } })).headers['x-page-cache']).toBe('MISS');

    const refused = `${shop.url}/compressed?page=3`;
    await raw(refused, { headers: { 'accept-encoding': 'gzip;q=0, br' } });
    expect(encodingsAsked.at(-1)).toBe('br');
    await raw(`${shop.url}/compressed?page=4`, { headers: { 'accept-encoding': 'gzip, br;q=0' } });
    expect(encodingsAsked.at(-1)).toBe('gzip');
  });

  it("never serves one site's CORS answer to another, nor to a caller without Origin", async () => {
    const url = `${shop.url}/catalogue?page=1`;
    const listed = { origin: 'https://app.example' };
    await raw(url, { headers: listed });
    const hit = await raw(url, { headers: listed });
    expect(hit.headers['x-page-cache']).toBe('HIT');
    expect(hit.headers['access-control-allow-origin']).toBe('https://app.example');
    expect(hit.headers.vary).toMatch(/Origin/);

    for (const headers of [{}, { origin: 'https://evil.example' }, {}] as Record<string, string>[]) {
      const other = await raw(url, { headers });
      expect(other.headers['access-control-allow-origin']).toBeUndefined();
    }
    // An origin the answer did not allow takes no cache space: every request goes to the app.
    const before = renders;
    await raw(url, { headers: { origin: 'https://evil.example' } });
    await raw(url, { headers: { origin: 'https://evil.example' } });
    expect(renders).toBe(before + 2);
  });
});

describe('a /v1 address that does not decode', () => {
  let server: FakeServer;
  let headers: { key: string; value: string }[];

  beforeAll(async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    headers = await address.securityHeadersFrom(require('../../next.config.js'));
    server = await startFakeServer(address.withApiAddressCheck(pageCache.withPageCache(likeNext), { headers }));
  });

  afterAll(async () => {
    await server.close();
  });

  it.each(['/v1/product/slug/%ff', '/v1/product/slug/%E0%A4%A', '/v1/x%', '/api/v1/product/slug/%ff?x=1'])('%s gets the JSON envelope, 400, with the security headers', async (pathname) => {
    const res = await raw(`${server.url}${pathname}`);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({ data: null, error: true, message: expect.stringMatching(/^The address is not valid: /), status: 400 });
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(headers.length).toBeGreaterThanOrEqual(5);
    for (const { key, value } of headers) expect([key, res.headers[key.toLowerCase()]]).toEqual([key, value]);
  });

  it('leaves well-formed /v1 addresses and pages to the app', async () => {
    expect((await raw(`${server.url}/v1/product/slug/red-roses%20x`)).status).toBe(200);
    expect((await raw(`${server.url}/contact%ff`)).body).toBe(PAGE);
  });
});

describe('picture ids and the dev outbox, through the real routes', () => {
  let api: ApiServer;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-attacks-edge-'));
  const errors: unknown[] = [];
  let logs: LogCapture;

  beforeAll(async () => {
    process.env.DATA_DIR = dataDir;
    getConfig().dataDir = dataDir;
    await openTestDatabase();
    api = await startApiServer();
    jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args));
    logs = captureLogs('warn');
  });

  afterAll(async () => {
    logs.stop();
    jest.restoreAllMocks();
    await api.close();
    await closeTestDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it.each(['------------------------------------', 'zzzzzzzz-zzzz-zzzz-zzzz-zzzzzzzzzzzz', '0000000-00000-0000-0000-000000000000', 'ABCDEFAB-0000-5000-8000-000000000000'])(
    'a picture id %s that is not a UUID is a 404 like an unknown picture',
    async (id) => {
      const res = await fetch(`${api.url}/media/p/${id}.webp`);
      expect(res.status).toBe(404);
      expect(await res.text()).toBe('No such picture');
      expect([...errors, ...logs.lines()]).toEqual([]);
    },
  );

  describe('the dev outbox follows the operator rule (lib/server/operator.ts)', () => {
    const saved = { env: getConfig().env, operator: process.env.OPERATOR_NODE_ENV };

    afterEach(() => {
      getConfig().env = saved.env;
      if (saved.operator === undefined) delete process.env.OPERATOR_NODE_ENV;
      else process.env.OPERATOR_NODE_ENV = saved.operator;
    });

    /** Next serves in production mode under `npm start`, which passes the operator's NODE_ENV. */
    function servedByNpmStart(operatorNodeEnv: string | undefined) {
      getConfig().env = 'production';
      if (operatorNodeEnv === undefined) delete process.env.OPERATOR_NODE_ENV;
      else process.env.OPERATOR_NODE_ENV = operatorNodeEnv;
    }

    async function page() {
      const { getServerSideProps } = await import('@/pages/dev/outbox');
      const headers: Record<string, string> = {};
      const res = { setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value) };
      const result = await getServerSideProps({ query: {}, res } as unknown as GetServerSidePropsContext);
      return { result, headers };
    }

    it.each(['', 'development', 'test'])('is there under `npm start` when the operator asked for %p', async (operator) => {
      servedByNpmStart(operator);
      const { result, headers } = await page();
      expect(result).toHaveProperty('props.entries');
      expect(headers['cache-control']).toBe('private, no-store');
      const res = await fetch(`${api.url}/api/dev/outbox`);
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ error: false, data: expect.any(Array) });
    });

    it.each(['production', 'prod', 'Production', undefined])('is a 404 when the operator asked for %p', async (operator) => {
      servedByNpmStart(operator);
      expect((await page()).result).toEqual({ notFound: true });
      expect((await fetch(`${api.url}/api/dev/outbox`)).status).toBe(404);
    });
  });
});
