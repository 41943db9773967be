/** @jest-environment node */
/**
 * The order calls before and after checkout, over real HTTP against the real database: create
 * (items priced from the catalogue, never from the cart; the day rule; the owner from the bearer
 * token; order numbers retried on a clash), read, update (items, date, currency), save-sender-info
 * and update-payment-details; 404 for unknown ids, 409 once paid, and no half-written change.
 */
import { count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { authTokens, orderItems, orders } from '@/lib/server/db/schema';
import { hashToken } from '@/lib/server/security/tokens';
import type { Order, OrderCreated } from '@/lib/contracts/orders';
import type { UserRecord } from '@/lib/contracts/auth';
import { advanceClock, now, resetClock } from '@/lib/server/security/clock';
import { shopDay } from '@/lib/domain/dates';
import { addDays } from '@/lib/domain/checkout';
import type { OrderStatus } from '@/lib/domain/order-lifecycle';
import * as store from '@/lib/server/services/orders/store';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { caller, deliveryCheckout, itemOf, plainDay, seededProducts, uniqueEmail, unitPrice } from '../helpers/order-api';

jest.mock('@/lib/server/services/orders/store', () => {
  const actual = jest.requireActual<typeof store>('@/lib/server/services/orders/store');
  return { ...actual, candidateOrderNumber: jest.fn(actual.candidateOrderNumber) };
});

// ---------------------------------------------------------------------------------------------
// Helpers shared with the other order tests: ../helpers/order-api.ts.

/** Milliseconds from now until the Lagos clock (UTC+1, no summer time) next shows `hour`:05. */
function msUntilLagosHour(hour: number): number {
  const at = now();
  const target = new Date(at);
  target.setUTCHours(hour - 1, 5, 0, 0);
  if (target <= at) target.setUTCDate(target.getUTCDate() + 1);
  return target.getTime() - at.getTime();
}

// ---------------------------------------------------------------------------------------------

let server: ApiServer;
let call: ReturnType<typeof caller>;
let shop: Awaited<ReturnType<typeof seededProducts>>;

beforeAll(async () => {
  await openTestDatabase();
  server = await startApiServer();
  call = caller(server.url);
  shop = await seededProducts();
});

afterEach(() => resetClock());

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

const create = (body: Record<string, unknown>, token?: string) =>
  call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', business: 'regal', ...body }, token });
const read = (id: string) => call<Order>('GET', `/v1/firebase/order/${id}?business=regal`);
const update = (id: string, body: Record<string, unknown>) => call<Order>('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: '', cartItems: null, ...body } });
const payWith = (id: string, currency: string, paymentMethod: string) => call<Order>('PUT', `/v1/firebase/order/update-payment-details/${id}`, { body: { currency, paymentMethod } });

async function newOrder(cartItems: unknown[] = [itemOf(shop.gift)], extra: Record<string, unknown> = {}): Promise<string> {
  const res = await create({ cartItems, ...extra });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const esc = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Orders of one account: refused creates are sent with its token, so none may ever appear (other test files may create orders meanwhile). */
async function ordersOf(token: string): Promise<number> {
  const [user] = await (await getDb()).select({ id: authTokens.userId }).from(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
  const [row] = await (await getDb()).select({ n: count() }).from(orders).where(eq(orders.userId, user!.id));
  return row!.n;
}

async function setStatus(id: string, status: OrderStatus): Promise<void> {
  await (await getDb()).update(orders).set({ status }).where(eq(orders.id, id));
}

describe('POST /v1/firebase/order/create', () => {
  it('prices every item from the catalogue and answers 201 { id, deliveryDate, orderNumber }', async () => {
    const vase = shop.design('in-a-vase');
    const size = shop.rose.variants[1]!;
    const res = await create({
      cartItems: [itemOf(shop.rose, { size: size.name, design: 'in-a-vase', quantity: 2, price: size.price }), itemOf(shop.gift, { quantity: 3 })],
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), deliveryDate: '', orderNumber: expect.stringMatching(/^RF-\d{6}$/) });

    const order = (await read(res.body.data.id)).body.data;
    expect(order).toMatchObject({ id: res.body.data.id, orderNumber: res.body.data.orderNumber, status: 'created', paymentStatus: 'not paid', paymentMethod: null, deliveryDate: '', deliveryMethod: null, currency: 'NGN', conversionRate: 1 });
    expect(order.orderProducts).toEqual([
      expect.objectContaining({ id: shop.rose.id, name: shop.rose.title, price: size.price, quantity: 2, size: size.name, SKU: size.sku, design: { name: 'in-a-vase', title: vase.title, price: vase.price, quantity: 2 }, lineTotal: (size.price + vase.price) * 2 }),
      expect.objectContaining({ id: shop.gift.id, name: shop.gift.title, price: shop.gift.price, quantity: 3, SKU: shop.gift.sku, lineTotal: shop.gift.price * 3 }),
    ]);
    expect(order.orderProducts[0]!.image.src).toMatch(/^\/media\/p\/.+\.webp$/);
    const subtotal = (size.price + vase.price) * 2 + shop.gift.price * 3;
    expect(order.amounts).toEqual({ subtotal, deliveryFee: 0, discount: 0, total: subtotal });
    expect(order.amountsInCurrency).toEqual(order.amounts);
    expect(order.timeline).toEqual([expect.objectContaining({ status: 'created', label: 'Order created' })]);
  });

  it('ignores the cart’s design price and refuses tampered totals: the catalogue decides', async () => {
    const item = { ...itemOf(shop.rose, { design: 'in-a-vase' }), design: { name: 'in-a-vase', price: 0, title: 'Free vase', quantity: 1 } };
    // Keys the call does not declare (totals) are refused, naming them (issue 11).
    const tampered = await create({ cartItems: [{ ...item, lineTotal: 1 }], total: 1 });
    expect([tampered.status, tampered.body.message]).toEqual([400, 'cartItems.0.lineTotal is not a field of this call']);
    expect((await create({ cartItems: [item], total: 1, subtotal: 1 })).body.message).toBe('total, subtotal are not fields of this call');
    const id = await newOrder([item]);
    const order = (await read(id)).body.data;
    const expected = unitPrice(shop.rose) + shop.design('in-a-vase').price;
    expect(order.amounts.total).toBe(expected);
    expect(order.orderProducts[0]!.design).toMatchObject({ title: shop.design('in-a-vase').title, price: shop.design('in-a-vase').price });
  });

  it('records the currency and its rate: amounts in currency are naira / rate rounded up', async () => {
    for (const currency of ['USD', 'GBP'] as const) {
      const id = await newOrder([itemOf(shop.rose, { quantity: 3 })], { currency });
      const order = (await read(id)).body.data;
      const rate = shop.rate(currency);
      expect(order).toMatchObject({ currency, conversionRate: rate });
      expect(order.amountsInCurrency.total).toBe(Math.ceil((unitPrice(shop.rose) * 3) / rate));
    }
  });

  it('belongs to the logged-in shopper; a dead token is a guest, not an error', async () => {
    const email = uniqueEmail();
    const signup = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password: 'lilies-and-roses' } });
    const mine = await create({ cartItems: [itemOf(shop.gift)] }, signup.body.data.authToken);
    const guest = await create({ cartItems: [itemOf(shop.gift)] }, 'x'.repeat(43));
    expect([mine.status, guest.status]).toEqual([201, 201]);
    const db = await getDb();
    const owner = async (id: string) => (await db.select({ userId: orders.userId }).from(orders).where(eq(orders.id, id)))[0]!.userId;
    expect(await owner(mine.body.data.id)).toEqual(expect.any(String));
    expect(await owner(guest.body.data.id)).toBeNull();
  });

  it('takes another order number when the drawn one is taken', async () => {
    const first = (await create({ cartItems: [itemOf(shop.gift)] })).body.data;
    const draw = store.candidateOrderNumber as jest.MockedFunction<typeof store.candidateOrderNumber>;
    draw.mockReturnValueOnce(first.orderNumber).mockReturnValueOnce(first.orderNumber);
    const second = await create({ cartItems: [itemOf(shop.gift)] });
    expect(second.status).toBe(201);
    expect(second.body.data.orderNumber).toMatch(/^RF-\d{6}$/);
    expect(second.body.data.orderNumber).not.toBe(first.orderNumber);
  });

  describe('refuses, naming the item, and writes nothing', () => {
    let token: string;
    beforeAll(async () => {
      token = (await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email: uniqueEmail('refused'), password: 'lilies-and-roses' } })).body.data.authToken;
    });
    const size = () => shop.rose.variants[0]!;
    const cases: [string, () => unknown, () => RegExp | string][] = [
      ['a sent price that differs', () => itemOf(shop.gift, { price: 1 }), () => `cartItems.0.price: ${shop.gift.title} costs ₦${shop.gift.price.toLocaleString('en-US')}, not ₦1`],
      ['a wrong price for a size', () => itemOf(shop.rose, { price: size().price + 1 }), () => `cartItems.0.price: ${shop.rose.title} (${size().name}) costs ₦${size().price.toLocaleString('en-US')}, not ₦${(size().price + 1).toLocaleString('en-US')}`],
      ['an unknown product id', () => ({ ...itemOf(shop.gift), productId: '00000000-0000-4000-8000-000000000000' }), () => /^cartItems\.0\.productId: we have no product/],
      ['a malformed product id', () => ({ ...itemOf(shop.gift), productId: 'p-roses' }), () => /^cartItems\.0\.productId: we have no product with the id "p-roses"/],
      ['an unknown size', () => ({ ...itemOf(shop.rose), size: 'Gigantic' }), () => new RegExp(`^cartItems\\.0\\.size: ${esc(shop.rose.title)} comes in .*, not "Gigantic"`)],
      ['a variable product without size or its SKU', () => ({ ...itemOf(shop.rose), size: undefined, SKU: shop.rose.sku }), () => /^cartItems\.0\.size: please choose a size/],
      ['a size on a simple product', () => ({ ...itemOf(shop.gift), size: 'Deluxe' }), () => /^cartItems\.0\.size: .* comes in one size only/],
      ['a SKU that is not the size’s', () => ({ ...itemOf(shop.rose), SKU: shop.rose.variants[1]!.sku }), () => `cartItems.0.SKU: ${shop.rose.variants[1]!.sku} is not the SKU of ${shop.rose.title} (${size().name})`],
      ['a SKU that is not the product’s', () => ({ ...itemOf(shop.gift), SKU: 'NOPE-1' }), () => /^cartItems\.0\.SKU: NOPE-1 is not the SKU of /],
      ['a design the product does not offer', () => itemOf(shop.rose, { design: 'in-a-box' }), () => new RegExp(`^cartItems\\.0\\.design: ${esc(shop.rose.title)} does not come as "in-a-box"`)],
      ['a design on a product without designs', () => itemOf(shop.gift, { design: 'in-a-vase' }), () => /^cartItems\.0\.design: .*it has no design options/],
      ['an inactive product', () => itemOf(shop.inactive), () => `cartItems.0: ${shop.inactive.title} is no longer sold`],
      ['an out-of-stock product', () => itemOf(shop.outOfStock), () => `cartItems.0: ${shop.outOfStock.title} is out of stock`],
      ['a sold-out size', () => itemOf(shop.soldOutSize, { size: shop.soldOutSize.variants.find((v) => !v.inStock)!.name }), () => /^cartItems\.0\.size: .*\) is out of stock$/],
      ['quantity 0', () => itemOf(shop.gift, { quantity: 0 }), () => 'cartItems.0.quantity: must be at least 1'],
      ['quantity -1', () => itemOf(shop.gift, { quantity: -1 }), () => 'cartItems.0.quantity: must be at least 1'],
      ['quantity 1.5', () => itemOf(shop.gift, { quantity: 1.5 }), () => 'cartItems.0.quantity: must be a whole number'],
      ['quantity 100', () => itemOf(shop.gift, { quantity: 100 }), () => 'cartItems.0.quantity: must be at most 99'],
    ];

    it.each(cases)('%s', async (_label, item, expected) => {
      const res = await create({ cartItems: [item()] }, token);
      expect(res.status).toBe(400);
      const message = expected();
      if (typeof message === 'string') expect(res.body.message).toBe(message);
      else expect(res.body.message).toMatch(message);
      expect(await ordersOf(token)).toBe(0);
    });

    it('a bad last item: no order at all (one transaction)', async () => {
      const res = await create({ cartItems: [itemOf(shop.gift), itemOf(shop.rose), itemOf(shop.inactive)] }, token);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(`cartItems.2: ${shop.inactive.title} is no longer sold`);
      expect(await ordersOf(token)).toBe(0);
      // The same account's good order does show up: the count can move.
      expect((await create({ cartItems: [itemOf(shop.gift)] }, token)).status).toBe(201);
      expect(await ordersOf(token)).toBe(1);
    });

    it('an empty cart', async () => {
      const res = await create({ cartItems: [] });
      expect(res.body).toMatchObject({ status: 400, message: 'cartItems: the cart is empty' });
    });
  });

  describe('delivery date', () => {
    it('accepts a future day and answers it', async () => {
      const day = plainDay(5);
      const res = await create({ cartItems: [itemOf(shop.gift)], deliveryDate: day });
      expect(res.body.data.deliveryDate).toBe(day);
      expect((await read(res.body.data.id)).body.data.deliveryDate).toBe(day);
    });

    it('refuses a past day, a day that does not exist and a day more than a year ahead', async () => {
      const today = shopDay(now());
      expect((await create({ cartItems: [itemOf(shop.gift)], deliveryDate: addDays(today, -1) })).body.message).toBe('deliveryDate must not be in the past');
      expect((await create({ cartItems: [itemOf(shop.gift)], deliveryDate: '2027-02-30' })).body.message).toBe('deliveryDate must be a day written YYYY-MM-DD');
      expect((await create({ cartItems: [itemOf(shop.gift)], deliveryDate: addDays(today, 400) })).body.message).toBe('deliveryDate must be within a year from today');
    });

    it('takes today before the 4pm cut-off, not after it', async () => {
      advanceClock(msUntilLagosHour(10));
      const morning = await create({ cartItems: [itemOf(shop.gift)], deliveryDate: shopDay(now()) });
      expect(morning.status).toBe(201);

      advanceClock(7 * 60 * 60 * 1000); // 17:05 in Lagos, same day
      const today = shopDay(now());
      const evening = await create({ cartItems: [itemOf(shop.gift)], deliveryDate: today });
      expect(evening.body).toMatchObject({ status: 400, message: 'deliveryDate: same-day delivery has closed for today; please choose tomorrow or later' });
      expect((await create({ cartItems: [itemOf(shop.gift)], deliveryDate: addDays(today, 1) })).status).toBe(201);
    });
  });
});

describe('GET /v1/firebase/order/{id}', () => {
  it('answers 404 Order not found for an unknown or malformed id', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-id', "1'; drop table orders;--"]) {
      const res = await read(encodeURIComponent(id));
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ error: true, message: 'Order not found' });
    }
  });
});

describe('PUT /v1/firebase/order/{id}', () => {
  it('null keeps the items while the currency changes; a list replaces them; [] empties the order', async () => {
    const id = await newOrder([itemOf(shop.gift, { quantity: 2 })]);
    const usd = await update(id, { currency: 'USD', cartItems: null });
    expect(usd.status).toBe(200);
    expect(usd.body.data.orderProducts).toHaveLength(1);
    expect(usd.body.data).toMatchObject({ currency: 'USD', conversionRate: shop.rate('USD') });
    expect(usd.body.data.amountsInCurrency.total).toBe(Math.ceil((shop.gift.price * 2) / shop.rate('USD')));

    const replaced = await update(id, { cartItems: [itemOf(shop.rose, { size: shop.rose.variants[1]!.name })] });
    expect(replaced.body.data.orderProducts.map((p) => p.SKU)).toEqual([shop.rose.variants[1]!.sku]);
    expect(replaced.body.data.amounts.subtotal).toBe(shop.rose.variants[1]!.price);
    expect(replaced.body.data.currency).toBe('NGN');

    const emptied = await update(id, { cartItems: [] });
    expect(emptied.body.data.orderProducts).toEqual([]);
    expect(emptied.body.data.amounts).toEqual({ subtotal: 0, deliveryFee: 0, discount: 0, total: 0 });
  });

  it('a bad item leaves the items as they were', async () => {
    const id = await newOrder([itemOf(shop.gift, { quantity: 2 })]);
    const res = await update(id, { cartItems: [itemOf(shop.rose), itemOf(shop.outOfStock)] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(`cartItems.1: ${shop.outOfStock.title} is out of stock`);
    const order = (await read(id)).body.data;
    expect(order.orderProducts.map((p) => [p.SKU, p.quantity])).toEqual([[shop.gift.sku, 2]]);
    expect(order.amounts.subtotal).toBe(shop.gift.price * 2);
  });

  it('sets a valid day, refuses a past one; "" clears the day only before checkout', async () => {
    const day = plainDay(4);
    const id = await newOrder();
    expect((await update(id, { deliveryDate: day })).body.data.deliveryDate).toBe(day);
    expect((await update(id, { deliveryDate: addDays(shopDay(now()), -2) })).body).toMatchObject({ status: 400, message: 'deliveryDate must not be in the past' });
    expect((await read(id)).body.data.deliveryDate).toBe(day);
    expect((await update(id, { deliveryDate: '' })).body.data.deliveryDate).toBe('');

    const checkedOut = await newOrder();
    expect((await call('PUT', `/v1/firebase/order/checkout-order/${checkedOut}`, { body: deliveryCheckout(day) })).status).toBe(200);
    expect((await update(checkedOut, { deliveryDate: '' })).body.data.deliveryDate).toBe(day);
  });

  it('an order awaiting payment goes back to created', async () => {
    const id = await newOrder();
    await call('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(plainDay()) });
    expect((await payWith(id, 'NGN', 'paystack')).body.data.status).toBe('awaiting_payment');
    const updated = await update(id, { cartItems: [itemOf(shop.gift, { quantity: 2 })] });
    expect(updated.body.data.status).toBe('created');
    expect(updated.body.data.timeline.at(-1)).toMatchObject({ status: 'created', note: 'Order changed: payment to be chosen again' });
    expect(updated.body.data.paymentMethod).toBe('paystack');
    // A currency the chosen method does not serve drops the method.
    const gbp = await update(id, { currency: 'GBP' });
    expect(gbp.body.data).toMatchObject({ status: 'created', currency: 'GBP', paymentMethod: null });
  });

  it("emptying a checked-out order on a peak day is allowed (nothing to deliver, no fee)", async () => {
    const today = shopDay(now());
    const valentine = `${today.slice(0, 4)}-02-14` > addDays(today, 1) ? `${today.slice(0, 4)}-02-14` : `${Number(today.slice(0, 4)) + 1}-02-14`;
    const id = await newOrder([itemOf(shop.rose)]);
    const checkedOut = await call<{ order: Order }>('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(valentine) });
    expect(checkedOut.body.data.order.amounts.deliveryFee).toBe(20_000);
    const emptied = await update(id, { cartItems: [] });
    expect(emptied.status).toBe(200);
    expect(emptied.body.data).toMatchObject({ deliveryDate: valentine, amounts: { subtotal: 0, deliveryFee: 0, total: 0 } });
  });

  it('answers 404 for an unknown id and validates the body', async () => {
    expect((await update('00000000-0000-4000-8000-000000000000', {})).status).toBe(404);
    const id = await newOrder();
    expect((await update(id, { currency: 'EUR' })).body).toMatchObject({ status: 400, message: 'currency must be one of NGN, USD, GBP' });
  });
});

describe('PUT /v1/firebase/order/save-sender-info/{id}', () => {
  it('saves the fields sent, phone normalised, and keeps the others', async () => {
    const id = await newOrder();
    const first = await call<Order>('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderName: 'Tunde Bakare', senderPhoneNumber: '0803 123 4567' } });
    expect(first.body.data.client).toEqual({ name: 'Tunde Bakare', email: '', phone: '+2348031234567', phoneCountryCode: '+234' });
    const second = await call<Order>('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderEmail: 'Tunde@Example.com', senderCountryCode: '44', senderPhoneNumber: '07700 900123' } });
    expect(second.body.data.client).toEqual({ name: 'Tunde Bakare', email: 'tunde@example.com', phone: '+447700900123', phoneCountryCode: '+44' });
  });

  it('refuses a phone that is not one, and a bad e-mail', async () => {
    const id = await newOrder();
    expect((await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderPhoneNumber: '12' } })).body).toMatchObject({ status: 400, message: 'senderPhoneNumber must be a phone number' });
    expect((await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderEmail: 'nope' } })).body).toMatchObject({ status: 400, message: 'senderEmail: must be a valid e-mail address' });
    expect((await call('PUT', `/v1/firebase/order/save-sender-info/not-an-id`, { body: { senderName: 'Ada' } })).status).toBe(404);
  });
});

describe('PUT /v1/firebase/order/update-payment-details/{id}', () => {
  it('needs the delivery details first, and items', async () => {
    const id = await newOrder();
    expect((await payWith(id, 'NGN', 'paystack')).body).toMatchObject({ status: 400, message: 'Please complete the delivery details first' });
    await call('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(plainDay()) });
    await update(id, { cartItems: [] });
    expect((await payWith(id, 'NGN', 'paystack')).body).toMatchObject({ status: 400, message: 'Your order has no items' });
  });

  it('accepts only methods that serve the currency; records method, currency and rate', async () => {
    const id = await newOrder([itemOf(shop.rose)]);
    await call('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(plainDay()) });
    expect((await payWith(id, 'GBP', 'paystack')).body).toMatchObject({ status: 400, message: 'paymentMethod: Paystack is not available in GBP' });
    expect((await payWith(id, 'USD', 'monnify')).body).toMatchObject({ status: 400, message: 'paymentMethod: Monnify bank transfer is not available in USD' });
    expect((await payWith(id, 'NGN', 'bogus')).status).toBe(400);

    const monnify = await payWith(id, 'NGN', 'monnify');
    expect(monnify.body.data).toMatchObject({ status: 'awaiting_payment', paymentMethod: 'monnify', currency: 'NGN', paymentStatus: 'not paid' });
    const events = monnify.body.data.timeline.length;
    expect(monnify.body.data.timeline.at(-1)).toMatchObject({ status: 'awaiting_payment', note: 'Payment method chosen: Monnify bank transfer (NGN)' });
    // The same choice again adds nothing to the timeline.
    expect((await payWith(id, 'NGN', 'monnify')).body.data.timeline).toHaveLength(events);

    const paypal = await payWith(id, 'GBP', 'payPal');
    const total = unitPrice(shop.rose) + 4_500;
    expect(paypal.body.data).toMatchObject({ paymentMethod: 'payPal', currency: 'GBP', conversionRate: shop.rate('GBP') });
    expect(paypal.body.data.amountsInCurrency.total).toBe(Math.ceil(total / shop.rate('GBP')));
    expect(paypal.body.data.timeline).toHaveLength(events + 1);

    // The same choice again after the rate changed (the order still holds the old one) prices it at today's rate, still without a line.
    const gbp = shop.rate('GBP');
    await (await getDb()).update(orders).set({ conversionRate: gbp - 10 }).where(eq(orders.id, id));
    const again = await payWith(id, 'GBP', 'payPal');
    expect(again.body.data).toMatchObject({ status: 'awaiting_payment', conversionRate: gbp });
    expect(again.body.data.amountsInCurrency.total).toBe(Math.ceil(total / gbp));
    expect(again.body.data.timeline).toHaveLength(events + 1);
  });
});

describe('a paid order', () => {
  it('can no longer be changed by any call (409) but can be read', async () => {
    const id = await newOrder();
    await call('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(plainDay()) });
    await setStatus(id, 'paid');
    const message = 'This order can no longer be changed';
    expect((await update(id, { cartItems: [] })).body).toMatchObject({ status: 409, message });
    expect((await call('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(plainDay()) })).body).toMatchObject({ status: 409, message });
    expect((await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderName: 'X' } })).body).toMatchObject({ status: 409, message });
    expect((await payWith(id, 'NGN', 'paystack')).body).toMatchObject({ status: 409, message });
    const order = (await read(id)).body.data;
    expect(order.orderProducts).toHaveLength(1);
    const [items] = await (await getDb()).select({ n: count() }).from(orderItems).where(eq(orderItems.orderId, id));
    expect(items!.n).toBe(1);
  });
});
