/** @jest-environment node */
/**
 * Paying an NGN order with Flutterwave and with Monnify through the real payment routes, each
 * provider configured with keys and pointed at its fake served on a local port: start gives the
 * fake's hosted page, the shopper pays there, and the verify call with the query the fake
 * redirected to (or the fake's signed webhook) marks the order paid once; a short payment leaves
 * it unpaid with the mismatch in the timeline; a cancelled one leaves it unpaid.
 */
import { and, eq } from 'drizzle-orm';
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import { captureLogs } from '@/lib/server/log';
import { getDb } from '@/lib/server/db/client';
import { paymentAttempts } from '@/lib/server/db/schema';
import type { Order, OrderCreated } from '@/lib/contracts/orders';
import type { PaymentOutcome, PaymentStart } from '@/lib/contracts/payments';
import { createFakeFlutterwave } from '@/lib/sandbox/flutterwave';
import { createFakeMonnify } from '@/lib/sandbox/monnify';
import type { FakeFaults, FakeOptions, FakeProvider } from '@/lib/sandbox/types';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { caller, deliveryCheckout, itemOf, plainDay, seededProducts } from '../helpers/order-api';

const SECRETS = {
  flutterwave: { secretKey: 'FLWSECK_TEST-routes0a1b2c3d4e5f6a7b8c9d0e1f2-X', webhookHash: 'route-test-verif-hash' },
  monnify: { apiKey: 'MK_TEST_ROUTES7Q2W', secretKey: 'ROUTESSECRET7Q2W9E4R6T8Y0U1I3O5P', contractCode: '4934121686' },
};

let server: ApiServer;
let call: ReturnType<typeof caller>;
let shop: Awaited<ReturnType<typeof seededProducts>>;
let saved: PaymentsConfig;
const fakes: FakeServer[] = [];

beforeAll(async () => {
  await openTestDatabase();
  server = await startApiServer();
  call = caller(server.url);
  shop = await seededProducts();
  saved = structuredClone(getConfig().payments);
});

afterAll(async () => {
  getConfig().payments = saved;
  await Promise.all(fakes.map((f) => f.close()));
  await server.close();
  await closeTestDatabase();
});

type Key = 'flutterwave' | 'monnify';

/** Serves the provider's fake and configures the shop with its keys and URL. */
async function serveFake(key: Key, options: { webhook?: boolean } = {}) {
  const faults: FakeFaults = {};
  const box: { fake?: FakeProvider } = {};
  const served = await startFakeServer((req, res) => box.fake?.handle(req, res));
  fakes.push(served);
  const fakeOptions: FakeOptions = {
    publicUrl: served.url,
    webhookUrl: options.webhook ? `${server.url}/v1/payments/webhook/${key}` : undefined,
    secrets: SECRETS[key],
    faults,
  };
  const fake = key === 'flutterwave' ? createFakeFlutterwave(fakeOptions) : createFakeMonnify(fakeOptions);
  box.fake = fake;
  const payments = getConfig().payments;
  if (key === 'flutterwave') payments.flutterwave = { ...SECRETS.flutterwave, baseUrl: served.url };
  else payments.monnify = { ...SECRETS.monnify, baseUrl: served.url };
  payments.timeoutMs = 3000;
  return { fake, faults, url: served.url };
}

/** An NGN order checked out for delivery, with `method` chosen. */
async function orderPayingWith(method: Key): Promise<Order> {
  const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.rose)], currency: 'NGN', deliveryDate: '' } });
  expect(created.status).toBe(201);
  const id = created.body.data.id;
  expect((await call('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(plainDay()) })).status).toBe(200);
  const chosen = await call<Order>('PUT', `/v1/firebase/order/update-payment-details/${id}`, { body: { currency: 'NGN', paymentMethod: method } });
  expect(chosen.status).toBe(200);
  return chosen.body.data;
}

async function start(orderId: string) {
  const res = await call<PaymentStart>('POST', `/v1/payments/start/${orderId}`, { body: {} });
  expect(res.status).toBe(200);
  const started = res.body.data;
  if (started.kind !== 'redirect') throw new Error('expected a redirect');
  return started;
}

/** The shop's verify call with the query the provider redirected the shopper back with. */
async function verifyFrom(orderId: string, location: string) {
  const query = new URL(location).searchParams;
  query.delete('orderId');
  return call<PaymentOutcome>('GET', `/v1/payments/verify/${orderId}?${query.toString()}`);
}

const readOrder = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
const attemptsOf = async (orderId: string) => (await getDb()).select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));

describe.each<[Key, string, (reference: string) => Record<string, string | undefined>]>([
  ['flutterwave', 'Flutterwave', (reference) => ({ status: 'successful', tx_ref: reference })],
  ['monnify', 'Monnify bank transfer', (reference) => ({ paymentReference: reference })],
])('%s through the payment routes', (key, label, returnParams) => {
  it('start → pay on the fake → verify with the redirect query: the order is paid', async () => {
    const { fake, url } = await serveFake(key);
    const order = await orderPayingWith(key);
    const started = await start(order.id);
    expect(started).toMatchObject({ kind: 'redirect', provider: key });
    expect(started.redirectUrl.startsWith(`${url}/`)).toBe(true);
    expect(started.reference).toMatch(new RegExp(`^${order.orderNumber}-[0-9a-f]{8}$`));
    // The fake was asked the order's total in naira.
    expect(fake.transactions.get(started.reference)).toMatchObject({ requestedAmount: order.amountsInCurrency.total, currency: 'NGN' });

    const location = await fake.decide(started.reference, 'pay');
    expect(Object.fromEntries(new URL(location).searchParams)).toMatchObject({ orderId: order.id, payment: key, reference: started.reference, ...returnParams(started.reference) });

    const verified = await verifyFrom(order.id, location);
    expect(verified.status).toBe(200);
    expect(verified.body.data).toMatchObject({ outcome: 'paid', order: { id: order.id, status: 'paid', paymentStatus: `PAID - GO AHEAD (${label})` } });
    expect((await readOrder(order.id)).paymentStatus).toBe(`PAID - GO AHEAD (${label})`);

    // Coming back again changes nothing.
    expect((await verifyFrom(order.id, location)).body.data.outcome).toBe('paid');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
  });

  it('the fake’s signed webhook pays the order before the shopper is back; verify then agrees', async () => {
    const { fake } = await serveFake(key, { webhook: true });
    const order = await orderPayingWith(key);
    const started = await start(order.id);
    const location = await fake.decide(started.reference, 'pay');
    expect((await readOrder(order.id)).status).toBe('paid');
    expect((await verifyFrom(order.id, location)).body.data.outcome).toBe('paid');
    const [attempt] = await (await getDb()).select().from(paymentAttempts).where(and(eq(paymentAttempts.orderId, order.id), eq(paymentAttempts.reference, started.reference)));
    expect(attempt).toMatchObject({ status: 'succeeded', provider: key });
  });

  it('a short payment leaves the order unpaid and records the mismatch', async () => {
    const { fake, faults } = await serveFake(key, { webhook: true });
    const order = await orderPayingWith(key);
    const started = await start(order.id);
    faults.settleAmountMinor = order.amountsInCurrency.total * 100 - 100_000; // ₦1,000 short
    const location = await fake.decide(started.reference, 'pay');
    const verified = await verifyFrom(order.id, location);
    expect(verified.body.data.outcome).toBe('failed');
    const after = await readOrder(order.id);
    expect(after.status).not.toBe('paid');
    expect(after.timeline.at(-1)?.note).toContain(`Payment not accepted (${started.reference})`);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['mismatch']);
  });

  it('a cancelled payment leaves the order unpaid, and a new attempt can then pay it', async () => {
    const { fake } = await serveFake(key);
    const order = await orderPayingWith(key);
    const first = await start(order.id);
    const back = await fake.decide(first.reference, 'cancel');
    expect((await verifyFrom(order.id, back)).body.data.outcome).toBe('failed');
    expect((await readOrder(order.id)).status).not.toBe('paid');

    const second = await start(order.id);
    expect(second.reference).not.toBe(first.reference);
    expect((await verifyFrom(order.id, await fake.decide(second.reference, 'pay'))).body.data.outcome).toBe('paid');
  });

  it('a provider that times out answers 502, leaves the order untouched and logs no secret', async () => {
    const { faults } = await serveFake(key);
    getConfig().payments.timeoutMs = 150;
    faults.delayMs = 600;
    const order = await orderPayingWith(key);
    const logged = captureLogs();
    try {
      const res = await call('POST', `/v1/payments/start/${order.id}`, { body: {} });
      expect(res.status).toBe(502);
      expect(res.body.message).toMatch(/is not answering right now/);
      expect(logged.lines()).toContainEqual(expect.objectContaining({ area: 'api', path: `/v1/payments/start/${order.id}`, detail: expect.stringContaining('no answer within 150 ms') }));
      const text = `${JSON.stringify(res.body)} ${logged.raw.join('')}`;
      for (const secret of Object.values(SECRETS[key])) expect(text).not.toContain(secret);
    } finally {
      logged.stop();
    }
    expect((await readOrder(order.id)).status).toBe(order.status);
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'failed' });
    expect(attempt?.note).toMatch(/no answer within 150 ms$/);
  });
});
