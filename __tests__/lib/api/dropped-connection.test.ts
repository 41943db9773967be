/** @jest-environment node */
/**
 * The server-side API client (lib/api/server.ts) sends a GET again, once, when its connection
 * dropped before any answer: a kept-alive connection the server closed as idle just as the
 * request went out on it made a page answer 500 while an instance restarted (e2e/instances).
 * A POST is never sent twice; a second drop is the caller's error.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiError } from '@/lib/api/client';
import { createServerApi } from '@/lib/api/server';

let server: http.Server;
let url: string;
/** How many requests to drop before answering, the status to answer with, and what came in. */
let drops = 0;
let status = 200;
const seen: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push(`${req.method} ${req.url}`);
    if (drops > 0) {
      drops--;
      req.socket.destroy();
      return;
    }
    res.statusCode = status;
    res.setHeader('Content-Type', 'application/json');
    res.end(JSON.stringify(status === 200 ? { data: { ok: true } } : { error: true, message: 'No product has that address', status }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  drops = 0;
  status = 200;
  seen.length = 0;
});

test('a GET whose connection dropped is sent again once, and answers', async () => {
  const api = createServerApi({ baseURL: url, business: 'shop' });
  drops = 1;
  const res = await api.http.get('/v1/product/slug/roses');
  expect(res.data).toEqual({ data: { ok: true } });
  expect(seen).toEqual(['GET /v1/product/slug/roses', 'GET /v1/product/slug/roses']);
});

test("the second try's own answer is the call's: a 404 stays a 404", async () => {
  const api = createServerApi({ baseURL: url, business: 'shop' });
  drops = 1;
  status = 404;
  const error = await api.http.get('/v1/product/slug/tulips-from-mars').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(error).toMatchObject({ status: 404, message: 'No product has that address' });
  expect(seen).toHaveLength(2);
});

test('a GET that drops twice fails with the API error, after one second try', async () => {
  const api = createServerApi({ baseURL: url, business: 'shop' });
  drops = 2;
  const error = await api.http.get('/v1/product/slug/roses').catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect((error as ApiError).status).toBe(0);
  expect(seen).toHaveLength(2);
});

test('a POST whose connection dropped is not sent again', async () => {
  const api = createServerApi({ baseURL: url, business: 'shop' });
  drops = 1;
  const error = await api.http.post('/v1/firebase/order/create', { items: [] }).catch((e: unknown) => e);
  expect(error).toBeInstanceOf(ApiError);
  expect(seen).toEqual(['POST /v1/firebase/order/create']);
});
