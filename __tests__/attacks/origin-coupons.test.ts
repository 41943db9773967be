/** @jest-environment node */
/**
 * Attack suite, concurrency and cross-site writes (issue 7, items 11 and 12), over real HTTP
 * against the real database: five orders applying one single-use coupon at once get it exactly
 * once; and a write sent with a user's valid bearer token from a foreign `Origin` (cart update,
 * change-password, checkout, coupon) is refused with 403 before its body is read, changing
 * nothing, while the same calls from the shop's own origin, from the request's own host, or with
 * no Origin (webhooks, server-side calls) still work, and reads are unaffected.
 *
 * More coupon races: __tests__/api/coupons.test.ts ('lets exactly one of many orders racing …').
 */
import { count, eq } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions } from '@/lib/server/db/schema';
import type { Order } from '@/lib/contracts/orders';
import type { UserRecord } from '@/lib/contracts/auth';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { createCoupon, createOrder, httpCaller } from '../helpers/orders';
import { deliveryCheckout, itemOf, plainDay, seededProducts, uniqueEmail } from '../helpers/order-api';

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

describe('11. a single-use coupon under concurrency', () => {
  it('five orders applying it at once: exactly one succeeds, one redemption recorded', async () => {
    const code = await createCoupon(db, { usageLimit: 1 });
    const racers = await Promise.all(Array.from({ length: 5 }, () => createOrder(db)));
    const answers = await Promise.all(racers.map((o) => call<Order>('POST', '/v1/coupon/validate', { body: { orderId: o.id, code } })));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400]);
    const [row] = await db.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponCode, code));
    expect(row!.n).toBe(1);
    const withCoupon = await Promise.all(racers.map(async (o) => (await call<Order>('GET', `/v1/firebase/order/${o.id}`)).body.data.coupon?.code));
    expect(withCoupon.filter((c) => c === code)).toHaveLength(1);
  });
});

describe('12. a foreign origin posting with a user’s token', () => {
  const EVIL = 'https://evil.example';
  let who: { email: string; password: string; token: string };

  beforeAll(async () => {
    const email = uniqueEmail('origin');
    const res = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password: 'lilies-and-roses' } });
    who = { email, password: 'lilies-and-roses', token: res.body.data.authToken };
  });

  const auth = (origin?: string) => ({ authorization: `Bearer ${who.token}`, ...(origin !== undefined && { origin }) });
  const cart = (origin?: string, items = [itemOf(shop.gift)]) => call('PUT', '/v1/cart-item/update', { body: { cartItems: items.map((i) => ({ ...i, name: shop.gift.title, price: shop.gift.price })) }, headers: auth(origin) });
  const handshakeCart = async () => ((await call<{ user: UserRecord | null }>('GET', '/v1/regal/handshake', { headers: auth() })).body.data.user as unknown as { cartItems?: unknown[] } | null)?.cartItems ?? [];

  it('refuses cart update, change-password, checkout and coupon with 403, changing nothing', async () => {
    const cartBefore = await handshakeCart();
    const order = await createOrder(db);
    const code = await createCoupon(db);
    const writes: [string, string, unknown][] = [
      ['PUT', '/v1/cart-item/update', { cartItems: [] }],
      ['PUT', '/v1/regal/auth/change-password', { password: 'stolen-password-1' }],
      ['PUT', `/v1/firebase/order/checkout-order/${order.id}`, deliveryCheckout(plainDay())],
      ['POST', '/v1/coupon/validate', { orderId: order.id, code }],
      ['POST', '/v1/regal/auth/logout', {}],
    ];
    for (const origin of [EVIL, 'null', 'https://shop.example.evil.example', 'http://127.0.0.1.evil.example']) {
      for (const [method, url, body] of writes) {
        const res = await call(method, url, { body, headers: auth(origin) });
        expect([origin, url, res.status, res.body]).toEqual([origin, url, 403, { data: null, error: true, message: 'Cross-site requests are not accepted', status: 403 }]);
      }
    }
    // Refused before the body is read: even a malformed body gets the 403, not a 400.
    const early = await fetch(`${server.url}/v1/cart-item/update`, { method: 'PUT', headers: { ...auth(EVIL), 'content-type': 'application/json' }, body: '{not json' });
    expect(early.status).toBe(403);

    expect(await handshakeCart()).toEqual(cartBefore);
    expect((await call('POST', '/v1/regal/auth/login', { body: { email: who.email, password: who.password } })).status).toBe(200);
    expect((await call('POST', '/v1/regal/auth/login', { body: { email: who.email, password: 'stolen-password-1' } })).status).toBe(401);
    expect((await call<Order>('GET', `/v1/firebase/order/${order.id}`)).body.data).toEqual(order);
  });

  it('accepts the shop’s own origin, the request’s own host and no Origin at all; reads are never refused', async () => {
    const site = new URL(getConfig().siteUrl).origin;
    expect((await cart(site)).status).toBe(200);
    expect((await cart(server.url)).status).toBe(200);
    expect((await cart(undefined)).status).toBe(200);
    expect(await handshakeCart()).toHaveLength(1);
    const order = await createOrder(db);
    expect((await call('GET', `/v1/firebase/order/${order.id}`, { headers: { origin: EVIL } })).status).toBe(200);
    expect((await call('GET', '/v1/product/paginate', { headers: { origin: EVIL } })).status).toBe(200);
  });
});
