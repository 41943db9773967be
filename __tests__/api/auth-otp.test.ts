/** @jest-environment node */
/**
 * One-time passwords over real HTTP against the real database, with no SMTP server configured:
 * the codes are read from the dev outbox (`DATA_DIR/outbox`, `GET /api/dev/outbox`,
 * `/dev/outbox`). Expiry, single use, 5 wrong tries, a new request voiding the old code, the
 * request limit, and answers that do not tell registered e-mails from unknown ones.
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import type { UserRecord } from '@/lib/contracts/auth';
import { mailIdle } from '@/lib/server/mail/mailer';
import type { OutboxEntry } from '@/lib/server/mail/outbox';
import type * as OutboxPage from '@/pages/dev/outbox';
import type * as OutboxApi from '@/pages/api/dev/outbox';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-otp-'));
let server: ApiServer;

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.DATA_DIR = dataDir;
  // Clients are told apart by X-Forwarded-For, as behind one trusted proxy.
  process.env.TRUST_PROXY = '1';
  await openTestDatabase();
  server = await startApiServer();
});

afterEach(() => resetClock());

afterAll(async () => {
  await mailIdle();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// --- helpers ----------------------------------------------------------------------------------

type Body<T> = { data: T; error: boolean; message: string; status?: number };
type Answer<T> = { status: number; body: Body<T>; headers: Headers };

let serial = 0;
function shopper() {
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}`;
  const n = () => Math.floor(Math.random() * 250) + 1;
  return { email: `bola.${tag}@example.com`, password: `lilies-${tag}`, ip: `10.${n()}.${n()}.${n()}` };
}
type Shopper = ReturnType<typeof shopper>;

async function call<T = unknown>(method: string, url: string, options: { body?: unknown; token?: string; ip?: string } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': options.ip ?? '192.0.2.2' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${server.url}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json()) as Body<T>, headers: res.headers };
}

const signup = async (who: Shopper) => {
  const res = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email: who.email, password: who.password }, ip: who.ip });
  expect(res.status).toBe(201);
  return res.body.data;
};
const requestOtp = (who: Shopper) => call<{ email: string }>('POST', '/v1/regal/auth/otp/request', { body: { email: who.email, business: 'regal' }, ip: who.ip });
const validate = (who: Shopper, code: string | undefined, ip = who.ip) =>
  call<UserRecord>('POST', '/v1/regal/auth/otp/validate', { body: { email: who.email, code, business: 'regal' }, ip });

/** The newest outbox mail to an address, through the dev outbox API. */
async function lastMailTo(email: string): Promise<OutboxEntry | undefined> {
  await mailIdle();
  const res = await call<OutboxEntry[]>('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
  expect(res.status).toBe(200);
  return res.body.data[0];
}
async function codeFor(who: Shopper): Promise<string> {
  const code = /one-time password is: (\d{6})/.exec((await lastMailTo(who.email))?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return code!;
}
/** A six-digit code that is not `code`. */
const otherThan = (code: string, k = 1) => String((Number(code) + k) % 1_000_000).padStart(6, '0');

// --- the outbox -------------------------------------------------------------------------------

describe('dev outbox (no SMTP_URL)', () => {
  it('files the OTP mail under DATA_DIR/outbox with the code and its 10-minute validity', async () => {
    const who = shopper();
    await signup(who);
    expect((await requestOtp(who)).status).toBe(200);
    const mail = await lastMailTo(who.email);
    expect(mail).toMatchObject({ to: who.email, subject: 'Your Regal Flowers one-time password', from: expect.stringContaining('Regal Flowers') });
    expect(mail!.text).toMatch(/one-time password is: \d{6}/);
    expect(mail!.text).toContain('valid for 10 minutes');
    expect(mail!.html).toContain(/\d{6}/.exec(mail!.text)![0]);
    expect(fs.readFileSync(path.join(dataDir, 'outbox', 'mail.jsonl'), 'utf8')).toContain(who.email);
  });

  it('is shown by /dev/outbox outside production, newest first, filtered by recipient', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    await requestOtp(who);
    await mailIdle();
    const { getServerSideProps } = await import('@/pages/dev/outbox');
    const headers: Record<string, unknown> = {};
    const result = await getServerSideProps({ query: { to: who.email }, res: { setHeader: (k: string, v: unknown) => (headers[k] = v) } } as never);
    expect('props' in result).toBe(true);
    const { entries, to } = (result as { props: { entries: OutboxEntry[]; to: string } }).props;
    expect(to).toBe(who.email);
    expect(entries).toHaveLength(2);
    expect(entries.every((e) => e.to === who.email)).toBe(true);
    expect(entries[0]!.at >= entries[1]!.at).toBe(true);
    expect(headers['Cache-Control']).toBe('private, no-store');
  });

  it('does not exist in production: the page is a 404 and so is the outbox API', async () => {
    const previous = process.env.NODE_ENV;
    Object.assign(process.env, { NODE_ENV: 'production' });
    try {
      let page: typeof OutboxPage | undefined;
      let api: typeof OutboxApi | undefined;
      await jest.isolateModulesAsync(async () => {
        page = await import('@/pages/dev/outbox');
        api = await import('@/pages/api/dev/outbox');
      });
      expect(await page!.getServerSideProps({ query: {}, res: { setHeader: () => undefined } } as never)).toEqual({ notFound: true });

      const prodServer = http.createServer((req, res) => void api!.default(Object.assign(req, { query: {} }), res));
      await new Promise<void>((resolve) => prodServer.listen(0, '127.0.0.1', resolve));
      const res = await fetch(`http://127.0.0.1:${(prodServer.address() as AddressInfo).port}/api/dev/outbox`);
      expect(res.status).toBe(404);
      await new Promise<void>((resolve) => prodServer.close(() => resolve()));
    } finally {
      Object.assign(process.env, { NODE_ENV: previous });
    }
  });
});

// --- validate ---------------------------------------------------------------------------------

describe('POST /v1/regal/auth/otp/validate', () => {
  it('logs the user in with the e-mailed code (forgot password: then a new password)', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    const res = await validate(who, await codeFor(who));
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ authToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), email: who.email, name: '', phone: '', phoneCountryCode: '+234', cartItems: [], recipients: [] });

    const changed = await call<UserRecord>('PUT', '/v1/regal/auth/change-password', { token: res.body.data.authToken, body: { password: 'my-new-password' } });
    expect(changed.status).toBe(200);
    const login = await call('POST', '/v1/regal/auth/login', { body: { email: who.email, password: 'my-new-password' }, ip: who.ip });
    expect(login.status).toBe(200);
  });

  it('takes a code once', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    const code = await codeFor(who);
    expect((await validate(who, code)).status).toBe(200);
    const again = await validate(who, code);
    expect(again.status).toBe(400);
    expect(again.body.message).toBe('This code has already been used. Please request a new one.');
  });

  it('refuses a wrong code with 400 "This code is not correct."', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    const res = await validate(who, otherThan(await codeFor(who)));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ data: null, error: true, status: 400, message: 'This code is not correct.' });
  });

  it('expires a code 10 minutes after it was sent', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    const code = await codeFor(who);
    advanceClock(10 * 60_000);
    const res = await validate(who, code);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This code has expired. Please request a new one.');
  });

  it('still takes a code just before its 10 minutes are up', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    const code = await codeFor(who);
    advanceClock(10 * 60_000 - 2000);
    expect((await validate(who, code)).status).toBe(200);
  });

  it('kills a code after 5 wrong tries, even for the right code; a new code works', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    const code = await codeFor(who);
    for (let k = 1; k <= 5; k++) {
      const wrong = await validate(who, otherThan(code, k));
      expect(wrong.body.message).toBe('This code is not correct.');
    }
    const dead = await validate(who, code);
    expect(dead.status).toBe(400);
    expect(dead.body.message).toBe('Too many wrong tries for this code. Please request a new one.');

    await requestOtp(who);
    const fresh = await codeFor(who);
    expect((await validate(who, fresh)).status).toBe(200);
  });

  it('voids the old code when a new one is requested', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    const first = await codeFor(who);
    await requestOtp(who);
    const second = await codeFor(who);
    if (first !== second) {
      const old = await validate(who, first);
      expect(old.status).toBe(400);
      expect(old.body.message).toBe('This code is not correct.');
    }
    expect((await validate(who, second)).status).toBe(200);
  });

  it('answers an unknown e-mail like a registered one, dead code included', async () => {
    const who = shopper();
    await signup(who);
    await requestOtp(who);
    const code = await codeFor(who);
    const ghost = shopper();
    await requestOtp(ghost);
    for (let k = 1; k <= 5; k++) {
      const known = await validate(who, otherThan(code, k));
      const unknown = await validate(ghost, otherThan(code, k));
      expect(unknown.status).toBe(known.status);
      expect(unknown.body).toEqual(known.body);
    }
    const knownDead = await validate(who, code);
    const unknownDead = await validate(ghost, code);
    expect(unknownDead.body).toEqual(knownDead.body);
  });

  it.each([
    [{ email: 'a@example.com' }, 'code is required'],
    [{ email: 'a@example.com', code: '12345' }, 'code must be six digits'],
    [{ email: 'a@example.com', code: '12345a' }, 'code must be six digits'],
    [{ code: '123456' }, 'email is required'],
  ])('refuses %j with 400: %s', async (body, message) => {
    const res = await call('POST', '/v1/regal/auth/otp/validate', { body, ip: shopper().ip });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('slows down one account after 10 failures in 15 minutes (429 with Retry-After)', async () => {
    const ghost = shopper();
    for (let i = 0; i < 10; i++) expect((await validate(ghost, '000000', shopper().ip)).status).toBe(400);
    const limited = await validate(ghost, '000000', shopper().ip);
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

// --- request ----------------------------------------------------------------------------------

describe('POST /v1/regal/auth/otp/request limits', () => {
  it('sends at most 5 codes per e-mail per hour, registered or not', async () => {
    for (const registered of [true, false]) {
      const who = shopper();
      if (registered) await signup(who);
      for (let i = 0; i < 5; i++) expect((await call('POST', '/v1/regal/auth/otp/request', { body: { email: who.email }, ip: shopper().ip })).status).toBe(200);
      const limited = await call('POST', '/v1/regal/auth/otp/request', { body: { email: who.email }, ip: shopper().ip });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many attempts. Please wait 60 minutes and try again.');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    }
  });

  it('refuses a missing or malformed e-mail with 400', async () => {
    const missing = await call('POST', '/v1/regal/auth/otp/request', { body: {} });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('email is required');
    const bad = await call('POST', '/v1/regal/auth/otp/request', { body: { email: 'nope' } });
    expect(bad.body.message).toBe('email must be a valid e-mail address');
  });
});
