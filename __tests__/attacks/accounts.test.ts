/** @jest-environment node */
/**
 * Attacks on accounts, over real HTTP against the real database (codes read from the dev outbox):
 * - a pre-registered account (signup, or 'create an account' at a guest checkout, for somebody
 *   else's e-mail) keeps no access once the owner proves the e-mail with a one-time password:
 *   the stranger's tokens die, their password stops working, their cart and saved recipients go;
 * - a stolen token cannot change the password (and so lock the owner out) without the current
 *   password, unless it came from a one-time password entered in the last 15 minutes;
 * - a later code login (e-mail already proven) keeps the other devices logged in.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { UserRecord } from '@/lib/contracts/auth';
import type { CartItem } from '@/lib/domain/cart';
import type { CheckoutAnswer, OrderCreated } from '@/lib/contracts/orders';
import { getDb } from '@/lib/server/db/client';
import { authTokens, users } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import type { OutboxEntry } from '@/lib/server/mail/outbox';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { deliveryCheckout, itemOf, plainDay, seededProducts } from '../helpers/order-api';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-accounts-attack-'));
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
type Answer<T> = { status: number; body: Body<T> };

let serial = 0;
const tag = () => `${Date.now().toString(36)}${(serial += 1)}${Math.random().toString(36).slice(2, 6)}`;
const n = () => Math.floor(Math.random() * 250) + 1;
const newIp = () => `10.${n()}.${n()}.${n()}`;
/** A person: e-mail, password and client address of their own. */
function person(email = `owner.${tag()}@example.com`) {
  return { email, password: `own-pass-${tag()}`, ip: newIp() };
}
type Person = ReturnType<typeof person>;

async function call<T = unknown>(method: string, url: string, options: { body?: unknown; token?: string; ip?: string } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': options.ip ?? newIp() };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${server.url}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json()) as Body<T> };
}

const signup = (who: Person) => call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email: who.email, password: who.password }, ip: who.ip });
const login = (who: Person) => call<UserRecord>('POST', '/v1/regal/auth/login', { body: { email: who.email, password: who.password }, ip: who.ip });
const handshakeUser = async (token: string) => (await call<{ user: UserRecord | null }>('GET', '/v1/regal/handshake?business=regal', { token })).body.data.user;
const cartUpdate = (token: string, cartItems: CartItem[] = []) => call<{ cartItems: CartItem[] }>('PUT', '/v1/cart-item/update?business=regal', { token, body: { cartItems } });
const changePassword = (token: string, body: { password: string; currentPassword?: string }, ip?: string) =>
  call<UserRecord>('PUT', '/v1/regal/auth/change-password', { token, body, ip });

/** Requests a code for `who`, reads it from the dev outbox and enters it. */
async function otpLogin(who: Person): Promise<Answer<UserRecord>> {
  expect((await call('POST', '/v1/regal/auth/otp/request', { body: { email: who.email }, ip: who.ip })).status).toBe(200);
  await mailIdle();
  const mail = await call<OutboxEntry[]>('GET', `/api/dev/outbox?to=${encodeURIComponent(who.email)}&limit=1`);
  const code = /one-time password is: (\d{6})/.exec(mail.body.data[0]?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  return call<UserRecord>('POST', '/v1/regal/auth/otp/validate', { body: { email: who.email, code }, ip: who.ip });
}

async function userRow(email: string) {
  const [row] = await (await getDb()).select().from(users).where(eq(users.email, email));
  return row!;
}

const NEED_CURRENT = 'Please enter your current password, or log in with a one-time password to set a new one.';
const WRONG_CURRENT = 'Your current password is not correct. Please try again, or log in with a one-time password to set a new one.';
const PLANTED: CartItem = { productId: 'p-planted', name: 'Planted roses', price: 9000, quantity: 2, image: { src: '/media/p/x.webp', alt: 'Roses' }, SKU: 'PLANTED-1' };

/** What the attacker must have lost once the owner proved the e-mail. */
async function expectLockedOut(attacker: Person, attackerTokens: string[]) {
  for (const token of attackerTokens) {
    expect(await handshakeUser(token)).toBeNull();
    const cart = await cartUpdate(token, [PLANTED]);
    expect(cart.status).toBe(401);
    expect(cart.body.message).toBe('Please log in again');
  }
  const again = await login(attacker);
  expect(again.status).toBe(401);
  expect(again.body.message).toBe('Incorrect email or password');
}

// --- (a) pre-registered accounts --------------------------------------------------------------

describe('an account pre-registered for somebody else’s e-mail', () => {
  it('signup: once the owner logs in by one-time password, the stranger’s tokens and password are gone', async () => {
    const victim = person();
    const attacker = { ...person(victim.email), password: `attacker-${tag()}` };
    const planted = await signup(attacker);
    expect(planted.status).toBe(201);
    const attackerToken = planted.body.data.authToken;
    const secondDevice = (await login(attacker)).body.data.authToken;
    expect((await cartUpdate(attackerToken, [PLANTED])).status).toBe(200);
    expect((await userRow(victim.email)).emailProvenAt).toBeNull();

    const owner = await otpLogin(victim);
    expect(owner.status).toBe(200);
    await expectLockedOut(attacker, [attackerToken, secondDevice]);
    // What was put in the account stays, in the owner's view (an existing shopper's own address
    // book and cart must survive their first 'Forgot password').
    expect(owner.body.data).toMatchObject({ email: victim.email, cartItems: [PLANTED] });
    expect(owner.body.message).toBe('OTP validated successfully. Your e-mail address is now confirmed: please choose a new password.');
    const row = await userRow(victim.email);
    expect(row.emailProvenAt).toBeInstanceOf(Date);
    expect(row.passwordHash).toBeNull();

    // The owner's session works and leads on to choosing a password (the dialog's next step).
    expect((await handshakeUser(owner.body.data.authToken))?.email).toBe(victim.email);
    const chosen = await changePassword(owner.body.data.authToken, { password: victim.password });
    expect(chosen.status).toBe(200);
    expect((await login(victim)).status).toBe(200);
    expect((await login(attacker)).status).toBe(401);
  });

  it('guest checkout with "create an account": the same; the saved recipient stays, shown to the owner', async () => {
    const shop = await seededProducts();
    const victim = person();
    const attacker = { ...person(victim.email), password: `attacker-${tag()}` };
    const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.gift)], currency: 'NGN', deliveryDate: '' } });
    expect(created.status).toBe(201);
    const base = deliveryCheckout(plainDay(), { email: victim.email });
    const body = { ...base, userData: { ...base.userData, password: attacker.password }, shouldCreateAccount: true, shouldSaveAddress: true };
    const checkout = await call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${created.body.data.id}`, { body, ip: attacker.ip });
    expect(checkout.status).toBe(200);
    const attackerToken = checkout.body.data.user!.authToken;
    expect(checkout.body.data.user!.recipients).toHaveLength(1);
    expect((await cartUpdate(attackerToken, [PLANTED])).status).toBe(200);

    const owner = await otpLogin(victim);
    expect(owner.status).toBe(200);
    await expectLockedOut(attacker, [attackerToken]);
    expect(owner.body.data).toMatchObject({ email: victim.email, cartItems: [PLANTED] });
    expect(owner.body.data.recipients).toHaveLength(1);
    expect((await userRow(victim.email)).passwordHash).toBeNull();
  });

  it('the legacy upgrade path proves the e-mail too', async () => {
    const { importLegacyUser } = await import('@/lib/server/services/accounts/auth');
    const who = person();
    await importLegacyUser(await getDb(), { email: who.email, name: 'Chioma' });
    const refused = await login(who);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toContain('Upgrade is required for legacy user');
    await mailIdle();
    const mail = await call<OutboxEntry[]>('GET', `/api/dev/outbox?to=${encodeURIComponent(who.email)}&limit=1`);
    const code = /one-time password is: (\d{6})/.exec(mail.body.data[0]?.text ?? '')?.[1];
    const validated = await call<UserRecord>('POST', '/v1/regal/auth/otp/validate', { body: { email: who.email, code }, ip: who.ip });
    expect(validated.status).toBe(200);
    expect((await userRow(who.email)).emailProvenAt).toBeInstanceOf(Date);
    expect((await changePassword(validated.body.data.authToken, { password: who.password })).status).toBe(200);
    expect((await login(who)).status).toBe(200);
  });
});

// --- (b), (c) changing the password ----------------------------------------------------------

/** An owner who proved the e-mail and chose a password; answers a password-login token. */
async function provenOwner(): Promise<{ who: Person; token: string }> {
  const who = person();
  expect((await signup(who)).status).toBe(201);
  const proof = await otpLogin(who);
  expect((await changePassword(proof.body.data.authToken, { password: who.password })).status).toBe(200);
  const loggedIn = await login(who);
  expect(loggedIn.status).toBe(200);
  return { who, token: loggedIn.body.data.authToken };
}

describe('PUT /v1/regal/auth/change-password with a stolen token', () => {
  it('refuses a password-login token without the current password, or with a wrong one (403), and keeps the owner’s password', async () => {
    const { who, token } = await provenOwner();
    const bare = await changePassword(token, { password: 'attacker-choice' });
    expect(bare.status).toBe(403);
    expect(bare.body.message).toBe(NEED_CURRENT);
    const wrong = await changePassword(token, { password: 'attacker-choice', currentPassword: 'a-guess-123' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(WRONG_CURRENT);

    expect(await handshakeUser(token)).not.toBeNull();
    expect((await login(who)).status).toBe(200);
    expect((await login({ ...who, password: 'attacker-choice' })).status).toBe(401);
  });

  it('accepts the right current password: a new token (via password-change), every other token revoked', async () => {
    const { who, token } = await provenOwner();
    const other = (await login(who)).body.data.authToken;
    const changed = await changePassword(token, { password: 'owner-new-password', currentPassword: who.password });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe('Password changed successfully and user logged in');
    for (const old of [token, other]) expect(await handshakeUser(old)).toBeNull();
    expect((await handshakeUser(changed.body.data.authToken))?.email).toBe(who.email);
    expect((await login({ ...who, password: 'owner-new-password' })).status).toBe(200);

    // Live tokens now: the change's answer, and the login just made to check the new password.
    const { id } = await userRow(who.email);
    const live = (await (await getDb()).select().from(authTokens).where(eq(authTokens.userId, id))).filter((t) => !t.revokedAt);
    expect(live.map((t) => t.via).sort()).toEqual(['password', 'password-change']);
  });

  it('counts wrong current passwords as failed logins for the e-mail (429 after 5)', async () => {
    const { who, token } = await provenOwner();
    for (let i = 0; i < 5; i++) {
      expect((await changePassword(token, { password: 'attacker-choice', currentPassword: `guess-${i}-xyz` }, newIp())).status).toBe(403);
    }
    const limited = await changePassword(token, { password: 'attacker-choice', currentPassword: who.password }, newIp());
    expect(limited.status).toBe(429);
    expect((await login({ ...who, ip: newIp() })).status).toBe(429);
  });

  it('a token from a one-time password may set a password without the current one for 15 minutes', async () => {
    const { who } = await provenOwner();
    const fresh = await otpLogin(who);
    advanceClock(14 * 60_000);
    const changed = await changePassword(fresh.body.data.authToken, { password: 'reset-by-code-1' });
    expect(changed.status).toBe(200);
    expect((await login({ ...who, password: 'reset-by-code-1' })).status).toBe(200);
  });

  it('a token from a one-time password older than 15 minutes needs the current password', async () => {
    const { who } = await provenOwner();
    const old = await otpLogin(who);
    advanceClock(15 * 60_000 + 1000);
    const refused = await changePassword(old.body.data.authToken, { password: 'reset-by-code-2' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(NEED_CURRENT);
    expect((await login(who)).status).toBe(200);
    // With the current password it still may.
    expect((await changePassword(old.body.data.authToken, { password: 'reset-by-code-2', currentPassword: who.password })).status).toBe(200);
  });

  it('the token a password change answers is not a one-time-password token', async () => {
    const { who } = await provenOwner();
    const viaCode = await otpLogin(who);
    const changed = await changePassword(viaCode.body.data.authToken, { password: 'first-new-pass' });
    expect(changed.status).toBe(200);
    expect((await changePassword(changed.body.data.authToken, { password: 'second-new-pass' })).status).toBe(403);
  });
});

// --- (d) later proofs -------------------------------------------------------------------------

describe('a code login once the e-mail is proven', () => {
  it('keeps the first device logged in, and the password and data stay', async () => {
    const { who, token: passwordDevice } = await provenOwner();
    expect((await cartUpdate(passwordDevice, [PLANTED])).status).toBe(200);
    const first = await otpLogin(who);
    const second = await otpLogin(who);
    expect(second.status).toBe(200);
    expect(second.body.message).toBe('OTP validated successfully');
    expect(second.body.data.cartItems).toEqual([PLANTED]);
    for (const token of [passwordDevice, first.body.data.authToken, second.body.data.authToken]) {
      expect((await handshakeUser(token))?.email).toBe(who.email);
    }
    expect((await login(who)).status).toBe(200);
  });
});
