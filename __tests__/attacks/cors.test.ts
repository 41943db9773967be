/** @jest-environment node */
/**
 * Attack suite, foreign origins and CORS (issue 11): a client hosted on a site listed in
 * CORS_ORIGINS can use the API from a browser (preflight 204, its writes pass the Origin check,
 * every answer names it in Access-Control-Allow-Origin), while every other site stays refused:
 * its preflight is a 403 without CORS headers and its writes a 403, as before. Over real HTTP to
 * the real route handlers (lib/server/http/route.ts and the /v1 catch-all).
 */
import { getConfig } from '@/lib/server/config';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { tag } from '../helpers/orders';

const LISTED = 'https://app.example';
const OTHER = 'https://evil.example';
let server: ApiServer;
let saved: string[];

beforeAll(async () => {
  await openTestDatabase();
  server = await startApiServer();
  saved = getConfig().corsOrigins;
  getConfig().corsOrigins = [LISTED];
});

afterAll(async () => {
  getConfig().corsOrigins = saved;
  await server.close();
  await closeTestDatabase();
});

const preflight = (path: string, origin: string, method = 'POST') =>
  fetch(`${server.url}${path}`, { method: 'OPTIONS', headers: { origin, 'access-control-request-method': method, 'access-control-request-headers': 'content-type, authorization' } });

const corsHeaders = (res: Response) => [...res.headers.keys()].filter((name) => name.startsWith('access-control-'));

describe('a site listed in CORS_ORIGINS', () => {
  it("gets its preflight answered with the route's methods and the headers the client sends", async () => {
    const res = await preflight('/v1/regal/subscribe', LISTED);
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(res.headers.get('access-control-allow-methods')).toBe('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('Content-Type, Authorization, Idempotency-Key');
    expect(Number(res.headers.get('access-control-max-age'))).toBeGreaterThan(0);
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(await res.text()).toBe('');
  });

  it('writes, reads and gets errors it can read, each naming only that site', async () => {
    const email = `cors.${tag()}@example.com`;
    const write = await fetch(`${server.url}/v1/regal/subscribe?email=${encodeURIComponent(email)}`, { method: 'POST', headers: { origin: LISTED } });
    expect(write.status).toBe(201);
    expect(write.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(write.headers.get('vary')).toMatch(/\bOrigin\b/);

    const read = await fetch(`${server.url}/v1/product/paginate?pageNumber=1&pageSize=2`, { headers: { origin: LISTED } });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(read.headers.get('vary')).toMatch(/\bOrigin\b/);

    const refused = await fetch(`${server.url}/v1/product/paginate?pageNumber=0`, { headers: { origin: LISTED } });
    expect(refused.status).toBe(400);
    expect(refused.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(refused.headers.get('access-control-expose-headers')).toMatch(/X-Request-Id/);
  });

  it('can read the JSON 404 of a path that is no call', async () => {
    expect((await preflight('/v1/no/such/call', LISTED, 'GET')).status).toBe(204);
    const res = await fetch(`${server.url}/v1/no/such/call`, { headers: { origin: LISTED } });
    expect(res.status).toBe(404);
    expect(res.headers.get('access-control-allow-origin')).toBe(LISTED);
    expect(await res.json()).toMatchObject({ data: null, error: true, status: 404 });
  });
});

describe('any other site', () => {
  it.each(['/v1/regal/subscribe', '/v1/no/such/call'])('has its preflight to %s refused with no CORS headers', async (path) => {
    const res = await preflight(path, OTHER);
    expect(res.status).toBe(403);
    expect(corsHeaders(res)).toEqual([]);
  });

  it('has its writes refused (403) and its reads answered without CORS headers', async () => {
    const write = await fetch(`${server.url}/v1/regal/subscribe?email=${encodeURIComponent(`cors.${tag()}@example.com`)}`, { method: 'POST', headers: { origin: OTHER } });
    expect(write.status).toBe(403);
    expect(corsHeaders(write)).toEqual([]);
    const read = await fetch(`${server.url}/v1/product/paginate?pageNumber=1&pageSize=2`, { headers: { origin: OTHER } });
    expect(read.status).toBe(200);
    expect(corsHeaders(read)).toEqual([]);
    expect(read.headers.get('vary')).toMatch(/\bOrigin\b/);
  });

  it('a look-alike of the listed site is another site', async () => {
    for (const origin of ['https://app.example.evil.example', 'http://app.example', 'https://app.example:8443']) {
      expect((await preflight('/v1/regal/subscribe', origin)).status).toBe(403);
    }
  });

  it('without CORS_ORIGINS, even the once-listed site is refused', async () => {
    getConfig().corsOrigins = [];
    try {
      const res = await preflight('/v1/regal/subscribe', LISTED);
      expect(res.status).toBe(403);
      expect(corsHeaders(res)).toEqual([]);
      const write = await fetch(`${server.url}/v1/regal/subscribe?email=x%40example.com`, { method: 'POST', headers: { origin: LISTED } });
      expect(write.status).toBe(403);
    } finally {
      getConfig().corsOrigins = [LISTED];
    }
  });

  it('an OPTIONS without Origin (no browser preflight) is still a 405 naming the methods', async () => {
    const res = await fetch(`${server.url}/v1/regal/subscribe`, { method: 'OPTIONS' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});

it('HEAD of a read is the GET without its body, as the page cache answers it', async () => {
  const res = await fetch(`${server.url}/v1/product/paginate?pageNumber=1&pageSize=2`, { method: 'HEAD' });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  expect(await res.text()).toBe('');
  expect((await fetch(`${server.url}/v1/regal/subscribe`, { method: 'HEAD' })).status).toBe(405);
});
