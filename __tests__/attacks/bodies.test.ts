/** @jest-environment node */
/**
 * Attack suite, bodies (issue 11, items 3 and 11), over real HTTP against the real database:
 *
 * - a NUL or another control character (or an unpaired surrogate) in any text field is a 400 that
 *   names the field, and nothing is written (PostgreSQL would answer 22021, a 500); newline and
 *   tab are kept in multi-line fields (the card message), a CRLF becomes a newline;
 * - save-sender-info takes the previous client's `userData` form and stores it; a body with
 *   nothing to save, or both forms at once, is a 400;
 * - a key a write call does not declare is a 400 naming it (top level and nested), and nothing
 *   is written;
 * - "" in an optional field counts as omitted (recipient.altPhoneCountryCode: '');
 * - the shop's own client payloads, built with the real builders, still pass.
 */
import { and, count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { orders, reviews, userCarts, users } from '@/lib/server/db/schema';
import type { CheckoutAnswer, Order, OrderCreated, TrackedOrder } from '@/lib/contracts/orders';
import type { UserRecord } from '@/lib/contracts/auth';
import { checkoutBody, senderInfoBody } from '@/components/checkout/checkout-payload';
import { initialValues, type CheckoutValues } from '@/components/checkout/checkout-form';
import { cartItemFrom } from '@/lib/domain/cart';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { createCoupon, httpCaller, placedOrder, setStatus } from '../helpers/orders';
import { deliveryCheckout, itemOf, plainDay, seededProducts, uniqueEmail } from '../helpers/order-api';

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

const newOrder = async (): Promise<string> => {
  const res = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', cartItems: [itemOf(shop.gift)] } });
  expect(res.status).toBe(201);
  return res.body.data.id;
};
const checkout = (id: string, body: unknown, token?: string) =>
  call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, { body, headers: token ? { authorization: `Bearer ${token}` } : {} });
const read = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
/** The order's row as stored: what a refused call must leave alone. */
const rowOf = async (id: string) => (await (await getDb()).select().from(orders).where(eq(orders.id, id)))[0]!;
const signup = async (email = uniqueEmail('bodies')) =>
  (await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password: 'lilies-and-roses' } })).body.data.authToken;
const usersWith = async (email: string) => (await (await getDb()).select({ n: count() }).from(users).where(eq(users.email, email)))[0]!.n;

/** A delivery checkout with one orderData field replaced (or the recipient's, with `recipient`). */
function withOrderData(over: Record<string, unknown>, recipient: Record<string, unknown> = {}) {
  const body = deliveryCheckout(plainDay());
  return { ...body, orderData: { ...body.orderData, ...over, recipient: { ...body.orderData.recipient, ...recipient } } };
}

const expect400 = (res: { status: number; body: { message: string } }, message: string | RegExp) => {
  expect(res.status).toBe(400);
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
};

/** NUL, and U+0001: the schemas refuse both, naming the field. */
const CONTROLS: [string, string][] = [
  ['NUL', '\u0000'],
  ['U+0001', '\u0001'],
];

/** A 400 whose message names `field`, for a NUL as for any other control character. */
function expectRefused(res: { status: number; body: { message: string } }, field: string, _char: string): void {
  expect(res.status).toBe(400);
  expect(res.body.message).toBe(`${field} must not contain control characters`);
}

describe('3. control characters in text fields: 400 naming the field, nothing written', () => {
  const checkoutCases: [string, (c: string) => unknown, string][] = [
    ['the recipient name', (c) => withOrderData({}, { name: `Amaka${c}Obi` }), 'orderData.recipient.name'],
    ['the card message', (c) => withOrderData({ deliveryMessage: `Happy${c}birthday` }), 'orderData.deliveryMessage'],
    ['the address', (c) => withOrderData({}, { address: `5 Bourdillon${c} Road` }), 'orderData.recipient.address'],
    ['deliveryDetails.recipientAddress', (c) => withOrderData({ deliveryDetails: { zone: 'lagos-central', recipientAddress: `5 Bourdillon${c}Road` } }), 'orderData.deliveryDetails.recipientAddress'],
    ['the admin notes', (c) => withOrderData({ adminNotes: `Call${c}` }), 'orderData.adminNotes'],
    ['the sender name', (c) => ({ ...deliveryCheckout(plainDay()), userData: { ...deliveryCheckout(plainDay()).userData, name: `Tunde${c}` } }), 'userData.name'],
  ];
  const cases = checkoutCases.flatMap(([label, body, field]) => CONTROLS.map(([name, c]) => [`${name} in ${label}`, () => body(c), field, c] as const));

  it.each(cases)('checkout: %s', async (_label, body, field, c) => {
    const id = await newOrder();
    const before = await rowOf(id);
    expectRefused(await checkout(id, body()), field, c);
    expect(await rowOf(id)).toEqual(before);
  });

  it.each([
    ['a bell in the card message', withOrderData({ deliveryMessage: 'Happy\u0007birthday' }), 'orderData.deliveryMessage must not contain control characters'],
    ['DEL in the card message', withOrderData({ deliveryMessage: 'Happy\u007fbirthday' }), 'orderData.deliveryMessage must not contain control characters'],
    ['a C1 control (U+0085) in the address', withOrderData({}, { address: '5 Bourdillon\u0085Road' }), 'orderData.recipient.address must not contain control characters'],
    ['an unpaired surrogate in the card message', withOrderData({ deliveryMessage: 'Happy \ud83c birthday' }), 'orderData.deliveryMessage must not contain unpaired surrogate characters'],
    ['a newline in the recipient name (one line)', withOrderData({}, { name: 'Amaka\nObi' }), 'orderData.recipient.name must not contain control characters'],
    ['a tab in the purpose (one line)', withOrderData({ purpose: 'Birth\tday' }), 'orderData.purpose must not contain control characters'],
  ])('checkout: %s', async (_label, body, message) => {
    const id = await newOrder();
    const before = await rowOf(id);
    expect400(await checkout(id, body), message);
    expect(await rowOf(id)).toEqual(before);
  });

  it('checkout: newline and tab are kept in the card message, a CRLF becomes a newline', async () => {
    const id = await newOrder();
    const res = await checkout(id, withOrderData({ deliveryMessage: 'Happy birthday,\r\nAmaka!\n\twith love' }));
    expect(res.status).toBe(200);
    expect((await read(id)).deliveryMessage).toBe('Happy birthday,\nAmaka!\n\twith love');
    expect((await rowOf(id)).deliveryMessage).toBe('Happy birthday,\nAmaka!\n\twith love');
  });

  it.each(CONTROLS)('coupon: %s in the code, and no coupon is taken', async (_name, c) => {
    const id = await newOrder();
    const code = await createCoupon(await getDb());
    const before = await rowOf(id);
    expectRefused(await call('POST', '/v1/coupon/validate', { body: { orderId: id, code: `${code}${c}` } }), 'code', c);
    expect(await rowOf(id)).toEqual(before);
  });

  it.each(CONTROLS)('tracking: %s in the order number (path) or the e-mail (query)', async (_name, c) => {
    const e = encodeURIComponent(c);
    expectRefused(await call<TrackedOrder>('GET', `/v1/firebase/order/order-number/RF-1${e}`), 'number', c);
    expectRefused(await call<TrackedOrder>('GET', `/v1/firebase/order/order-number/RF-100000?email=a${e}%40example.com`), 'email', c);
  });

  it.each(CONTROLS)('order ids in paths: %s is a 400, not a database error', async (_name, c) => {
    const e = encodeURIComponent(c);
    expectRefused(await call('GET', `/v1/firebase/order/abc${e}def`), 'id', c);
    expectRefused(await call('POST', `/v1/payments/start/abc${e}def`, { body: {} }), 'orderId', c);
  });

  it.each(CONTROLS)('signup: %s in the name, and no account is made', async (_name, c) => {
    const email = uniqueEmail('nul');
    expectRefused(await call('POST', '/v1/regal/auth/signup', { body: { email, password: 'lilies-and-roses', name: `Ada${c}` } }), 'name', c);
    expect(await usersWith(email)).toBe(0);
  });

  it('review: a control character in the comment, and no review is stored; a newline is fine', async () => {
    const db = await getDb();
    const order = await placedOrder(db);
    await setStatus(db, order.id, 'delivered');
    for (const [, c] of CONTROLS) {
      expectRefused(await call('POST', `/v1/firebase/order/submit-review/${order.id}`, { body: { rating: 5, comment: `Lovely${c}` } }), 'comment', c);
    }
    expect((await db.select({ n: count() }).from(reviews).where(eq(reviews.orderId, order.id)))[0]!.n).toBe(0);
    const ok = await call('POST', `/v1/firebase/order/submit-review/${order.id}`, { body: { rating: 5, comment: 'Lovely\nroses' } });
    expect(ok.status).toBe(201);
  });

  it('save-sender-info: a C1 control in the name, and the order is unchanged', async () => {
    const id = await newOrder();
    const before = await rowOf(id);
    expect400(await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderName: 'Tunde\u009bBakare' } }), 'senderName must not contain control characters');
    expect(await rowOf(id)).toEqual(before);
  });

  it.each(CONTROLS)('order create and update: %s in the design or the size', async (_name, c) => {
    expectRefused(await call('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', cartItems: [{ ...itemOf(shop.rose), design: `in-a-vase${c}` }] } }), 'cartItems.0.design', c);
    const id = await newOrder();
    const before = await rowOf(id);
    expectRefused(await call('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: '', cartItems: [{ ...itemOf(shop.rose), size: `Deluxe${c}` }] } }), 'cartItems.0.size', c);
    expect(await rowOf(id)).toEqual(before);
  });

  it('cart update: a control character in an item name, and the stored cart is unchanged', async () => {
    const token = await signup();
    const item = cartItemFrom({ ...shop.gift, images: [], subtitle: '', relevanceOrder: 0, budget: 'regular', type: 'simple' });
    const saved = await call('PUT', '/v1/cart-item/update', { body: { cartItems: [item] }, headers: { authorization: `Bearer ${token}` } });
    expect(saved.status).toBe(200);
    const cartOf = async () =>
      (await (await getDb()).select({ items: userCarts.items }).from(userCarts)).map((r) => JSON.stringify(r.items)).filter((s) => s.includes(item.SKU));
    const before = await cartOf();
    for (const [, c] of CONTROLS) {
      expectRefused(await call('PUT', '/v1/cart-item/update', { body: { cartItems: [{ ...item, name: `Roses${c}` }] }, headers: { authorization: `Bearer ${token}` } }), 'cartItems.0.name', c);
    }
    expect(await cartOf()).toEqual(before);
  });

  it.each(CONTROLS)('catalogue search: %s in searchValue', async (_name, c) => {
    expectRefused(await call('GET', `/v1/product/paginate?searchValue=rose${encodeURIComponent(c)}`), 'searchValue', c);
  });
});

describe('11. save-sender-info stores what it is sent', () => {
  it('takes the previous client’s userData form and stores every field (read back)', async () => {
    const id = await newOrder();
    const res = await call<Order>('PUT', `/v1/firebase/order/save-sender-info/${id}`, {
      body: { userData: { name: 'Tunde Bakare', email: 'Tunde@Example.com', phone: '0803 123 4567', phoneCountryCode: '+234' } },
    });
    expect(res.status).toBe(200);
    const expected = { name: 'Tunde Bakare', email: 'tunde@example.com', phone: '+2348031234567', phoneCountryCode: '+234' };
    expect((await read(id)).client).toEqual(expected);
    const row = await rowOf(id);
    expect({ name: row.senderName, email: row.senderEmail, phone: row.senderPhone, phoneCountryCode: row.senderPhoneCountryCode }).toEqual(expected);

    // That client sends every field, filled or not: "" there is omitted and clears nothing.
    const again = await call<Order>('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { userData: { name: 'Tunde B.', email: '', phone: '', phoneCountryCode: '' } } });
    expect(again.status).toBe(200);
    expect((await read(id)).client).toEqual({ ...expected, name: 'Tunde B.' });
  });

  it('names userData.phone when that phone is not one', async () => {
    const id = await newOrder();
    expect400(await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { userData: { phone: '12' } } }), 'userData.phone must be a phone number');
  });

  it('refuses a body with nothing to save, and both forms at once', async () => {
    const id = await newOrder();
    const before = await rowOf(id);
    expect400(await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: {} }), /^Nothing to save/);
    expect400(await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { userData: {} } }), /^Nothing to save/);
    expect400(
      await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderName: 'Ada', userData: { name: 'Tunde' } } }),
      'Send the sender either as userData or as senderName, senderEmail, senderPhoneNumber, senderCountryCode, not both',
    );
    expect(await rowOf(id)).toEqual(before);
  });
});

describe('11. unknown keys in write bodies: 400 naming them, nothing written', () => {
  it('order create: a top-level and an item key', async () => {
    const db = await getDb();
    const [{ n: before }] = (await db.select({ n: count() }).from(orders)) as [{ n: number }];
    expect400(await call('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', cartItems: [itemOf(shop.gift)], total: 1 } }), 'total is not a field of this call');
    expect400(
      await call('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', cartItems: [{ ...itemOf(shop.gift), lineTotal: 1 }] } }),
      'cartItems.0.lineTotal is not a field of this call',
    );
    expect400(
      await call('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', cartItems: [itemOf(shop.gift)], subtotal: 1, discount: 2 } }),
      'subtotal, discount are not fields of this call',
    );
    const [{ n: after }] = (await db.select({ n: count() }).from(orders)) as [{ n: number }];
    expect(after).toBe(before);
  });

  it('checkout: nested keys in orderData, recipient, deliveryDetails and userData', async () => {
    const id = await newOrder();
    const before = await rowOf(id);
    const body = deliveryCheckout(plainDay());
    const cases: [unknown, string][] = [
      [{ ...body, orderData: { ...body.orderData, deliveryFee: 0 } }, 'orderData.deliveryFee is not a field of this call'],
      [withOrderData({}, { email: 'a@example.com' }), 'orderData.recipient.email is not a field of this call'],
      [{ ...body, orderData: { ...body.orderData, deliveryDetails: { zone: 'lagos-central', fee: 0 } } }, 'orderData.deliveryDetails.fee is not a field of this call'],
      [{ ...body, userData: { ...body.userData, isAdmin: true } }, 'userData.isAdmin is not a field of this call'],
      [{ ...body, paymentStatus: 'PAID' }, 'paymentStatus is not a field of this call'],
    ];
    for (const [sent, message] of cases) expect400(await checkout(id, sent), message);
    expect(await rowOf(id)).toEqual(before);
  });

  it('checkout: a password without an account to create is refused, not thrown away', async () => {
    const id = await newOrder();
    const body = deliveryCheckout(plainDay());
    expect400(await checkout(id, { ...body, userData: { ...body.userData, password: 'lilies-and-roses' } }), 'userData.password is only taken with shouldCreateAccount: true');
  });

  it('save-sender-info: a flat and a userData key', async () => {
    const id = await newOrder();
    const before = await rowOf(id);
    expect400(await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderName: 'Ada', senderAddress: 'x' } }), 'senderAddress is not a field of this call');
    expect400(await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { userData: { name: 'Ada', password: 'x' } } }), 'userData.password is not a field of this call');
    expect(await rowOf(id)).toEqual(before);
  });

  it('signup, login and the cart: unknown keys', async () => {
    const email = uniqueEmail('keys');
    expect400(await call('POST', '/v1/regal/auth/signup', { body: { email, password: 'lilies-and-roses', role: 'admin' } }), 'role is not a field of this call');
    expect(await usersWith(email)).toBe(0);
    const token = await signup(email);
    expect400(await call('POST', '/v1/regal/auth/login', { body: { email, password: 'lilies-and-roses', remember: true } }), 'remember is not a field of this call');
    const item = itemOf(shop.gift);
    expect400(
      await call('PUT', '/v1/cart-item/update', { body: { cartItems: [{ ...item, name: 'Gift', price: 1, image: { src: '', alt: '', width: 1 } }] }, headers: { authorization: `Bearer ${token}` } }),
      'cartItems.0.image.width is not a field of this call',
    );
  });

  it('coupon, review, payment method, payment start and delete-coupon: unknown keys', async () => {
    const db = await getDb();
    const id = await newOrder();
    const before = await rowOf(id);
    const code = await createCoupon(db);
    expect400(await call('POST', '/v1/coupon/validate', { body: { orderId: id, code, discount: 100 } }), 'discount is not a field of this call');
    expect400(await call('PUT', `/v1/firebase/order/update-payment-details/${id}`, { body: { currency: 'NGN', paymentMethod: 'paystack', paymentStatus: 'PAID' } }), 'paymentStatus is not a field of this call');
    expect400(await call('POST', `/v1/payments/start/${id}`, { body: { amount: 1 } }), 'amount is not a field of this call');
    expect400(await call('DELETE', `/v1/firebase/order/delete-coupon/${id}`, { body: { code } }), 'code is not a field of this call');
    expect(await rowOf(id)).toEqual(before);

    const delivered = await placedOrder(db);
    await setStatus(db, delivered.id, 'delivered');
    expect400(await call('POST', `/v1/firebase/order/submit-review/${delivered.id}`, { body: { rating: 5, comment: 'ok', authorName: 'The Shop' } }), 'authorName is not a field of this call');
    expect((await db.select({ n: count() }).from(reviews).where(and(eq(reviews.orderId, delivered.id))))[0]!.n).toBe(0);
  });
});

describe('11. "" in an optional field counts as omitted', () => {
  it('recipient.altPhoneCountryCode, phoneCountryCode and deliveryDetails fields sent as ""', async () => {
    const id = await newOrder();
    const body = withOrderData({ deliveryDetails: { zone: 'lagos-central', recipientAltPhone: '', recipientAltPhoneCountryCode: '' } }, { altPhoneCountryCode: '', phoneAlt: '', phoneCountryCode: '' });
    const res = await checkout(id, { ...body, userData: { ...body.userData, phoneCountryCode: '' } });
    expect(res.status).toBe(200);
    expect(res.body.data.order.deliveryDetails).toMatchObject({ recipientName: 'Amaka Obi', recipientPhone: '+2348031234567', recipientAltPhone: '' });
  });
});

describe('the shop’s own client payloads still pass', () => {
  const values = async (id: string, over: Partial<CheckoutValues>): Promise<CheckoutValues> => ({
    ...initialValues(await read(id), null, null),
    senderName: 'Tunde Bakare',
    senderEmail: uniqueEmail('client'),
    senderPhoneNumber: '0809 123 4567',
    recipientName: 'Amaka Obi',
    recipientPhoneNumber: '0803 123 4567',
    recipientHomeAddress: '5 Bourdillon Road, Ikoyi',
    residenceType: 'Office',
    state: 'lagos',
    zone: 'lagos-central',
    deliveryDate: plainDay(),
    message: 'Happy birthday,\nAmaka!',
    purpose: 'Birthday',
    additionalInfo: 'Call first',
    deliveryInstruction: 'Gate 2',
    ...over,
  });

  it('a delivery with a new account, and the sender block', async () => {
    const id = await newOrder();
    const form = await values(id, { freeAccount: true, senderPassword: 'lilies-and-roses', recipientPhoneNumberAlt: '0701 234 5678' });
    expect((await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { ...senderInfoBody(form), business: 'regal' } })).status).toBe(200);
    const res = await checkout(id, { ...checkoutBody(form, { loggedIn: false, currency: 'NGN' }), business: 'regal' });
    expect([res.status, res.body.message]).toEqual([200, 'Delivery details saved']);
    expect(res.body.data.user).not.toBeNull();
  });

  it('a pick-up with blank recipient details, for a logged-in shopper', async () => {
    const id = await newOrder();
    const token = await signup();
    const form = await values(id, { deliveryMethod: 'pick-up', pickUpLocation: 'LPI', shouldSaveAddress: true });
    const res = await checkout(id, checkoutBody(form, { loggedIn: true, currency: 'NGN' }), token);
    expect([res.status, res.body.message]).toEqual([200, 'Delivery details saved']);
    expect(res.body.data.order.despatchLocation).toBe('LPI');
  });

  it('the cart sync body: cart items as the cart builds them, with a size and a design', async () => {
    const token = await signup();
    const variant = shop.rose.variants[0]!;
    const design = shop.design('in-a-vase');
    const summary = { ...shop.rose, images: [{ src: '/media/p/x.webp', alt: 'Roses' }], subtitle: '', relevanceOrder: 0, budget: 'regular' as const, type: 'variable' as const };
    const items = [
      cartItemFrom(summary, { id: variant.id, name: variant.name, sku: variant.sku, price: variant.price, inStock: true }, { name: design.name, title: design.title, price: design.price }),
      cartItemFrom({ ...shop.gift, images: [], subtitle: '', relevanceOrder: 0, budget: 'regular', type: 'simple' }),
    ];
    const res = await call<{ cartItems: unknown[] }>('PUT', '/v1/cart-item/update?business=regal', { body: { cartItems: items }, headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.body.data.cartItems).toEqual(items);
    // And the order calls take the same cart items as they are (display fields ignored).
    const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', cartItems: items } });
    expect(created.status).toBe(201);
  });
});
