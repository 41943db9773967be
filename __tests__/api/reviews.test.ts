/** @jest-environment node */
/**
 * POST /v1/firebase/order/submit-review/{orderId} over real HTTP against the real database: only
 * delivered orders, once (also when two submits race), signed with the sender's first name, and
 * shown with the rating on the product pages of the order's products.
 */
import { sql } from 'drizzle-orm';
import { createApiClient } from '@/lib/api/client';
import * as calls from '@/lib/api/calls';
import type { ProductDetail } from '@/lib/contracts/catalogue';
import type { Review } from '@/lib/contracts/orders';
import type { Db } from '@/lib/server/db/client';
import { products } from '@/lib/server/db/schema';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { httpCaller, placedOrder, setStatus, simpleProducts, type FixtureProduct } from '../helpers/orders';

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

afterEach(resetClock);

const submit = (orderId: string, body: unknown) => call<Review>('POST', `/v1/firebase/order/submit-review/${orderId}?business=regal`, { body });

async function deliveredOrder(spec: Parameters<typeof placedOrder>[1] = {}) {
  const order = await placedOrder(db, spec);
  await setStatus(db, order.id, 'delivered', 'paid', 'paystack');
  return order;
}

/** A product nobody has reviewed yet (random, so parallel test files do not share it). */
async function unreviewedProduct(): Promise<FixtureProduct & { slug: string }> {
  const list = await simpleProducts(db, { min: 10_000 });
  const reviewed = await db.execute(sql`select distinct oi.product_id as id from order_items oi join reviews r on r.order_id = oi.order_id`);
  const taken = new Set(((reviewed as unknown as { rows: { id: string }[] }).rows ?? []).map((r) => r.id));
  const free = list.filter((p) => !taken.has(p.id));
  const product = free[Math.floor(Math.random() * free.length)]!;
  const [row] = await db.select({ slug: products.slug }).from(products).where(sql`${products.id} = ${product.id}`);
  return { ...product, slug: row!.slug };
}

describe('POST /v1/firebase/order/submit-review/{orderId}', () => {
  it('records the review of a delivered order, signed with the sender’s first name', async () => {
    const order = await deliveredOrder({ sender: { name: '  Ngozi   Adebayo ', email: 'ngozi.a@example.com' } });
    const res = await submit(order.id, { rating: 4, comment: '  Fresh and on time.  ' });
    expect(res.status).toBe(201);
    expect(res.body.data).toEqual({ rating: 4, comment: 'Fresh and on time.', authorName: 'Ngozi', createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
    // Through the typed client, a second review is refused.
    const api = createApiClient({ baseURL: server.url, business: 'regal' });
    await expect(calls.submitReview(api, order.id, { rating: 5, comment: '' })).rejects.toMatchObject({ status: 409, message: 'This order has already been reviewed' });
  });

  it('refuses an order that has not been delivered yet', async () => {
    const order = await placedOrder(db);
    for (const status of ['created', 'paid', 'out_for_delivery', 'cancelled'] as const) {
      await setStatus(db, order.id, status);
      const res = await submit(order.id, { rating: 5, comment: 'Too early' });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('You can review an order once it has been delivered');
    }
  });

  it('answers 409 the second time, keeping the first review', async () => {
    const order = await deliveredOrder();
    expect((await submit(order.id, { rating: 2, comment: 'First' })).status).toBe(201);
    const again = await submit(order.id, { rating: 5, comment: 'Second' });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ data: null, error: true, message: 'This order has already been reviewed', status: 409 });
  });

  it('lets one of several simultaneous submits win and answers the others 409, never 500', async () => {
    const order = await deliveredOrder();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((rating) => submit(order.id, { rating, comment: `Try ${rating}` })));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409, 409, 409]);
  });

  it('answers 404 for an unknown order', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-an-order']) {
      const res = await submit(id, { rating: 5, comment: '' });
      expect(res.status).toBe(404);
      expect(res.body.message).toBe('Order not found');
    }
  });

  it.each([
    ['no rating', { comment: 'no rating' }, /^rating/],
    ['a rating of 0', { rating: 0 }, /^rating: must be at least 1$/],
    ['a rating of 6', { rating: 6 }, /^rating: must be at most 5$/],
    ['a rating of 3.5', { rating: 3.5 }, /^rating: must be a whole number$/],
    ['a rating as text', { rating: '5' }, /^rating/],
    ['a comment over 2000 characters', { rating: 5, comment: 'x'.repeat(2001) }, /^comment: must be at most 2000 characters$/],
  ])('refuses %s with 400 naming the field', async (_, body, message) => {
    const order = await deliveredOrder();
    const res = await submit(order.id, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
  });
});

describe('reviews on the product page', () => {
  it('the product’s answer carries the latest reviews (newest first) and the average rating', async () => {
    const product = await unreviewedProduct();
    const api = createApiClient({ baseURL: server.url, business: 'regal' });
    const before = await calls.getProductBySlug(api, product.slug);
    expect(before.reviews).toEqual([]);
    expect(before.rating).toBeNull();

    const comments = ['Beautiful', 'Good', '</script><script>alert(1)</script> & <b>bold</b>'];
    for (const [i, rating] of [5, 4, 4].entries()) {
      const order = await deliveredOrder({ items: [{ product }], sender: { name: `Reviewer${i} Surname`, email: `r${i}@example.com` } });
      expect((await submit(order.id, { rating, comment: comments[i] })).status).toBe(201);
      advanceClock(1000);
    }
    // Read through raw HTTP (the public answer may be cached for a minute by browsers, not by the server).
    const res = await call<ProductDetail>('GET', `/v1/product/slug/${product.slug}?business=regal`);
    expect(res.body.data.rating).toEqual({ average: 4.3, count: 3 });
    expect(res.body.data.reviews.map((r) => [r.rating, r.authorName, r.comment])).toEqual([
      [4, 'Reviewer2', comments[2]],
      [4, 'Reviewer1', 'Good'],
      [5, 'Reviewer0', 'Beautiful'],
    ]);
  });

  it('shows at most 10 reviews but rates them all', async () => {
    const product = await unreviewedProduct();
    for (let i = 0; i < 11; i++) {
      const order = await deliveredOrder({ items: [{ product }] });
      expect((await submit(order.id, { rating: i === 0 ? 1 : 5, comment: `Review ${i}` })).status).toBe(201);
      advanceClock(1000);
    }
    const res = await call<ProductDetail>('GET', `/v1/product/slug/${product.slug}`);
    expect(res.body.data.reviews).toHaveLength(10);
    expect(res.body.data.reviews[0]!.comment).toBe('Review 10');
    expect(res.body.data.reviews.some((r) => r.comment === 'Review 0')).toBe(false);
    expect(res.body.data.rating).toEqual({ average: Math.round((51 / 11) * 10) / 10, count: 11 });
  });
});
