/** @jest-environment node */
/**
 * Attack suite, money and coupons (issue 11), over real HTTP against the real database:
 * - an order above the configured maximum total (`MAX_ORDER_TOTAL_NAIRA`, ₦10,000,000 by
 *   default) is refused with a 400 that says so, on create and on update, and nothing is written;
 * - free delivery is judged on what the shopper pays for the items (after the coupon), so a
 *   coupon that brings them below the threshold brings the delivery fee back;
 * - a coupon deactivated, expired or used up after it was applied is taken off the unpaid order
 *   at its next change (update, checkout, payment method, applying it again), with a timeline
 *   line and the `couponRemoved` notice, and its use released;
 * - an unpaid order holds a limited coupon for 30 minutes only: after that another order can
 *   take it (the abandoned order then loses it, with the notice), or the first order re-takes it
 *   if nobody did; a paid order's use always counts;
 * - before a payment starts, `recheckOrderBeforePayment` refuses to let a lapsed coupon be paid
 *   for at the discounted price.
 * The hold is aged by moving the redemption's time back in the database rather than waiting.
 */
import { and, count, desc, eq } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions, coupons, orderEvents, orders, products, users } from '@/lib/server/db/schema';
import { maxOrderTotalMessage, readOrder, recheckOrderBeforePayment } from '@/lib/server/services/orders/store';
import { COUPON_HOLD_MINUTES } from '@/lib/domain/checkout';
import type { CheckoutAnswer, Order, OrderCreated } from '@/lib/contracts/orders';
import type { UserRecord } from '@/lib/contracts/auth';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { createCoupon, httpCaller, setStatus } from '../helpers/orders';
import { deliveryCheckout, itemOf, plainDay, seededProducts, uniqueEmail, type Stocked } from '../helpers/order-api';

let server: ApiServer;
let db: Db;
let shop: Awaited<ReturnType<typeof seededProducts>>;
const call = httpCaller(() => server.url);

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  shop = await seededProducts();
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const create = (cartItems: unknown[], token?: string) =>
  call<OrderCreated>('POST', '/v1/firebase/order/create', {
    body: { currency: 'NGN', deliveryDate: '', business: 'regal', cartItems },
    ...(token && { headers: { authorization: `Bearer ${token}` } }),
  });
const read = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
const update = (id: string, cartItems: unknown[] | null) => call<Order>('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: '', cartItems } });
const validate = (orderId: string, code: string) => call<Order>('POST', '/v1/coupon/validate', { body: { orderId, code } });
const checkout = (id: string) => call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, { body: deliveryCheckout(plainDay()) });
const payWith = (id: string) => call<Order>('PUT', `/v1/firebase/order/update-payment-details/${id}`, { body: { currency: 'NGN', paymentMethod: 'paystack' } });

async function newOrder(cartItems: unknown[] = [itemOf(shop.gift, { quantity: 2 })]): Promise<string> {
  const res = await create(cartItems);
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** Moves an order's hold on its coupon back in time, as if it was applied `minutes` ago. */
async function ageHold(orderId: string, minutes: number): Promise<void> {
  await db
    .update(couponRedemptions)
    .set({ at: new Date(Date.now() - minutes * MINUTE) })
    .where(eq(couponRedemptions.orderId, orderId));
}

const redemptionOf = async (orderId: string) => (await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)))[0] ?? null;

/** The order lost its coupon: no discount, a timeline line with the reason, the notice, the use released. */
async function expectDropped(answer: Order, code: string, reason: string | RegExp): Promise<void> {
  expect(answer.coupon).toBeNull();
  expect(answer.amounts.discount).toBe(0);
  expect(answer.amounts.total).toBe(answer.amounts.subtotal + answer.amounts.deliveryFee);
  expect(answer.couponRemoved?.code).toBe(code);
  expect(answer.couponRemoved?.reason).toEqual(typeof reason === 'string' ? reason : expect.stringMatching(reason));
  expect(answer.timeline.map((e) => e.note)).toContain(`Coupon ${code} removed: ${answer.couponRemoved!.reason}`);
  expect(await redemptionOf(answer.id)).toBeNull();
  // A read shows the same (the notice stays until the shopper applies another coupon).
  expect(await read(answer.id)).toEqual(answer);
}

describe('a maximum order total', () => {
  let dear: Stocked;
  let overMax: ReturnType<typeof itemOf>[];

  beforeAll(async () => {
    // The dearest simple product on sale: a few of them pass the maximum.
    const [row] = await db
      .select()
      .from(products)
      .where(and(eq(products.active, true), eq(products.inStock, true), eq(products.type, 'simple')))
      .orderBy(desc(products.price))
      .limit(1);
    dear = { ...row!, title: row!.name, variants: [] };
    const quantity = Math.floor(getConfig().maxOrderTotalNaira / dear.price) + 1;
    expect(quantity).toBeLessThanOrEqual(99);
    overMax = [itemOf(dear, { quantity })];
  });

  const refusal = () => ({ data: null, error: true, message: maxOrderTotalMessage(getConfig().maxOrderTotalNaira), status: 400 });

  it('refuses to create an order above it with a 400 that says so, writing nothing', async () => {
    expect(maxOrderTotalMessage(10_000_000)).toBe('An order can be at most ₦10,000,000. Please split it into smaller orders or contact us.');
    const email = uniqueEmail('big');
    const signup = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password: 'lilies-and-roses' } });
    expect(signup.status).toBe(201);
    const [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));

    const res = await create(overMax, signup.body.data.authToken);
    expect([res.status, res.body]).toEqual([400, refusal()]);
    const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, user!.id));
    expect(row!.n).toBe(0);
    // Just under it is fine.
    const under = await create([itemOf(dear, { quantity: Math.floor(getConfig().maxOrderTotalNaira / dear.price) })], signup.body.data.authToken);
    expect(under.status).toBe(201);
  });

  it('refuses an update that takes the order above it, leaving the order as it was', async () => {
    const id = await newOrder([itemOf(dear)]);
    const before = await read(id);
    const res = await update(id, overMax);
    expect([res.status, res.body]).toEqual([400, refusal()]);
    expect(await read(id)).toEqual(before);
  });
});

describe('free delivery is judged on the items after the coupon', () => {
  it('charges the delivery fee when a coupon brings the items below the threshold, and waives it again without', async () => {
    const threshold = 100_000;
    const quantity = Math.ceil(threshold / shop.gift.price);
    const id = await newOrder([itemOf(shop.gift, { quantity })]);
    const checkedOut = await checkout(id);
    expect(checkedOut.status).toBe(200);
    const subtotal = checkedOut.body.data.order.amounts.subtotal;
    expect(subtotal).toBeGreaterThanOrEqual(threshold);
    expect(checkedOut.body.data.order.amounts.deliveryFee).toBe(0);

    // A fixed coupon leaving ₦90,000 to pay for the items: below the threshold.
    const code = await createCoupon(db, { kind: 'fixed', amount: subtotal - 90_000 });
    const res = await validate(id, code);
    expect(res.status).toBe(200);
    expect(res.body.data.amounts).toEqual({ subtotal, discount: subtotal - 90_000, deliveryFee: 4_500, total: 90_000 + 4_500 });

    // The discount stays on the items only: removing it makes delivery free again.
    const removed = await call<Order>('DELETE', `/v1/firebase/order/delete-coupon/${id}`);
    expect(removed.body.data.amounts).toEqual({ subtotal, discount: 0, deliveryFee: 0, total: subtotal });
  });
});

describe('a coupon that stopped applying after it was applied', () => {
  it('deactivated: taken off at the next cart update, with the reason on the timeline and the notice', async () => {
    const id = await newOrder();
    const code = await createCoupon(db, { usageLimit: 5 });
    expect((await validate(id, code)).status).toBe(200);
    await db.update(coupons).set({ active: false }).where(eq(coupons.code, code));

    const res = await update(id, null);
    expect(res.status).toBe(200);
    await expectDropped(res.body.data, code, 'this coupon is no longer available');
  });

  it('expired: taken off when the delivery details are saved, before payment', async () => {
    const id = await newOrder();
    const code = await createCoupon(db, { startsAt: new Date(Date.now() - 10 * DAY), endsAt: new Date(Date.now() + DAY) });
    expect((await validate(id, code)).body.data.amounts.discount).toBeGreaterThan(0);
    await db.update(coupons).set({ endsAt: new Date(Date.now() - DAY) }).where(eq(coupons.code, code));

    const res = await checkout(id);
    expect(res.status).toBe(200);
    await expectDropped(res.body.data.order, code, /^this coupon expired on \d{1,2} \w+ \d{4}$/);
  });

  it('expired while the order waits for payment: choosing the method again drops it', async () => {
    const id = await newOrder();
    expect((await checkout(id)).status).toBe(200);
    const code = await createCoupon(db);
    expect((await validate(id, code)).status).toBe(200);
    expect((await payWith(id)).body.data.coupon?.code).toBe(code);
    await db.update(coupons).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(coupons.code, code));

    const res = await payWith(id);
    expect(res.status).toBe(200);
    await expectDropped(res.body.data, code, /^this coupon expired on /);
  });

  it('used up (its limit lowered while a paid order holds it): taken off, and applying it again is refused', async () => {
    const code = await createCoupon(db, { usageLimit: 2 });
    const mine = await newOrder();
    const paid = await newOrder();
    expect((await validate(mine, code)).status).toBe(200);
    expect((await validate(paid, code)).status).toBe(200);
    await setStatus(db, paid, 'paid', 'paid', 'paystack');
    await db.update(coupons).set({ usageLimit: 1 }).where(eq(coupons.code, code));

    // Applying the same code again re-checks it like any change.
    const res = await validate(mine, code);
    expect(res.status).toBe(200);
    await expectDropped(res.body.data, code, /^this coupon has been used up/);
    const again = await validate(mine, code);
    expect([again.status, again.body.message]).toEqual([400, 'This coupon has already been used']);
    // The paid order keeps its coupon and its use.
    expect((await readOrder(db, paid)).coupon?.code).toBe(code);
    expect(await redemptionOf(paid)).not.toBeNull();
  });
});

describe(`an unpaid order holds a limited coupon for ${COUPON_HOLD_MINUTES} minutes`, () => {
  it('a single-use coupon held by an abandoned order is free for another after the hold; the abandoned order then loses it', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const abandoned = await newOrder();
    const other = await newOrder();
    expect((await validate(abandoned, code)).status).toBe(200);
    expect((await validate(other, code)).body.message).toBe('This coupon has already been used');

    // Still held just before the 30 minutes are up.
    await ageHold(abandoned, COUPON_HOLD_MINUTES - 1);
    expect((await validate(other, code)).status).toBe(400);

    await ageHold(abandoned, COUPON_HOLD_MINUTES + 1);
    const taken = await validate(other, code);
    expect(taken.status).toBe(200);
    expect(taken.body.data.coupon?.code).toBe(code);

    // The abandoned order comes back: its next change drops the coupon, with the notice.
    const res = await update(abandoned, [itemOf(shop.gift, { quantity: 3 })]);
    expect(res.status).toBe(200);
    await expectDropped(res.body.data, code, /^this coupon has been used up/);
    expect((await read(other)).coupon?.code).toBe(code);
    const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, other));
    expect(events.some((e) => e.note.includes('removed'))).toBe(false);
  });

  it('an order whose hold lapsed re-takes the coupon at its next change when nobody else took it', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const id = await newOrder();
    expect((await validate(id, code)).status).toBe(200);
    await ageHold(id, 3 * COUPON_HOLD_MINUTES);

    const before = Date.now();
    const res = await update(id, null);
    expect(res.body.data.coupon?.code).toBe(code);
    expect(res.body.data.couponRemoved).toBeUndefined();
    expect((await redemptionOf(id))!.at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    // Held again: another order cannot take it.
    expect((await validate(await newOrder(), code)).status).toBe(400);
  });

  it('after a hold lapsed, the holder re-taking it and others applying it at once: exactly one order ends with it', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const holder = await newOrder();
    expect((await validate(holder, code)).status).toBe(200);
    await ageHold(holder, COUPON_HOLD_MINUTES + 1);
    const others = await Promise.all([newOrder(), newOrder(), newOrder()]);
    await Promise.all([update(holder, null), ...others.map((id) => validate(id, code))]);
    const holders = (await Promise.all([holder, ...others].map(read))).filter((o) => o.coupon?.code === code);
    expect(holders).toHaveLength(1);
    const [row] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponCode, code));
    expect(row!.n).toBe(1);
  });

  it('a paid order’s use always counts, however long ago it was taken', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const paid = await newOrder();
    expect((await validate(paid, code)).status).toBe(200);
    await setStatus(db, paid, 'paid', 'paid', 'paystack');
    await ageHold(paid, 24 * 60);
    expect((await validate(await newOrder(), code)).body.message).toBe('This coupon has already been used');

    // So does an order whose transfer the shopper says is sent (its total can no longer move).
    const code2 = await createCoupon(db, { usageLimit: 1 });
    const sent = await newOrder();
    expect((await validate(sent, code2)).status).toBe(200);
    await setStatus(db, sent, 'awaiting_payment', 'awaiting_confirmation');
    await ageHold(sent, 24 * 60);
    expect((await validate(await newOrder(), code2)).status).toBe(400);
  });
});

describe('before a payment starts', () => {
  async function awaitingPayment(code: string): Promise<string> {
    const id = await newOrder();
    expect((await checkout(id)).status).toBe(200);
    expect((await validate(id, code)).status).toBe(200);
    const chosen = await payWith(id);
    expect([chosen.body.data.status, chosen.body.data.coupon?.code]).toEqual(['awaiting_payment', code]);
    return id;
  }

  it('a lapsed coupon someone else took is taken off and the payment refused with the reason (never paid at the discount)', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const id = await awaitingPayment(code);
    await ageHold(id, COUPON_HOLD_MINUTES + 5);
    expect((await validate(await newOrder(), code)).status).toBe(200);

    const message = await recheckOrderBeforePayment(db, id, new Date());
    expect(message).toMatch(new RegExp(`^Coupon ${code} was removed from your order: this coupon has been used up .*Please check the new total and choose how to pay again\\.$`));
    const order = await readOrder(db, id);
    expect(order.status).toBe('created');
    await expectDropped(order, code, /^this coupon has been used up/);
  });

  it('a standing coupon is kept and its hold renewed for the payment', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const id = await awaitingPayment(code);
    await ageHold(id, COUPON_HOLD_MINUTES - 2);
    const before = await readOrder(db, id);
    const at = new Date();
    expect(await recheckOrderBeforePayment(db, id, at)).toBeNull();
    expect(await readOrder(db, id)).toEqual(before);
    expect((await redemptionOf(id))!.at.getTime()).toBe(at.getTime());
  });
});
