/** @jest-environment node */
/**
 * PayPal through the shop's payment calls over real HTTP, against the fake PayPal on a local
 * port: start a USD or GBP order paid by PayPal, approve on PayPal's page, come back with
 * PayPal's return query, and the verify call captures once and marks the order paid; a declined
 * capture or a cancel leaves it unpaid; PayPal's webhook (verified through PayPal) pays it too.
 */
import type { PaymentOutcome, PaymentStart } from '@/lib/contracts/payments';
import { getConfig } from '@/lib/server/config';
import { captureLogs } from '@/lib/server/log';
import { getDb } from '@/lib/server/db/client';
import { isPaidStatus } from '@/lib/domain/order';
import { readOrder } from '@/lib/server/services/orders/store';
import { createFakePayPal, type FakePayPal } from '@/lib/sandbox/paypal';
import type { FakeFaults } from '@/lib/sandbox/types';
import { sandboxFake } from '@/lib/sandbox';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { httpCaller, placedOrder } from '../helpers/orders';

const secrets = { clientId: 'route-test-client', clientSecret: 'route-test-secret', webhookId: 'WHROUTETEST1' };

let api: ApiServer;
let paypalServer: FakeServer;
let fake: FakePayPal;
let faults: FakeFaults;
const call = httpCaller(() => api.url);
const savedPayPal = { ...getConfig().payments.payPal };

beforeAll(async () => {
  await openTestDatabase();
  api = await startApiServer();
  paypalServer = await startFakeServer((req, res) => fake.handle(req, res));
  getConfig().payments.payPal = { ...secrets, baseUrl: paypalServer.url };
});

beforeEach(() => {
  faults = {};
  fake = createFakePayPal({ publicUrl: paypalServer.url, secrets, faults });
});

afterEach(async () => {
  await fake.idle();
});

afterAll(async () => {
  getConfig().payments.payPal = savedPayPal;
  await paypalServer.close();
  await api.close();
  await closeTestDatabase();
});

/** Opens PayPal's page for the shopper, presses a button, and answers where PayPal sends them back. */
async function onPayPal(redirectUrl: string, decision: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const html = await (await fetch(redirectUrl)).text();
  const action = /action="([^"]+)"/.exec(html)![1]!.replace(/&#(\d+);/g, (_, c: string) => String.fromCharCode(Number(c)));
  const res = await fetch(action, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

/** The shop's checkout page calls verify with everything in its own URL after the return. */
async function verifyFrom(back: URL) {
  const orderId = back.searchParams.get('orderId')!;
  const query = new URLSearchParams(back.searchParams);
  query.delete('orderId');
  query.delete('payment');
  return call<PaymentOutcome>('GET', `/v1/payments/verify/${orderId}?${query}`);
}

async function startPayPal(currency: 'USD' | 'GBP') {
  const order = await placedOrder(await getDb(), { currency, paymentMethod: 'payPal' });
  const started = await call<PaymentStart>('POST', `/v1/payments/start/${order.id}`, { body: {} });
  expect(started.status).toBe(200);
  if (started.body.data.kind !== 'redirect') throw new Error('expected a redirect');
  return { order, start: started.body.data };
}

it('a USD order: approve on PayPal, back with token and PayerID, verify captures once and the order is paid', async () => {
  const { order, start } = await startPayPal('USD');
  expect(start).toMatchObject({ provider: 'payPal', reference: expect.stringMatching(new RegExp(`^${order.orderNumber}-[0-9a-f]{8}$`)) });
  const asked = fake.transactions.get(start.reference)!;
  expect(asked).toMatchObject({ currency: 'USD', amountMinor: Math.round(order.amountsInCurrency.total * 100) });

  const back = await onPayPal(start.redirectUrl, 'pay');
  expect(back.toString()).toMatch(new RegExp(`^${getConfig().siteUrl}/checkout\\?`));
  expect(back.searchParams.get('reference')).toBe(start.reference);
  expect(back.searchParams.get('token')).toBe(asked.id);

  const verified = await verifyFrom(back);
  expect(verified.status).toBe(200);
  expect(verified.body.data.outcome).toBe('paid');
  expect(isPaidStatus(verified.body.data.order.paymentStatus)).toBe(true);
  expect(asked.captures).toBe(1);

  // The shopper reloads the page: still paid, no second capture.
  const again = await verifyFrom(back);
  expect(again.body.data.outcome).toBe('paid');
  expect(asked.captures).toBe(1);
  expect(again.body.data.order.id).toBe(order.id);
});

it('a GBP order is asked in pence and paid the same way', async () => {
  const { order, start } = await startPayPal('GBP');
  const asked = fake.transactions.get(start.reference)!;
  expect(asked).toMatchObject({ currency: 'GBP', amountMinor: Math.round(order.amountsInCurrency.total * 100) });
  const verified = await verifyFrom(await onPayPal(start.redirectUrl, 'pay'));
  expect(verified.body.data.outcome).toBe('paid');
  expect(asked.captures).toBe(1);
});

it('a declined capture, a cancel, or a return before approving never pays', async () => {
  const declined = await startPayPal('USD');
  const failed = await verifyFrom(await onPayPal(declined.start.redirectUrl, 'fail'));
  expect(failed.body.data.outcome).toBe('failed');
  expect(isPaidStatus(failed.body.data.order.paymentStatus)).toBe(false);

  const cancelled = await startPayPal('USD');
  const back = await onPayPal(cancelled.start.redirectUrl, 'cancel');
  expect(back.searchParams.get('cancelled')).toBe('1');
  const outcome = await verifyFrom(back);
  expect(outcome.body.data.outcome).not.toBe('paid');
  expect(isPaidStatus(outcome.body.data.order.paymentStatus)).toBe(false);
  expect(fake.transactions.get(cancelled.start.reference)!.captures).toBe(0);

  // A forged return claiming success for an order nobody approved.
  const forged = await startPayPal('USD');
  const lie = await call<PaymentOutcome>('GET', `/v1/payments/verify/${forged.order.id}?reference=${forged.start.reference}&token=${fake.transactions.get(forged.start.reference)!.id}&PayerID=X&status=successful`);
  expect(lie.body.data.outcome).not.toBe('paid');
  expect(fake.stats.captures).toBe(1); // only the declined one
});

it('an underpaid capture is not accepted', async () => {
  const { start } = await startPayPal('USD');
  faults.settleAmountMinor = 100;
  const verified = await verifyFrom(await onPayPal(start.redirectUrl, 'pay'));
  expect(verified.body.data.outcome).toBe('failed');
  expect(isPaidStatus(verified.body.data.order.paymentStatus)).toBe(false);
});

it("PayPal's webhooks, verified through PayPal, pay the order once; a forged one is 401", async () => {
  fake = createFakePayPal({ publicUrl: paypalServer.url, webhookUrl: `${api.url}/v1/payments/webhook/payPal`, secrets, faults });
  const { order, start } = await startPayPal('GBP');
  const back = await onPayPal(start.redirectUrl, 'pay'); // CHECKOUT.ORDER.APPROVED is delivered before the redirect
  expect(fake.webhooks[0]).toMatchObject({ eventType: 'CHECKOUT.ORDER.APPROVED', status: 200 });
  expect(fake.transactions.get(start.reference)!.captures).toBe(1); // the shop captured on the webhook
  await fake.idle();
  expect(fake.webhooks.map((w) => [w.eventType, w.status])).toEqual([
    ['CHECKOUT.ORDER.APPROVED', 200],
    ['PAYMENT.CAPTURE.COMPLETED', 200],
  ]);
  const tracked = await verifyFrom(back);
  expect(tracked.body.data.outcome).toBe('paid');
  expect(tracked.body.data.order.id).toBe(order.id);

  // Replayed: still one capture.
  const [approved] = fake.webhooks;
  const replay = await fetch(`${api.url}/v1/payments/webhook/payPal`, { method: 'POST', headers: approved!.headers, body: approved!.body });
  expect(replay.status).toBe(200);
  expect(fake.transactions.get(start.reference)!.captures).toBe(1);

  // Changed after signing, or without its signature: 401.
  const changed = await fetch(`${api.url}/v1/payments/webhook/payPal`, { method: 'POST', headers: approved!.headers, body: approved!.body.replace(start.reference, `${start.reference}x`) });
  expect(changed.status).toBe(401);
  const unsigned = await fetch(`${api.url}/v1/payments/webhook/payPal`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: approved!.body });
  expect(unsigned.status).toBe(401);
});

it('PayPal down: 502 with a clear message, the order untouched, and a new attempt works afterwards', async () => {
  const order = await placedOrder(await getDb(), { currency: 'USD', paymentMethod: 'payPal' });
  const logged = captureLogs();
  faults.status = 503;
  const down = await call<PaymentStart>('POST', `/v1/payments/start/${order.id}`, { body: {} });
  expect(down.status).toBe(502);
  expect(down.body.message).toMatch(/PayPal is not answering right now/);
  expect(down.text).not.toContain(secrets.clientSecret);
  logged.stop();
  // The capture works: the 502 is logged, with the provider's words for what went wrong.
  expect(logged.lines()).toContainEqual(expect.objectContaining({ level: 50, area: 'api', path: `/v1/payments/start/${order.id}`, detail: expect.any(String) }));
  const log = logged.raw.join('');
  expect(log).not.toContain(secrets.clientSecret);
  expect(log).not.toContain(Buffer.from(`${secrets.clientId}:${secrets.clientSecret}`).toString('base64'));
  const untouched = await readOrder(await getDb(), order.id);
  expect(untouched).toMatchObject({ status: order.status, paymentStatus: order.paymentStatus });
  delete faults.status;
  const retry = await call<PaymentStart>('POST', `/v1/payments/start/${order.id}`, { body: {} });
  expect(retry.status).toBe(200);
});

it('without PayPal keys the built-in sandbox takes the whole payment, its webhook included', async () => {
  const config = getConfig();
  const saved = { siteUrl: config.siteUrl, internal: process.env.INTERNAL_API_URL };
  config.payments.payPal = { clientId: undefined, clientSecret: undefined, webhookId: undefined, baseUrl: paypalServer.url };
  config.siteUrl = api.url;
  process.env.INTERNAL_API_URL = api.url;
  try {
    const { start } = await startPayPal('USD');
    expect(start.redirectUrl.startsWith(`${api.url}/api/sandbox/payPal/`)).toBe(true);
    expect(fake.requests).toHaveLength(0); // the test's fake PayPal is not used
    const back = await onPayPal(start.redirectUrl, 'pay');
    const sandbox = sandboxFake('payPal') as FakePayPal;
    expect(sandbox.webhooks.find((w) => w.eventType === 'CHECKOUT.ORDER.APPROVED')).toMatchObject({ status: 200 }); // verified by the sandbox and paid
    expect(sandbox.transactions.get(start.reference)).toMatchObject({ status: 'COMPLETED', captures: 1 });
    const verified = await verifyFrom(back);
    expect(verified.body.data.outcome).toBe('paid');
    expect(isPaidStatus(verified.body.data.order.paymentStatus)).toBe(true);
    await sandbox.idle();
  } finally {
    config.payments.payPal = { ...secrets, baseUrl: paypalServer.url };
    config.siteUrl = saved.siteUrl;
    if (saved.internal === undefined) delete process.env.INTERNAL_API_URL;
    else process.env.INTERNAL_API_URL = saved.internal;
  }
});
