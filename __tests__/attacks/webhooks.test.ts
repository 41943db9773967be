/** @jest-environment node */
/**
 * Attack suite, webhooks (issue 7, item 10): for Paystack, Flutterwave and Monnify, each served
 * by its fake on a local port with the shop holding test keys, a forged notice (wrong or missing
 * signature) and an altered one (signed, then changed) are refused with 401 and change nothing,
 * even when the payment did happen at the provider; the genuine notice pays the order, and
 * replaying it (several times, at once) pays it exactly once.
 *
 * More Paystack cases (another key, a body that lies about an unpaid transaction, 413):
 * __tests__/api/payments.test.ts ('webhooks'); PayPal's: __tests__/api/payments-paypal.test.ts.
 */
import { eq } from 'drizzle-orm';
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { paymentAttempts } from '@/lib/server/db/schema';
import type { Order, OrderCreated } from '@/lib/contracts/orders';
import type { PaymentStart } from '@/lib/contracts/payments';
import { paystackSignature } from '@/lib/server/payments/providers/paystack';
import { monnifySignature } from '@/lib/server/payments/providers/monnify';
import { createFakePaystack } from '@/lib/sandbox/paystack';
import { createFakeFlutterwave } from '@/lib/sandbox/flutterwave';
import { createFakeMonnify } from '@/lib/sandbox/monnify';
import type { FakeOptions, FakeProvider } from '@/lib/sandbox/types';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { httpCaller } from '../helpers/orders';
import { deliveryCheckout, itemOf, plainDay, seededProducts } from '../helpers/order-api';

const SECRETS = {
  paystack: { secretKey: 'sk_test_attacks_webhooks_9f8e7d6c5b4a' },
  flutterwave: { secretKey: 'FLWSECK_TEST-attacks0a1b2c3d4e5f6a7b8c9d0e1f2-X', webhookHash: 'attacks-verif-hash-71c2' },
  monnify: { apiKey: 'MK_TEST_ATTACKS7Q2W', secretKey: 'ATTACKSSECRET7Q2W9E4R6T8Y0U1I3O5P', contractCode: '4934121686' },
};
type Key = keyof typeof SECRETS;

let server: ApiServer;
let shop: Awaited<ReturnType<typeof seededProducts>>;
let saved: PaymentsConfig;
const fakes: FakeServer[] = [];
const call = httpCaller(() => server.url);

beforeAll(async () => {
  await openTestDatabase();
  server = await startApiServer();
  shop = await seededProducts();
  saved = structuredClone(getConfig().payments);
});

afterEach(() => {
  getConfig().payments = structuredClone(saved);
});

afterAll(async () => {
  getConfig().payments = saved;
  await Promise.all(fakes.map((f) => f.close()));
  await server.close();
  await closeTestDatabase();
});

/** Serves the provider's fake (sending no webhooks of its own) and gives the shop its keys. */
async function serveFake(key: Key): Promise<FakeProvider> {
  const box: { fake?: FakeProvider } = {};
  const served = await startFakeServer((req, res) => box.fake?.handle(req, res));
  fakes.push(served);
  const options: FakeOptions = { publicUrl: served.url, webhookUrl: undefined, secrets: SECRETS[key], faults: {} };
  box.fake = key === 'paystack' ? createFakePaystack(options) : key === 'flutterwave' ? createFakeFlutterwave(options) : createFakeMonnify(options);
  const payments = getConfig().payments;
  if (key === 'paystack') payments.paystack = { ...SECRETS.paystack, baseUrl: served.url };
  else if (key === 'flutterwave') payments.flutterwave = { ...SECRETS.flutterwave, baseUrl: served.url };
  else payments.monnify = { ...SECRETS.monnify, baseUrl: served.url };
  return box.fake;
}

/** An NGN order paid at the provider (the shop not told yet): the order and the reference. */
async function paidAtProvider(key: Key, fake: FakeProvider): Promise<{ order: Order; reference: string; txId: string }> {
  const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.gift)], currency: 'NGN', deliveryDate: '' } });
  const id = created.body.data.id;
  expect((await call('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(plainDay()) })).status).toBe(200);
  expect((await call('PUT', `/v1/firebase/order/update-payment-details/${id}`, { body: { currency: 'NGN', paymentMethod: key } })).status).toBe(200);
  const started = await call<PaymentStart>('POST', `/v1/payments/start/${id}`, { body: {} });
  expect(started.status).toBe(200);
  const reference = started.body.data.kind === 'redirect' ? started.body.data.reference : '';
  await fake.decide(reference, 'pay');
  const tx = fake.transactions.get(reference) as { id?: unknown } | undefined;
  const order = (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
  expect(order.status).not.toBe('paid');
  return { order, reference, txId: String(tx?.id ?? '') };
}

/** The provider's success notice for a reference, and the headers that sign it. */
function notice(key: Key, reference: string, txId: string): { body: string; sign: (body: string) => Record<string, string> } {
  if (key === 'paystack') {
    return { body: JSON.stringify({ event: 'charge.success', data: { id: Number(txId) || 1, reference, amount: 1, currency: 'NGN', status: 'success' } }), sign: (b) => ({ 'x-paystack-signature': paystackSignature(b, SECRETS.paystack.secretKey) }) };
  }
  if (key === 'flutterwave') {
    return { body: JSON.stringify({ event: 'charge.completed', data: { id: Number(txId) || txId, tx_ref: reference, status: 'successful' } }), sign: () => ({ 'verif-hash': SECRETS.flutterwave.webhookHash }) };
  }
  return { body: JSON.stringify({ eventType: 'SUCCESSFUL_TRANSACTION', eventData: { paymentReference: reference, transactionReference: txId } }), sign: (b) => ({ 'monnify-signature': monnifySignature(b, SECRETS.monnify.secretKey) }) };
}

const FORGED: Record<Key, Record<string, string>> = {
  paystack: { 'x-paystack-signature': 'ab'.repeat(64) },
  flutterwave: { 'verif-hash': 'guessed-hash' },
  monnify: { 'monnify-signature': 'cd'.repeat(64) },
};

function post(key: Key, body: string, headers: Record<string, string>) {
  return fetch(`${server.url}/v1/payments/webhook/${key}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

const readOrder = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
const paidLines = (order: Order) => order.timeline.filter((e) => e.status === 'paid');

describe.each<Key>(['paystack', 'flutterwave', 'monnify'])('%s webhooks', (key) => {
  it('forged, unsigned and altered notices: 401 and nothing changes; the genuine one pays once however often it is replayed', async () => {
    const fake = await serveFake(key);
    const { order, reference, txId } = await paidAtProvider(key, fake);
    const other = await paidAtProvider(key, fake);
    const genuine = notice(key, reference, txId);

    const attempts: [string, string, Record<string, string>][] = [
      ['forged', genuine.body, FORGED[key]],
      ['unsigned', genuine.body, {}],
    ];
    // Altered: signed for one order, then pointed at another. (Flutterwave's hash does not cover
    // the body, so a changed body is caught by asking Flutterwave, which is checked below too.)
    if (key !== 'flutterwave') attempts.push(['altered', genuine.body.replace(reference, other.reference), genuine.sign(genuine.body)]);
    for (const [label, body, headers] of attempts) {
      const res = await post(key, body, headers);
      expect([label, res.status]).toEqual([label, 401]);
      expect(await res.json()).toMatchObject({ data: null, error: true, status: 401 });
    }
    expect(await readOrder(order.id)).toEqual(order);
    expect(await readOrder(other.order.id)).toEqual(other.order);

    // The genuine notice, sent 4 times at once and once more later: paid exactly once.
    const answers = await Promise.all(Array.from({ length: 4 }, () => post(key, genuine.body, genuine.sign(genuine.body))));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect((await post(key, genuine.body, genuine.sign(genuine.body))).status).toBe(200);
    const after = await readOrder(order.id);
    expect(after.status).toBe('paid');
    expect(paidLines(after)).toHaveLength(1);
    const rows = await (await getDb()).select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
    expect(rows.map((r) => r.status)).toEqual(['succeeded']);
    // The other order was never paid by a notice about this one.
    expect((await readOrder(other.order.id)).status).not.toBe('paid');
  });
});
