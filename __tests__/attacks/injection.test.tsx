/** @jest-environment node */
/**
 * Attack suite, injection (issue 7, item 5), over real HTTP against the real database: SQL and
 * script payloads in the catalogue search, the checkout's sender and recipient names, the card
 * message and reviews are stored exactly as sent (read back equal), break nothing (the products
 * are all still there and searchable), and are shown escaped: the tracker's components and the
 * product page's reviews rendered on the server with react-dom/server, and the product JSON-LD
 * script, contain `&lt;script&gt;` (or `\u003c`) and never a raw `<script>alert`.
 */
import { renderToString } from 'react-dom/server';
import { count, sql } from 'drizzle-orm';
import type { ProductDetail } from '@/lib/contracts/catalogue';
import type { CheckoutAnswer, Order, OrderCreated, Review, TrackedOrder } from '@/lib/contracts/orders';
import type { Db } from '@/lib/server/db/client';
import { orders, products } from '@/lib/server/db/schema';
import { ShellProvider } from '@/lib/state/shell-context';
import { TrackedOrderView } from '@/components/order-tracker/tracked-order';
import { TRACKER_PAGE_TEXTS } from '@/lib/content/tracker-texts';
import { ProductReviews } from '@/components/product/product-reviews';
import { jsonLdScript } from '@/components/seo/seo';
import { productJsonLd } from '@/lib/seo/json-ld';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { httpCaller, setStatus } from '../helpers/orders';
import { deliveryCheckout, itemOf, plainDay, seededProducts } from '../helpers/order-api';
import { SHELL } from '../helpers/render';

const PAYLOADS = ["'; DROP TABLE products;--", "%' OR 1=1 --", '<script>alert(1)</script>', '</script><script>alert("x")</script>', "Robert'); DELETE FROM orders; --", '"><img src=x onerror=alert(1)>'];
const SCRIPT = '<script>alert(1)</script>';

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

const productCount = async () => (await db.select({ n: count() }).from(products))[0]!.n;

type Page = { items: unknown[] };
const listed = (data: Page): unknown[] => data.items;

describe('search', () => {
  it('takes SQL and script payloads as plain words: no error, no match-all, nothing dropped', async () => {
    const before = await productCount();
    const all = await call<Page>('GET', '/v1/product/paginate?pageSize=100');
    expect(all.status).toBe(200);
    for (const payload of PAYLOADS) {
      const res = await call<Page>('GET', `/v1/product/paginate?searchValue=${encodeURIComponent(payload)}&pageSize=100`);
      expect([payload, res.status]).toEqual([payload, 200]);
      // A payload that matched everything would list the whole catalogue.
      expect(listed(res.body.data).length).toBeLessThan(Math.max(1, listed(all.body.data).length));
      expect(res.text).not.toContain('<script>alert');
    }
    expect(await productCount()).toBe(before);
    const again = await call<Page>('GET', `/v1/product/paginate?searchValue=${encodeURIComponent(shop.gift.title)}`);
    expect(listed(again.body.data).length).toBeGreaterThan(0);
  });
});

describe('names, card messages and reviews', () => {
  it('are stored exactly as sent, break nothing, and render escaped in the tracker', async () => {
    const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.gift)], currency: 'NGN', deliveryDate: '' } });
    const id = created.body.data.id;
    const body = deliveryCheckout(plainDay());
    const names = { sender: `${SCRIPT} '; DROP TABLE orders;--`, recipient: `Amaka ${SCRIPT}`, message: `${PAYLOADS.join(' | ')}`, address: `5 Road'); DELETE FROM orders; -- ${SCRIPT}` };
    const res = await call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, {
      body: { ...body, userData: { ...body.userData, name: names.sender }, orderData: { ...body.orderData, deliveryMessage: names.message, recipient: { ...body.orderData.recipient, name: names.recipient, address: names.address } } },
    });
    expect(res.status).toBe(200);

    const order = (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
    expect(order.client.name).toBe(names.sender);
    expect(order.deliveryDetails.recipientName).toBe(names.recipient);
    expect(order.deliveryMessage).toBe(names.message);
    expect(order.recipientAddress).toContain(names.address);
    expect((await db.select({ n: count() }).from(orders).where(sql`${orders.id} = ${id}`))[0]!.n).toBe(1);
    expect(await productCount()).toBeGreaterThan(0);

    const tracked = await call<TrackedOrder>('GET', `/v1/firebase/order/order-number/${order.orderNumber}?email=${encodeURIComponent(body.userData.email)}`, { headers: { 'x-forwarded-for': '10.250.1.1' } });
    expect(tracked.status).toBe(200);
    expect(tracked.body.data.recipient?.name).toBe(names.recipient);
    const html = renderToString(
      <ShellProvider value={SHELL}>
        <TrackedOrderView order={tracked.body.data} texts={TRACKER_PAGE_TEXTS} />
      </ShellProvider>,
    );
    expect(html).toContain('Amaka &lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toContain('<script');
  });

  it('reviews: stored as sent, escaped in the reviews list and unable to close the JSON-LD script', async () => {
    const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.gift)], currency: 'NGN', deliveryDate: '' } });
    const id = created.body.data.id;
    await setStatus(db, id, 'delivered', 'paid', 'paystack');
    const comment = `</script>${SCRIPT} '; DROP TABLE reviews;-- & <b>bold</b>`;
    const review = await call<Review>('POST', `/v1/firebase/order/submit-review/${id}`, { body: { rating: 5, comment } });
    expect(review.status).toBe(201);
    expect(review.body.data.comment).toBe(comment);

    const product = (await call<ProductDetail>('GET', `/v1/product/slug/${shop.gift.slug}`)).body.data;
    const mine = product.reviews.find((r) => r.comment === comment);
    expect(mine).toBeDefined();

    const html = renderToString(<ProductReviews reviews={[mine!]} rating={product.rating} />);
    expect(html).toContain('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<b>/);

    const script = jsonLdScript(productJsonLd(product, { siteUrl: SHELL.siteUrl, brandName: 'Regal Flowers' }));
    expect(script).not.toContain('</script');
    expect(script).not.toContain('<script');
    expect(script).toContain('\\u003cscript>alert(1)');
    expect(JSON.parse(script)).toMatchObject({ review: expect.arrayContaining([expect.objectContaining({ reviewBody: comment })]) });
  });
});
