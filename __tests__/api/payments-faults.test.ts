/** @jest-environment node */
/**
 * A provider that hangs after the shopper paid (issue 7), over real HTTP against the real
 * database: the shop gives up after `timeoutMs` and answers 502, the order stays unpaid, and the
 * later webhook or the shopper's retry pays it exactly once.
 * - Paystack: verify hangs (answer slower than the timeout); then the signed webhook, replayed
 *   and concurrent with a retried verify, pays once.
 * - PayPal: the capture is taken by PayPal but its answer never arrives in time; the retried verify
 *   captures with the same `PayPal-Request-Id`, so PayPal captures once and the order is paid once.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Order } from '@/lib/contracts/orders';
import type { PaymentOutcome, PaymentStart } from '@/lib/contracts/payments';
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { paymentAttempts } from '@/lib/server/db/schema';
import { isPaidStatus } from '@/lib/domain/order';
import { paystackSignature } from '@/lib/server/payments/providers/paystack';
import { createFakePaystack, type FakePaystack } from '@/lib/sandbox/paystack';
import { createFakePayPal, type FakePayPal } from '@/lib/sandbox/paypal';
import type { FakeFaults } from '@/lib/sandbox/types';
import { mailIdle } from '@/lib/server/mail/mailer';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { httpCaller, placedOrder } from '../helpers/orders';

const KEY = 'sk_test_payment_faults_7c3d1e9a';
const PAYPAL = { clientId: 'faults-client', clientSecret: 'faults-secret', webhookId: 'WHFAULTS1' };
const TIMEOUT_MS = 200;
const HANG_MS = 800;

let api: ApiServer;
let paystackServer: FakeServer;
let paypalServer: FakeServer;
let paystack: FakePaystack;
let paypal: FakePayPal;
const paystackFaults: FakeFaults = {};
/** While set, PayPal answers a capture only after HANG_MS (it still captures: only the answer is late). */
let captureHangs = false;
const call = httpCaller(() => api.url);
let saved: { paystack: PaymentsConfig['paystack']; payPal: PaymentsConfig['payPal']; timeoutMs: number };

beforeAll(async () => {
  await openTestDatabase();
  api = await startApiServer();
  paystackServer = await startFakeServer((req, res) => paystack.handle(req, res));
  paypalServer = await startFakeServer(async (req: IncomingMessage, res: ServerResponse) => {
    if (captureHangs && req.method === 'POST' && /\/capture$/.test(req.url ?? '')) {
      // PayPal captures at once; only its answer is held back (as when the network drops it).
      const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
      res.end = ((...args: unknown[]) => {
        setTimeout(() => end(...args), HANG_MS);
        return res;
      }) as typeof res.end;
    }
    await paypal.handle(req, res);
  });
  // No webhook URL for Paystack: the test sends the webhook itself, later.
  paystack = createFakePaystack({ publicUrl: paystackServer.url, secrets: { secretKey: KEY }, faults: paystackFaults });
  paypal = createFakePayPal({ publicUrl: paypalServer.url, secrets: PAYPAL });
  const config = getConfig();
  config.smtpUrl = undefined;
  saved = { paystack: { ...config.payments.paystack }, payPal: { ...config.payments.payPal }, timeoutMs: config.payments.timeoutMs };
  config.payments.paystack = { secretKey: KEY, baseUrl: paystackServer.url };
  config.payments.payPal = { ...PAYPAL, baseUrl: paypalServer.url };
  config.payments.timeoutMs = TIMEOUT_MS;
});

afterEach(() => {
  for (const key of Object.keys(paystackFaults) as (keyof FakeFaults)[]) delete paystackFaults[key];
  captureHangs = false;
  jest.restoreAllMocks();
});

afterAll(async () => {
  const config = getConfig();
  config.payments.paystack = saved.paystack;
  config.payments.payPal = saved.payPal;
  config.payments.timeoutMs = saved.timeoutMs;
  await paypal.idle();
  await mailIdle();
  await paystackServer.close();
  await paypalServer.close();
  await api.close();
  await closeTestDatabase();
});

const readOrder = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
const attemptsOf = async (orderId: string) => (await getDb()).select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));
const paidEvents = (order: Order) => order.timeline.filter((e) => e.status === 'paid' && e.note.startsWith('Paid with'));

async function started(orderId: string): Promise<Extract<PaymentStart, { kind: 'redirect' }>> {
  const res = await call<PaymentStart>('POST', `/v1/payments/start/${orderId}`, { body: {} });
  expect(res.status).toBe(200);
  if (res.body.data.kind !== 'redirect') throw new Error('expected a redirect');
  return res.body.data;
}

/** Presses a button on the provider's page (following PayPal's form) and answers the return URL. */
async function pay(redirectUrl: string): Promise<URL> {
  let action = redirectUrl;
  const page = await fetch(redirectUrl);
  const form = /action="([^"]+)"/.exec(await page.text());
  if (form) action = new URL(form[1]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c))).replace(/&amp;/g, '&'), redirectUrl).toString();
  const res = await fetch(action, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=pay', redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** The checkout page's verify call with everything the provider put on the return URL. */
function verifyReturn(orderId: string, back: URL) {
  const query = new URLSearchParams(back.searchParams);
  query.delete('orderId');
  query.delete('payment');
  return call<PaymentOutcome>('GET', `/v1/payments/verify/${orderId}?${query.toString()}`);
}

it('Paystack hangs on verify after the shopper paid: 502 and the order stays unpaid; the webhook (replayed, beside a retry) then pays it once', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const order = await placedOrder(await getDb(), { paymentMethod: 'paystack', status: 'awaiting_payment' });
  const before = await readOrder(order.id);
  const { reference, redirectUrl } = await started(order.id);
  const back = await pay(redirectUrl);
  expect(paystack.transactions.get(reference)).toMatchObject({ status: 'success' });

  paystackFaults.delayMs = HANG_MS;
  const startedAt = Date.now();
  const hung = await verifyReturn(order.id, back);
  expect(hung.status).toBe(502);
  expect(hung.body.message).toBe('Paystack is not answering right now. Nothing has been charged; please try again in a moment.');
  expect(Date.now() - startedAt).toBeLessThan(HANG_MS);
  expect(await readOrder(order.id)).toEqual(before);
  expect((await attemptsOf(order.id)).filter((a) => a.status === 'succeeded')).toHaveLength(0);

  // Paystack is back: its webhook arrives twice while the shopper retries.
  delete paystackFaults.delayMs;
  const body = JSON.stringify({ event: 'charge.success', data: { id: 1, reference, amount: before.amountsInCurrency.total * 100, currency: 'NGN', status: 'success' } });
  const webhook = () => fetch(`${api.url}/v1/payments/webhook/paystack`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(body, KEY) }, body });
  const [w1, w2, retry] = await Promise.all([webhook(), webhook(), verifyReturn(order.id, back)]);
  expect([w1.status, w2.status]).toEqual([200, 200]);
  expect(retry.status).toBe(200);
  expect(retry.body.data.outcome).toBe('paid');

  const paid = await readOrder(order.id);
  expect(isPaidStatus(paid.paymentStatus)).toBe(true);
  expect(paidEvents(paid)).toHaveLength(1);
  const attempts = await attemptsOf(order.id);
  expect(attempts.map((a) => a.status)).toEqual(['succeeded']);
});

it('Paystack hangs on verify; the shopper simply retries later: paid once', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const order = await placedOrder(await getDb(), { paymentMethod: 'paystack', status: 'awaiting_payment' });
  const { redirectUrl } = await started(order.id);
  const back = await pay(redirectUrl);
  paystackFaults.delayMs = HANG_MS;
  expect((await verifyReturn(order.id, back)).status).toBe(502);
  expect(isPaidStatus((await readOrder(order.id)).paymentStatus)).toBe(false);
  delete paystackFaults.delayMs;
  const [a, b] = await Promise.all([verifyReturn(order.id, back), verifyReturn(order.id, back)]);
  expect([a.body.data.outcome, b.body.data.outcome]).toEqual(['paid', 'paid']);
  expect(paidEvents(await readOrder(order.id))).toHaveLength(1);
  expect((await attemptsOf(order.id)).filter((x) => x.status === 'succeeded')).toHaveLength(1);
});

it('PayPal takes the capture but its answer hangs: 502, not paid yet; the retry captures with the same request id, so PayPal charges once and the order is paid once', async () => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  const order = await placedOrder(await getDb(), { currency: 'USD', paymentMethod: 'payPal', status: 'awaiting_payment' });
  const { reference, redirectUrl } = await started(order.id);
  const back = await pay(redirectUrl);

  captureHangs = true;
  const hung = await verifyReturn(order.id, back);
  expect(hung.status).toBe(502);
  expect(hung.body.message).toMatch(/PayPal is not answering right now/);
  expect(isPaidStatus((await readOrder(order.id)).paymentStatus)).toBe(false);
  // PayPal did take the money meanwhile.
  await new Promise((r) => setTimeout(r, HANG_MS + 100));
  expect(paypal.transactions.get(reference)).toMatchObject({ captures: 1 });

  captureHangs = false;
  const retry = await verifyReturn(order.id, back);
  expect(retry.status).toBe(200);
  expect(retry.body.data.outcome).toBe('paid');
  expect((await verifyReturn(order.id, back)).body.data.outcome).toBe('paid');
  expect(paypal.transactions.get(reference)).toMatchObject({ captures: 1 });
  const captureIds = new Set(paypal.requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.requestId));
  expect(captureIds).toEqual(new Set([`${reference}-capture`]));
  expect(paidEvents(await readOrder(order.id))).toHaveLength(1);
  expect((await attemptsOf(order.id)).filter((x) => x.status === 'succeeded')).toHaveLength(1);
});
