/** @jest-environment node */
/**
 * Attack suite, guessing and brute force (issue 7, items 6–9), over real HTTP against the real
 * database: guessed, sequential-looking and malformed order ids all answer the same 404 with no
 * data; order numbers are not sequential; scanning tracking numbers from one address is stopped
 * (429) and an answer without the e-mail carries nothing personal; login and OTP guessing is
 * stopped per account and per address (429 with Retry-After); and login and OTP answers do not
 * tell a registered e-mail from an unknown one.
 *
 * Finer cases: __tests__/api/auth.test.ts ('slowing down repeated login failures'),
 * __tests__/api/auth-otp.test.ts ('answers an unknown e-mail like a registered one'),
 * __tests__/api/tracking.test.ts (limits, simultaneous misses, correct lookups never counted).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '@/lib/server/db/client';
import type { OrderCreated } from '@/lib/contracts/orders';
import { mailIdle } from '@/lib/server/mail/mailer';
import { resetClock } from '@/lib/server/security/clock';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { httpCaller, placedOrder, tag } from '../helpers/orders';
import { itemOf, seededProducts } from '../helpers/order-api';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-attacks-enum-'));
let server: ApiServer;
let db: Db;
const call = httpCaller(() => server.url);

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.DATA_DIR = dataDir;
  // Clients are told apart by X-Forwarded-For, as behind one trusted proxy (see addresses.test.ts).
  process.env.TRUST_PROXY = '1';
  db = (await openTestDatabase()).db;
  server = await startApiServer();
});

afterEach(resetClock);

afterAll(async () => {
  await mailIdle();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const n = () => Math.floor(Math.random() * 250) + 1;
const newIp = () => `10.${n()}.${n()}.${n()}`;
const from = (ip: string) => ({ 'x-forwarded-for': ip });
const shopper = () => ({ email: `guess.${tag()}${tag()}@example.com`, password: `lilies-${tag()}`, ip: newIp() });

describe('6. guessed order ids and order numbers', () => {
  const guesses = ['00000000-0000-4000-8000-000000000000', crypto.randomUUID(), crypto.randomUUID(), '1', '2', '100', 'RF-000001', '00000000-0000-0000-0000-000000000001', 'not-an-id', "1' OR '1'='1", '../../etc/passwd', 'x'.repeat(100)];
  // Ids over 100 characters are refused as malformed (400, by length alone) by some routes.

  it.each([
    ['GET', (id: string) => `/v1/firebase/order/${id}`, undefined],
    ['PUT', (id: string) => `/v1/firebase/order/${id}`, { currency: 'NGN', deliveryDate: '', cartItems: null }],
    ['PUT', (id: string) => `/v1/firebase/order/save-sender-info/${id}`, { senderName: 'Ada' }],
    ['PUT', (id: string) => `/v1/firebase/order/update-payment-details/${id}`, { currency: 'NGN', paymentMethod: 'paystack' }],
    ['POST', (id: string) => `/v1/firebase/order/submit-review/${id}`, { rating: 5, comment: '' }],
    ['POST', (id: string) => `/v1/payments/start/${id}`, {}],
  ] as const)('%s %s: the same 404 "Order not found" and no data for every guess', async (method, url, body) => {
    for (const guess of guesses) {
      const res = await call(method, url(encodeURIComponent(guess)), { body });
      expect([guess, res.status, res.body]).toEqual([guess, 404, { data: null, error: true, message: 'Order not found', status: 404 }]);
    }
  });

  it('order numbers are not sequential: 20 orders in a row are not n, n+1, …', async () => {
    const shop = await seededProducts();
    const numbers: number[] = [];
    for (let i = 0; i < 20; i++) {
      const res = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.gift)], currency: 'NGN', deliveryDate: '' } });
      expect(res.status).toBe(201);
      numbers.push(Number(res.body.data.orderNumber.replace(/^RF-/, '')));
    }
    expect(new Set(numbers).size).toBe(20);
    const steps = numbers.slice(1).map((x, i) => x - numbers[i]!);
    // Random six-digit numbers: a step of exactly 1 is a one-in-a-million event per pair.
    expect(steps.filter((d) => d === 1).length).toBeLessThanOrEqual(1);
    expect(new Set(steps).size).toBeGreaterThan(10);
  });
});

describe('7. tracking numbers scanned', () => {
  it('one address guessing numbers is refused with 429 and Retry-After, even for a real number', async () => {
    const order = await placedOrder(db);
    const ip = newIp();
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) statuses.push((await call('GET', `/v1/firebase/order/order-number/RF-${String(100000 + i * 7919).slice(-6)}`, { headers: from(ip) })).status);
    expect(statuses.slice(0, 10).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
    const limited = await call('GET', `/v1/firebase/order/order-number/${order.orderNumber}`, { headers: from(ip) });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.text).not.toContain(order.recipientDetails.name);
  });

  it('an answer without the right e-mail holds no personal data (checked on the raw JSON)', async () => {
    const order = await placedOrder(db);
    const secrets = [order.recipientDetails.name, order.recipientDetails.phone, order.recipientDetails.address, order.sender.email, order.sender.name, order.id];
    for (const query of ['', '?email=', `?email=${encodeURIComponent(`other.${tag()}@example.com`)}`]) {
      const res = await call('GET', `/v1/firebase/order/order-number/${order.orderNumber}${query}`, { headers: from(newIp()) });
      expect(res.status).toBe(200);
      for (const secret of secrets) expect([query, res.text.includes(secret)]).toEqual([query, false]);
      expect(res.text.toLowerCase()).not.toContain(order.sender.email.split('@')[0]!);
    }
    // With the e-mail the recipient is shown: the check above can see it when it is there.
    const verified = await call('GET', `/v1/firebase/order/order-number/${order.orderNumber}?email=${encodeURIComponent(order.sender.email)}`, { headers: from(newIp()) });
    expect(verified.text).toContain(order.recipientDetails.name);
  });
});

const login = (who: { email: string; password: string }, ip: string) => call('POST', '/v1/regal/auth/login', { body: { email: who.email, password: who.password }, headers: from(ip) });
const signup = async (who: ReturnType<typeof shopper>) => expect((await call('POST', '/v1/regal/auth/signup', { body: { email: who.email, password: who.password }, headers: from(who.ip) })).status).toBe(201);
const otpValidate = (email: string, code: string, ip: string) => call('POST', '/v1/regal/auth/otp/validate', { body: { email, code }, headers: from(ip) });

describe('8. login and OTP brute force', () => {
  it('login: one account from many addresses → 429 with Retry-After on the 6th try, even with the right password', async () => {
    const who = shopper();
    await signup(who);
    for (let i = 0; i < 5; i++) expect((await login({ ...who, password: `guess-${i}` }, newIp())).status).toBe(401);
    const limited = await login(who, newIp());
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.text).not.toContain('authToken');
  });

  it('login: one address across many accounts → 429 with Retry-After', async () => {
    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await login(shopper(), ip)).status).toBe(401);
    const limited = await login(shopper(), ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('OTP: one account from many addresses, and one address across many accounts → 429 with Retry-After', async () => {
    const who = shopper();
    await signup(who);
    expect((await call('POST', '/v1/regal/auth/otp/request', { body: { email: who.email }, headers: from(who.ip) })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await otpValidate(who.email, String(100000 + i), newIp())).status).toBe(400);
    const perAccount = await otpValidate(who.email, '999999', newIp());
    expect(perAccount.status).toBe(429);
    expect(Number(perAccount.headers.get('retry-after'))).toBeGreaterThan(0);

    const ip = newIp();
    for (let i = 0; i < 20; i++) expect((await otpValidate(shopper().email, '123456', ip)).status).toBe(400);
    const perAddress = await otpValidate(shopper().email, '123456', ip);
    expect(perAddress.status).toBe(429);
    expect(Number(perAddress.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('9. account enumeration', () => {
  it('login: an unknown e-mail and a known one with a wrong password get the same status and message', async () => {
    const who = shopper();
    await signup(who);
    const known = await login({ ...who, password: 'not-the-password' }, newIp());
    const unknown = await login(shopper(), newIp());
    expect(known.status).toBe(401);
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
  });

  it('OTP request: the same answer for an unknown and a known e-mail (the e-mail itself aside)', async () => {
    const who = shopper();
    await signup(who);
    const ghost = shopper();
    const known = await call<{ email: string }>('POST', '/v1/regal/auth/otp/request', { body: { email: who.email }, headers: from(newIp()) });
    const unknown = await call<{ email: string }>('POST', '/v1/regal/auth/otp/request', { body: { email: ghost.email }, headers: from(newIp()) });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(known.status);
    expect(unknown.text.replaceAll(ghost.email, 'E')).toBe(known.text.replaceAll(who.email, 'E'));
  });
});
