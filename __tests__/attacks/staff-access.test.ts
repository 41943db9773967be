/** @jest-environment node */
/**
 * Attack suite, the back office's access (issue 13): its cookie must not reach or change the
 * storefront, and cookie-carried sessions must not be usable from another site.
 * - The storefront stays cookie-free: no storefront answer sets a cookie (real /v1 routes over
 *   real HTTP, sent a staff cookie too), and only the back office's code can write one.
 * - The shared page cache (scripts/page-cache.mjs, in front of a stand-in that answers like Next)
 *   serves a storefront page from the cache to a request that carries a staff cookie, the same
 *   page everyone gets; it never keeps an /admin page, its page data or its API, even one that
 *   says `public`.
 * - CSRF: a form another site posts to a staff call (the browser adds the cookie when it can, and
 *   always the Origin) is refused before anything runs; so is a write without any Origin.
 * Session fixation (a planted cookie is never kept at sign-in) is in __tests__/api/staff-auth.test.ts.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '@/lib/server/db/client';
import { mailIdle } from '@/lib/server/mail/mailer';
import { addStaffWithPassword, staffCode, staffLogin } from '@/lib/server/services/staff/auth';
import { readOutbox } from '@/lib/server/mail/outbox';
import { getConfig } from '@/lib/server/config';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import type * as PageCache from '../../scripts/page-cache.mjs';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-attacks-staff-'));
let api: ApiServer;
let database: Database;
/** A live staff session and device, signed in through the service. */
let session: string;
let device: string;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.DATA_DIR = dataDir;
  getConfig().dataDir = dataDir;
  database = await openTestDatabase();
  api = await startApiServer();
  const email = `owner.${Date.now()}@example.com`;
  await addStaffWithPassword(database.db, { email, name: 'Owner', role: 'owner', branch: null, password: 'an owner password' }, new Date());
  const req = { headers: {}, socket: {} } as never;
  const ctx = { ip: '192.0.2.50', now: new Date() };
  await staffLogin(database.db, req, { email, password: 'an owner password' }, ctx);
  await mailIdle();
  const code = /code is: (\d{6})/.exec((await readOutbox(dataDir, { to: email, limit: 1 }))[0]!.text)![1]!;
  const signedIn = await staffCode(database.db, req, { email, code }, ctx);
  const value = (name: string) => signedIn.cookies.find((c) => c.startsWith(`${name}=`))!.split(';')[0]!.split('=')[1]!;
  session = value('staff_session');
  device = value('staff_device');
});

afterAll(async () => {
  await mailIdle();
  await api.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const staffCookie = () => `staff_session=${session}; staff_device=${device}`;
const me = () => fetch(`${api.url}/admin/api/auth/me`, { headers: { cookie: staffCookie() } });

describe('the storefront stays cookie-free', () => {
  it('no /v1 answer sets a cookie, whether or not the request carries a staff cookie', async () => {
    const page = (await (await fetch(`${api.url}/v1/product/paginate?pageSize=2`)).json()) as { data: { items: { slug: string }[] } };
    const slug = page.data.items[0]!.slug;
    const email = `shopper.${Date.now()}@example.com`;
    const calls: [string, string, unknown?][] = [
      ['GET', '/v1/regal/handshake'],
      ['GET', '/v1/product/paginate?pageSize=2'],
      ['GET', `/v1/product/slug/${slug}`],
      ['GET', '/v1/product-category/birthday-flowers'],
      ['GET', '/v1/firebase/order/order-number/RF-000000'],
      ['POST', '/v1/regal/auth/signup', { email, password: 'a shopper password' }],
      ['POST', '/v1/regal/auth/login', { email, password: 'a shopper password' }],
      ['POST', '/v1/regal/auth/login', { email, password: 'wrong password' }],
      ['POST', '/v1/regal/auth/otp/request', { email }],
      ['GET', '/v1/no/such/call'],
    ];
    for (const cookie of [undefined, staffCookie()]) {
      for (const [method, url, body] of calls) {
        const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': '198.51.100.7' };
        if (cookie) headers.cookie = cookie;
        const res = await fetch(`${api.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
        expect([method, url, res.status < 500, res.headers.getSetCookie()]).toEqual([method, url, true, []]);
      }
    }
  });

  it('only the back office writes cookies: no other code imports the cookie writer or sets Set-Cookie', () => {
    const root = process.cwd();
    const allowed = [/^lib\/server\/http\/cookies\.ts$/, /^lib\/server\/services\/staff\//, /^pages\/api\/staff\//, /^lib\/server\/staff-page\.ts$/];
    const offenders: string[] = [];
    const walk = (dir: string): void => {
      for (const entry of fs.readdirSync(path.join(root, dir), { withFileTypes: true })) {
        const rel = path.posix.join(dir, entry.name);
        if (entry.isDirectory()) walk(rel);
        else if (/\.(ts|tsx|mjs|js)$/.test(entry.name)) {
          const source = fs.readFileSync(path.join(root, rel), 'utf8');
          const writes = /lib\/server\/http\/cookies['"]/.test(source) || /setHeader\(\s*['"]set-cookie['"]/i.test(source);
          if (writes && !allowed.some((rule) => rule.test(rel))) offenders.push(rel);
        }
      }
    };
    for (const dir of ['lib', 'pages', 'components', 'scripts']) walk(dir);
    expect(offenders).toEqual([]);
  });
});

describe('the shared page cache and the staff cookie', () => {
  let pageCache: typeof PageCache;
  let shop: FakeServer;
  let renders = 0;
  const PAGE = '<!DOCTYPE html><html><body><h1>Birthday flowers</h1></body></html>';

  beforeAll(async () => {
    pageCache = await import('../../scripts/page-cache.mjs');
    // Answers like Next: every page (the back office's too, here) says public, s-maxage=30.
    shop = await startFakeServer(
      pageCache.withPageCache((req, res) => {
        renders++;
        res.statusCode = 200;
        res.setHeader('Cache-Control', 'public, s-maxage=30, stale-while-revalidate=300');
        res.setHeader('Content-Type', 'text/html; charset=utf-8');
        res.setHeader('Content-Length', Buffer.byteLength(PAGE));
        res.end(PAGE);
      }),
    );
  });

  afterAll(async () => {
    await shop.close();
  });

  const get = (url: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      http
        .get(url, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        })
        .on('error', reject);
    });

  it('serves a storefront page from the cache to a request carrying a staff cookie, unchanged', async () => {
    const url = `${shop.url}/product-category/birthday-flowers`;
    expect((await get(url)).headers['x-page-cache']).toBe('MISS');
    const before = renders;
    const withCookie = await get(url, { cookie: staffCookie() });
    expect(withCookie.headers['x-page-cache']).toBe('HIT');
    expect(withCookie.body).toBe(PAGE);
    expect(withCookie.headers['set-cookie']).toBeUndefined();
    expect(renders).toBe(before);
  });

  it.each(['/admin', '/admin/login?step=code', '/admin/api/auth/me', '/_next/data/build-1/admin.json', '/_next/data/build-1/admin/login.json'])(
    'never keeps %s, even when it says public',
    async (pathname) => {
      await get(`${shop.url}${pathname}`, { cookie: staffCookie() });
      const before = renders;
      const again = await get(`${shop.url}${pathname}`);
      expect(again.headers['x-page-cache']).toBeUndefined();
      expect(renders).toBe(before + 1);
    },
  );
});

describe('CSRF on staff calls', () => {
  it.each([
    ['a form posted from another site', { origin: 'https://evil.example', 'content-type': 'application/x-www-form-urlencoded' }, 'x=1'],
    ['a text/plain post from another site', { origin: 'https://evil.example', 'content-type': 'text/plain' }, '{}'],
    ['JSON from another site', { origin: 'https://evil.example', 'content-type': 'application/json' }, '{}'],
    ['a sandboxed page (Origin: null)', { origin: 'null', 'content-type': 'application/json' }, '{}'],
    ['a write without Origin', { 'content-type': 'application/json' }, '{}'],
  ])('%s to logout-all is 403 and the session still works', async (_what, headers, body) => {
    const res = await fetch(`${api.url}/admin/api/auth/logout-all`, { method: 'POST', headers: { ...headers, cookie: staffCookie() }, body });
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie()).toEqual([]);
    expect((await me()).status).toBe(200);
  });

  it('a staff call cannot be made with GET, and an unknown staff path is a JSON 404', async () => {
    const viaGet = await fetch(`${api.url}/admin/api/auth/logout-all`, { headers: { cookie: staffCookie() } });
    expect(viaGet.status).toBe(405);
    expect((await me()).status).toBe(200);
    const unknown = await fetch(`${api.url}/admin/api/no-such-call`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ data: null, error: true, message: 'There is no call GET /admin/api/no-such-call', status: 404 });
  });
});
