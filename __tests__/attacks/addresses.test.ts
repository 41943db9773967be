/** @jest-environment node */
/**
 * Attack suite, client addresses (issue 11), over real HTTP against the real database: a client
 * cannot pick its own address for the per-address limits by writing X-Forwarded-For (without a
 * trusted proxy the socket's address counts; behind N proxies the hop N places from the right);
 * one address has one counter however it is spelled, and an IPv6 /64 is one client; guesses at
 * one order's e-mail are limited per order whatever the address; and tracking misses and
 * 'account exists' answers have a shop-wide ceiling that a scan spread over many addresses meets.
 *
 * The test server is reached from 127.0.0.1, so without a trusted proxy every request here comes
 * from one socket address. Each test starts with no rate-limit events and sets TRUST_PROXY itself.
 *
 * Finer cases: __tests__/lib/server/security/client-ip.test.ts (parsing and normalising),
 * __tests__/api/tracking.test.ts ('the wrong-e-mail limit per order').
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Db } from '@/lib/server/db/client';
import type { OrderCreated } from '@/lib/contracts/orders';
import { reloadConfig } from '@/lib/server/config';
import { rateLimitEvents } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { RULES } from '@/lib/server/security/rate-limit';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { httpCaller, placedOrder, tag } from '../helpers/orders';
import { deliveryCheckout, itemOf, plainDay, seededProducts, uniqueEmail } from '../helpers/order-api';
import { ACCOUNT_EXISTS_NOTICE, ACCOUNT_LATER_NOTICE } from '@/lib/server/services/orders/checkout';
import type { CheckoutAnswer } from '@/lib/contracts/orders';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-attacks-addresses-'));
let server: ApiServer;
let db: Db;
const call = httpCaller(() => server.url);

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.DATA_DIR = dataDir;
  db = (await openTestDatabase()).db;
  server = await startApiServer();
});

beforeEach(async () => {
  await db.delete(rateLimitEvents);
});

afterEach(resetClock);

afterAll(async () => {
  delete process.env.TRUST_PROXY;
  reloadConfig();
  await mailIdle();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** How many proxies the shop is told sit in front of it (unset: the default, none). */
function trustProxies(n: number | undefined) {
  if (n === undefined) delete process.env.TRUST_PROXY;
  else process.env.TRUST_PROXY = String(n);
  reloadConfig();
}

let serial = 0;
/** A fresh public-looking IPv4 address each time. */
const anyAddress = () => {
  serial += 1;
  return `198.${18 + (serial >> 16)}.${(serial >> 8) & 255}.${serial & 255}`;
};
const forwarded = (chain: string) => ({ 'x-forwarded-for': chain });
/** What a client writes itself in front of the hop the trusted proxy appends. */
const spoofed = (realHop: string) => forwarded(`${anyAddress()}, ${anyAddress()}, ${realHop}`);

const unknownNumber = () => `RF-9${tag().slice(0, 5)}`;
const trackMiss = (headers: Record<string, string>) => call('GET', `/v1/firebase/order/order-number/${unknownNumber()}`, { headers });
const login = (headers: Record<string, string>) =>
  call('POST', '/v1/regal/auth/login', { body: { email: uniqueEmail('stuffed'), password: `guess-${tag()}` }, headers });
const otpValidate = (headers: Record<string, string>) =>
  call('POST', '/v1/regal/auth/otp/validate', { body: { email: uniqueEmail('otp'), code: '123456' }, headers });
const signupAs = (email: string, headers: Record<string, string>) =>
  call('POST', '/v1/regal/auth/signup', { body: { email, password: 'orchids-in-bloom' }, headers });

async function registered(): Promise<string> {
  const email = uniqueEmail('known');
  expect((await signupAs(email, forwarded(anyAddress()))).status).toBe(201);
  return email;
}

/** Runs `attempt` `times` times and answers the statuses. */
async function statusesOf(times: number, attempt: (i: number) => Promise<{ status: number }>): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await attempt(i)).status);
  return statuses;
}

describe('1. rotating X-Forwarded-For does not escape the per-address limits', () => {
  it('without a trusted proxy (the default), X-Forwarded-For is ignored: a tracking scan is stopped at the socket’s address', async () => {
    trustProxies(undefined);
    const { limit } = RULES.trackMissPerAddress;
    const statuses = await statusesOf(limit + 2, () => trackMiss(forwarded(anyAddress())));
    expect(statuses).toEqual([...Array(limit).fill(404), 429, 429]);
  });

  it('behind one proxy, what the client writes left of the proxy’s hop is ignored: tracking scans', async () => {
    trustProxies(1);
    const { limit } = RULES.trackMissPerAddress;
    const client = anyAddress();
    const statuses = await statusesOf(limit + 2, () => trackMiss(spoofed(client)));
    expect(statuses).toEqual([...Array(limit).fill(404), 429, 429]);
    // The right-most hop is the client: another one is not affected.
    expect((await trackMiss(spoofed(anyAddress()))).status).toBe(404);
  });

  it('credential stuffing across accounts: the login limit per address holds', async () => {
    trustProxies(1);
    const { limit } = RULES.loginPerAddress;
    const client = anyAddress();
    const statuses = await statusesOf(limit + 1, () => login(spoofed(client)));
    expect(statuses).toEqual([...Array(limit).fill(401), 429]);
  });

  it('code guessing across accounts: the OTP limit per address holds', async () => {
    trustProxies(1);
    const { limit } = RULES.otpValidatePerAddress;
    const client = anyAddress();
    const statuses = await statusesOf(limit + 1, () => otpValidate(spoofed(client)));
    expect(statuses).toEqual([...Array(limit).fill(400), 429]);
  });

  it('account enumeration through signup’s 409: the limit per address holds', async () => {
    trustProxies(1);
    const { limit } = RULES.signupConflictPerAddress;
    const known = await registered();
    const client = anyAddress();
    const statuses = await statusesOf(limit + 1, () => signupAs(known, spoofed(client)));
    expect(statuses).toEqual([...Array(limit).fill(409), 429]);
  });

  it('account enumeration through signup’s 409: a burst of simultaneous signups cannot slip past the limit', async () => {
    trustProxies(1);
    const { limit } = RULES.signupConflictPerAddress;
    const known = await registered();
    const client = anyAddress();
    const answers = await Promise.all(Array.from({ length: limit * 3 }, () => signupAs(known, spoofed(client))));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 409).length).toBeLessThanOrEqual(limit);
    expect(statuses.filter((s) => s !== 409 && s !== 429)).toEqual([]);
  });
});

describe('2. one client, one counter', () => {
  it('10.058.1.1, ::ffff:10.58.1.1 and 10.58.1.1 share one counter', async () => {
    trustProxies(1);
    const { limit } = RULES.trackMissPerAddress;
    const spellings = ['10.058.1.1', '::ffff:10.58.1.1', '10.58.1.1', '010.58.001.1', '[::FFFF:10.58.1.1]'];
    const statuses = await statusesOf(limit + spellings.length, (i) => trackMiss(forwarded(spellings[i % spellings.length]!)));
    expect(statuses).toEqual([...Array(limit).fill(404), ...Array(spellings.length).fill(429)]);
    expect((await trackMiss(forwarded('10.58.1.2'))).status).toBe(404);
  });

  it('two addresses of one IPv6 /64 share one counter; another /64 has its own', async () => {
    trustProxies(1);
    const { limit } = RULES.loginPerAddress;
    const statuses = await statusesOf(limit + 1, (i) => login(forwarded(`2001:db8:5:6:${(i + 1).toString(16)}::${tag().slice(0, 4)}`)));
    expect(statuses).toEqual([...Array(limit).fill(401), 429]);
    expect((await login(forwarded('2001:DB8:5:6:ffff:ffff:ffff:ffff'))).status).toBe(429);
    expect((await login(forwarded('2001:db8:5:7::1'))).status).toBe(401);
  });

  it('behind one proxy the right-most hop counts: distinct clients behind it are told apart', async () => {
    trustProxies(1);
    const shared = anyAddress();
    const { limit } = RULES.trackMissPerAddress;
    // The same left-most hop (what the old code counted) for clients the proxy saw as different.
    const statuses = await statusesOf(limit + 2, () => trackMiss(forwarded(`${shared}, ${anyAddress()}`)));
    expect(statuses).toEqual(Array(limit + 2).fill(404));
  });
});

describe('3. guessing the e-mail of a known order number', () => {
  it('is stopped per order, whatever the address: past 5 wrong e-mails even the right one is refused, the details stay hidden', async () => {
    trustProxies(1);
    const order = await placedOrder(db);
    const { limit } = RULES.trackEmailPerOrder;
    const byEmail = (email: string) =>
      call('GET', `/v1/firebase/order/order-number/${order.orderNumber}?email=${encodeURIComponent(email)}`, { headers: forwarded(anyAddress()) });
    const statuses = await statusesOf(limit, (i) => byEmail(`guess${i}.${tag()}@example.com`));
    expect(statuses).toEqual(Array(limit).fill(200));
    const refused = await byEmail(order.sender.email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    for (const secret of [order.recipientDetails.name, order.recipientDetails.phone, order.recipientDetails.address, order.id]) expect(refused.text).not.toContain(secret);
  });
});

describe('4. shop-wide ceilings, for scans spread over many addresses', () => {
  it('tracking misses: past the ceiling a minute, a lookup from any address is refused until the minute passes', async () => {
    trustProxies(1);
    const { limit, windowMs } = RULES.trackMissShop;
    const statuses = await statusesOf(limit, () => trackMiss(forwarded(anyAddress())));
    expect(statuses).toEqual(Array(limit).fill(404));
    const refused = await trackMiss(forwarded(anyAddress()));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    advanceClock(windowMs + 1000);
    expect((await trackMiss(forwarded(anyAddress()))).status).toBe(404);
  });

  it('account-exists answers: signup’s 409s from many addresses reach the ceiling, and the checkout’s notice shares it', async () => {
    trustProxies(1);
    const { limit, windowMs } = RULES.accountExistsShop;
    const known = await registered();
    const statuses = await statusesOf(limit, () => signupAs(known, forwarded(anyAddress())));
    expect(statuses).toEqual(Array(limit).fill(409));
    expect((await signupAs(known, forwarded(anyAddress()))).status).toBe(429);

    const shop = await seededProducts();
    const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.rose)], currency: 'NGN', deliveryDate: '' } });
    expect(created.status).toBe(201);
    const body = deliveryCheckout(plainDay(), { email: known });
    const notice = (email: string) =>
      call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${created.body.data.id}`, {
        body: { ...body, userData: { ...body.userData, email, password: 'orchids-in-bloom' }, shouldCreateAccount: true },
        headers: forwarded(anyAddress()),
      });
    // Past the ceiling the checkout still goes on (an order is never refused for it), with one
    // notice for a registered and a new e-mail alike, so it tells nothing; no account is made.
    const fresh = `new-${Date.now()}@example.com`;
    for (const email of [known, fresh]) {
      const answer = await notice(email);
      expect(answer.status).toBe(200);
      expect(answer.body.data).toMatchObject({ user: null, accountNotice: ACCOUNT_LATER_NOTICE });
    }

    advanceClock(windowMs + 1000);
    expect((await signupAs(known, forwarded(anyAddress()))).status).toBe(409);
    expect((await notice(known)).body.data).toMatchObject({ user: null, accountNotice: ACCOUNT_EXISTS_NOTICE });
  });
});
