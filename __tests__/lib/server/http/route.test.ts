/** @jest-environment node */
/**
 * What the wrapper hands every endpoint and what it refuses before the handler runs: the
 * process's database comes in the context (`db`), and a `business` that is not this shop's is a
 * 400 whether it comes in the query or in the body, for any endpoint, without the handler
 * having to check it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { z } from 'zod';
import { getConfig } from '@/lib/server/config';
import { setDatabase, type Database, type Db } from '@/lib/server/db/client';
import { endpoint, route } from '@/lib/server/http/route';

const processDb = { marker: 'the process database' } as unknown as Db;
const seen: { db: Db; body: unknown }[] = [];

const handler = route({
  POST: endpoint({
    body: z.strictObject({ business: z.string().optional(), roses: z.number() }),
    handle: async ({ db, body }) => {
      seen.push({ db, body });
      return { data: body };
    },
  }),
  PUT: endpoint({
    // A body that does not declare `business`: the schema refuses it as any undeclared key.
    body: z.strictObject({ roses: z.number() }),
    handle: async ({ body }) => ({ data: body }),
  }),
});

let server: http.Server;
let url = '';

beforeAll(async () => {
  setDatabase({ db: processDb } as Database);
  server = http.createServer((req, res) => {
    const parsed = new URL(req.url ?? '/', 'http://x');
    void handler(Object.assign(req, { query: Object.fromEntries(parsed.searchParams) }), res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((done) => server.close(done)));

beforeEach(() => {
  seen.length = 0;
});

async function send(method: string, body: unknown, query = '') {
  const res = await fetch(`${url}/${query}`, { method, body: JSON.stringify(body), headers: { 'content-type': 'application/json' } });
  return { status: res.status, body: (await res.json()) as { data: unknown; error: boolean; message: string } };
}

it('hands the handler the process database', async () => {
  expect((await send('POST', { roses: 12 })).status).toBe(200);
  expect(seen).toEqual([{ db: processDb, body: { roses: 12 } }]);
});

it('passes this shop’s business, in the body or the query', async () => {
  const business = getConfig().businessId;
  expect((await send('POST', { roses: 1, business })).status).toBe(200);
  expect((await send('POST', { roses: 1 }, `?business=${business}`)).status).toBe(200);
  expect(seen).toHaveLength(2);
});

it.each([
  ['in the body', { roses: 1, business: 'other-shop' }, ''],
  ['in the query', { roses: 1 }, '?business=other-shop'],
])('refuses another shop’s business %s before the handler runs', async (_where, body, query) => {
  const res = await send('POST', body, query);
  expect(res.status).toBe(400);
  expect(res.body).toMatchObject({ data: null, error: true, message: 'business: unknown shop "other-shop"' });
  expect(seen).toEqual([]);
});

it('shortens a long foreign business in the message', async () => {
  const res = await send('POST', { roses: 1, business: 'x'.repeat(200) });
  expect(res.body.message).toBe(`business: unknown shop "${'x'.repeat(64)}"`);
});

it('leaves a body without `business` to its schema', async () => {
  expect((await send('PUT', { roses: 3 })).body).toMatchObject({ error: false, data: { roses: 3 } });
  expect((await send('PUT', { roses: 3, business: getConfig().businessId })).status).toBe(400);
});
