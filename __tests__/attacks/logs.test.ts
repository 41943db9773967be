/** @jest-environment node */
/**
 * Attack suite, logs (issue 7, item 13): a representative run — signup, logins right and wrong,
 * OTP request and validation, a checkout that creates an account with a password, a password
 * change, a Paystack payment with its secret key configured (and once with Paystack down), and
 * signed webhooks, genuine and forged — with every line of the server's JSON log
 * (lib/server/log.ts, captured at every level), every `console.*` call and every write to
 * process.stdout and process.stderr captured; none of the passwords, OTP codes, bearer tokens,
 * the provider's secret key or the webhook signatures may appear in what was captured.
 *
 * Failing paths too (issue 11): a write whose query fails (a trigger refuses the row, with the row
 * in its message, like PostgreSQL's 'Key (email)=(…)') answers a 500 quoting its request id, and
 * the log line carries that id, the error's class, code and table, and none of what was sent:
 * no password or its argon2id hash, no name, phone, e-mail or address.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { CheckoutAnswer, Order, OrderCreated } from '@/lib/contracts/orders';
import type { UserRecord } from '@/lib/contracts/auth';
import type { PaymentStart } from '@/lib/contracts/payments';
import type { OutboxEntry } from '@/lib/server/mail/outbox';
import { sql } from 'drizzle-orm';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { describeError, errorFields } from '@/lib/server/http/errors';
import { ApiError } from '@/lib/api/client';
import { captureLogs, type LogCapture } from '@/lib/server/log';
import { mailIdle } from '@/lib/server/mail/mailer';
import { paystackSignature } from '@/lib/server/payments/providers/paystack';
import { createFakePaystack } from '@/lib/sandbox/paystack';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { httpCaller, tag } from '../helpers/orders';
import { deliveryCheckout, itemOf, plainDay, seededProducts } from '../helpers/order-api';

const SECRET_KEY = `sk_test_logs_${tag()}${tag()}`;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-attacks-logs-'));
let server: ApiServer;
let paystack: FakeServer;
let saved: PaymentsConfig;
const call = httpCaller(() => server.url);

const captured: string[] = [];
let logs: LogCapture;
/** Everything captured so far: the JSON log's lines, then console and stdout/stderr. */
const everything = () => [...logs.raw, ...captured].join('\n');
const record = (...args: unknown[]) => {
  captured.push(args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : typeof a === 'string' ? a : JSON.stringify(a) ?? String(a))).join(' '));
};

beforeAll(async () => {
  delete process.env.SMTP_URL;
  process.env.DATA_DIR = dataDir;
  await openTestDatabase();
  server = await startApiServer();
  const fake = { current: undefined as ReturnType<typeof createFakePaystack> | undefined };
  paystack = await startFakeServer((req, res) => fake.current?.handle(req, res));
  fake.current = createFakePaystack({ publicUrl: paystack.url, webhookUrl: `${server.url}/v1/payments/webhook/paystack`, secrets: { secretKey: SECRET_KEY }, faults: {} });
  const config = getConfig();
  config.dataDir = dataDir;
  config.smtpUrl = undefined;
  saved = structuredClone(config.payments);
  config.payments.paystack = { secretKey: SECRET_KEY, baseUrl: paystack.url };
  config.payments.timeoutMs = 2000;
  logs = captureLogs('trace');
  for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) jest.spyOn(console, method).mockImplementation(record);
  for (const stream of [process.stdout, process.stderr]) {
    jest.spyOn(stream, 'write').mockImplementation(((chunk: unknown) => {
      captured.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'));
      return true;
    }) as typeof stream.write);
  }
});

afterAll(async () => {
  logs.stop();
  jest.restoreAllMocks();
  getConfig().payments = saved;
  await mailIdle();
  await paystack.close();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('a representative run of logins, OTPs, checkout with a password, payments and webhooks logs no secret', async () => {
  const shop = await seededProducts();
  const secrets: string[] = [SECRET_KEY];
  const ip = () => ({ 'x-forwarded-for': `10.77.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` });

  // Signup, right and wrong logins, a password change, logout.
  const email = `logs.${tag()}@example.com`;
  const password = `Secret-pass-${tag()}`;
  const newPassword = `Other-pass-${tag()}`;
  const wrong = `Wrong-pass-${tag()}`;
  secrets.push(password, newPassword, wrong);
  const signedUp = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password }, headers: ip() });
  expect(signedUp.status).toBe(201);
  secrets.push(signedUp.body.data.authToken);
  expect((await call('POST', '/v1/regal/auth/login', { body: { email, password: wrong }, headers: ip() })).status).toBe(401);
  const loggedIn = await call<UserRecord>('POST', '/v1/regal/auth/login', { body: { email, password }, headers: ip() });
  expect(loggedIn.status).toBe(200);
  secrets.push(loggedIn.body.data.authToken);
  const changed = await call<UserRecord>('PUT', '/v1/regal/auth/change-password', { body: { password: newPassword, currentPassword: password }, headers: { ...ip(), authorization: `Bearer ${loggedIn.body.data.authToken}` } });
  expect(changed.status).toBe(200);
  secrets.push(changed.body.data.authToken);
  expect((await call('PUT', '/v1/regal/auth/change-password', { body: { password: 'short' }, headers: { authorization: `Bearer ${changed.body.data.authToken}` } })).status).toBe(400);

  // OTP: request, a wrong code, the right code.
  expect((await call('POST', '/v1/regal/auth/otp/request', { body: { email }, headers: ip() })).status).toBe(200);
  await mailIdle();
  const outbox = await call<OutboxEntry[]>('GET', `/api/dev/outbox?to=${encodeURIComponent(email)}&limit=1`);
  const code = /one-time password is: (\d{6})/.exec(outbox.body.data[0]?.text ?? '')?.[1];
  expect(code).toMatch(/^\d{6}$/);
  const wrongCode = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
  secrets.push(code!, wrongCode);
  expect((await call('POST', '/v1/regal/auth/otp/validate', { body: { email, code: wrongCode }, headers: ip() })).status).toBe(400);
  const validated = await call<UserRecord>('POST', '/v1/regal/auth/otp/validate', { body: { email, code }, headers: ip() });
  expect(validated.status).toBe(200);
  secrets.push(validated.body.data.authToken);

  // A checkout that creates an account with a password, then a Paystack payment and webhooks.
  const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.gift)], currency: 'NGN', deliveryDate: '' } });
  const id = created.body.data.id;
  const checkoutPassword = `Checkout-pass-${tag()}`;
  secrets.push(checkoutPassword);
  const body = deliveryCheckout(plainDay());
  const checkedOut = await call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: { ...body, shouldCreateAccount: true, userData: { ...body.userData, password: checkoutPassword } }, headers: ip() });
  expect(checkedOut.status).toBe(200);
  const checkoutToken = (checkedOut.body.data as unknown as { user?: { authToken?: string } | null }).user?.authToken;
  if (checkoutToken) secrets.push(checkoutToken);
  expect((await call<Order>('PUT', `/v1/firebase/order/update-payment-details/${id}`, { body: { currency: 'NGN', paymentMethod: 'paystack' } })).status).toBe(200);

  // Paystack down first: a 502, which is logged — without the key.
  getConfig().payments.paystack = { secretKey: SECRET_KEY, baseUrl: 'http://127.0.0.1:9' };
  expect((await call('POST', `/v1/payments/start/${id}`, { body: {} })).status).toBe(502);
  getConfig().payments.paystack = { secretKey: SECRET_KEY, baseUrl: paystack.url };
  const started = await call<PaymentStart>('POST', `/v1/payments/start/${id}`, { body: {} });
  expect(started.status).toBe(200);
  const reference = started.body.data.kind === 'redirect' ? started.body.data.reference : '';
  const hook = JSON.stringify({ event: 'charge.success', data: { id: 1, reference, amount: 1, currency: 'NGN', status: 'success' } });
  const forged = paystackSignature(hook, 'sk_test_attacker');
  const genuine = paystackSignature(hook, SECRET_KEY);
  secrets.push(forged, genuine);
  const send = (signature: string) => fetch(`${server.url}/v1/payments/webhook/paystack`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': signature }, body: hook });
  expect((await send(forged)).status).toBe(401);
  expect((await send(genuine)).status).toBe(200);
  await mailIdle();

  const text = everything();
  // The capture works: the 502 above is logged by the route wrapper.
  expect(logs.lines()).toContainEqual(expect.objectContaining({ area: 'api', method: 'POST', path: `/v1/payments/start/${id}`, requestId: expect.any(String) }));
  for (const secret of secrets) expect([secret, text.includes(secret)]).toEqual([secret, false]);
  // Nor the bearer header with any token in it.
  expect(text).not.toMatch(/Bearer [A-Za-z0-9_-]{20,}/);
});

describe('failing writes log no personal data or secret (issue 11)', () => {
  async function refuseWrites(on: boolean) {
    const db = await getDb();
    if (!on) {
      for (const statement of ['DROP TRIGGER IF EXISTS attack_logs_users ON users', 'DROP TRIGGER IF EXISTS attack_logs_orders ON orders', 'DROP FUNCTION IF EXISTS attack_logs_refuse()']) await db.execute(sql.raw(statement));
      return;
    }
    // The driver's message then carries the whole row, as a duplicate key's detail carries the value.
    await db.execute(sql.raw(`CREATE FUNCTION attack_logs_refuse() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'refused row %', row_to_json(NEW); END $$`));
    await db.execute(sql.raw('CREATE TRIGGER attack_logs_users BEFORE INSERT ON users FOR EACH ROW EXECUTE FUNCTION attack_logs_refuse()'));
    await db.execute(sql.raw('CREATE TRIGGER attack_logs_orders BEFORE UPDATE ON orders FOR EACH ROW EXECUTE FUNCTION attack_logs_refuse()'));
  }

  afterEach(async () => {
    await refuseWrites(false);
  });

  it('a failed signup and a failed checkout answer 500 with a request id, and log it without what was sent', async () => {
    const shop = await seededProducts();
    const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.gift)], currency: 'NGN', deliveryDate: '' } });
    expect(created.status).toBe(201);
    await refuseWrites(true);
    const start = logs.raw.length;
    const consoleStart = captured.length;

    const email = `failing.${tag()}@example.com`;
    const password = `Failing-pass-${tag()}`;
    const signupName = `Adaeze ${tag()}`;
    const signup = await fetch(`${server.url}/v1/regal/auth/signup`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-forwarded-for': '10.78.1.1' }, body: JSON.stringify({ email, password, name: signupName }) });
    expect(signup.status).toBe(500);
    const signupId = signup.headers.get('x-request-id');
    expect(signupId).toMatch(/^[0-9a-f]{8}$/);
    expect(await signup.json()).toEqual({ data: null, error: true, status: 500, message: `Something went wrong on our side. Please try again. (ref ${signupId})` });

    const body = deliveryCheckout(plainDay());
    const personal = { name: `Ngozi ${tag()}`, phone: '08097654321', address: `17 Awolowo Road ${tag()}`, recipient: `Chidi ${tag()}`, email: `buyer.${tag()}@example.com` };
    const order = {
      ...body,
      orderData: { ...body.orderData, recipient: { ...body.orderData.recipient, name: personal.recipient, address: personal.address } },
      userData: { ...body.userData, name: personal.name, phone: personal.phone, email: personal.email },
    };
    const checkout = await fetch(`${server.url}/v1/firebase/order/checkout-order/${created.body.data.id}`, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(order) });
    expect(checkout.status).toBe(500);
    const checkoutId = checkout.headers.get('x-request-id');
    expect(((await checkout.json()) as { message: string }).message).toContain(`(ref ${checkoutId})`);

    const lines = logs.lines().slice(start);
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, area: 'api', method: 'POST', path: '/v1/regal/auth/signup', requestId: signupId, code: 'P0001', table: 'users' }));
    expect(lines).toContainEqual(expect.objectContaining({ level: 50, area: 'api', method: 'PUT', path: `/v1/firebase/order/checkout-order/${created.body.data.id}`, requestId: checkoutId, table: 'orders' }));
    const text = [...logs.raw.slice(start), ...captured.slice(consoleStart)].join('\n');
    for (const value of [email, password, signupName, ...Object.values(personal), '0809 765 4321', '+2348097654321']) expect([value, text.includes(value)]).toEqual([value, false]);
    for (const marker of ['$argon2id$', 'params:', 'refused row', 'Failed query']) expect([marker, text.includes(marker)]).toEqual([marker, false]);
  });

  it("describes a Drizzle 'Failed query' by class, code, table and constraint only", () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), {
      name: 'error',
      code: '23505',
      table: 'users',
      constraint: 'users_email_unique',
      detail: 'Key (email)=(ada@example.com) already exists.',
    });
    const error = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['ada@example.com', '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA'], driver);
    const line = describeError(error);
    expect(line).toMatch(/^DrizzleQueryError < \S+ code=23505 table=users constraint=users_email_unique/);
    expect(line).not.toMatch(/ada@example\.com|argon2|duplicate|Key \(/);
    expect(describeError(new DrizzleQueryError('update "orders" set "sender_phone" = $1', ['08031234567']))).toMatch(/table=orders/);
  });

  it("logs the status a failed /v1 call answered (a page's ApiError), never its message", () => {
    const fields = errorFields(new ApiError(503, 'Sorry ada@example.com, the shop is briefly unavailable'));
    expect(fields).toMatchObject({ error: 'ApiError', status: 503 });
    expect(JSON.stringify(fields)).not.toMatch(/ada@example\.com|unavailable/);
    expect(errorFields(new ApiError(0, 'Cannot reach the shop.')).status).toBe(0);
    expect(errorFields(Object.assign(new Error('x'), { status: 'leaked text' })).status).toBeUndefined();
  });
});
