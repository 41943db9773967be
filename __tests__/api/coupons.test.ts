/** @jest-environment node */
/**
 * POST /v1/coupon/validate and DELETE /v1/firebase/order/delete-coupon/{id} over real HTTP
 * against the real database: every refusal with its reason, one coupon per order, the usage
 * limit under concurrent use, totals that never go negative, and the sample coupons of the seed.
 */
import { eq } from 'drizzle-orm';
import { createApiClient } from '@/lib/api/client';
import * as calls from '@/lib/api/calls';
import type { Order } from '@/lib/contracts/orders';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions, coupons } from '@/lib/server/db/schema';
import { couponUses, readOrder } from '@/lib/server/services/orders/store';
import { seedDatabase } from '@/lib/server/seed/seed';
import { buildCatalogue } from '@/lib/samples/catalogue';
import { valentineWindow } from '@/lib/samples/coupons';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { createCoupon, createOrder, httpCaller, replaceItems, setStatus, someProduct } from '../helpers/orders';

let server: ApiServer;
let db: Db;
const call = httpCaller(() => server.url);

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

const validate = (orderId: string, code: string) => call<Order>('POST', '/v1/coupon/validate?business=regal', { body: { orderId, code } });
const remove = (orderId: string) => call<Order>('DELETE', `/v1/firebase/order/delete-coupon/${orderId}`);
const DAY = 24 * 3600 * 1000;

describe('POST /v1/coupon/validate', () => {
  it('applies a code whatever its case and answers the order with the discount in both currencies', async () => {
    const order = await createOrder(db, { delivery: 'delivery' });
    const code = await createCoupon(db, { kind: 'percent', amount: 10 });
    const res = await validate(order.id, code.toLowerCase());
    expect(res.status).toBe(200);
    const { subtotal, deliveryFee } = order.amounts;
    const discount = Math.floor(subtotal / 10);
    expect(deliveryFee).toBeGreaterThan(0);
    expect(res.body.data.coupon).toEqual({ code, discount });
    expect(res.body.data.amounts).toEqual({ subtotal, deliveryFee, discount, total: subtotal - discount + deliveryFee });
    expect(res.body.data.timeline.at(-1)?.note).toContain(`Coupon ${code} applied`);
    expect(await couponUses(db, code)).toBe(1);
    // The order as read again is the order answered.
    expect(await readOrder(db, order.id)).toEqual(res.body.data);
  });

  it('converts the discount for an order in another currency', async () => {
    const order = await createOrder(db, { currency: 'USD' });
    const code = await createCoupon(db, { kind: 'fixed', amount: 5000 });
    const api = createApiClient({ baseURL: server.url, business: 'regal' });
    const answer = await calls.validateCoupon(api, { orderId: order.id, code });
    expect(answer.amounts.discount).toBe(5000);
    expect(answer.amountsInCurrency.discount).toBe(Math.ceil(5000 / answer.conversionRate));
    expect(answer.amountsInCurrency.total).toBe(Math.ceil(answer.amounts.total / answer.conversionRate));
  });

  it('changes nothing when the same coupon is applied again', async () => {
    const order = await createOrder(db);
    const code = await createCoupon(db);
    const first = await validate(order.id, code);
    const again = await validate(order.id, code);
    expect(again.status).toBe(200);
    expect(again.body.data).toEqual(first.body.data);
    expect(await couponUses(db, code)).toBe(1);
  });

  it('replaces the first coupon with a second one (one per order), releasing the first', async () => {
    const order = await createOrder(db);
    const first = await createCoupon(db, { kind: 'percent', amount: 10, usageLimit: 1 });
    const second = await createCoupon(db, { kind: 'fixed', amount: 2000 });
    expect((await validate(order.id, first)).status).toBe(200);
    const res = await validate(order.id, second);
    expect(res.status).toBe(200);
    expect(res.body.data.coupon).toEqual({ code: second, discount: 2000 });
    expect(res.body.data.amounts.total).toBe(order.amounts.subtotal - 2000 + order.amounts.deliveryFee);
    expect(await couponUses(db, first)).toBe(0);
    expect(await db.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id))).toEqual([
      expect.objectContaining({ couponCode: second }),
    ]);
    // The single-use first coupon is free again for another order.
    expect((await validate((await createOrder(db)).id, first)).status).toBe(200);
  });

  describe('refuses with 400 and the reason', () => {
    const refused = async (orderId: string, code: string, message: string) => {
      const res = await validate(orderId, code);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ data: null, error: true, message, status: 400 });
      const order = await readOrder(db, orderId);
      expect(order.coupon).toBeNull();
      expect(order.amounts.discount).toBe(0);
    };

    it('an unknown code', async () => {
      await refused((await createOrder(db)).id, 'NOSUCHCODE', 'This coupon code is not valid');
    });

    it('an inactive coupon', async () => {
      await refused((await createOrder(db)).id, await createCoupon(db, { active: false }), 'This coupon is no longer available');
    });

    it('a coupon that has not started yet', async () => {
      const startsAt = new Date(Date.now() + 10 * DAY);
      const message = `This coupon can be used from ${startsAt.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' })}`;
      await refused((await createOrder(db)).id, await createCoupon(db, { startsAt }), message);
    });

    it('an expired coupon', async () => {
      const code = await createCoupon(db, { startsAt: new Date(Date.now() - 30 * DAY), endsAt: new Date(Date.now() - DAY) });
      const res = await validate((await createOrder(db)).id, code);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/^This coupon expired on \d{1,2} \w+ \d{4}$/);
    });

    it('an order below the minimum', async () => {
      const product = await someProduct(db, { max: 19_999 });
      const order = await createOrder(db, { items: [{ product }] });
      await refused(order.id, await createCoupon(db, { minAmount: 20_000 }), 'This coupon needs an order of at least ₦20,000');
    });

    it('a coupon whose uses are all taken', async () => {
      const code = await createCoupon(db, { usageLimit: 1 });
      expect((await validate((await createOrder(db)).id, code)).status).toBe(200);
      await refused((await createOrder(db)).id, code, 'This coupon has already been used');
    });

    it('an order with no items', async () => {
      await refused((await createOrder(db, { items: [] })).id, await createCoupon(db), 'Add something to your order before applying a coupon');
    });

    it('a missing or malformed body, naming the field', async () => {
      const order = await createOrder(db);
      expect((await call('POST', '/v1/coupon/validate', { body: { orderId: order.id } })).body.message).toMatch(/^code/);
      expect((await call('POST', '/v1/coupon/validate', { body: { orderId: order.id, code: '' } })).body.message).toBe('code is required');
      expect((await call('POST', '/v1/coupon/validate', { body: { code: 'X' } })).status).toBe(400);
    });
  });

  it('answers 404 for an unknown order and 409 for a paid one', async () => {
    const code = await createCoupon(db);
    const unknown = await validate('00000000-0000-4000-8000-000000000000', code);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Order not found');
    expect((await validate('not-an-id', code)).status).toBe(404);

    const paid = await createOrder(db, { status: 'paid', payment: 'paid', paidWith: 'paystack' });
    const res = await validate(paid.id, code);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This order can no longer be changed');
    expect(await couponUses(db, code)).toBe(0);
  });

  it('lets exactly one of many orders racing for a single-use coupon have it', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const racers = await Promise.all(Array.from({ length: 6 }, () => createOrder(db)));
    const answers = await Promise.all(racers.map((o) => validate(o.id, code)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const a of answers.filter((x) => x.status === 400)) expect(a.body.message).toBe('This coupon has already been used');
    expect(await couponUses(db, code)).toBe(1);
    const holders = await Promise.all(racers.map((o) => readOrder(db, o.id)));
    expect(holders.filter((o) => o.coupon?.code === code)).toHaveLength(1);
  });

  it('never makes the total negative: a fixed coupon above the subtotal leaves the delivery fee', async () => {
    const order = await createOrder(db, { delivery: 'delivery' });
    const code = await createCoupon(db, { kind: 'fixed', amount: 5_000_000 });
    const res = await validate(order.id, code);
    expect(res.status).toBe(200);
    const { subtotal, deliveryFee } = order.amounts;
    expect(deliveryFee).toBeGreaterThan(0);
    expect(res.body.data.amounts).toEqual({ subtotal, deliveryFee, discount: subtotal, total: deliveryFee });
    expect(res.body.data.coupon).toEqual({ code, discount: subtotal });
    expect(res.body.data.amountsInCurrency.total).toBe(deliveryFee);
  });

  it('drops the coupon (and its use) when the order falls below its minimum after the items change', async () => {
    const dear = await someProduct(db, { min: 25_000, max: 60_000 });
    const cheap = await someProduct(db, { max: 15_000 });
    const order = await createOrder(db, { items: [{ product: dear }] });
    const code = await createCoupon(db, { minAmount: 20_000, usageLimit: 5 });
    expect((await validate(order.id, code)).status).toBe(200);

    const changed = await replaceItems(db, order.id, [{ product: cheap }]);
    expect(changed.coupon).toBeNull();
    expect(changed.amounts).toEqual({ subtotal: cheap.price, deliveryFee: 0, discount: 0, total: cheap.price });
    expect(changed.timeline.at(-1)?.note).toBe(`Coupon ${code} removed: the order no longer meets its minimum of ₦20,000`);
    expect(changed.couponRemoved).toEqual({ code, reason: 'the order no longer meets its minimum of ₦20,000' });
    expect(await couponUses(db, code)).toBe(0);
  });
});

describe('DELETE /v1/firebase/order/delete-coupon/{id}', () => {
  it('takes the coupon off, releases its use and recomputes the totals', async () => {
    const order = await createOrder(db, { delivery: 'delivery' });
    const code = await createCoupon(db, { usageLimit: 1 });
    expect((await validate(order.id, code)).body.data.amounts.discount).toBeGreaterThan(0);
    const res = await remove(order.id);
    expect(res.status).toBe(200);
    expect(res.body.data.coupon).toBeNull();
    expect(res.body.data.amounts).toEqual(order.amounts);
    expect(res.body.data.timeline.at(-1)?.note).toBe(`Coupon ${code} removed`);
    expect(await couponUses(db, code)).toBe(0);
    // Through the typed client: nothing to remove answers the order unchanged.
    const api = createApiClient({ baseURL: server.url, business: 'regal' });
    expect(await calls.deleteCoupon(api, order.id)).toEqual(res.body.data);
  });

  it('answers an order without a coupon unchanged, 404 for an unknown order, 409 for a paid one', async () => {
    const order = await createOrder(db);
    const res = await remove(order.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual(order);
    expect((await remove('00000000-0000-4000-8000-000000000000')).status).toBe(404);

    const code = await createCoupon(db);
    expect((await validate(order.id, code)).status).toBe(200);
    await setStatus(db, order.id, 'paid', 'paid', 'paystack');
    const locked = await remove(order.id);
    expect(locked.status).toBe(409);
    expect((await readOrder(db, order.id)).coupon?.code).toBe(code);
  });
});

describe('sample coupons', () => {
  it('are seeded with their terms, and seeding again changes nothing', async () => {
    const rows = await db.select().from(coupons);
    const byCode = new Map(rows.map((r) => [r.code, r]));
    expect(byCode.get('WELCOME10')).toMatchObject({ kind: 'percent', amount: 10, minAmount: 0, usageLimit: null, active: true });
    expect(byCode.get('FLOWERS5000')).toMatchObject({ kind: 'fixed', amount: 5000, minAmount: 40_000, usageLimit: null });
    expect(byCode.get('ONCE20')).toMatchObject({ kind: 'percent', amount: 20, usageLimit: 1 });
    const valentine = byCode.get('VALENTINE15')!;
    expect(valentine).toMatchObject({ kind: 'percent', amount: 15 });
    expect(valentine.startsAt!.toISOString()).toMatch(/^\d{4}-01-31T23:00:00\.000Z$/);
    expect(valentine.endsAt!.getTime() - valentine.startsAt!.getTime()).toBe(15 * DAY);
    expect(valentine.endsAt!.getTime()).toBeGreaterThan(Date.now() - 366 * DAY);

    await seedDatabase(db, buildCatalogue());
    expect((await db.select().from(coupons)).length).toBe(rows.length);
  });

  it('VALENTINE15 runs over the coming 1-15 February in Lagos', () => {
    expect(valentineWindow(new Date('2026-11-21T12:00:00Z'))).toEqual({ startsAt: new Date('2027-01-31T23:00:00Z'), endsAt: new Date('2027-02-15T23:00:00Z') });
    expect(valentineWindow(new Date('2027-02-10T12:00:00Z')).startsAt).toEqual(new Date('2027-01-31T23:00:00Z'));
    expect(valentineWindow(new Date('2027-02-15T23:00:00Z')).startsAt).toEqual(new Date('2028-01-31T23:00:00Z'));
  });

  it('FLOWERS5000 needs ₦40,000 and takes ₦5,000 off', async () => {
    const small = await createOrder(db, { items: [{ product: await someProduct(db, { max: 39_999 }) }] });
    expect((await validate(small.id, 'flowers5000')).body.message).toBe('This coupon needs an order of at least ₦40,000');
    const big = await createOrder(db, { items: [{ product: await someProduct(db, { min: 40_000, max: 200_000 }) }] });
    const res = await validate(big.id, 'flowers5000');
    expect(res.body.data.amounts.discount).toBe(5000);
    await remove(big.id);
  });
});
