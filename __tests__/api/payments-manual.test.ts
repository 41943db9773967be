/** @jest-environment node */
/**
 * Manual payments over real HTTP against the real database: the transfer instructions per method
 * and currency (exact amount, account or Bitcoin address from the shop's details — the
 * environment's values until the back office saves them, see shop-details.test.ts — order number), 'I
 * have sent it' (awaiting confirmation, never paid; idempotent), and staff confirming with
 * PUT /v1/admin/order/{id}/status, which pays the order and e-mails the sender (with an amount
 * short of the total: part paid, no e-mail; without one: all that is still due).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Order } from '@/lib/contracts/orders';
import type { ManualInstructions, PaymentOutcome, PaymentStart } from '@/lib/contracts/payments';
import { getConfig } from '@/lib/server/config';
import { readShopDetails } from '@/lib/server/services/settings';
import type { Db } from '@/lib/server/db/client';
import { orderAudit, paymentAttempts, transferReceipts } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { isPaidStatus } from '@/lib/domain/order';
import type { PaymentMethodKey } from '@/lib/domain/checkout';
import type { CurrencyCode } from '@/lib/domain/money';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { httpCaller, placedOrder } from '../helpers/orders';

const TOKEN = 'staff-token-for-payment-tests-0123456789';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-manual-pay-'));
process.env.DATA_DIR = dataDir;

let db: Db;
let api: ApiServer;
const call = httpCaller(() => api.url);

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  api = await startApiServer();
  const config = getConfig();
  config.dataDir = dataDir;
  config.smtpUrl = undefined;
  config.adminToken = TOKEN;
});

afterAll(async () => {
  getConfig().adminToken = undefined;
  await mailIdle();
  await api.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function manualOrder(method: PaymentMethodKey | null, currency: CurrencyCode = 'NGN', over: Parameters<typeof placedOrder>[1] = {}): Promise<Order> {
  const { id } = await placedOrder(db, { paymentMethod: method, currency, status: 'awaiting_payment', ...over });
  return (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
}
const start = (id: string) => call<PaymentStart>('POST', `/v1/payments/start/${id}`, { body: {} });
const sent = (id: string) => call<Order>('POST', `/v1/payments/manual/${id}/sent`, { body: {} });
const confirm = (id: string) => call<Order>('PUT', `/v1/admin/order/${id}/status`, { body: { status: 'paid' }, headers: { authorization: `Bearer ${TOKEN}` } });
const attemptsOf = (orderId: string) => db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, orderId));

async function instructions(order: Order): Promise<ManualInstructions> {
  const res = await start(order.id);
  expect(res.status).toBe(200);
  expect(res.body.message).toBe('Transfer instructions');
  if (res.body.data.kind !== 'manual') throw new Error('expected instructions');
  return res.body.data.instructions;
}

describe('instructions', () => {
  it("GTBank: the naira total, the shop's naira account and the order number", async () => {
    const order = await manualOrder('gtbTransfer');
    const { naira } = (await readShopDetails(db)).details.payment;
    expect(await instructions(order)).toEqual({
      method: 'gtbTransfer',
      currency: 'NGN',
      amount: order.amountsInCurrency.total,
      orderNumber: order.orderNumber,
      details: [
        { label: 'Bank', value: naira.bankName },
        { label: 'Account name', value: naira.accountName },
        { label: 'Account number', value: naira.accountNumber },
      ],
    });
    expect(await attemptsOf(order.id)).toEqual([]); // showing instructions records nothing
  });

  it("Lead Bank (USD) and NatWest (GBP): the amount in the order currency and the shop's account", async () => {
    const usd = await manualOrder('leadBankTransfer', 'USD');
    const payments = (await readShopDetails(db)).details.payment;
    expect(await instructions(usd)).toMatchObject({
      currency: 'USD',
      amount: usd.amountsInCurrency.total,
      details: [
        { label: 'Bank', value: 'Lead Bank' },
        { label: 'Account name', value: payments.leadBank.accountName },
        { label: 'Account number', value: payments.leadBank.accountNumber },
        { label: 'Routing number', value: payments.leadBank.routingNumber },
      ],
    });
    const gbp = await manualOrder('natwestTransfer', 'GBP');
    expect(await instructions(gbp)).toMatchObject({
      currency: 'GBP',
      amount: gbp.amountsInCurrency.total,
      details: [
        { label: 'Bank', value: 'NatWest' },
        { label: 'Account name', value: payments.natwest.accountName },
        { label: 'Account number', value: payments.natwest.accountNumber },
        { label: 'Sort code', value: payments.natwest.sortCode },
      ],
    });
  });

  it('Bitcoin: the address and the dollar amount, worth in Bitcoin at the rate when sending', async () => {
    const order = await manualOrder('bitcoinTransfer', 'USD');
    const { bitcoinAddress } = (await readShopDetails(db)).details.payment;
    const total = order.amountsInCurrency.total.toLocaleString('en-US', { minimumFractionDigits: 2 });
    expect(await instructions(order)).toEqual({
      method: 'bitcoinTransfer',
      currency: 'USD',
      amount: order.amountsInCurrency.total,
      orderNumber: order.orderNumber,
      details: [
        { label: 'Bitcoin address', value: bitcoinAddress },
        { label: 'Amount in Bitcoin', value: `The Bitcoin equivalent of USD ${total} at the exchange rate when you send it` },
      ],
    });
  });

  it('a transfer method is refused for a currency it does not serve', async () => {
    const res = await start((await manualOrder('gtbTransfer', 'USD')).id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Bank transfer (GTBank) is not available in USD; please choose another way to pay');
    const btc = await start((await manualOrder('bitcoinTransfer', 'NGN')).id);
    expect(btc.status).toBe(400);
    expect(btc.body.message).toBe('Bitcoin is not available in NGN; please choose another way to pay');
  });
});

describe('I have sent it', () => {
  it('makes the order wait for staff (never paid), records a claimed attempt, and saying it twice changes nothing', async () => {
    const order = await manualOrder('gtbTransfer');
    const res = await sent(order.id);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Thank you: we will confirm your order once the transfer arrives');
    const waiting = res.body.data;
    expect(waiting).toMatchObject({ status: order.status, paymentStatus: 'awaiting confirmation' });
    expect(isPaidStatus(waiting.paymentStatus)).toBe(false);
    expect(waiting.timeline.at(-1)).toMatchObject({ note: 'The shopper says the transfer was sent' });

    const again = await sent(order.id);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(waiting);
    expect(await attemptsOf(order.id)).toEqual([
      expect.objectContaining({ provider: 'gtbTransfer', reference: order.orderNumber, status: 'claimed', amountMinor: BigInt(order.amountsInCurrency.total) * 100n, currency: 'NGN' }),
    ]);

    // Its total can no longer move: the cart, the details and coupons are refused.
    const change = await call('PUT', `/v1/firebase/order/${order.id}`, { body: { cartItems: [], currency: 'NGN', deliveryDate: '' } });
    expect(change.status).toBe(409);
    expect(change.body.message).toBe('We are confirming your transfer for this order, so it can no longer be changed. Please contact us to change it.');

    // The shopper asking about it hears it is waiting; the order is not paid.
    const outcome = await call<PaymentOutcome>('GET', `/v1/payments/verify/${order.id}?reference=${order.orderNumber}`);
    expect(outcome.body.data).toMatchObject({ outcome: 'pending', message: 'We are waiting to see your transfer; we will confirm your order once it arrives' });
  });

  it('is refused for a card method or no method (400), a paid order (409) and an unknown order (404)', async () => {
    for (const method of ['paystack', null] as const) {
      const res = await sent((await manualOrder(method)).id);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Only a bank transfer or Bitcoin payment can be marked as sent; please choose one first');
    }
    const paid = await sent((await manualOrder('gtbTransfer', 'NGN', { status: 'paid', payment: 'paid', paidWith: 'gtbTransfer' })).id);
    expect(paid.status).toBe(409);
    expect(paid.body.message).toBe('This order is already paid');
    const unknown = await sent('3b0f3a8e-2f6f-4c1b-9d54-0d7c4b2f1a99');
    expect(unknown.status).toBe(404);
  });
});

describe('staff confirmation', () => {
  it.each([
    ['gtbTransfer', 'NGN', 'PAID - GO AHEAD (Bank transfer)'],
    ['bitcoinTransfer', 'USD', 'PAID - GO AHEAD (Bitcoin)'],
    ['natwestTransfer', 'GBP', 'PAID - GO AHEAD (UK bank transfer)'],
  ] as const)('%s: instructions, sent, staff confirm → paid, e-mailed, and no further payment', async (method, currency, status) => {
    const order = await manualOrder(method, currency);
    await instructions(order);
    expect((await sent(order.id)).status).toBe(200);
    const res = await confirm(order.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'paid', paymentStatus: status });
    expect(isPaidStatus(res.body.data.paymentStatus)).toBe(true);
    // The announced transfer is the payment staff confirmed.
    expect((await attemptsOf(order.id)).map((a) => [a.provider, a.status])).toEqual([[method, 'succeeded']]);

    const outcome = await call<PaymentOutcome>('GET', `/v1/payments/verify/${order.id}?reference=${order.orderNumber}`);
    expect(outcome.body.data).toMatchObject({ outcome: 'paid', message: 'Payment received' });
    expect((await start(order.id)).status).toBe(409);
    expect((await sent(order.id)).status).toBe(409);

    await mailIdle();
    const mails = await readOutbox(dataDir, { to: order.client.email });
    expect(mails.map((m) => m.subject)).toEqual([`Regal Flowers: payment received for order ${order.orderNumber}`]);
  });

  it('with an amount short of the total: part paid, no e-mail; then without one, the rest is recorded as the API token and the order is paid', async () => {
    const order = await manualOrder('gtbTransfer');
    await instructions(order);
    expect((await sent(order.id)).status).toBe(200);
    const move = (body: unknown) => call<Order>('PUT', `/v1/admin/order/${order.id}/status`, { body, headers: { authorization: `Bearer ${TOKEN}` } });

    const part = await move({ status: 'paid', amount: '1000', reference: 'GTB-API-1' });
    expect(part.status).toBe(200);
    expect(part.body.message).toBe(`Order ${order.orderNumber} is part paid: the transfer is recorded, the rest is still due`);
    expect(part.body.data).toMatchObject({ paymentState: 'part_paid', paymentStatus: 'PART PAID - BALANCE DUE' });
    expect(part.body.data.status).not.toBe('paid');
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['claimed']);
    await mailIdle();
    expect(await readOutbox(dataDir, { to: order.client.email })).toEqual([]);
    // The same reference again writes nothing.
    expect((await move({ status: 'paid', amount: '1000', reference: 'GTB-API-1' })).status).toBe(409);

    const rest = await move({ status: 'paid' });
    expect(rest.status).toBe(200);
    expect(rest.body.data).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Bank transfer)' });
    const due = order.amountsInCurrency.total - 1000;
    expect(rest.body.data.timeline.at(-1)?.note).toMatch(new RegExp(`^Transfer received: ₦${due.toLocaleString('en-US')} \\(ref api token \\d{4}-\\d\\d-\\d\\dT[\\d:.]+Z\\): paid in full`));
    const receipts = await db.select().from(transferReceipts).where(eq(transferReceipts.orderId, order.id));
    expect(receipts.map((r) => [r.amountMinor, r.staffId])).toEqual([
      [100_000n, null],
      [BigInt(due) * 100n, null],
    ]);
    expect((await attemptsOf(order.id)).map((a) => a.status)).toEqual(['succeeded']);
    await mailIdle();
    expect((await readOutbox(dataDir, { to: order.client.email })).map((m) => m.subject)).toEqual([`Regal Flowers: payment received for order ${order.orderNumber}`]);
    // Each API-token change records the caller's address (TRUST_PROXY unset: the socket's).
    const audit = await db.select().from(orderAudit).where(eq(orderAudit.orderId, order.id));
    expect(audit.filter((a) => a.event === 'confirm_transfer').map((a) => [a.actorKind, a.address])).toEqual([
      ['api_token', '127.0.0.1'],
      ['api_token', '127.0.0.1'],
    ]);
  });

  it('refuses an amount or reference with another status, and a bad amount, naming the field (400)', async () => {
    const order = await manualOrder('gtbTransfer');
    const move = (body: unknown) => call<Order>('PUT', `/v1/admin/order/${order.id}/status`, { body, headers: { authorization: `Bearer ${TOKEN}` } });
    for (const [body, message] of [
      [{ status: 'cancelled', amount: '5' }, /^amount and reference describe a transfer received/],
      [{ status: 'paid', amount: '12.345' }, /^amount must be/],
      [{ status: 'paid', amount: 0 }, /^amount must be/],
      [{ status: 'paid', reference: '' }, /^reference is required/],
    ] as const) {
      const res = await move(body);
      expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(message)]);
    }
    expect((await call<Order>('GET', `/v1/firebase/order/${order.id}`)).body.data.paymentState).toBe('unpaid');
  });
});
