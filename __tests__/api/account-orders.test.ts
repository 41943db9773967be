/** @jest-environment node */
/**
 * The account's orders over real HTTP against the real database (lib/contracts/account.ts):
 * GET /v1/regal/account/orders, /orders/{number} and /orders/{number}/reorder. The owner's
 * answers; another account's token with the owner's numbers (404, nothing changed); no token or a
 * dead one (401); `private, no-store`; guest orders that appear only once the e-mail is proven by
 * a one-time password (read from the dev outbox); 'Order again' after a price change, a product
 * taken off sale and a size gone. Orders are made through the real order calls with products of
 * this file's own (changing them touches no other test).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { designOptions, orders, productImages, products, productVariants } from '@/lib/server/db/schema';
import { ACCOUNT_ORDER_NOT_FOUND_MESSAGE, ACCOUNT_ORDERS_PAGE_SIZE, type AccountOrder, type AccountOrderList, type Reorder } from '@/lib/contracts/account';
import type { UserRecord } from '@/lib/contracts/auth';
import type { Order } from '@/lib/contracts/orders';
import { LOGIN_AGAIN_MESSAGE } from '@/lib/contracts/auth';
import { convertFromNaira } from '@/lib/domain/money';
import { expectPrivate, type OrderOptions, serveShopApi } from '../helpers/account';
import { uniqueEmail } from '../helpers/order-api';
import { createOrder, setStatus, tag } from '../helpers/orders';

const api = serveShopApi('shop-account-orders');
const { call, signUp, logIn, logOut, otpLogin, openCart, userIdOf } = api;

// --- helpers ----------------------------------------------------------------------------------

type Made = { id: string; slug: string; title: string; sku: string; sizes: { id: string; name: string; sku: string; price: number }[]; imageId: string };

/** A product of this file's own: simple at `price`, or with sizes; offered in a vase. */
async function madeProduct(options: { price?: number; sizes?: number[] } = {}): Promise<Made> {
  const t = tag();
  const id = randomUUID();
  const title = `Account Test ${t}`;
  const sku = `ACO-${t}`.toUpperCase();
  const sizes = (options.sizes ?? []).map((price, i) => ({ id: randomUUID(), name: ['Standard', 'Deluxe', 'VIP'][i]!, sku: `${sku}-${i}`, price }));
  await api.db.insert(products).values({
    id,
    slug: `account-test-${t}`,
    name: `${title} – 12 roses`,
    description: 'A product made by the account tests.',
    price: sizes.length ? Math.min(...sizes.map((s) => s.price)) : (options.price ?? 40_000),
    sku,
    type: sizes.length ? 'variable' : 'simple',
    productClass: 'flowers',
    budget: 'regular',
    designOptions: ['in-a-vase'],
  });
  if (sizes.length) await api.db.insert(productVariants).values(sizes.map((s, i) => ({ ...s, productId: id, inStock: true, sortOrder: i })));
  const imageId = randomUUID();
  await api.db.insert(productImages).values({ id: imageId, productId: id, position: 0, alt: `${title} in a box`, storageKey: `products/${randomBytes(16).toString('hex')}` });
  return { id, slug: `account-test-${t}`, title, sku, sizes, imageId };
}

const vase = async () => (await api.db.select().from(designOptions).where(eq(designOptions.name, 'in-a-vase')))[0]!;

type Line = { product: Made; size?: string; design?: string; quantity?: number };
const cartItem = ({ product, size, design, quantity = 1 }: Line) => {
  const variant = product.sizes.find((s) => s.name === size);
  return { productId: product.id, SKU: variant?.sku ?? product.sku, ...(variant && { size: variant.name }), ...(design && { design }), quantity };
};

/** An order of `lines` placed through the real calls, by `token` or as a guest. */
const placeOrder = (lines: Line[], options: OrderOptions): Promise<Order> => api.placeOrder(lines.map(cartItem), options);

const list = (token: string | undefined, page?: number) => call<AccountOrderList>('GET', `/v1/regal/account/orders${page ? `?page=${page}` : ''}`, { token });
const one = (token: string | undefined, number: string) => call<AccountOrder>('GET', `/v1/regal/account/orders/${encodeURIComponent(number)}`, { token });
const again = (token: string | undefined, number: string) => call<Reorder>('GET', `/v1/regal/account/orders/${encodeURIComponent(number)}/reorder`, { token });

const rowOf = async (id: string) => (await api.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const setCheckedOut = (id: string, at: Date) => api.db.update(orders).set({ checkedOutAt: at }).where(eq(orders.id, id));
const deliveryKey = () => `deliveries/${randomBytes(16).toString('hex')}.webp`;

// --- the list ---------------------------------------------------------------------------------

describe('GET /v1/regal/account/orders', () => {
  it("lists the owner's checked-out orders newest first, with the summary fields; a cart never checked out is left out", async () => {
    const who = await signUp();
    const rose = await madeProduct({ sizes: [50_000, 70_000] });
    const gift = await madeProduct({ price: 20_000 });
    const older = await placeOrder([{ product: rose, size: 'Deluxe', design: 'in-a-vase', quantity: 2 }, { product: gift }], { token: who.token, email: who.email });
    const newer = await placeOrder([{ product: gift }], { token: who.token, email: who.email });
    await setCheckedOut(older.id, new Date('2026-03-01T10:00:00Z'));
    await setCheckedOut(newer.id, new Date('2026-03-05T10:00:00Z'));
    const photo = deliveryKey();
    await api.db.update(orders).set({ status: 'delivered', paymentState: 'paid', paidWith: 'paystack', deliveryPhoto: photo }).where(eq(orders.id, older.id));
    // Out for delivery with a photo kept: no photo until delivered.
    await api.db.update(orders).set({ status: 'out_for_delivery', paymentState: 'paid', paidWith: 'paystack', deliveryPhoto: deliveryKey() }).where(eq(orders.id, newer.id));
    // A cart of the account that never reached checkout.
    await openCart([cartItem({ product: gift })], { token: who.token });

    const res = await list(who.token);
    expectPrivate(res, 200);
    expect(res.body.data).toMatchObject({ page: 1, pageSize: ACCOUNT_ORDERS_PAGE_SIZE, total: 2 });
    expect(res.body.data.orders.map((o) => o.orderNumber)).toEqual([newer.orderNumber, older.orderNumber]);
    const [first, second] = res.body.data.orders;
    expect(first).toEqual({
      orderNumber: newer.orderNumber,
      placedAt: '2026-03-05T10:00:00.000Z',
      deliveryDate: newer.deliveryDate,
      deliveryMethod: 'delivery',
      recipientName: 'Amaka Obi',
      currency: 'NGN',
      total: newer.amountsInCurrency.total,
      status: 'out_for_delivery',
      statusLabel: 'Out for delivery',
      paymentState: 'paid',
      paymentStatus: 'PAID - GO AHEAD (Paystack)',
      itemCount: 1,
      image: { src: `/media/p/${gift.imageId}.webp`, alt: `${gift.title} in a box` },
      deliveryPhoto: null,
    });
    expect(second).toMatchObject({
      orderNumber: older.orderNumber,
      status: 'delivered',
      statusLabel: 'Delivered',
      // Two of the rose and one gift; the first line's picture.
      itemCount: 3,
      image: { src: `/media/p/${rose.imageId}.webp`, alt: `${rose.title} in a box` },
      deliveryPhoto: `/media/d/${photo.slice('deliveries/'.length)}`,
      total: older.amountsInCurrency.total,
    });
  });

  it('pages by ACCOUNT_ORDERS_PAGE_SIZE with the total on every page; a bad page is a 400 naming it', async () => {
    const who = await signUp();
    const ownerId = (await userIdOf(who.email))!;
    const count = ACCOUNT_ORDERS_PAGE_SIZE + 1;
    const start = Date.parse('2026-01-01T00:00:00Z');
    for (let i = 0; i < count; i++) {
      const order = await createOrder(api.db, { delivery: 'delivery', sender: { name: 'Ngozi', email: who.email } });
      await api.db.update(orders).set({ userId: ownerId, checkedOutAt: new Date(start + i * 60_000) }).where(eq(orders.id, order.id));
    }
    const first = await list(who.token, 1);
    const second = await list(who.token, 2);
    const third = await list(who.token, 3);
    expect(first.body.data.orders).toHaveLength(ACCOUNT_ORDERS_PAGE_SIZE);
    expect(second.body.data).toMatchObject({ page: 2, total: count });
    expect(second.body.data.orders).toHaveLength(1);
    expect(second.body.data.orders[0]!.placedAt).toBe(new Date(start).toISOString());
    expect(first.body.data.orders[0]!.placedAt).toBe(new Date(start + (count - 1) * 60_000).toISOString());
    expect(third.body.data).toMatchObject({ orders: [], page: 3, total: count });

    expect((await call('GET', '/v1/regal/account/orders?page=0', { token: who.token })).body.message).toBe('page must be at least 1');
    expect((await call('GET', '/v1/regal/account/orders?page=two', { token: who.token })).status).toBe(400);
  });

  it("another account's list holds none of them; no token, a revoked one or a made-up one is 401", async () => {
    const owner = await signUp();
    const gift = await madeProduct();
    await placeOrder([{ product: gift }], { token: owner.token, email: owner.email });
    const other = await signUp();
    const theirs = await list(other.token);
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toMatchObject({ orders: [], total: 0 });

    const none = await list(undefined);
    expectPrivate(none, 401, LOGIN_AGAIN_MESSAGE);
    expect((await list('not-a-token')).status).toBe(401);
    await logOut(owner.token);
    expect((await list(owner.token)).status).toBe(401);
  });
});

// --- one order --------------------------------------------------------------------------------

describe('GET /v1/regal/account/orders/{number}', () => {
  it("answers every detail to the owner (any case of the number), in the order's currency, with the timeline's notes", async () => {
    const who = await signUp();
    const rose = await madeProduct({ sizes: [50_000, 70_000] });
    const order = await placeOrder([{ product: rose, size: 'Standard', design: 'in-a-vase', quantity: 2 }], { token: who.token, email: who.email, currency: 'USD' });
    const res = await one(who.token, order.orderNumber.toLowerCase());
    expectPrivate(res, 200);
    const line = (50_000 + (await vase()).price) * 2;
    expect(res.body.data).toMatchObject({
      id: order.id,
      orderNumber: order.orderNumber,
      currency: 'USD',
      status: 'created',
      paymentState: 'unpaid',
      paymentStatus: 'not paid',
      itemCount: 2,
      items: [
        {
          name: rose.title,
          size: 'Standard',
          quantity: 2,
          image: { src: `/media/p/${rose.imageId}.webp`, alt: `${rose.title} in a box` },
          productSlug: rose.slug,
          lineTotal: convertFromNaira(line, order.conversionRate),
        },
      ],
      amounts: order.amountsInCurrency,
      deliveryFeeQuotedByStaff: false,
      couponCode: null,
      despatchLocation: '',
      sender: { name: 'Tunde Bakare', email: who.email, phone: '+2348091234567' },
      recipient: { name: 'Amaka Obi', address: '[Office] 5 Bourdillon Road, Ikoyi', phone: '+2348031234567', altPhone: '' },
      deliveryMessage: 'Happy birthday, Amaka!',
      canReview: false,
      review: null,
      canPay: true,
      deliveryPhoto: null,
    });
    expect(res.body.data.timeline.map((e) => e.note)).toContain('Delivery details saved');
  });

  it('can pay only while open and unpaid; can review once delivered until reviewed; productSlug only while the product is sold', async () => {
    const who = await signUp();
    const gift = await madeProduct();
    const order = await placeOrder([{ product: gift }], { token: who.token, email: who.email });
    await setStatus(api.db, order.id, 'paid', 'paid', 'paystack');
    expect((await one(who.token, order.orderNumber)).body.data).toMatchObject({ canPay: false, canReview: false, statusLabel: 'Payment received' });
    await setStatus(api.db, order.id, 'awaiting_payment', 'awaiting_confirmation');
    expect((await one(who.token, order.orderNumber)).body.data.canPay).toBe(false);

    await setStatus(api.db, order.id, 'delivered', 'paid', 'paystack');
    expect((await one(who.token, order.orderNumber)).body.data).toMatchObject({ canReview: true, review: null });
    expect((await call('POST', `/v1/firebase/order/submit-review/${order.id}`, { body: { rating: 5, comment: 'Lovely' } })).status).toBe(201);
    expect((await one(who.token, order.orderNumber)).body.data).toMatchObject({ canReview: false, review: { rating: 5, comment: 'Lovely', authorName: 'Tunde' } });

    await api.db.update(products).set({ active: false }).where(eq(products.id, gift.id));
    expect((await one(who.token, order.orderNumber)).body.data.items[0]!.productSlug).toBeNull();
  });

  it("is 404 for another account's order (with its number), an unknown number, a guest order and a cart never checked out; 401 without a token", async () => {
    const owner = await signUp();
    const gift = await madeProduct();
    const order = await placeOrder([{ product: gift }], { token: owner.token, email: owner.email });
    const before = await rowOf(order.id);
    const other = await signUp();

    for (const res of [await one(other.token, order.orderNumber), await again(other.token, order.orderNumber)]) {
      expectPrivate(res, 404, ACCOUNT_ORDER_NOT_FOUND_MESSAGE);
    }
    expect(await rowOf(order.id)).toEqual(before);

    expect((await one(owner.token, 'RF-000000')).status).toBe(404);
    expect((await one(owner.token, 'x'.repeat(60))).status).toBe(404);
    const guest = await placeOrder([{ product: gift }], { email: uniqueEmail('guest') });
    expect((await one(owner.token, guest.orderNumber)).status).toBe(404);
    const cart = await openCart([cartItem({ product: gift })], { token: owner.token });
    expect((await one(owner.token, cart.orderNumber)).status).toBe(404);

    expect((await one(undefined, order.orderNumber)).status).toBe(401);
    expect((await again(undefined, order.orderNumber)).status).toBe(401);
  });
});

// --- guest orders -----------------------------------------------------------------------------

describe('guest orders placed with the e-mail', () => {
  it('appear only once a one-time password proves the e-mail, and each later code login brings the newer ones', async () => {
    const email = uniqueEmail('guest');
    const gift = await madeProduct();
    const before = await placeOrder([{ product: gift }], { email });
    const stranger = await placeOrder([{ product: gift }], { email: uniqueEmail('stranger') });

    // Signup and a password login do not prove the e-mail: nothing attaches.
    const who = await signUp({ email });
    expect((await list(who.token)).body.data.total).toBe(0);
    const login = await logIn(who);
    expect((await list(login.authToken)).body.data.total).toBe(0);
    expect((await rowOf(before.id)).userId).toBeNull();

    // The first proof attaches it (and only it).
    const token = await otpLogin(email);
    const proven = await list(token);
    expect(proven.body.data.orders.map((o) => o.orderNumber)).toEqual([before.orderNumber]);
    expect((await one(token, before.orderNumber)).status).toBe(200);
    expect((await rowOf(stranger.id)).userId).toBeNull();

    // A guest order placed after the proof comes with the next code login.
    const after = await placeOrder([{ product: gift }], { email });
    expect((await list(token)).body.data.total).toBe(1);
    const later = await otpLogin(email);
    expect((await list(later)).body.data.orders.map((o) => o.orderNumber).sort()).toEqual([before.orderNumber, after.orderNumber].sort());

    // An order another account placed with this sender e-mail stays that account's.
    const other = await signUp();
    const theirs = await placeOrder([{ product: gift }], { token: other.token, email });
    await otpLogin(email);
    expect((await rowOf(theirs.id)).userId).not.toBeNull();
    expect((await list(other.token)).body.data.orders.map((o) => o.orderNumber)).toEqual([theirs.orderNumber]);
  });
});

// --- order again ------------------------------------------------------------------------------

describe('GET /v1/regal/account/orders/{number}/reorder', () => {
  it("answers the order's items as the storefront builds cart items, at today's prices, and writes nothing", async () => {
    const who = await signUp();
    const rose = await madeProduct({ sizes: [50_000, 70_000] });
    const gift = await madeProduct({ price: 20_000 });
    const order = await placeOrder([{ product: rose, size: 'Deluxe', design: 'in-a-vase', quantity: 2 }, { product: gift, quantity: 3 }], { token: who.token, email: who.email });
    const design = await vase();

    const res = await again(who.token, order.orderNumber);
    expectPrivate(res, 200);
    expect(res.body.data).toEqual({
      cartItems: [
        {
          productId: rose.id,
          name: rose.title,
          description: '12 roses',
          price: 70_000,
          quantity: 2,
          image: { src: `/media/p/${rose.imageId}.webp`, alt: `${rose.title} in a box` },
          size: 'Deluxe',
          SKU: rose.sizes[1]!.sku,
          design: { name: 'in-a-vase', title: design.title, price: design.price, quantity: 2 },
        },
        {
          productId: gift.id,
          name: gift.title,
          description: '12 roses',
          price: 20_000,
          quantity: 3,
          image: { src: `/media/p/${gift.imageId}.webp`, alt: `${gift.title} in a box` },
          SKU: gift.sku,
        },
      ],
      changes: [],
    });
    // Nothing written: the account's server cart is still empty.
    const record = await call<{ user: UserRecord }>('GET', '/v1/regal/handshake', { token: who.token });
    expect(record.body.data.user?.cartItems).toEqual([]);
  });

  it('reports a price change (per item, design included), a product taken off sale, a size gone out of stock and a design no longer offered', async () => {
    const who = await signUp();
    const rose = await madeProduct({ sizes: [50_000, 70_000] });
    const gift = await madeProduct({ price: 20_000 });
    const gone = await madeProduct({ price: 30_000 });
    const sized = await madeProduct({ sizes: [40_000, 60_000] });
    const boxed = await madeProduct({ price: 25_000 });
    const order = await placeOrder(
      [
        { product: rose, size: 'Standard', design: 'in-a-vase' },
        { product: gift, quantity: 2 },
        { product: gone },
        { product: sized, size: 'Deluxe' },
        { product: boxed, design: 'in-a-vase' },
      ],
      { token: who.token, email: who.email },
    );
    const design = await vase();

    await api.db.update(productVariants).set({ price: 55_000 }).where(eq(productVariants.id, rose.sizes[0]!.id));
    await api.db.update(products).set({ price: 18_000 }).where(eq(products.id, gift.id));
    await api.db.update(products).set({ active: false }).where(eq(products.id, gone.id));
    await api.db.update(productVariants).set({ inStock: false }).where(eq(productVariants.id, sized.sizes[1]!.id));
    await api.db.update(products).set({ designOptions: [] }).where(eq(products.id, boxed.id));

    const res = await again(who.token, order.orderNumber);
    expect(res.status).toBe(200);
    expect(res.body.data.cartItems.map((i) => [i.SKU, i.price, i.quantity, i.design?.name ?? null])).toEqual([
      [rose.sizes[0]!.sku, 55_000, 1, 'in-a-vase'],
      [gift.sku, 18_000, 2, null],
      [boxed.sku, 25_000, 1, null],
    ]);
    expect(res.body.data.changes).toEqual([
      { kind: 'price', name: rose.title, size: 'Standard', was: 50_000 + design.price, now: 55_000 + design.price },
      { kind: 'price', name: gift.title, was: 20_000, now: 18_000 },
      { kind: 'unavailable', name: gone.title },
      { kind: 'unavailable', name: sized.title, size: 'Deluxe' },
      { kind: 'design', name: boxed.title, design: design.title },
    ]);
  });
});
