/** @jest-environment node */
/**
 * Every API route that takes a body turns Next's body parser off with the literal
 * `export const config = { api: { bodyParser: false } };` (a shared constant or a re-export does
 * not build: see lib/server/http/route.ts). The API tests' server calls handlers directly, so
 * this is where the setting is proved: through Next's own resolver (`apiResolver`, which reads
 * `config` from the module's exports on each request), every write call leaves the body to
 * `route()`, so over 100 KB is a 413 and malformed JSON the JSON 400 envelope. Without the setting
 * Next's parser takes the body first: no 413, and its own plain-text 400.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { apiResolver } from 'next/dist/server/api-utils/node/api-resolver';
import { getConfig } from '@/lib/server/config';
import { closeDatabase } from '@/lib/server/db/client';
import { MAX_BODY_BYTES } from '@/lib/server/http/route';

type RouteModule = { default: (req: http.IncomingMessage, res: http.ServerResponse) => unknown; config?: unknown };
type Answer = { status: number; type: string; text: string };

const apiRoot = path.join(process.cwd(), 'pages', 'api');
const STAFF_TOKEN = 'route-config-staff-token';
const ID = '00000000-0000-4000-8000-000000000000';

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The API route files that answer through the wrapper (`route()`, or its 404 for unknown /v1 paths). */
const wrapperRoutes = files(apiRoot)
  .filter((file) => /\broute\(\s*\{|\bbeginAnswer\(/.test(fs.readFileSync(file, 'utf8')))
  .map((file) => path.relative(apiRoot, file));

// eslint-disable-next-line @typescript-eslint/no-require-imports
const load = (file: string) => require(path.join(apiRoot, file)) as RouteModule;

/** The write calls: each route file's first method that takes a body, from its source. */
const writeRoutes = wrapperRoutes.flatMap((file) => {
  const method = /\b(POST|PUT|PATCH|DELETE): endpoint\(/.exec(fs.readFileSync(path.join(apiRoot, file), 'utf8'))?.[1];
  return method ? [[file, method] as const] : [];
});

/**
 * Staff calls that need a signed-in member check the session cookie before the body is read (a
 * 401 here, where no database is open): their literal is checked above, not their answers.
 */
const resolvedWriteRoutes = writeRoutes.filter(([file]) => !/\bauthorizeStaff\(/.test(fs.readFileSync(path.join(apiRoot, file), 'utf8')));

/** A valid query for a route file: its dynamic segments (an id, a provider) and required parameters. */
function queryFor(file: string): Record<string, string> {
  const query: Record<string, string> = file.endsWith('unsubscribe.ts') ? { t: 'link-code' } : file.endsWith('subscribe.ts') ? { email: 'a@example.com' } : {};
  for (const [, name] of file.matchAll(/\[(\w+)\]/g)) query[name!] = name === 'provider' ? 'paystack' : ID;
  return query;
}

/** Serves one module through Next's resolver, as `next start` does for `pages/api`. */
async function resolve(mod: RouteModule, query: Record<string, string | string[]>, init: { method: string; body?: string; headers?: Record<string, string> }): Promise<Answer> {
  const server = http.createServer((req, res) => {
    void apiResolver(req, res, query, mod, { previewModeId: '', previewModeEncryptionKey: '', previewModeSigningKey: '', dev: false }, false, false, '/api/test');
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/test`, {
      method: init.method,
      body: init.body,
      // The shop's own origin: staff calls (/admin/api) refuse a write without one.
      headers: { 'content-type': 'application/json', authorization: `Bearer ${STAFF_TOKEN}`, origin: `http://127.0.0.1:${port}`, ...init.headers },
    });
    return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text() };
  } finally {
    await new Promise((done) => server.close(done));
  }
}

const oversize = JSON.stringify({ email: 'a@example.com', padding: 'x'.repeat(MAX_BODY_BYTES) });
const malformed = '{"email": "a@example.com",';

const envelope = (answer: Answer) => ({ status: answer.status, json: /^application\/json/.test(answer.type), body: JSON.parse(answer.text) as unknown });

beforeAll(() => {
  getConfig().adminToken = STAFF_TOKEN;
});

afterAll(async () => {
  getConfig().adminToken = undefined;
  // A route that reached its handler opened the database: closed, so a failure here is a
  // failure, not a run that never ends.
  await closeDatabase();
});

it('finds the route files', () => {
  expect(wrapperRoutes.length).toBeGreaterThanOrEqual(30);
  expect(wrapperRoutes).toContain(path.join('v1', 'regal', 'auth', 'login.ts'));
});

it.each(writeRoutes)('%s turns Next’s body parser off', (file) => {
  expect(load(file).config).toEqual({ api: { bodyParser: false } });
});

it('finds the write calls', () => {
  expect(writeRoutes.length).toBeGreaterThanOrEqual(20);
  expect(writeRoutes).toContainEqual([path.join('v1', 'payments', 'webhook', '[provider].ts'), 'POST']);
  expect(writeRoutes).toContainEqual([path.join('staff', 'auth', 'login.ts'), 'POST']);
  expect(resolvedWriteRoutes).toContainEqual([path.join('staff', 'auth', 'logout-all.ts'), 'POST']);
});

describe.each(resolvedWriteRoutes)('%s through Next’s resolver', (file, method) => {
  it(`reads the ${method} body itself: over 100 KB is 413, malformed JSON the JSON 400`, async () => {
    const mod = load(file);
    const query = queryFor(file);
    expect(envelope(await resolve(mod, query, { method, body: oversize }))).toEqual({
      status: 413,
      json: true,
      body: { data: null, error: true, message: 'The request body is larger than 100 KB', status: 413 },
    });
    // Read raw: a webhook's bytes are the provider's to sign; the unsubscribe call reads its
    // form or JSON only after the link's code is checked (which needs the database).
    if (/\brawBody: true\b/.test(fs.readFileSync(path.join(apiRoot, file), 'utf8'))) return;
    expect(envelope(await resolve(mod, query, { method, body: malformed }))).toEqual({
      status: 400,
      json: true,
      body: { data: null, error: true, message: 'The request body is not valid JSON', status: 400 },
    });
  });
});

it('would not without it: Next parses the body first (no 413, its own plain-text 400)', async () => {
  const { default: handler } = load(path.join('v1', 'regal', 'auth', 'login.ts'));
  const withoutConfig: RouteModule = { default: handler };
  const big = await resolve(withoutConfig, {}, { method: 'POST', body: oversize });
  expect(big.status).not.toBe(413);
  const bad = await resolve(withoutConfig, {}, { method: 'POST', body: malformed });
  expect(bad.status).toBe(400);
  expect(bad.type).not.toMatch(/json/);
  expect(bad.text).toBe('Invalid JSON');
});
