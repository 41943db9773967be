/** @jest-environment node */
/**
 * Money attacks from the hardening probe, over real HTTP against the real database, with a fake
 * Paystack on a local port (and the app's own sandbox mount for test payments):
 * - a card payment above ₦21,474,836 (more kobo than a 4-byte integer holds) starts and settles
 *   for the exact amount, kept as a bigint;
 * - staff cannot write the payment wording: 'PAID - GO AHEAD' sent with a cancel (or any free
 *   text) is refused with a 400 and nothing changes; a cancelled paid order reads 'REFUND DUE'
 *   (no longer the client's paid wording) with the amount due on the timeline, an unpaid one reads 'not paid';
 * - an overpayment (an attempt started before a coupon lowered the total) pays the order and
 *   records 'refund due: … overpaid' once, however often the confirmation is replayed;
 * - a payment made against the built-in sandbox reads TEST PAYMENT in the order's status, the
 *   tracker's answer and the e-mail; one made against a configured provider does not.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Order, TrackedOrder } from '@/lib/contracts/orders';
import type { PaymentOutcome, PaymentStart } from '@/lib/contracts/payments';
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { orders, paymentAttempts } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { createFakePaystack, type FakePaystack } from '@/lib/sandbox/paystack';
import type { FakeOptions } from '@/lib/sandbox/types';
import { isPaidStatus } from '@/lib/domain/order';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { createCoupon, httpCaller, placedOrder } from '../helpers/orders';
import { decide, returnQuery } from '../helpers/sandbox-page';

const KEY = 'sk_test_money_suite_7c1d0e9b2a4f';
const STAFF = 'staff-token-for-money-tests-0123456789';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-money-'));
process.env.DATA_DIR = dataDir;

let db: Db;
let api: ApiServer;
let paystack: FakeServer;
let fake: FakePaystack;
let fakeOptions: FakeOptions;
const call = httpCaller(() => api.url);
let saved: { paystack: PaymentsConfig['paystack']; siteUrl: string; maxOrderTotalNaira: number };

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  api = await startApiServer();
  paystack = await startFakeServer((req, res) => fake.handle(req, res));
  fakeOptions = { publicUrl: paystack.url, webhookUrl: `${api.url}/v1/payments/webhook/paystack`, secrets: { secretKey: KEY }, faults: {} };
  fake = createFakePaystack(fakeOptions);
  const config = getConfig();
  config.dataDir = dataDir;
  config.smtpUrl = undefined;
  saved = { paystack: { ...config.payments.paystack }, siteUrl: config.siteUrl, maxOrderTotalNaira: config.maxOrderTotalNaira };
});

beforeEach(() => {
  const config = getConfig();
  config.payments.paystack = { secretKey: KEY, baseUrl: paystack.url };
  config.adminToken = STAFF;
});

afterEach(() => {
  const config = getConfig();
  config.payments.paystack = { ...saved.paystack };
  config.siteUrl = saved.siteUrl;
  config.maxOrderTotalNaira = saved.maxOrderTotalNaira;
  config.adminToken = undefined;
  delete process.env.INTERNAL_API_URL;
});

afterAll(async () => {
  await mailIdle();
  await paystack.close();
  await api.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

// --- helpers ----------------------------------------------------------------------------------

const readOrder = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
const attemptsOf = (orderId: string) => db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId)).orderBy(paymentAttempts.createdAt);
const staffMove = (id: string, body: unknown) => call<Order>('PUT', `/v1/admin/order/${id}/status`, { body, headers: { authorization: `Bearer ${STAFF}` } });
const refundLines = (order: Order) => order.timeline.filter((e) => /refund due/.test(e.note));

async function cardOrder(): Promise<Order> {
  const { id } = await placedOrder(db, { paymentMethod: 'paystack', status: 'awaiting_payment' });
  return readOrder(id);
}

async function started(orderId: string): Promise<Extract<PaymentStart, { kind: 'redirect' }>> {
  const res = await call<PaymentStart>('POST', `/v1/payments/start/${orderId}`, { body: {} });
  expect(res.status).toBe(200);
  if (res.body.data.kind !== 'redirect') throw new Error('expected a redirect');
  return res.body.data;
}

const verifyReturn = (orderId: string, back: URL) => call<PaymentOutcome>('GET', `/v1/payments/verify/${orderId}?${new URLSearchParams(returnQuery(back)).toString()}`);

/** Starts a payment at the configured fake and pays it (webhook, then the shopper's return). */
async function payByCard(orderId: string): Promise<{ reference: string; order: Order }> {
  const { reference, redirectUrl } = await started(orderId);
  const back = await decide(redirectUrl, 'pay');
  const outcome = await verifyReturn(orderId, back);
  expect(outcome.status).toBe(200);
  return { reference, order: outcome.body.data.order };
}

// --- amounts beyond a 4-byte integer -----------------------------------------------------------

describe('an order above ₦21,474,836', () => {
  it('starts and settles through Paystack for the exact amount; the attempt holds the exact bigint', async () => {
    getConfig().maxOrderTotalNaira = 1_000_000_000;
    const order = await cardOrder();
    // ₦30,000,000 (3,000,000,000 kobo > 2^31 - 1), set directly: the payments layer must carry it exactly.
    await db.update(orders).set({ total: 30_000_000, totalInCurrency: 30_000_000 }).where(eq(orders.id, order.id));
    const { reference, redirectUrl } = await started(order.id);
    expect(fake.transactions.get(reference)?.requestedAmount).toBe(3_000_000_000);
    expect(await attemptsOf(order.id)).toEqual([expect.objectContaining({ reference, amountMinor: 3_000_000_000n, status: 'started', sandbox: false })]);

    const back = await decide(redirectUrl, 'pay');
    const outcome = await verifyReturn(order.id, back);
    expect(outcome.body.data).toMatchObject({ outcome: 'paid', order: { status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack)' } });
    const [attempt] = await attemptsOf(order.id);
    expect(attempt).toMatchObject({ status: 'succeeded', amountMinor: 3_000_000_000n });
    expect(typeof attempt!.amountMinor).toBe('bigint');
  });

  it('refuses a confirmation one kobo short of a large amount (compared exactly, not as floats)', async () => {
    getConfig().maxOrderTotalNaira = 1_000_000_000;
    const order = await cardOrder();
    await db.update(orders).set({ total: 90_071_992, totalInCurrency: 90_071_992 }).where(eq(orders.id, order.id));
    fakeOptions.faults!.settleAmountMinor = 9_007_199_199;
    try {
      const { reference, redirectUrl } = await started(order.id);
      const outcome = await verifyReturn(order.id, await decide(redirectUrl, 'pay'));
      expect(outcome.body.data.outcome).toBe('failed');
      expect(await attemptsOf(order.id)).toEqual([expect.objectContaining({ reference, status: 'mismatch', note: 'Paid NGN 90,071,991.99 of NGN 90,071,992.00' })]);
    } finally {
      delete fakeOptions.faults!.settleAmountMinor;
    }
  });
});

// --- the staff call cannot write payment wording -----------------------------------------------

describe('the staff status call and the payment wording', () => {
  it("refuses 'PAID - GO AHEAD' written into a cancel (400) and changes nothing; the cancel alone reads 'not paid'", async () => {
    const order = await cardOrder();
    const res = await staffMove(order.id, { status: 'cancelled', paymentStatus: 'PAID - GO AHEAD' });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/^paymentStatus cannot be set: the payment wording follows the payment state/);
    expect(await readOrder(order.id)).toMatchObject({ status: order.status, paymentStatus: 'not paid' });

    const cancelled = await staffMove(order.id, { status: 'cancelled' });
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'not paid' });
    expect(isPaidStatus(cancelled.body.data.paymentStatus)).toBe(false);
  });

  it.each([
    ['a paid wording with paid', { status: 'paid', paymentStatus: 'Paid - go ahead (cash at the shop)' }],
    ['a harmless wording', { status: 'awaiting_payment', paymentStatus: 'awaiting confirmation' }],
    ['an empty wording', { status: 'cancelled', paymentStatus: '' }],
    ['a null wording', { status: 'cancelled', paymentStatus: null }],
    ['an unknown field', { status: 'paid', paid: true }],
    ['a card method named as how a transfer came', { status: 'paid', paymentMethod: 'paystack' }],
  ])('refuses %s with a 400, never ignoring it', async (_, body) => {
    const order = await cardOrder();
    const res = await staffMove(order.id, body);
    expect(res.status).toBe(400);
    expect(await readOrder(order.id)).toMatchObject({ status: order.status, paymentStatus: 'not paid' });
  });

  it('names how a transfer was paid only with a manual method, and derives the wording from it', async () => {
    const order = await cardOrder();
    const res = await staffMove(order.id, { status: 'paid', paymentMethod: 'gtbTransfer', note: 'Seen on the statement' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Bank transfer)' });
  });

  it('a cancelled paid order reads refund due (not paid to the client) and says the amount on the timeline', async () => {
    const order = await cardOrder();
    const { order: paid } = await payByCard(order.id);
    expect(paid.paymentStatus).toBe('PAID - GO AHEAD (Paystack)');
    const res = await staffMove(order.id, { status: 'cancelled', note: 'Shop closed that day' });
    expect(res.status).toBe(200);
    const total = order.amountsInCurrency.total.toLocaleString('en-US');
    expect(res.body.data).toMatchObject({ status: 'cancelled', paymentState: 'refund_due', paymentStatus: 'REFUND DUE (paid with Paystack)' });
    expect(isPaidStatus(res.body.data.paymentStatus)).toBe(false);
    expect(res.body.data.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: `Shop closed that day — Cancelled after payment: refund due: NGN ${total}.00` });
  });
});

// --- overpayment ------------------------------------------------------------------------------

describe('an overpayment', () => {
  it("is paid with 'refund due: … overpaid' on the timeline and the attempt, once even when replayed", async () => {
    const order = await cardOrder();
    const { reference, redirectUrl } = await started(order.id); // asks the full total
    const code = await createCoupon(db, { kind: 'percent', amount: 10 });
    const discounted = await call<Order>('POST', '/v1/coupon/validate?business=regal', { body: { orderId: order.id, code } });
    expect(discounted.status).toBe(200);
    const due = discounted.body.data.amountsInCurrency.total;
    const over = order.amountsInCurrency.total - due;
    expect(over).toBeGreaterThan(0);

    const back = await decide(redirectUrl, 'pay');
    const first = await verifyReturn(order.id, back);
    expect(first.body.data).toMatchObject({ outcome: 'paid', order: { status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack)' } });
    const money = (n: number) => `NGN ${n.toLocaleString('en-US')}.00`;
    const note = `refund due: ${money(over)} overpaid (paid ${money(order.amountsInCurrency.total)} for ${money(due)})`;
    expect(await attemptsOf(order.id)).toEqual([expect.objectContaining({ reference, status: 'succeeded', note })]);

    // Replays: the webhook again (exact body and signature) and the shopper's return again.
    const sent = fake.webhooks.find((w) => w.body.includes(reference))!;
    for (let i = 0; i < 2; i++) {
      const replay = await fetch(`${api.url}/v1/payments/webhook/paystack`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': sent.signature }, body: sent.body });
      expect(replay.status).toBe(200);
      await replay.arrayBuffer();
      expect((await verifyReturn(order.id, back)).body.data.outcome).toBe('paid');
    }
    const after = await readOrder(order.id);
    expect(refundLines(after).map((e) => [e.status, e.note])).toEqual([['paid', `Payment ${reference}: ${note}`]]);
    expect(after.timeline.filter((e) => e.note.startsWith('Paid with'))).toHaveLength(1);
    expect(after.timeline.at(-1)?.note).toBe(`Payment ${reference}: ${note}`);
  });
});

// --- test payments ----------------------------------------------------------------------------

describe('test payments', () => {
  it('a payment made against the built-in sandbox reads TEST PAYMENT in the status, the tracker and the e-mail', async () => {
    const config = getConfig();
    process.env.INTERNAL_API_URL = api.url;
    config.siteUrl = api.url;
    config.payments.paystack = { secretKey: undefined, baseUrl: 'https://api.paystack.co' };
    const order = await cardOrder();
    const { reference, redirectUrl } = await started(order.id);
    expect(redirectUrl).toBe(`${api.url}/api/sandbox/paystack/checkout/${reference}`);
    expect(await attemptsOf(order.id)).toEqual([expect.objectContaining({ reference, sandbox: true })]);
    await verifyReturn(order.id, await decide(redirectUrl, 'pay'));

    const paid = await readOrder(order.id);
    expect(paid).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack) – TEST PAYMENT, no money taken' });
    expect(isPaidStatus(paid.paymentStatus)).toBe(true); // the client still treats it as paid
    expect(paid.timeline.at(-1)?.note).toContain('TEST PAYMENT');

    const tracked = await call<TrackedOrder>('GET', `/v1/firebase/order/order-number/${paid.orderNumber}?email=${encodeURIComponent(paid.client.email)}`, { headers: { 'x-forwarded-for': '10.200.1.1' } });
    expect(tracked.status).toBe(200);
    expect(tracked.body.data.paymentStatus).toContain('TEST PAYMENT');

    await mailIdle();
    const [mail, ...more] = await readOutbox(dataDir, { to: paid.client.email });
    expect(more).toHaveLength(0);
    expect(mail!.subject).toContain('TEST PAYMENT');
    expect(mail!.text).toContain('TEST PAYMENT');
    expect(mail!.html).toContain('TEST PAYMENT');
  });

  it('a payment made against a configured provider carries no test mark', async () => {
    const order = await cardOrder();
    const { order: paid } = await payByCard(order.id);
    expect(paid.paymentStatus).toBe('PAID - GO AHEAD (Paystack)');
    expect(await attemptsOf(order.id)).toEqual([expect.objectContaining({ status: 'succeeded', sandbox: false })]);
    await mailIdle();
    const [mail] = await readOutbox(dataDir, { to: paid.client.email });
    expect(mail!.subject).toBe(`Regal Flowers: payment received for order ${paid.orderNumber}`);
    expect(`${mail!.subject}${mail!.text}${mail!.html}`).not.toContain('TEST');
  });
});
