/** @jest-environment node */
/**
 * Accounts over real HTTP against the real database, with the shop's e-mails caught by a real SMTP
 * server (smtp-server on 127.0.0.1, SMTP_URL pointing at it): signup, login, handshake user,
 * password change and token revocation, logout, rate limits, and the legacy-account upgrade path.
 * Every test uses its own e-mail and client address (X-Forwarded-For), so tests and test files
 * sharing one PostgreSQL database do not disturb each other.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { eq } from 'drizzle-orm';
import { createApiClient } from '@/lib/api/client';
import * as calls from '@/lib/api/calls';
import type { UserRecord } from '@/lib/contracts/auth';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { closeMail, mailIdle } from '@/lib/server/mail/mailer';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { importLegacyUser } from '@/lib/server/services/accounts/auth';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';

type Caught = { to: string[]; raw: string };
const inbox: Caught[] = [];
let smtp: SMTPServer;
let server: ApiServer;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-auth-'));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()), raw: Buffer.concat(chunks).toString('utf8') });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  process.env.SMTP_URL = `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`;
  process.env.MAIL_FROM = 'Regal Flowers <no-reply@shop.test>';
  process.env.DATA_DIR = dataDir;
  // Clients are told apart by X-Forwarded-For, as behind one trusted proxy.
  process.env.TRUST_PROXY = '1';
  await openTestDatabase();
  server = await startApiServer();
});

afterEach(() => resetClock());

afterAll(async () => {
  await mailIdle();
  closeMail();
  await server.close();
  await closeTestDatabase();
  await new Promise<void>((resolve) => smtp.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// --- helpers ----------------------------------------------------------------------------------

type Body<T> = { data: T; error: boolean; message: string; status?: number };
type Answer<T> = { status: number; body: Body<T>; headers: Headers };

let serial = 0;
/** A fresh shopper: unique e-mail and client address. */
function shopper() {
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}`;
  const n = () => Math.floor(Math.random() * 250) + 1;
  return { email: `ada.${tag}@example.com`, password: `petals-${tag}`, ip: `10.${n()}.${n()}.${n()}` };
}

async function call<T = unknown>(
  method: string,
  url: string,
  options: { body?: unknown; token?: string; ip?: string } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': options.ip ?? '192.0.2.1' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${server.url}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json()) as Body<T>, headers: res.headers };
}

const signup = (who: ReturnType<typeof shopper>) =>
  call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email: who.email, password: who.password, business: 'regal' }, ip: who.ip });
const login = (who: { email: string; password: string; ip: string }) =>
  call<UserRecord>('POST', '/v1/regal/auth/login', { body: { email: who.email, password: who.password, business: 'regal' }, ip: who.ip });
const handshakeUser = async (token?: string) => (await call<{ user: UserRecord | null }>('GET', '/v1/regal/handshake?business=regal', { token })).body.data.user;
const cartUpdate = (token: string | undefined, cartItems: unknown[] = []) => call('PUT', '/v1/cart-item/update?business=regal', { token, body: { cartItems } });

/** Waits for the mail queue, then returns the newest caught mail to `email`. */
async function lastMailTo(email: string): Promise<Caught | undefined> {
  await mailIdle();
  return inbox.filter((m) => m.to.includes(email)).at(-1);
}
const codeIn = (mail: Caught | undefined) => /one-time password is: (\d{6})/.exec(mail?.raw ?? '')?.[1];

// --- signup -----------------------------------------------------------------------------------

describe('POST /v1/regal/auth/signup', () => {
  it('creates the account and answers the user record (201) with a working token', async () => {
    const who = shopper();
    const api = createApiClient({ baseURL: server.url, business: 'regal' });
    const record = await calls.signup(api, { email: who.email.toUpperCase(), password: who.password });
    expect(record).toEqual({ authToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), email: who.email, name: '', phone: '', phoneCountryCode: '+234', cartItems: [], recipients: [] });
    expect(await handshakeUser(record.authToken)).toEqual(record);

    const res = await signup(shopper());
    expect(res.status).toBe(201);
    expect(res.body.message).toBe('User signed up successfully');
  });

  it('stores the password only as an argon2id hash (m=19456, t=2, p=1)', async () => {
    const who = shopper();
    await signup(who);
    const [row] = await (await getDb()).select().from(users).where(eq(users.email, who.email));
    expect(row!.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row!.passwordHash).not.toContain(who.password);
    expect(row).toMatchObject({ legacy: false, marketingOptIn: false, name: '' });
  });

  it('keeps an optional name and marketing opt-in', async () => {
    const who = shopper();
    const res = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email: who.email, password: who.password, name: 'Ada', marketingOptIn: true }, ip: who.ip });
    expect(res.body.data.name).toBe('Ada');
    const [row] = await (await getDb()).select().from(users).where(eq(users.email, who.email));
    expect(row!.marketingOptIn).toBe(true);
  });

  it('answers 409 for an e-mail that has an account, whatever its case, and creates nothing', async () => {
    const who = shopper();
    expect((await signup(who)).status).toBe(201);
    const again = await call('POST', '/v1/regal/auth/signup', { body: { email: who.email.toUpperCase(), password: 'another-password' }, ip: who.ip });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ data: null, error: true, status: 409, message: expect.stringMatching(/already exists/) });
    const rows = await (await getDb()).select().from(users).where(eq(users.email, who.email));
    expect(rows).toHaveLength(1);
    expect((await login(who)).status).toBe(200); // the first password still works
  });

  it.each([
    [{ password: 'long-enough' }, 'email is required'],
    [{ email: 'not-an-email', password: 'long-enough' }, 'email must be a valid e-mail address'],
    [{ email: 'x@example.com' }, 'password is required'],
    [{ email: 'x@example.com', password: '' }, 'password is required'],
    [{ email: 'x@example.com', password: 'seven77' }, 'password must be at least 8 characters'],
    [{ email: 'x@example.com', password: 'p'.repeat(201) }, 'password must be at most 200 characters'],
    [{ email: 'x@example.com', password: 'long-enough', business: 'other-shop' }, 'business: unknown shop "other-shop"'],
  ])('refuses %j with 400: %s', async (body, message) => {
    const res = await call('POST', '/v1/regal/auth/signup', { body, ip: shopper().ip });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
  });

  it('answers 405 to GET and 400 to a body that is not JSON', async () => {
    expect((await call('GET', '/v1/regal/auth/signup')).status).toBe(405);
    const res = await fetch(`${server.url}/v1/regal/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"email":' });
    expect(res.status).toBe(400);
  });
});

// --- login ------------------------------------------------------------------------------------

describe('POST /v1/regal/auth/login', () => {
  it('answers the user record with a new token for each login; every token works', async () => {
    const who = shopper();
    const first = (await signup(who)).body.data;
    const api = createApiClient({ baseURL: server.url, business: 'regal' });
    const second = await calls.login(api, { email: ` ${who.email.toUpperCase()} `, password: who.password });
    expect(second).toEqual({ authToken: expect.any(String), email: who.email, name: '', phone: '', phoneCountryCode: '+234', cartItems: [], recipients: [] });
    expect(second.authToken).not.toBe(first.authToken);
    expect((await handshakeUser(first.authToken))?.email).toBe(who.email);
    expect((await handshakeUser(second.authToken))?.authToken).toBe(second.authToken);
  });

  it('answers 401 with the same message for a wrong password and an unknown e-mail', async () => {
    const who = shopper();
    await signup(who);
    const wrong = await login({ ...who, password: 'not-the-password' });
    const unknown = await login({ ...shopper(), ip: who.ip });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.body).toEqual({ data: null, error: true, status: 401, message: 'Incorrect email or password' });
    expect(unknown.body).toEqual(wrong.body);
  });

  it('refuses missing fields with 400 naming the field', async () => {
    const res = await call('POST', '/v1/regal/auth/login', { body: { email: 'a@example.com' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('password is required');
  });
});

// --- handshake --------------------------------------------------------------------------------

describe('GET /v1/regal/handshake with a bearer token', () => {
  it('gives the user record for a valid token, null for none, an unknown one or garbage', async () => {
    const record = (await signup(shopper())).body.data;
    expect(await handshakeUser(record.authToken)).toEqual(record);
    expect(await handshakeUser()).toBeNull();
    expect(await handshakeUser('A'.repeat(43))).toBeNull();
    const garbage = await call<{ user: unknown }>('GET', '/v1/regal/handshake', { token: 'not a token at all' });
    expect(garbage.status).toBe(200);
    expect(garbage.body.data.user).toBeNull();
  });

  it('forgets a token after its 30 days', async () => {
    const record = (await signup(shopper())).body.data;
    advanceClock(29 * 24 * 3600_000);
    expect(await handshakeUser(record.authToken)).not.toBeNull();
    advanceClock(1 * 24 * 3600_000 + 1000);
    expect(await handshakeUser(record.authToken)).toBeNull();
    const res = await cartUpdate(record.authToken);
    expect(res.status).toBe(401);
    expect(res.body.message).toBe('Please log in again');
  });
});

// --- change password, logout -------------------------------------------------------------------

describe('PUT /v1/regal/auth/change-password', () => {
  it('sets the password, answers a fresh token and revokes every older token', async () => {
    const who = shopper();
    const fromSignup = (await signup(who)).body.data;
    const fromLogin = (await login(who)).body.data;
    const res = await call<UserRecord>('PUT', '/v1/regal/auth/change-password', { token: fromLogin.authToken, body: { password: 'a-new-password', currentPassword: who.password, business: 'regal' }, ip: who.ip });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Password changed successfully and user logged in');
    const fresh = res.body.data;
    expect(fresh).toMatchObject({ email: who.email, cartItems: [], recipients: [] });
    expect([fromSignup.authToken, fromLogin.authToken]).not.toContain(fresh.authToken);

    for (const old of [fromSignup.authToken, fromLogin.authToken]) {
      expect(await handshakeUser(old)).toBeNull();
      const refused = await cartUpdate(old);
      expect(refused.status).toBe(401);
      expect(refused.headers.get('www-authenticate')).toBe('Bearer');
    }
    expect((await cartUpdate(fresh.authToken)).status).toBe(200);
    expect((await login(who)).status).toBe(401);
    expect((await login({ ...who, password: 'a-new-password' })).status).toBe(200);
  });

  it('needs a valid bearer token', async () => {
    for (const token of [undefined, 'B'.repeat(43)]) {
      const res = await call('PUT', '/v1/regal/auth/change-password', { token, body: { password: 'a-new-password' } });
      expect(res.status).toBe(401);
      expect(res.body.message).toBe('Please log in again');
    }
  });

  it('applies the password rule and keeps the old password on refusal', async () => {
    const who = shopper();
    const { authToken } = (await signup(who)).body.data;
    const res = await call('PUT', '/v1/regal/auth/change-password', { token: authToken, body: { password: 'short' } });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('password must be at least 8 characters');
    expect(await handshakeUser(authToken)).not.toBeNull();
    expect((await login(who)).status).toBe(200);
  });
});

describe('POST /v1/regal/auth/logout', () => {
  it('ends that session only', async () => {
    const who = shopper();
    const a = (await signup(who)).body.data.authToken;
    const b = (await login(who)).body.data.authToken;
    expect((await call('POST', '/v1/regal/auth/logout', { token: a })).status).toBe(200);
    expect(await handshakeUser(a)).toBeNull();
    expect(await handshakeUser(b)).not.toBeNull();
    expect((await call('POST', '/v1/regal/auth/logout', { token: a })).status).toBe(200); // idempotent
  });
});

// --- rate limits ------------------------------------------------------------------------------

describe('slowing down repeated login failures', () => {
  it('refuses the 6th try within 15 minutes for one account with 429 and Retry-After, even with the right password', async () => {
    const who = shopper();
    await signup(who);
    for (let i = 0; i < 5; i++) {
      // Each try from a new address: the account's own counter is what stops them.
      expect((await login({ ...who, password: `wrong-${i}`, ip: shopper().ip })).status).toBe(401);
    }
    const limited = await login({ ...who, ip: shopper().ip });
    expect(limited.status).toBe(429);
    expect(limited.body.message).toBe('Too many attempts. Please wait 15 minutes and try again.');
    const retryAfter = Number(limited.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);

    advanceClock(retryAfter * 1000);
    expect((await login(who)).status).toBe(200);
  });

  it('limits an unknown e-mail exactly like a known one', async () => {
    const ghost = shopper();
    for (let i = 0; i < 5; i++) expect((await login({ ...ghost, ip: shopper().ip })).status).toBe(401);
    expect((await login(ghost)).status).toBe(429);
  });

  it('starts the account count again after a successful login', async () => {
    const who = shopper();
    await signup(who);
    for (let i = 0; i < 4; i++) expect((await login({ ...who, password: 'wrong-password' })).status).toBe(401);
    expect((await login(who)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await login({ ...who, password: 'wrong-password' })).status).toBe(401);
    expect((await login(who)).status).toBe(200);
  });

  it('limits one client address to 20 failures in 15 minutes across accounts', async () => {
    const ip = shopper().ip;
    for (let i = 0; i < 20; i++) expect((await login({ ...shopper(), ip })).status).toBe(401);
    const who = shopper();
    await signup(who);
    const limited = await login({ ...who, ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await login(who)).status).toBe(200); // another address is not affected
  });
});

// --- legacy accounts and OTP mail over SMTP -----------------------------------------------------

describe('legacy account upgrade, end to end with a real SMTP server', () => {
  it('login → upgrade required + OTP mail → validate → change password → login', async () => {
    const who = shopper();
    await importLegacyUser(await getDb(), { email: who.email, name: 'Chioma' });

    const refused = await login(who);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Upgrade is required for legacy user');

    const mail = await lastMailTo(who.email);
    expect(mail?.raw).toMatch(/^Subject: Your Regal Flowers one-time password\r?$/m);
    expect(mail?.raw).toMatch(/^From: Regal Flowers <no-reply@shop\.test>\r?$/m);
    expect(mail?.raw).toContain('valid for 10 minutes');
    const code = codeIn(mail);
    expect(code).toMatch(/^\d{6}$/);

    const validated = await call<UserRecord>('POST', '/v1/regal/auth/otp/validate', { body: { email: who.email, code, business: 'regal' }, ip: who.ip });
    expect(validated.status).toBe(200);
    // The first code of an account proves its e-mail: the answer says to choose a password.
    expect(validated.body.message).toBe('OTP validated successfully. Your e-mail address is now confirmed: please choose a new password.');
    expect(validated.body.data).toMatchObject({ email: who.email, name: 'Chioma', cartItems: [], recipients: [] });

    const changed = await call<UserRecord>('PUT', '/v1/regal/auth/change-password', { token: validated.body.data.authToken, body: { password: who.password } });
    expect(changed.status).toBe(200);
    expect(await handshakeUser(validated.body.data.authToken)).toBeNull();

    const loggedIn = await login(who);
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.data).toMatchObject({ email: who.email, name: 'Chioma' });
    const [row] = await (await getDb()).select().from(users).where(eq(users.email, who.email));
    expect(row!.legacy).toBe(false);
  });

  it('a legacy account with a stored hash still needs its password before a code is sent', async () => {
    const who = shopper();
    const { hashPassword } = await import('@/lib/server/security/passwords');
    await importLegacyUser(await getDb(), { email: who.email, passwordHash: await hashPassword(who.password) });
    const sentBefore = inbox.length;
    const wrong = await login({ ...who, password: 'not-the-password' });
    expect(wrong.status).toBe(401);
    expect(wrong.body.message).toBe('Incorrect email or password');
    await mailIdle();
    expect(inbox.length).toBe(sentBefore);
    expect((await login(who)).body.message).toContain('Upgrade is required for legacy user');
    expect(codeIn(await lastMailTo(who.email))).toMatch(/^\d{6}$/);
  });
});

describe('POST /v1/regal/auth/otp/request', () => {
  it('answers the same for a registered and an unknown e-mail, and mails only the registered one', async () => {
    const who = shopper();
    await signup(who);
    const ghost = shopper();
    const known = await call('POST', '/v1/regal/auth/otp/request', { body: { email: who.email, business: 'regal' }, ip: who.ip });
    const unknown = await call('POST', '/v1/regal/auth/otp/request', { body: { email: ghost.email, business: 'regal' }, ip: ghost.ip });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.body).toEqual({ data: { email: who.email }, error: false, message: `If an account exists for ${who.email}, a one-time password has been sent` });
    expect(unknown.body).toEqual({ data: { email: ghost.email }, error: false, message: `If an account exists for ${ghost.email}, a one-time password has been sent` });
    expect(codeIn(await lastMailTo(who.email))).toMatch(/^\d{6}$/);
    expect(await lastMailTo(ghost.email)).toBeUndefined();
  });
});
