/** @jest-environment node */
/**
 * Attack suite, bad input (issue 7, items 1–4), over real HTTP against the real database:
 * tampered prices and totals are refused or ignored on create, update and checkout (the stored
 * total is the catalogue's); bad quantities and unknown products, sizes and SKUs are a 400 naming
 * the field with nothing written; malformed JSON, a wrong content type and an oversized body are
 * 400, 415 and 413 on several write routes.
 *
 * More single cases: __tests__/api/orders.test.ts ('refuses, naming the item, and writes
 * nothing': sizes, designs, stock) and __tests__/api/payments.test.ts (413 on webhooks).
 */
import { count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { authTokens, orderItems, orders } from '@/lib/server/db/schema';
import { hashToken } from '@/lib/server/security/tokens';
import type { CheckoutAnswer, Order, OrderCreated } from '@/lib/contracts/orders';
import type { UserRecord } from '@/lib/contracts/auth';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { httpCaller } from '../helpers/orders';
import { deliveryCheckout, itemOf, plainDay, seededProducts, uniqueEmail, unitPrice } from '../helpers/order-api';

let server: ApiServer;
let shop: Awaited<ReturnType<typeof seededProducts>>;
const call = httpCaller(() => server.url);

beforeAll(async () => {
  await openTestDatabase();
  server = await startApiServer();
  shop = await seededProducts();
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

const create = (body: Record<string, unknown>, token?: string) =>
  call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', ...body }, headers: token ? { authorization: `Bearer ${token}` } : {} });
const read = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;

/** Rows the database holds for one order: the order itself and its items. */
async function rowsOf(id: string) {
  const db = await getDb();
  const [o] = await db.select({ subtotal: orders.subtotal, total: orders.total, discount: orders.discount, deliveryFee: orders.deliveryFee }).from(orders).where(eq(orders.id, id));
  const items = await db.select({ unitPrice: orderItems.unitPrice, lineTotal: orderItems.lineTotal }).from(orderItems).where(eq(orderItems.orderId, id));
  return { order: o, items };
}

async function ordersOfUser(token: string): Promise<number> {
  const db = await getDb();
  const [user] = await db.select({ id: authTokens.userId }).from(authTokens).where(eq(authTokens.tokenHash, hashToken(token)));
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, user!.id));
  return row!.n;
}

const TAMPER = { price: 1, total: 1, subtotal: 1, deliveryFee: 0, discount: 999_999, amounts: { subtotal: 1, deliveryFee: 0, discount: 0, total: 1 }, amountsInCurrency: { total: 1 }, lineTotal: 1 };

describe('1. price and total tampering', () => {
  // Sent totals are not fields of any call: since issue 11 they are refused with a 400 naming
  // them (__tests__/attacks/bodies.test.ts), and the stored total stays the catalogue's.
  it('create: a sent item price that is not the catalogue’s is refused; sent totals are refused', async () => {
    const refused = await create({ cartItems: [itemOf(shop.gift, { price: 1 })] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^cartItems\.0\.price: /);

    const { price: _p, ...totals } = TAMPER;
    const tampered = await create({ cartItems: [{ ...itemOf(shop.gift, { quantity: 2 }), ...totals }], ...TAMPER });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toMatch(/ (is not a field|are not fields) of this call$/);
    const res = await create({ cartItems: [itemOf(shop.gift, { quantity: 2 })] });
    expect(res.status).toBe(201);
    const expected = unitPrice(shop.gift) * 2;
    expect((await read(res.body.data.id)).amounts).toEqual({ subtotal: expected, deliveryFee: 0, discount: 0, total: expected });
    const stored = await rowsOf(res.body.data.id);
    expect(stored.order).toEqual({ subtotal: expected, total: expected, discount: 0, deliveryFee: 0 });
    expect(stored.items).toEqual([{ unitPrice: unitPrice(shop.gift), lineTotal: expected }]);
  });

  it('update: tampered items and sent totals are refused, the stored total stays the catalogue’s', async () => {
    const id = (await create({ cartItems: [itemOf(shop.gift)] })).body.data.id;
    const refused = await call<Order>('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: '', cartItems: [itemOf(shop.rose, { price: 5 })] } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^cartItems\.0\.price: /);
    expect((await rowsOf(id)).order!.total).toBe(unitPrice(shop.gift));

    const { price: _p, ...totals } = TAMPER;
    const tampered = await call<Order>('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: '', cartItems: [{ ...itemOf(shop.rose, { quantity: 3 }), ...totals }], ...TAMPER } });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toMatch(/ (is not a field|are not fields) of this call$/);
    expect((await rowsOf(id)).order!.total).toBe(unitPrice(shop.gift));
    const res = await call<Order>('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: '', cartItems: [itemOf(shop.rose, { quantity: 3 })] } });
    expect(res.status).toBe(200);
    const expected = unitPrice(shop.rose) * 3;
    expect(res.body.data.amounts.total).toBe(expected);
    expect((await rowsOf(id)).order!.total).toBe(expected);
  });

  it('checkout: totals, fees and discounts in the body are refused; the fee is the zone’s', async () => {
    const id = (await create({ cartItems: [itemOf(shop.gift)] })).body.data.id;
    const body = deliveryCheckout(plainDay());
    const tampered = await call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, {
      body: { ...body, ...TAMPER, orderData: { ...body.orderData, ...TAMPER, deliveryDetails: { ...body.orderData.deliveryDetails, deliveryFee: 0, fee: 0 } } },
    });
    expect(tampered.status).toBe(400);
    expect(tampered.body.message).toMatch(/ (is not a field|are not fields) of this call$/);
    const res = await call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, { body });
    expect(res.status).toBe(200);
    const order = await read(id);
    expect(order.amounts.deliveryFee).toBeGreaterThan(0);
    expect(order.amounts).toEqual({ subtotal: unitPrice(shop.gift), deliveryFee: order.amounts.deliveryFee, discount: 0, total: unitPrice(shop.gift) + order.amounts.deliveryFee });
    expect((await rowsOf(id)).order).toEqual({ subtotal: unitPrice(shop.gift), deliveryFee: order.amounts.deliveryFee, discount: 0, total: order.amounts.total });
  });
});

describe('2. and 3. bad quantities and unknown things: 400 naming the field, nothing written', () => {
  let token: string;
  beforeAll(async () => {
    token = (await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email: uniqueEmail('attack'), password: 'lilies-and-roses' } })).body.data.authToken;
  });

  const cases: [string, () => unknown, string | RegExp][] = [
    ['quantity 0', () => itemOf(shop.gift, { quantity: 0 }), 'cartItems.0.quantity: must be at least 1'],
    ['quantity -1', () => itemOf(shop.gift, { quantity: -1 }), 'cartItems.0.quantity: must be at least 1'],
    ['quantity 1.5', () => itemOf(shop.gift, { quantity: 1.5 }), 'cartItems.0.quantity: must be a whole number'],
    ['quantity 100', () => itemOf(shop.gift, { quantity: 100 }), 'cartItems.0.quantity: must be at most 99'],
    ['quantity 1e9', () => itemOf(shop.gift, { quantity: 1e9 }), 'cartItems.0.quantity: must be at most 99'],
    ["quantity '2' (a string)", () => ({ ...itemOf(shop.gift), quantity: '2' }), 'cartItems.0.quantity: must be a number'],
    ["quantity 'NaN'", () => ({ ...itemOf(shop.gift), quantity: 'NaN' }), 'cartItems.0.quantity: must be a number'],
    ['quantity null', () => ({ ...itemOf(shop.gift), quantity: null }), 'cartItems.0.quantity: must be a number'],
    ['an unknown product id', () => ({ ...itemOf(shop.gift), productId: '00000000-0000-4000-8000-000000000000' }), /^cartItems\.0\.productId: we have no product/],
    ['an unknown variant size', () => ({ ...itemOf(shop.rose), size: 'Gigantic' }), /^cartItems\.0\.size: .* not "Gigantic"/],
    ['the SKU of another product', () => ({ ...itemOf(shop.gift), SKU: shop.rose.variants[0]!.sku }), /^cartItems\.0\.SKU: .* is not the SKU of /],
  ];

  it.each(cases)('create: %s', async (_label, item, message) => {
    const res = await create({ cartItems: [itemOf(shop.rose, { size: shop.rose.variants[1]!.name }), item()] }, token);
    expect(res.status).toBe(400);
    const expected = typeof message === 'string' ? message.replace('cartItems.0', 'cartItems.1') : new RegExp(message.source.replace('cartItems\\.0', 'cartItems\\.1'));
    if (typeof expected === 'string') expect(res.body.message).toBe(expected);
    else expect(res.body.message).toMatch(expected);
    expect(await ordersOfUser(token)).toBe(0);
  });

  it.each(cases)('update: %s leaves the items as they were', async (_label, item, message) => {
    const id = (await create({ cartItems: [itemOf(shop.gift)] })).body.data.id;
    const before = await rowsOf(id);
    const res = await call<Order>('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: '', cartItems: [item()] } });
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await rowsOf(id)).toEqual(before);
  });
});

describe('4. malformed bodies on write routes', () => {
  let token: string;
  let orderId: string;
  beforeAll(async () => {
    token = (await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email: uniqueEmail('bodies'), password: 'lilies-and-roses' } })).body.data.authToken;
    orderId = (await create({ cartItems: [itemOf(shop.gift)] })).body.data.id;
  });

  const routes = (): [string, string][] => [
    ['POST', '/v1/firebase/order/create'],
    ['PUT', `/v1/firebase/order/${orderId}`],
    ['PUT', `/v1/firebase/order/checkout-order/${orderId}`],
    ['POST', '/v1/coupon/validate'],
    ['PUT', '/v1/cart-item/update'],
    ['POST', '/v1/regal/auth/login'],
    ['POST', '/v1/regal/auth/signup'],
  ];

  async function raw(method: string, path: string, body: string, type: string) {
    const res = await fetch(`${server.url}${path}`, { method, headers: { 'content-type': type, authorization: `Bearer ${token}` }, body });
    return { status: res.status, body: (await res.json()) as { message: string; error: boolean } };
  }

  it('malformed JSON → 400', async () => {
    for (const [method, path] of routes()) {
      const res = await raw(method, path, '{"cartItems": [', 'application/json');
      expect([path, res.status, res.body.message]).toEqual([path, 400, 'The request body is not valid JSON']);
    }
  });

  it('text/plain and form bodies → 415', async () => {
    for (const [method, path] of routes()) {
      for (const [type, body] of [['text/plain', '{"a":1}'], ['application/x-www-form-urlencoded', 'a=1&b=2'], ['multipart/form-data; boundary=x', '--x\r\n\r\n--x--']]) {
        const res = await raw(method, path, body!, type!);
        expect([path, type, res.status]).toEqual([path, type, 415]);
        expect(res.body.message).toBe('The request body must be JSON (Content-Type: application/json)');
      }
    }
  });

  it('more than 100 KB → 413, and the order is unchanged', async () => {
    const before = await rowsOf(orderId);
    const big = JSON.stringify({ cartItems: [{ ...itemOf(shop.gift), name: 'x'.repeat(101 * 1024) }], currency: 'NGN', deliveryDate: '' });
    for (const [method, path] of routes()) {
      const res = await raw(method, path, big, 'application/json');
      expect([path, res.status, res.body.message]).toEqual([path, 413, 'The request body is larger than 100 KB']);
    }
    expect(await rowsOf(orderId)).toEqual(before);
  });
});
