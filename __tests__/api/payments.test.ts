/** @jest-environment node */
/**
 * Card payments over real HTTP against the real database, with a fake Paystack on a local port
 * (its API, hosted page and signed webhooks): start, the shopper's return (verify) and the
 * webhook; declined, cancelled, short and wrong-currency payments; replayed, concurrent and
 * forged webhooks; provider timeouts and 5xx; the currency rule; the confirmation e-mail; and the
 * built-in sandbox mount.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import type { Order } from '@/lib/contracts/orders';
import type { PaymentOutcome, PaymentStart } from '@/lib/contracts/payments';
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import { captureLogs } from '@/lib/server/log';
import type { Db } from '@/lib/server/db/client';
import { mailOutbox, orderItems, orders, paymentAttempts, users } from '@/lib/server/db/schema';
import { recomputeTotals } from '@/lib/server/services/orders/store';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { paystackSignature } from '@/lib/server/payments/providers/paystack';
import { createFakePaystack, type FakePaystack } from '@/lib/sandbox/paystack';
import type { FakeFaults, FakeOptions } from '@/lib/sandbox/types';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { createOrder, httpCaller, placedOrder } from '../helpers/orders';
import { decide, returnQuery } from '../helpers/sandbox-page';

const KEY = 'sk_test_payments_suite_4b1e9c0d7a2f';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-payments-'));
process.env.DATA_DIR = dataDir;

let db: Db;
let api: ApiServer;
let paystack: FakeServer;
let fake: FakePaystack;
const faults: FakeFaults = {};
let fakeOptions: FakeOptions;
const call = httpCaller(() => api.url);
let saved: { paystack: PaymentsConfig['paystack']; timeoutMs: number; siteUrl: string };

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  api = await startApiServer();
  paystack = await startFakeServer((req, res) => fake.handle(req, res));
  fakeOptions = { publicUrl: paystack.url, webhookUrl: `${api.url}/v1/payments/webhook/paystack`, secrets: { secretKey: KEY }, faults };
  fake = createFakePaystack(fakeOptions);
  const config = getConfig();
  config.dataDir = dataDir;
  config.smtpUrl = undefined;
  saved = { paystack: { ...config.payments.paystack }, timeoutMs: config.payments.timeoutMs, siteUrl: config.siteUrl };
});

beforeEach(() => {
  const config = getConfig();
  config.payments.paystack = { secretKey: KEY, baseUrl: paystack.url };
  fakeOptions.webhookUrl = `${api.url}/v1/payments/webhook/paystack`;
});

afterEach(() => {
  for (const key of Object.keys(faults) as (keyof FakeFaults)[]) delete faults[key];
  const config = getConfig();
  config.payments.paystack = { ...saved.paystack };
  config.payments.timeoutMs = saved.timeoutMs;
  config.siteUrl = saved.siteUrl;
  config.env = 'test';
  config.smtpUrl = undefined;
  jest.restoreAllMocks();
});

afterAll(async () => {
  await mailIdle();
  await paystack.close();
  await api.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// --- helpers ----------------------------------------------------------------------------------

/** A checked-out order (sender with an e-mail) paying by Paystack, as the order call answers it. */
async function cardOrder(over: Parameters<typeof placedOrder>[1] = {}): Promise<Order> {
  const { id } = await placedOrder(db, { paymentMethod: 'paystack', status: 'awaiting_payment', ...over });
  return readOrder(id);
}
const start = (orderId: string) => call<PaymentStart>('POST', `/v1/payments/start/${orderId}`, { body: {} });
const verify = (orderId: string, query: Record<string, string>) => call<PaymentOutcome>('GET', `/v1/payments/verify/${orderId}?${new URLSearchParams(query).toString()}`);
const readOrder = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
const attemptsOf = (orderId: string) => db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(paymentAttempts.createdAt);
/** The timeline lines of the move to paid (notes about refunds are other lines). */
const paidEvents = (order: Order) => order.timeline.filter((e) => e.status === 'paid' && e.note.startsWith('Paid with'));

/** Starts a card payment and answers the redirect. */
async function started(orderId: string): Promise<Extract<PaymentStart, { kind: 'redirect' }>> {
  const res = await start(orderId);
  expect(res.status).toBe(200);
  if (res.body.data.kind !== 'redirect') throw new Error('expected a redirect');
  return res.body.data;
}

/** Verifies with the query the provider put on the return URL (what the checkout page does). */
const verifyReturn = (orderId: string, back: URL) => verify(orderId, returnQuery(back));

function webhook(body: string, signature: string | null, provider = 'paystack') {
  return fetch(`${api.url}/v1/payments/webhook/${provider}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(signature !== null && { 'x-paystack-signature': signature }) },
    body,
  });
}

const chargeSuccess = (reference: string, amount = 1, currency = 'NGN') => JSON.stringify({ event: 'charge.success', data: { id: 1, reference, amount, currency, status: 'success' } });

// --- start ------------------------------------------------------------------------------------

describe('start', () => {
  it('creates an attempt with its own reference and sends the shopper to the provider with the order total in kobo', async () => {
    const order = await cardOrder();
    const first = await started(order.id);
    expect(first).toEqual({ kind: 'redirect', provider: 'paystack', reference: expect.stringMatching(new RegExp(`^${order.orderNumber}-[0-9a-f]{8}$`)), redirectUrl: `${paystack.url}/checkout/${first.reference}` });
    const second = await started(order.id);
    expect(second.reference).not.toBe(first.reference);

    const asked = fake.transactions.get(first.reference)!;
    expect(asked).toMatchObject({ amountMinor: order.amountsInCurrency.total * 100, currency: 'NGN', email: order.client.email });
    expect(asked.callbackUrl).toBe(`${getConfig().siteUrl}/checkout?orderId=${order.id}&payment=paystack&reference=${first.reference}`);
    expect(asked.cancelAction).toBe(`${asked.callbackUrl}&cancelled=1`);
    expect(await attemptsOf(order.id)).toEqual([
      expect.objectContaining({ provider: 'paystack', reference: first.reference, status: 'started', amountMinor: BigInt(order.amountsInCurrency.total) * 100n, currency: 'NGN', sandbox: false }),
      expect.objectContaining({ reference: second.reference, status: 'started' }),
    ]);
    // Starting a payment changes nothing on the order.
    expect(await readOrder(order.id)).toEqual(order);
  });

  it('asks for cents in dollars', async () => {
    const order = await cardOrder({ currency: 'USD' });
    const { reference } = await started(order.id);
    expect(fake.transactions.get(reference)).toMatchObject({ amountMinor: order.amountsInCurrency.total * 100, currency: 'USD' });
  });

  it('refuses an unknown order (404), an order without a method (400), a method that does not serve the currency (400) and a paid order (409)', async () => {
    const unknown = await start('3b0f3a8e-2f6f-4c1b-9d54-0d7c4b2f1a99');
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found');

    const noMethod = await start((await placedOrder(db, { paymentMethod: null })).id);
    expect(noMethod.status).toBe(400);
    expect(noMethod.body.message).toBe('Please choose how to pay first');

    const gbp = await placedOrder(db, { currency: 'GBP', paymentMethod: 'paystack', status: 'awaiting_payment' });
    const refused = await start(gbp.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Paystack is not available in GBP; please choose another way to pay');
    expect(await attemptsOf(gbp.id)).toEqual([]);

    const paid = await cardOrder({ status: 'paid', payment: 'paid', paidWith: 'paystack' });
    const again = await start(paid.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This order is already paid');
    expect(await attemptsOf(paid.id)).toEqual([]);
  });

  it('needs the sender e-mail', async () => {
    const order = await createOrder(db, { paymentMethod: 'paystack', status: 'awaiting_payment' });
    const res = await start(order.id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('senderEmail is required before payment');
  });
});

// --- paying -----------------------------------------------------------------------------------

describe('a successful payment', () => {
  it('is confirmed on the shopper return (provider asked): order paid once, attempt succeeded, e-mail sent', async () => {
    fakeOptions.webhookUrl = undefined; // only the return tells the shop
    const order = await cardOrder();
    const { reference, redirectUrl } = await started(order.id);
    const page = await fetch(redirectUrl);
    expect(await page.text()).toContain(reference);

    const back = await decide(redirectUrl, 'pay');
    expect(back.searchParams.get('reference')).toBe(reference);
    expect(back.searchParams.get('trxref')).toBe(reference);
    const res = await verifyReturn(order.id, back);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Payment received');
    expect(res.body.data).toMatchObject({ outcome: 'paid', message: 'Payment received' });
    const paid = res.body.data.order;
    expect(paid).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack)' });
    expect(paid.timeline.at(-1)).toMatchObject({ status: 'paid', label: 'Payment received', note: `Paid with Paystack, reference ${reference}` });

    // Coming back again (a reload) changes nothing.
    const again = await verifyReturn(order.id, back);
    expect(again.body.data.outcome).toBe('paid');
    expect(paidEvents(await readOrder(order.id))).toHaveLength(1);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);

    await mailIdle();
    const mails = await readOutbox(dataDir, { to: order.client.email });
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe(`Regal Flowers: payment received for order ${order.orderNumber}`);
    expect(mails[0]!.text).toContain(`we have received the payment for order ${order.orderNumber}`);
    expect(mails[0]!.text).toContain(`1 × ${order.orderProducts[0]!.name}`);
    expect(mails[0]!.text).toContain(`Total paid: ₦${order.amountsInCurrency.total.toLocaleString('en-US')}`);
    expect(mails[0]!.text).toContain(`/order-tracker?number=${order.orderNumber}`);
  });

  it('is confirmed by the signed webhook before the shopper is back; the return then finds it paid', async () => {
    const order = await cardOrder();
    const { redirectUrl } = await started(order.id);
    const back = await decide(redirectUrl, 'pay'); // the fake posts its webhook before redirecting
    expect(fake.webhooks.at(-1)!.status).toBe(200);
    expect(await readOrder(order.id)).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack)' });
    const res = await verifyReturn(order.id, back);
    expect(res.body.data.outcome).toBe('paid');
    expect(paidEvents(res.body.data.order)).toHaveLength(1);
    await mailIdle();
    expect(await readOutbox(dataDir, { to: order.client.email })).toHaveLength(1);
  });

  it('a mail that cannot be sent does not fail the payment: it waits in the outbox with its error, for the queue to retry', async () => {
    getConfig().smtpUrl = 'smtp://127.0.0.1:1';
    fakeOptions.webhookUrl = undefined;
    const order = await cardOrder();
    const { redirectUrl } = await started(order.id);
    const res = await verifyReturn(order.id, await decide(redirectUrl, 'pay'));
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('paid');
    await mailIdle();
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.subject, `Regal Flowers: payment received for order ${order.orderNumber}`));
    expect(mail).toMatchObject({ kind: 'order-paid', sentAt: null, attempts: 1, lastError: expect.stringMatching(/ESOCKET|ECONNREFUSED/) });
  });
});

describe('payments that do not pay the order', () => {
  it('declined: the shopper is told, the attempt is failed, and a new attempt can then succeed', async () => {
    const order = await cardOrder();
    const first = await started(order.id);
    const res = await verifyReturn(order.id, await decide(first.redirectUrl, 'fail'));
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ outcome: 'failed', message: 'The payment did not go through: Declined' });
    expect(res.body.data.order).toMatchObject({ status: order.status, paymentStatus: 'not paid' });
    expect(await attemptsOf(order.id)).toEqual([expect.objectContaining({ status: 'failed', note: 'Declined' })]);

    const retry = await started(order.id);
    const paid = await verifyReturn(order.id, await decide(retry.redirectUrl, 'pay'));
    expect(paid.body.data.outcome).toBe('paid');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['failed', 'succeeded']);
  });

  it('cancelled: the shopper comes back to the cancel URL and is told; the order stays unpaid', async () => {
    const order = await cardOrder();
    const { reference, redirectUrl } = await started(order.id);
    const back = await decide(redirectUrl, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect(back.searchParams.get('reference')).toBe(reference);
    const res = await verifyReturn(order.id, back);
    expect(res.body.data).toMatchObject({ outcome: 'failed', message: 'The payment did not go through: it was cancelled' });
    expect(res.body.data.order.paymentStatus).toBe('not paid');
    expect((await attemptsOf(order.id))[0]!.status).toBe('cancelled');
  });

  it('underpayment: recorded as a mismatch with the figures, the order stays unpaid (webhook and return alike)', async () => {
    const order = await cardOrder();
    const { reference, redirectUrl } = await started(order.id);
    faults.settleAmountMinor = 100_000;
    const back = await decide(redirectUrl, 'pay');
    const asked = (order.amountsInCurrency.total).toLocaleString('en-US', { minimumFractionDigits: 2 });
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'mismatch', note: `Paid NGN 1,000.00 of NGN ${asked}` });
    const res = await verifyReturn(order.id, back);
    expect(res.body.data.outcome).toBe('failed');
    expect(res.body.data.message).toBe('The payment did not go through: the amount or currency paid does not match your order; please contact us quoting your order number');
    const after = res.body.data.order;
    expect(after).toMatchObject({ status: order.status, paymentStatus: 'not paid' });
    expect(after.timeline.filter((e) => e.note.startsWith('Payment not accepted'))).toEqual([
      expect.objectContaining({ note: `Payment not accepted (${reference}): Paid NGN 1,000.00 of NGN ${asked}` }),
    ]);
  });

  it('wrong currency: the same amount in dollars is not a naira payment', async () => {
    const order = await cardOrder();
    const { redirectUrl } = await started(order.id);
    faults.settleCurrency = 'USD';
    const res = await verifyReturn(order.id, await decide(redirectUrl, 'pay'));
    expect(res.body.data.outcome).toBe('failed');
    expect(res.body.data.order.paymentStatus).toBe('not paid');
    const asked = order.amountsInCurrency.total.toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'mismatch', note: `Paid USD ${asked} of NGN ${asked}` });
  });

  it('a return claiming status=successful without a payment does not pay', async () => {
    const order = await cardOrder();
    const { reference } = await started(order.id);
    const res = await verify(order.id, { reference, trxref: reference, status: 'successful', transaction_id: '123' });
    expect(res.status).toBe(200);
    expect(res.body.data.outcome).toBe('failed');
    expect(res.body.data.order).toMatchObject({ status: order.status, paymentStatus: 'not paid' });
    expect(paidEvents(res.body.data.order)).toHaveLength(0);
  });

  it('a payment the provider has not finished is pending', async () => {
    const order = await cardOrder();
    const { reference } = await started(order.id);
    fake.transactions.get(reference)!.status = 'ongoing';
    const res = await verify(order.id, { reference });
    expect(res.body.data).toMatchObject({ outcome: 'pending', message: 'We are still waiting for the provider to confirm your payment' });
    expect((await attemptsOf(order.id))[0]!.status).toBe('started');
  });

  it('verify: 404 for a reference of another order or none known; 400 without a reference', async () => {
    const order = await cardOrder();
    const other = await cardOrder();
    const { reference } = await started(other.id);
    for (const ref of [reference, 'RF-000000-deadbeef']) {
      const res = await verify(order.id, { reference: ref });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('There is no payment with this reference for this order');
    }
    const none = await verify(order.id, {});
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('reference is required');
  });
});

// --- webhooks ---------------------------------------------------------------------------------

describe('webhooks', () => {
  it('the same signed webhook 5 times at once (and the return meanwhile) pays the order once', async () => {
    fakeOptions.webhookUrl = undefined;
    const order = await cardOrder();
    const { reference, redirectUrl } = await started(order.id);
    const back = await decide(redirectUrl, 'pay');
    const body = chargeSuccess(reference);
    const signature = paystackSignature(body, KEY);
    const answers = await Promise.all([...Array.from({ length: 5 }, () => webhook(body, signature)), verifyReturn(order.id, back)]);
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const after = await readOrder(order.id);
    expect(after).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack)' });
    expect(paidEvents(after)).toHaveLength(1);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
    // Replayed later: still once.
    for (const r of await Promise.all([webhook(body, signature), webhook(body, signature)])) expect(r.status).toBe(200);
    expect(paidEvents(await readOrder(order.id))).toHaveLength(1);
    await mailIdle();
    expect(await readOutbox(dataDir, { to: order.client.email })).toHaveLength(1);
  });

  it('a second attempt paid after the order is paid never pays it twice: recorded for a refund', async () => {
    const order = await cardOrder();
    const a = await started(order.id);
    const b = await started(order.id); // e.g. a second tab
    await decide(a.redirectUrl, 'pay');
    const back = await decide(b.redirectUrl, 'pay');
    const res = await verifyReturn(order.id, back);
    expect(res.body.data.outcome).toBe('paid');
    expect(paidEvents(res.body.data.order)).toHaveLength(1);
    const attempts = await attemptsOf(order.id);
    expect(attempts.map((x) => [x.reference, x.status])).toEqual([
      [a.reference, 'succeeded'],
      [b.reference, 'mismatch'],
    ]);
    expect(attempts[1]!.note).toBe('paid while the order was already paid: refund due');
    // Staff see it on the timeline, once, however often the return or webhook is replayed.
    await verifyReturn(order.id, back);
    const refundLines = (await verifyReturn(order.id, back)).body.data.order.timeline.filter((e) => e.note.includes('refund due'));
    expect(refundLines.map((e) => e.note)).toEqual([`Payment ${b.reference}: paid while the order was already paid: refund due`]);
    await mailIdle();
    expect(await readOutbox(dataDir, { to: order.client.email })).toHaveLength(1);
  });

  it('an attempt started before the order grew does not pay the bigger order: recorded for a refund', async () => {
    const order = await cardOrder();
    const old = await started(order.id);
    // Another tab doubles the order: the total changes, the order goes back to created.
    await db.update(orderItems).set({ quantity: 2, lineTotal: sql`${orderItems.lineTotal} * 2` }).where(eq(orderItems.orderId, order.id));
    await db.transaction((tx) => recomputeTotals(tx, order.id, new Date()));
    const back = await decide(old.redirectUrl, 'pay');
    const res = await verifyReturn(order.id, back);
    expect(res.body.data.outcome).toBe('failed');
    expect(res.body.data.message).toBe('The payment did not go through: your order changed after this payment started; we will refund it, please pay the new total');
    expect(res.body.data.order.paymentStatus).not.toMatch(/paid - go ahead/i);
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'mismatch' });
    expect(attempt!.note).toMatch(/^the order changed after this payment started \(now NGN .*\): refund due$/);
    // Paying the new total then works.
    const fresh = await started(order.id);
    expect((await verifyReturn(order.id, await decide(fresh.redirectUrl, 'pay'))).body.data.outcome).toBe('paid');
  });

  it("a logged-in shopper's saved cart loses the items paid for (a webhook may pay while the browser is closed)", async () => {
    const email = `payer.${Date.now().toString(36)}@example.com`;
    const signed = await call<{ authToken: string }>('POST', '/v1/regal/auth/signup', { body: { email, password: 'orchids-in-bloom' } });
    const token = signed.body.data.authToken;
    const order = await cardOrder();
    const paidSku = order.orderProducts[0]!.SKU;
    const item = (SKU: string) => ({ productId: order.orderProducts[0]!.id, name: 'x', price: 1, quantity: 1, image: { src: '/x.webp', alt: 'x' }, SKU });
    await call('PUT', '/v1/cart-item/update', { body: { cartItems: [item(paidSku), item('NOT-BOUGHT-1')] }, headers: { authorization: `Bearer ${token}` } });
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    await db.update(orders).set({ userId: user!.id }).where(eq(orders.id, order.id));
    const a = await started(order.id);
    expect((await verifyReturn(order.id, await decide(a.redirectUrl, 'pay'))).body.data.outcome).toBe('paid');
    const login = await call<{ cartItems: { SKU: string }[] }>('POST', '/v1/regal/auth/login', { body: { email, password: 'orchids-in-bloom' } });
    expect(login.body.data.cartItems.map((i) => i.SKU)).toEqual(['NOT-BOUGHT-1']);
  });

  it('a card payment after staff confirmed a transfer is recorded for a refund, not taken as the payment', async () => {
    const order = await cardOrder();
    const a = await started(order.id);
    await db.update(orders).set({ status: 'paid', paymentState: 'paid', paidWith: 'gtbTransfer' }).where(eq(orders.id, order.id));
    const res = await verifyReturn(order.id, await decide(a.redirectUrl, 'pay'));
    expect(res.body.data.outcome).toBe('paid');
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'mismatch', note: 'paid while the order was already paid: refund due' });
    expect(res.body.data.order.timeline.at(-1)?.note).toBe(`Payment ${a.reference}: paid while the order was already paid: refund due`);
  });

  it('a card payment that arrives after the order was cancelled unpaid makes the order due a refund, once', async () => {
    const order = await cardOrder();
    const a = await started(order.id);
    await db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, order.id));
    const paidOn = await decide(a.redirectUrl, 'pay');
    const res = await verifyReturn(order.id, paidOn);
    expect(res.body.data).toMatchObject({ outcome: 'failed', order: { status: 'cancelled', paymentState: 'refund_due', paymentStatus: 'REFUND DUE (paid with Paystack)' } });
    expect(res.body.data.order.timeline.at(-1)?.note).toBe(`Payment ${a.reference}: paid after the order was cancelled: refund due`);
    const again = await verifyReturn(order.id, paidOn);
    expect(again.body.data.order.timeline).toHaveLength(res.body.data.order.timeline.length);
    expect((await attemptsOf(order.id))[0]).toMatchObject({ status: 'mismatch' });
  });

  it('the webhook body is not trusted: a signed charge.success for an unpaid transaction asks Paystack and does not pay', async () => {
    const order = await cardOrder();
    const { reference } = await started(order.id);
    const body = chargeSuccess(reference, order.amountsInCurrency.total * 100);
    const res = await webhook(body, paystackSignature(body, KEY));
    expect(res.status).toBe(200);
    expect(await readOrder(order.id)).toEqual(order);
  });

  it.each([
    ['forged', (body: string) => ({ body, signature: 'ab'.repeat(64) }), 'Invalid webhook signature'],
    ['signed with another key', (body: string) => ({ body, signature: paystackSignature(body, 'sk_test_attacker') }), 'Invalid webhook signature'],
    ['missing', (body: string) => ({ body, signature: null }), 'Missing x-paystack-signature header'],
    ['changed after signing', (body: string) => ({ body: body.replace('"amount":1', '"amount":2'), signature: paystackSignature(body, KEY) }), 'Invalid webhook signature'],
  ])('a %s signature is refused with 401 and nothing changes', async (_, forge, message) => {
    fakeOptions.webhookUrl = undefined;
    const order = await cardOrder();
    const { reference, redirectUrl } = await started(order.id);
    await decide(redirectUrl, 'pay'); // paid at Paystack, the shop not told yet
    const { body, signature } = forge(chargeSuccess(reference));
    const res = await webhook(body, signature);
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ data: null, error: true, message, status: 401 });
    expect(await readOrder(order.id)).toEqual(order);
    expect((await attemptsOf(order.id))[0]!.status).toBe('started');
    // The genuine one then pays.
    const genuine = chargeSuccess(reference);
    expect((await webhook(genuine, paystackSignature(genuine, KEY))).status).toBe(200);
    expect((await readOrder(order.id)).status).toBe('paid');
  });

  it('answers 200 for events it ignores and references it does not know; 404 for an unknown provider', async () => {
    const ignored = JSON.stringify({ event: 'transfer.success', data: { reference: 'x' } });
    const a = await webhook(ignored, paystackSignature(ignored, KEY));
    expect(a.status).toBe(200);
    expect(await a.json()).toMatchObject({ data: { handled: false }, message: 'Event ignored' });
    const unknown = chargeSuccess('RF-999999-00000000');
    const b = await webhook(unknown, paystackSignature(unknown, KEY));
    expect(b.status).toBe(200);
    expect(await b.json()).toMatchObject({ data: { handled: false }, message: 'Unknown payment reference; nothing to do' });
    const c = await webhook(unknown, paystackSignature(unknown, KEY), 'stripe');
    expect(c.status).toBe(404);
  });

  it('reads at most 100 KB of a webhook (413) and answers other methods with 405', async () => {
    const big = JSON.stringify({ event: 'charge.success', data: { reference: 'x', pad: 'x'.repeat(101 * 1024) } });
    const res = await webhook(big, paystackSignature(big, KEY));
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ error: true, message: 'The request body is larger than 100 KB' });
    expect((await fetch(`${api.url}/v1/payments/webhook/paystack`)).status).toBe(405);
  });
});

// --- provider faults ---------------------------------------------------------------------------

describe('provider faults', () => {
  it.each([
    ['times out', () => Object.assign(faults, { delayMs: 600 }), 'no answer within 150 ms'],
    ['answers 500', () => Object.assign(faults, { status: 500 }), 'answered 500'],
  ])('Paystack %s: 502 with a clear message, the order untouched, a retry with a new attempt succeeds', async (_, breakIt, note) => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    getConfig().payments.timeoutMs = 150;
    const order = await cardOrder();
    breakIt();
    const res = await start(order.id);
    expect(res.status).toBe(502);
    expect(res.body).toEqual({ data: null, error: true, status: 502, message: 'Paystack is not answering right now. Nothing has been charged; please try again in a moment.' });
    expect(await readOrder(order.id)).toEqual(order);
    const [failed] = await attemptsOf(order.id);
    expect(failed!.status).toBe('failed');
    expect(failed!.note).toContain(note);

    delete faults.delayMs;
    delete faults.status;
    const retry = await started(order.id);
    expect(retry.reference).not.toBe(failed!.reference);
    const paid = await verifyReturn(order.id, await decide(retry.redirectUrl, 'pay'));
    expect(paid.body.data.outcome).toBe('paid');
  });

  it('a refused key: 502, and the key is in neither the answer nor the log', async () => {
    const logged = captureLogs();
    const wrong = 'sk_test_never_show_me_5e6f7a8b9c0d';
    getConfig().payments.paystack.secretKey = wrong;
    const order = await cardOrder();
    const res = await start(order.id);
    expect(res.status).toBe(502);
    expect(res.body.message).toBe('Paystack could not take this payment right now. Nothing has been charged; please try again or choose another way to pay.');
    expect(res.text).not.toContain(wrong);
    logged.stop();
    // The capture works: the 502 is logged, by its error's class.
    expect(logged.lines()).toContainEqual(expect.objectContaining({ level: 50, area: 'api', path: `/v1/payments/start/${order.id}`, error: 'ProviderRefusedError' }));
    expect(logged.raw.join('')).not.toContain(wrong);
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'failed' });
    expect(attempt!.note).toContain('401');
    expect(attempt!.note).not.toContain(wrong);
  });

  it('verify while Paystack is down: 502 and nothing changes; later it settles', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    fakeOptions.webhookUrl = undefined;
    const order = await cardOrder();
    const { redirectUrl } = await started(order.id);
    const back = await decide(redirectUrl, 'pay');
    faults.status = 503;
    const down = await verifyReturn(order.id, back);
    expect(down.status).toBe(502);
    expect(await readOrder(order.id)).toEqual(order);
    delete faults.status;
    expect((await verifyReturn(order.id, back)).body.data.outcome).toBe('paid');
  });
});

// --- the built-in sandbox ------------------------------------------------------------------------

describe('the built-in sandbox', () => {
  it('without keys the app serves the fake: a purchase completes end to end through its hosted page', async () => {
    const config = getConfig();
    process.env.INTERNAL_API_URL = api.url;
    config.siteUrl = api.url;
    config.payments.paystack = { secretKey: undefined, baseUrl: 'https://api.paystack.co' };
    const order = await cardOrder();
    const { reference, redirectUrl } = await started(order.id);
    expect(redirectUrl).toBe(`${api.url}/api/sandbox/paystack/checkout/${reference}`);
    const page = await fetch(redirectUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain('Paystack · sandbox');
    expect(html).toContain(`₦${order.amountsInCurrency.total.toLocaleString('en-US')}.00`);
    const back = await decide(redirectUrl, 'pay');
    expect(back.origin).toBe(api.url);
    expect(back.pathname).toBe('/checkout');
    // The sandbox's signed webhook went through the same verification: paid before the return.
    // No money moved: the order reads as a test payment (still paid by the spec's rule).
    expect(await readOrder(order.id)).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack) – TEST PAYMENT, no money taken' });
    expect(await attemptsOf(order.id)).toEqual([expect.objectContaining({ reference, status: 'succeeded', sandbox: true })]);
    expect((await verifyReturn(order.id, back)).body.data.outcome).toBe('paid');
  });

  it('never redirects away from the shop: a transaction made with another site as its return is refused', async () => {
    const config = getConfig();
    process.env.INTERNAL_API_URL = api.url;
    config.siteUrl = api.url;
    config.payments.paystack = { secretKey: undefined, baseUrl: 'https://api.paystack.co' };
    const made = await fetch(`${api.url}/api/sandbox/paystack/transaction/initialize`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: 'Bearer sk_sandbox_regal_flowers_paystack' },
      body: JSON.stringify({ email: 'x@example.com', amount: 100, currency: 'NGN', reference: 'EVIL-1', callback_url: 'https://evil.example/steal' }),
    });
    const hosted = ((await made.json()) as { data: { authorization_url: string } }).data.authorization_url;
    const res = await fetch(hosted, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=pay', redirect: 'manual' });
    expect(res.status).toBe(400);
    expect(res.headers.get('location')).toBeNull();
  });

  it('is off (404) when any provider has keys: a keyless provider is then refused, never faked', async () => {
    const config = getConfig();
    process.env.INTERNAL_API_URL = api.url;
    const withKeys = await fetch(`${api.url}/api/sandbox/paystack/checkout/RF-1-00000000`);
    expect(withKeys.status).toBe(404);
    expect(await withKeys.json()).toEqual({ data: null, error: true, message: 'Not found', status: 404 });
    expect((await fetch(`${api.url}/api/sandbox/unknown/checkout/x`)).status).toBe(404);

    config.payments.paystack = { secretKey: undefined, baseUrl: 'https://api.paystack.co' };
    const on = await fetch(`${api.url}/api/sandbox/paystack/checkout/RF-1-00000000`);
    expect(on.status).toBe(404); // on, but no such payment
    expect(await on.text()).toBe('This payment link is not valid.');

    const savedPayPal = { ...config.payments.payPal };
    config.payments.payPal = { ...savedPayPal, clientId: 'live-client', clientSecret: 'live-secret', webhookId: 'WH1' };
    try {
      expect((await fetch(`${api.url}/api/sandbox/paystack/checkout/RF-1-00000000`)).headers.get('content-type')).toContain('application/json');
      const order = await cardOrder();
      const refused = await start(order.id);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Paystack is not available right now; please choose another way to pay');
      expect(await attemptsOf(order.id)).toEqual([]);
    } finally {
      config.payments.payPal = savedPayPal;
    }
  });

  it('is off in production, unless `npm start` says the operator did not ask for production', async () => {
    const config = getConfig();
    process.env.INTERNAL_API_URL = api.url;
    config.payments.paystack = { secretKey: undefined, baseUrl: 'https://api.paystack.co' };
    config.env = 'production';
    const sandboxAnswer = async () => (await fetch(`${api.url}/api/sandbox/paystack/checkout/RF-1-00000000`)).headers.get('content-type');
    try {
      const off = await fetch(`${api.url}/api/sandbox/paystack/transaction/verify/x`, { headers: { authorization: 'Bearer sk_sandbox_regal_flowers_paystack' } });
      expect(off.status).toBe(404);
      expect(await off.json()).toMatchObject({ message: 'Not found' });
      const order = await cardOrder();
      const refused = await start(order.id);
      expect(refused.status).toBe(400);
      expect(refused.body.message).toBe('Paystack is not available right now; please choose another way to pay');

      process.env.OPERATOR_NODE_ENV = 'production'; // NODE_ENV=production npm start
      expect(await sandboxAnswer()).toContain('application/json');
      process.env.OPERATOR_NODE_ENV = 'prod'; // anything but a plain development or test counts as production
      expect(await sandboxAnswer()).toContain('application/json');
      process.env.OPERATOR_NODE_ENV = ''; // a plain npm start
      expect(await sandboxAnswer()).toContain('text/plain');
      expect((await start(order.id)).status).toBe(200);
    } finally {
      delete process.env.OPERATOR_NODE_ENV;
    }
  });
});
