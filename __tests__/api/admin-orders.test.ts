/** @jest-environment node */
/**
 * PUT /v1/admin/order/{id}/status over real HTTP against the real database: the call exists only
 * with ADMIN_TOKEN set, needs the token, moves orders only as the order lifecycle allows (409 otherwise), records the
 * paid status (derived from the payment state, never sent) and a timeline line, and releases the
 * coupon of a cancelled order.
 */
import type { Order } from '@/lib/contracts/orders';
import type { Db } from '@/lib/server/db/client';
import { getConfig } from '@/lib/server/config';
import { couponUses, readOrder } from '@/lib/server/services/orders/store';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { createCoupon, createOrder, httpCaller, setStatus } from '../helpers/orders';

const TOKEN = 'staff-token-for-tests-0123456789abcdef';

let server: ApiServer;
let db: Db;
const call = httpCaller(() => server.url);

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
});

beforeEach(() => {
  getConfig().adminToken = TOKEN;
});

afterAll(async () => {
  getConfig().adminToken = undefined;
  await server.close();
  await closeTestDatabase();
});

const move = (id: string, body: unknown, token: string | null = TOKEN) =>
  call<Order>('PUT', `/v1/admin/order/${id}/status`, { body, headers: token === null ? {} : { authorization: `Bearer ${token}` } });

describe('access', () => {
  it('does not exist (404) when ADMIN_TOKEN is unset, whatever is sent', async () => {
    const order = await createOrder(db);
    getConfig().adminToken = undefined;
    for (const res of [await move(order.id, { status: 'paid' }), await move(order.id, { status: 'nonsense' }, null)]) {
      expect(res.status).toBe(404);
      expect(res.body).toEqual({ data: null, error: true, message: `There is no call PUT /v1/admin/order/${order.id}/status`, status: 404 });
    }
  });

  it.each([
    ['no token', null],
    ['an empty token', ''],
    ['a wrong token', 'not-the-staff-token-at-all-000000'],
    ['a token of the same length', TOKEN.replace(/.$/, 'x')],
    ['the token with a suffix', `${TOKEN}0`],
  ])('refuses %s with 401 before reading the body', async (_, token) => {
    const order = await createOrder(db);
    const res = await move(order.id, { status: 'nonsense' }, token);
    expect(res.status).toBe(401);
    expect(res.headers.get('www-authenticate')).toBe('Bearer');
    expect(res.body.message).toBe('A valid staff token is required');
    expect((await move(order.id, { status: 'paid' }, token)).status).toBe(401);
  });

  it('refuses a token sent any other way than as a bearer token', async () => {
    const order = await createOrder(db);
    const res = await call('PUT', `/v1/admin/order/${order.id}/status`, { body: { status: 'paid' }, headers: { authorization: TOKEN } });
    expect(res.status).toBe(401);
  });
});

describe('moving an order', () => {
  it('to paid records PAID - GO AHEAD with the payment method and a timeline line with the note', async () => {
    const order = await createOrder(db, { paymentMethod: 'gtbTransfer', status: 'awaiting_payment' });
    const res = await move(order.id, { status: 'paid', note: 'Transfer seen on the statement' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ id: order.id, status: 'paid', paymentStatus: 'PAID - GO AHEAD (Bank transfer)' });
    // Without an amount: all that is due, under the API token's reference, then the note.
    expect(res.body.data.timeline.at(-1)).toMatchObject({ status: 'paid', label: 'Payment received' });
    expect(res.body.data.timeline.at(-1)?.note).toMatch(/^Transfer received: ₦[\d,]+ \(ref api token \d{4}-[\d-]+T[\d:.]+Z\): paid in full — Transfer seen on the statement$/);
  });

  it('to paid without a payment method says bank transfer; a named manual method words it', async () => {
    const plain = await createOrder(db);
    expect((await move(plain.id, { status: 'paid' })).body.data.paymentStatus).toBe('PAID - GO AHEAD (bank transfer)');
    const card = await createOrder(db, { paymentMethod: 'paystack' });
    const named = await move(card.id, { status: 'paid', paymentMethod: 'natwestTransfer' });
    expect(named.body.data.paymentStatus).toBe('PAID - GO AHEAD (UK bank transfer)');
  });

  it('refuses any payment status (the wording follows the payment state) and a method with another move', async () => {
    const order = await createOrder(db);
    for (const body of [
      { status: 'paid', paymentStatus: 'Paid - go ahead (cash at the shop)' },
      { status: 'paid', paymentStatus: 'awaiting confirmation' },
      { status: 'awaiting_payment', paymentStatus: 'PAID - GO AHEAD (Paystack)' },
      { status: 'cancelled', paymentStatus: 'PAID - GO AHEAD' },
    ]) {
      const res = await move(order.id, body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^paymentStatus cannot be set: the payment wording follows the payment state/);
    }
    const cardMethod = await move(order.id, { status: 'paid', paymentMethod: 'paystack' });
    expect(cardMethod.status).toBe(400);
    expect(cardMethod.body.message).toMatch(/^paymentMethod must be one of gtbTransfer, leadBankTransfer, natwestTransfer, bitcoinTransfer/);
    const notPaid = await move(order.id, { status: 'cancelled', paymentMethod: 'gtbTransfer' });
    expect(notPaid.status).toBe(400);
    expect(notPaid.body.message).toBe('paymentMethod names how a transfer was paid: send it only with status "paid"');
    expect((await move(order.id, { status: 'paid', extra: 1 })).status).toBe(400);
    // Nothing was written by any of them.
    const after = await readOrder(db, order.id);
    expect(after).toMatchObject({ status: 'created', paymentState: 'unpaid', paymentStatus: 'not paid' });
    expect(after.timeline).toHaveLength(order.timeline.length);
  });

  it('cancelling derives the wording: unpaid reads not paid (a claimed transfer noted), paid becomes refund due', async () => {
    const claimed = await createOrder(db, { payment: 'awaiting_confirmation', status: 'awaiting_payment' });
    const unpaid = await move(claimed.id, { status: 'cancelled' });
    expect(unpaid.body.data).toMatchObject({ status: 'cancelled', paymentStatus: 'not paid' });
    expect(unpaid.body.data.timeline.at(-1)?.note).toMatch(/transfer the shopper says was sent awaits confirmation: refund it if it arrives/);
    const paid = await createOrder(db, { paymentMethod: 'gtbTransfer', status: 'awaiting_payment' });
    expect((await move(paid.id, { status: 'paid' })).status).toBe(200);
    const cancelled = await move(paid.id, { status: 'cancelled' });
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', paymentState: 'refund_due', paymentStatus: 'REFUND DUE (paid with Bank transfer)' });
    expect(cancelled.body.data.timeline.at(-1)?.note).toBe(`Cancelled after payment: refund due: NGN ${paid.amountsInCurrency.total.toLocaleString('en-US')}.00`);
  });

  it('follows an order all the way to delivered, one line per move', async () => {
    const order = await createOrder(db, { paymentMethod: 'paystack' });
    const path = ['paid', 'preparing', 'out_for_delivery', 'preparing', 'out_for_delivery', 'delivered'] as const;
    let last: Order | undefined;
    for (const status of path) {
      const res = await move(order.id, { status });
      expect(res.status).toBe(200);
      last = res.body.data;
    }
    expect(last!.status).toBe('delivered');
    expect(last!.paymentStatus).toBe('PAID - GO AHEAD (Paystack)');
    expect(last!.timeline.map((e) => e.status)).toEqual([...path]);
  });

  it.each([
    ['delivered', 'paid', 'This order is already paid'],
    ['delivered', 'cancelled', 'An order that is delivered and paid cannot be cancelled'],
    ['cancelled', 'created', "Staff cannot move an order to created: that status follows the shopper's checkout"],
    ['created', 'delivered', 'An order that is created and unpaid cannot be marked delivered'],
    ['created', 'preparing', 'An order that is created and unpaid cannot be prepared'],
    ['paid', 'awaiting_payment', "Staff cannot move an order to awaiting_payment: that status follows the shopper's checkout"],
    ['paid', 'paid', 'This order is already paid'],
    ['out_for_delivery', 'cancelled', 'An order that is out for delivery and paid cannot be cancelled'],
  ] as const)('refuses to move an order from %s to %s with a 409 that changes nothing', async (from, to, message) => {
    const order = await createOrder(db, { paymentMethod: 'paystack' });
    const payment = from === 'created' || from === 'cancelled' ? 'unpaid' : 'paid';
    await setStatus(db, order.id, from, payment, payment === 'paid' ? 'paystack' : undefined);
    const before = await readOrder(db, order.id);
    const res = await move(order.id, { status: to });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(message);
    expect(await readOrder(db, order.id)).toEqual(before);
  });

  it('releases the coupon of a cancelled order, so that a single-use coupon can be used again', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const first = await createOrder(db);
    const apply = (id: string) => call<Order>('POST', '/v1/coupon/validate', { body: { orderId: id, code } });
    expect((await apply(first.id)).status).toBe(200);
    const second = await createOrder(db);
    expect((await apply(second.id)).status).toBe(400);

    const res = await move(first.id, { status: 'cancelled', note: 'Customer changed their mind' });
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('cancelled');
    expect(res.body.data.timeline.at(-1)).toMatchObject({ status: 'cancelled', note: 'Customer changed their mind' });
    expect(await couponUses(db, code)).toBe(0);
    expect((await apply(second.id)).status).toBe(200);
  });

  it('answers 404 for an unknown order and 400 naming a bad field', async () => {
    expect((await move('00000000-0000-4000-8000-000000000000', { status: 'paid' })).body).toMatchObject({ status: 404, message: 'Order not found' });
    const order = await createOrder(db);
    const badStatus = await move(order.id, { status: 'shipped' });
    expect(badStatus.status).toBe(400);
    expect(badStatus.body.message).toMatch(/^status must be one of created, awaiting_payment, paid/);
    expect((await move(order.id, {})).body.message).toMatch(/^status/);
    expect((await move(order.id, { status: 'paid', note: 'x'.repeat(1001) })).body.message).toBe('note: must be at most 1000 characters');
  });
});
