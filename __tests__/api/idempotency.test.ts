/** @jest-environment node */
/**
 * `Idempotency-Key` on the calls that create something (issue 16), over real HTTP to the real
 * routes on the real database, with a fake Paystack on a local port that counts the transactions
 * it is asked to start: order create, the order's payment start and a pay link's start. The same
 * key again gets the first answer (marked replayed) and makes nothing; at once, one request runs
 * and the other hears 409; another request under the key is a 422; no key behaves as before; a bad
 * key is a 400; a 5xx is not kept; an expired key and a crashed first request's key run again.
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { OrderCreated } from '@/lib/contracts/orders';
import type { ChargeStart } from '@/lib/contracts/charges';
import type { PaymentStart } from '@/lib/contracts/payments';
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import { idempotencyKeys, orderCharges, orders, paymentAttempts } from '@/lib/server/db/schema';
import {
  BAD_KEY_MESSAGE,
  IN_PROGRESS_MESSAGE,
  KEY_LIFETIME_MS,
  KEY_REUSED_MESSAGE,
  pruneIdempotencyKeys,
} from '@/lib/server/http/idempotency';
import { hashChargeToken } from '@/lib/server/services/orders/charges';
import { newToken } from '@/lib/server/security/tokens';
import { advanceClock, now, resetClock } from '@/lib/server/security/clock';
import { captureLogs } from '@/lib/server/log';
import { createFakePaystack, type FakePaystack } from '@/lib/sandbox/paystack';
import type { FakeFaults } from '@/lib/sandbox/types';
import { serveShopApi, type Shopper } from '../helpers/account';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { itemOf } from '../helpers/order-api';
import { httpCaller, placedOrder, type Answer } from '../helpers/orders';

const SECRET = 'sk_test_idempotency_5e2a9c71d4';
const api = serveShopApi('shop-idempotency', { catalogue: true });
const raw = httpCaller(() => api.url);

let paystackServer: FakeServer;
let paystack: FakePaystack;
const faults: FakeFaults = {};
/** Transactions the fake Paystack was asked to start. */
let initializeCalls = 0;
let saved: { paystack: PaymentsConfig['paystack']; timeoutMs: number; corsOrigins: string[] };

beforeAll(async () => {
  paystackServer = await startFakeServer((req, res) => {
    if (req.method === 'POST' && req.url === '/transaction/initialize') initializeCalls += 1;
    return paystack.handle(req, res);
  });
  paystack = createFakePaystack({ publicUrl: paystackServer.url, secrets: { secretKey: SECRET }, faults });
  const config = getConfig();
  saved = { paystack: { ...config.payments.paystack }, timeoutMs: config.payments.timeoutMs, corsOrigins: config.corsOrigins };
  config.payments.paystack = { secretKey: SECRET, baseUrl: paystackServer.url };
  config.payments.timeoutMs = 2000;
});

afterEach(() => {
  for (const name of Object.keys(faults) as (keyof FakeFaults)[]) delete faults[name];
  resetClock();
  jest.restoreAllMocks();
});

afterAll(async () => {
  const config = getConfig();
  config.payments.paystack = saved.paystack;
  config.payments.timeoutMs = saved.timeoutMs;
  config.corsOrigins = saved.corsOrigins;
  await paystackServer.close();
});

/** A POST from the file's address, with the key (when given) and the shopper's token. */
function post<T>(path: string, body: unknown, options: { key?: string; token?: string } = {}): Promise<Answer<T>> {
  const headers: Record<string, string> = { 'x-forwarded-for': api.ip };
  if (options.key !== undefined) headers['idempotency-key'] = options.key;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  return raw<T>('POST', path, { body, headers });
}

const createPath = '/v1/firebase/order/create';
const cart = (quantity = 1) => ({ cartItems: [itemOf(api.shop.gift, { quantity })], currency: 'NGN', deliveryDate: '' });
const createOrder = (shopper: Shopper, key?: string, body: unknown = cart()) => post<OrderCreated>(createPath, body, { key, token: shopper.token });
const startPath = (orderId: string) => `/v1/payments/start/${orderId}`;
const startPayment = (orderId: string, key?: string) => post<PaymentStart>(startPath(orderId), {}, { key });

async function ordersOf(shopper: Shopper): Promise<string[]> {
  const userId = await api.userIdOf(shopper.email);
  const rows = await api.db.select({ id: orders.id }).from(orders).where(eq(orders.userId, userId!));
  return rows.map((r) => r.id);
}

const attemptsOf = (orderId: string) => api.db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
const keyHash = (call: string, key: string) => createHash('sha256').update(`${call}\n${key}`).digest('hex');
const rowOf = async (call: string, key: string) =>
  (await api.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.scope, call), eq(idempotencyKeys.keyHash, keyHash(call, key)))))[0];
const payableOrder = async () => placedOrder(api.db, { paymentMethod: 'paystack', status: 'awaiting_payment' });

function expectFirst(res: Answer<unknown>, status: number): void {
  expect(res.status).toBe(status);
  expect(res.headers.get('idempotent-replayed')).toBeNull();
}

function expectReplayOf(res: Answer<unknown>, first: Answer<unknown>): void {
  expect(res.status).toBe(first.status);
  expect(res.body).toEqual(first.body);
  expect(res.headers.get('idempotent-replayed')).toBe('true');
  expect(res.headers.get('cache-control')).toBe('private, no-store');
}

function expectInProgress(res: Answer<unknown>): void {
  expect(res.status).toBe(409);
  expect(res.body).toEqual({ data: null, error: true, status: 409, message: IN_PROGRESS_MESSAGE });
  expect(res.headers.get('retry-after')).toBe('1');
}

describe('order create', () => {
  it('the same key twice: one order, and the first answer again, marked replayed and private', async () => {
    const shopper = await api.signUp();
    const key = randomUUID();
    const first = await createOrder(shopper, key);
    expectFirst(first, 201);
    expect(first.headers.get('cache-control')).toBe('private, no-store');
    const again = await createOrder(shopper, key);
    expectReplayOf(again, first);
    expect(await ordersOf(shopper)).toEqual([first.body.data.id]);
    // The same body with the fields in another order is the same request.
    const [item] = cart().cartItems;
    const reordered = Object.fromEntries(Object.entries(item!).reverse());
    expectReplayOf(await createOrder(shopper, key, { deliveryDate: '', currency: 'NGN', cartItems: [reordered] }), first);
  });

  it('several at once with one key: exactly one runs; the others hear 409 (still running) or get its answer', async () => {
    const shopper = await api.signUp();
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 4 }, () => createOrder(shopper, key)));
    const ran = answers.filter((a) => a.status === 201 && a.headers.get('idempotent-replayed') === null);
    expect(ran).toHaveLength(1);
    for (const answer of answers) {
      if (answer === ran[0]) continue;
      if (answer.status === 409) expectInProgress(answer);
      else expectReplayOf(answer, ran[0]!);
    }
    expect(await ordersOf(shopper)).toEqual([ran[0]!.body.data.id]);
    expectReplayOf(await createOrder(shopper, key), ran[0]!);
  });

  it('the same key with another body: 422, nothing made; the first answer stays', async () => {
    const shopper = await api.signUp();
    const key = randomUUID();
    const first = await createOrder(shopper, key);
    expectFirst(first, 201);
    const other = await createOrder(shopper, key, cart(2));
    expect(other.status).toBe(422);
    expect(other.body).toEqual({ data: null, error: true, status: 422, message: KEY_REUSED_MESSAGE });
    expect(await ordersOf(shopper)).toHaveLength(1);
    expectReplayOf(await createOrder(shopper, key), first);
    // A key is the call's own: the same key on the payment start is another key.
    const order = await payableOrder();
    expectFirst(await startPayment(order.id, key), 200);
  });

  it('no key: every request makes its own order, as before', async () => {
    const shopper = await api.signUp();
    const [a, b] = [await createOrder(shopper), await createOrder(shopper)];
    expectFirst(a, 201);
    expectFirst(b, 201);
    expect(a.body.data.id).not.toBe(b.body.data.id);
    expect((await ordersOf(shopper)).sort()).toEqual([a.body.data.id, b.body.data.id].sort());
  });

  it.each([
    ['empty', ''],
    ['with a space', 'two words'],
    ['256 characters', 'k'.repeat(256)],
    ['not ASCII', 'caf\u00e9-1234'],
  ])('a key %s: 400 that says what a key is, nothing made', async (_, key) => {
    const shopper = await api.signUp();
    const res = await createOrder(shopper, key);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ data: null, error: true, status: 400, message: BAD_KEY_MESSAGE });
    expect(await ordersOf(shopper)).toEqual([]);
  });

  it('a key of 255 visible characters is taken, and only its hash is stored', async () => {
    const shopper = await api.signUp();
    const key = `~!${'k'.repeat(250)}{}"`;
    expect(key).toHaveLength(255);
    const first = await createOrder(shopper, key);
    expectFirst(first, 201);
    const row = await rowOf('order-create', key);
    expect(row).toMatchObject({ status: 201, body: first.body });
    expect(JSON.stringify(row)).not.toContain('k'.repeat(250));
    expect(await api.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.keyHash, key))).toEqual([]);
  });

  it('a key expires after 24 hours: the same request then makes a new order; prune deletes old keys only', async () => {
    const shopper = await api.signUp();
    const key = randomUUID();
    const first = await createOrder(shopper, key);
    advanceClock(KEY_LIFETIME_MS - 60_000);
    expectReplayOf(await createOrder(shopper, key), first);
    advanceClock(2 * 60_000);
    const later = await createOrder(shopper, key);
    expectFirst(later, 201);
    expect(later.body.data.id).not.toBe(first.body.data.id);
    expect(await ordersOf(shopper)).toHaveLength(2);

    // Pruning takes a key once its 24 hours are over, not before.
    resetClock();
    const { createdAt } = (await rowOf('order-create', key))!;
    await pruneIdempotencyKeys(api.db, new Date(createdAt.getTime() + KEY_LIFETIME_MS - 1000));
    expect(await rowOf('order-create', key)).toBeDefined();
    expect(await pruneIdempotencyKeys(api.db, new Date(createdAt.getTime() + KEY_LIFETIME_MS))).toBeGreaterThanOrEqual(1);
    expect(await rowOf('order-create', key)).toBeUndefined();
  });

  it("a first request that died holding the key: 409 while its lock lasts, then the next request takes the key over and runs", async () => {
    const shopper = await api.signUp();
    const key = randomUUID();
    const first = await createOrder(shopper, key);
    // As if the process had crashed after claiming the key: no answer kept, the lock still on.
    const crashed = (lockedUntil: Date) =>
      api.db.update(idempotencyKeys).set({ status: null, body: null, lockedUntil }).where(eq(idempotencyKeys.keyHash, keyHash('order-create', key)));
    await crashed(new Date(now().getTime() + 60_000));
    expectInProgress(await createOrder(shopper, key));
    await crashed(new Date(now().getTime() - 1000));
    const taken = await createOrder(shopper, key);
    expectFirst(taken, 201);
    expect(taken.body.data.id).not.toBe(first.body.data.id);
    expectReplayOf(await createOrder(shopper, key), taken);
    // Another request does not take a dead key over.
    await crashed(new Date(now().getTime() - 1000));
    expect((await createOrder(shopper, key, cart(3))).status).toBe(422);
    expect(await ordersOf(shopper)).toHaveLength(2);
  });

  it('a listed site may send the header and read the replay mark', async () => {
    getConfig().corsOrigins = ['https://partner.example'];
    const preflight = await fetch(`${api.url}${createPath}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://partner.example', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, idempotency-key' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/\bIdempotency-Key\b/);
    const shopper = await api.signUp();
    const key = randomUUID();
    const headers = { origin: 'https://partner.example', 'idempotency-key': key, authorization: `Bearer ${shopper.token}`, 'x-forwarded-for': api.ip };
    await raw('POST', createPath, { body: cart(), headers });
    const again = await raw('POST', createPath, { body: cart(), headers });
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(again.headers.get('access-control-expose-headers')).toMatch(/\bIdempotent-Replayed\b/);
  });
});

describe('payment start', () => {
  it('the same key twice: one attempt, one transaction at Paystack, the same page', async () => {
    const order = await payableOrder();
    const key = randomUUID();
    const calls = initializeCalls;
    const first = await startPayment(order.id, key);
    expectFirst(first, 200);
    expectReplayOf(await startPayment(order.id, key), first);
    expect(initializeCalls - calls).toBe(1);
    expect(await attemptsOf(order.id)).toHaveLength(1);
  });

  it('while the first still waits for Paystack: 409 with Retry-After; once it answered, its answer', async () => {
    const order = await payableOrder();
    const key = randomUUID();
    const calls = initializeCalls;
    faults.delayMs = 700;
    const running = startPayment(order.id, key);
    while (initializeCalls === calls) await new Promise((resolve) => setTimeout(resolve, 10));
    expectInProgress(await startPayment(order.id, key));
    const first = await running;
    expectFirst(first, 200);
    delete faults.delayMs;
    expectReplayOf(await startPayment(order.id, key), first);
    expect(initializeCalls - calls).toBe(1);
    expect(await attemptsOf(order.id)).toHaveLength(1);
  });

  it('a 5xx is not kept: after Paystack failed (502) the retry with the same key really runs, and the log holds no key', async () => {
    const order = await payableOrder();
    const key = randomUUID();
    const calls = initializeCalls;
    faults.status = 500;
    const logs = captureLogs('error');
    const errors = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      const failed = await startPayment(order.id, key);
      expectFirst(failed, 502);
      expect(await rowOf('payment-start', key)).toBeUndefined();
      const logged = [...logs.raw, ...errors.mock.calls.map((args) => args.join(' '))].join('\n');
      expect(logged).not.toContain(key);
      expect(logged).not.toContain(keyHash('payment-start', key));
    } finally {
      logs.stop();
    }
    delete faults.status;
    const retried = await startPayment(order.id, key);
    expectFirst(retried, 200);
    expectReplayOf(await startPayment(order.id, key), retried);
    expect(initializeCalls - calls).toBe(2);
    expect((await attemptsOf(order.id)).map((a) => a.status).sort()).toEqual(['failed', 'started']);
  });

  it('no key: every press starts a new attempt, as before', async () => {
    const order = await payableOrder();
    const calls = initializeCalls;
    const a = await startPayment(order.id);
    const b = await startPayment(order.id);
    expectFirst(a, 200);
    expectFirst(b, 200);
    expect(a.body.data).not.toEqual(b.body.data);
    expect(initializeCalls - calls).toBe(2);
    expect(await attemptsOf(order.id)).toHaveLength(2);
  });

  it("a pay link's start: one attempt per key; the key with another method is a 422", async () => {
    const order = await placedOrder(api.db, { paymentMethod: 'paystack', payment: 'paid', status: 'paid' });
    const token = newToken();
    const [charge] = await api.db
      .insert(orderCharges)
      .values({ orderId: order.id, kind: 'redelivery', status: 'due', amountMinor: BigInt(450_000), currency: 'NGN', reason: 'Redelivery', tokenHash: hashChargeToken(token) })
      .returning();
    const key = randomUUID();
    const calls = initializeCalls;
    const start = (method: string) => post<ChargeStart>(`/v1/charges/${token}/start`, { method }, { key });
    const first = await start('paystack');
    expectFirst(first, 200);
    expectReplayOf(await start('paystack'), first);
    expect((await start('flutterwave')).body).toEqual({ data: null, error: true, status: 422, message: KEY_REUSED_MESSAGE });
    expect(initializeCalls - calls).toBe(1);
    expect(await api.db.select().from(paymentAttempts).where(eq(paymentAttempts.chargeId, charge!.id))).toHaveLength(1);
  });
});
