/** @jest-environment node */
/**
 * The back office's products over real HTTP (issue 14, first slice): a manager lists and searches
 * products (`GET /admin/api/products`) and changes a price, a size's price and stock, stock and
 * availability (`PATCH /admin/api/products/{id}`); the change shows on the next storefront call
 * through the same server (its answer cache included), with a `content_audit` line before/after.
 * Refusals (403 role, 404, 400 per field, another site) write nothing. An unpaid order keeps the
 * prices it was created with until its cart changes.
 *
 * The products changed here are made by this file (random slugs and SKUs), so that on a shared
 * PostgreSQL no other test file's prices move under it.
 */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { contentAudit, products, productVariants } from '@/lib/server/db/schema';
import { contentChangesOf } from '@/lib/server/services/backoffice/content-audit';
import { createServerApi } from '@/lib/api/server';
import { getProductBySlug } from '@/lib/api/calls';
import { contentVersion } from '@/lib/server/live/content';
import type { AdminProduct, AdminProductPage } from '@/lib/contracts/catalogue-admin';
import type { ProductDetail } from '@/lib/contracts/catalogue';
import type { Order } from '@/lib/contracts/orders';
import type { StaffRole } from '@/lib/domain/staff';
import { signedInStaff, staffJson } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { caller, plainDay } from '../helpers/order-api';
import { tag } from '../helpers/orders';

let db: Db;
let server: ApiServer;
let manager: string;

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  manager = (await signedInStaff(db, 'manager', null, 'Bisi Manager')).cookie;
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

type Made = { id: string; slug: string; sku: string; variantSkus: string[] };

/** A product of this file's own: simple at `price`, or variable with sizes at `sizes` prices. */
async function madeProduct(options: { price?: number; sizes?: number[]; title?: string } = {}): Promise<Made> {
  const t = tag();
  const id = randomUUID();
  const slug = `admin-test-${t}`;
  const sku = `AT-${t}`.toUpperCase();
  const sizes = options.sizes ?? [];
  const price = sizes.length > 0 ? Math.min(...sizes) : (options.price ?? 45_000);
  await db.insert(products).values({
    id,
    slug,
    name: `${options.title ?? `Admin Test ${t}`} – 12 roses`,
    description: 'A product made by the back-office tests.',
    price,
    sku,
    type: sizes.length > 0 ? 'variable' : 'simple',
    productClass: 'flowers',
    budget: 'regular',
    categories: ['roses'],
  });
  const names = ['Standard', 'Deluxe', 'VIP'];
  const variantSkus = sizes.map((_, i) => `${sku}-${names[i]!.toUpperCase()}`);
  if (sizes.length > 0) {
    await db.insert(productVariants).values(sizes.map((p, i) => ({ id: randomUUID(), productId: id, name: names[i]!, sku: variantSkus[i]!, price: p, inStock: true, sortOrder: i })));
  }
  return { id, slug, sku, variantSkus };
}

const change = (id: string, body: unknown, cookie = manager) => staffJson<AdminProduct>(server.url, 'PATCH', `/admin/api/products/${id}`, body, cookie);
const list = (query: string, cookie = manager) => staffJson<AdminProductPage>(server.url, 'GET', `/admin/api/products${query}`, undefined, cookie);
const shopperProduct = async (slug: string) => {
  const res = await fetch(`${server.url}/v1/product/slug/${slug}?business=regal`);
  return { status: res.status, body: (await res.json()) as { data: ProductDetail } };
};
const rowOf = async (id: string) => (await db.select().from(products).where(eq(products.id, id)))[0]!;
const sizesOf = (id: string) => db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(productVariants.sortOrder);
const signedIn = async (role: StaffRole, branch: 'lagos' | 'abuja' | null = null) => (await signedInStaff(db, role, branch)).cookie;

describe('PATCH /admin/api/products/{id}', () => {
  it("a manager's new price answers the product, shows on the next storefront call (answer cache too) and is audited", async () => {
    const made = await madeProduct({ price: 45_000 });
    // The storefront's server-side client, with its 30 s answer cache, reads the product first.
    const pages = createServerApi({ baseURL: server.url, business: 'regal', version: contentVersion });
    expect((await getProductBySlug(pages, made.slug)).price).toBe(45_000);
    const versionBefore = contentVersion();

    const res = await change(made.id, { price: 52_000 });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/is changed$/);
    expect(res.body.data).toMatchObject({ id: made.id, slug: made.slug, price: 52_000, active: true, inStock: true, type: 'simple', variants: [] });

    expect(contentVersion()).toBeGreaterThan(versionBefore);
    expect((await shopperProduct(made.slug)).body.data.price).toBe(52_000);
    // The same cached client: its entry was stored before the change, so it asks again.
    expect((await getProductBySlug(pages, made.slug)).price).toBe(52_000);

    const audit = await contentChangesOf(db, 'product', made.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      entity: 'product',
      action: 'updated',
      before: { price: 45_000, inStock: true, active: true, variants: [] },
      after: { price: 52_000, inStock: true, active: true, variants: [] },
      actorId: expect.any(String),
      address: expect.stringMatching(/127\.0\.0\.1|::1/),
    });
  });

  it("changes sizes by SKU: their prices and stock, the listed price follows the cheapest size; stock and availability too", async () => {
    const made = await madeProduct({ sizes: [40_000, 60_000, 90_000] });
    const res = await change(made.id, { variants: [{ sku: made.variantSkus[0], price: 65_000 }, { sku: made.variantSkus[2]!.toLowerCase(), inStock: false }] });
    expect(res.status).toBe(200);
    expect(res.body.data.price).toBe(60_000);
    expect(res.body.data.variants).toEqual([
      { sku: made.variantSkus[0], size: 'Standard', price: 65_000, inStock: true },
      { sku: made.variantSkus[1], size: 'Deluxe', price: 60_000, inStock: true },
      { sku: made.variantSkus[2], size: 'VIP', price: 90_000, inStock: false },
    ]);
    const shopper = (await shopperProduct(made.slug)).body.data;
    expect(shopper.price).toBe(60_000);
    expect(shopper.variants.map((v) => [v.sku, v.price, v.inStock])).toEqual([
      [made.variantSkus[0], 65_000, true],
      [made.variantSkus[1], 60_000, true],
      [made.variantSkus[2], 90_000, false],
    ]);
    const [line] = await contentChangesOf(db, 'product', made.id);
    expect(line!.before).toMatchObject({ price: 40_000, variants: [{ price: 40_000 }, { price: 60_000 }, { inStock: true }] });
    expect(line!.after).toMatchObject({ price: 60_000, variants: [{ price: 65_000 }, { price: 60_000 }, { inStock: false }] });

    // Out of stock, then not sold at all: the storefront says so on the next call.
    expect((await change(made.id, { inStock: false })).body.data.inStock).toBe(false);
    expect((await shopperProduct(made.slug)).body.data.inStock).toBe(false);
    expect((await change(made.id, { active: false })).body.data.active).toBe(false);
    expect((await shopperProduct(made.slug)).status).toBe(404);
    expect(await contentChangesOf(db, 'product', made.id)).toHaveLength(3);

    // The same values again change nothing and write nothing.
    const same = await change(made.id, { active: false, inStock: false });
    expect([same.status, same.body.message]).toEqual([200, 'Nothing to change']);
    expect(await contentChangesOf(db, 'product', made.id)).toHaveLength(3);
  });

  it('refuses florists and riders (403), unknown products (404), bad fields (400 naming them), other sites (403); nothing is written', async () => {
    const simple = await madeProduct({ price: 30_000, title: 'Refused Simple' });
    const sized = await madeProduct({ sizes: [40_000, 60_000], title: 'Refused Sized' });
    const versionBefore = contentVersion();

    expect(await change(simple.id, { price: 1 }, await signedIn('florist', 'lagos'))).toMatchObject({ status: 403, body: { message: 'A florist cannot do this' } });
    expect((await change(simple.id, { price: 1 }, await signedIn('rider', 'lagos'))).status).toBe(403);
    expect((await change(simple.id, { price: 1 }, 'staff_session=nope')).status).toBe(401);
    expect((await change(randomUUID(), { price: 50_000 })).body).toMatchObject({ message: 'Product not found' });
    expect((await change(randomUUID(), { price: 50_000 })).status).toBe(404);
    expect((await change('not-an-id', { price: 50_000 })).status).toBe(404);

    const messages: [string, unknown, unknown][] = [
      ['zero', simple.id, { price: 0 }],
      ['fraction', simple.id, { price: 450.5 }],
      ['text', simple.id, { price: '45000' }],
      ['negative', simple.id, { price: -5 }],
      ['huge', simple.id, { price: 1e9 }],
      ['empty', simple.id, {}],
      ['unknown key', simple.id, { price: 50_000, colour: 'x' }],
      ['stock text', simple.id, { inStock: 'no' }],
      ['sizes on simple', simple.id, { variants: [{ sku: simple.sku, price: 50_000 }] }],
      ['price on sized', sized.id, { price: 50_000 }],
      ['foreign SKU', sized.id, { variants: [{ sku: simple.sku, price: 50_000 }] }],
      ['twice', sized.id, { variants: [{ sku: sized.variantSkus[0], price: 50_000 }, { sku: sized.variantSkus[0], inStock: false }] }],
      ['size price', sized.id, { variants: [{ sku: sized.variantSkus[0], price: 50_000 }, { sku: sized.variantSkus[1], price: 0 }] }],
      ['size key', sized.id, { variants: [{ sku: sized.variantSkus[1], size: 'Big' }] }],
      ['no sizes', sized.id, { variants: [] }],
    ];
    const answers: Record<string, string> = {};
    for (const [name, id, body] of messages) {
      const res = await change(id as string, body);
      expect([name, res.status]).toEqual([name, 400]);
      answers[name] = res.body.message;
    }
    expect(answers).toEqual({
      zero: 'price: must be more than ₦0',
      fraction: 'price: must be a whole number of naira, e.g. 45000',
      text: 'price: must be a whole number of naira, e.g. 45000',
      negative: 'price: must be more than ₦0',
      huge: 'price: must be at most ₦100,000,000',
      empty: expect.stringMatching(/^Send at least one field to change \(name, slug, description, sku, price, variants, .*active\)$/),
      'unknown key': 'colour is not a field of this call',
      'stock text': 'inStock: must be true or false',
      'sizes on simple': 'variants: Refused Simple comes in one size only; change its price',
      'price on sized': "price: Refused Sized comes in sizes (Standard, Deluxe); change each size's price under variants",
      'foreign SKU': `variants.0.sku: ${simple.sku} is not a size of Refused Sized (its sizes: ${sized.variantSkus[0]} Standard, ${sized.variantSkus[1]} Deluxe)`,
      twice: `variants.1.sku: ${sized.variantSkus[0]} is listed twice`,
      'size price': 'variants.1.price: must be more than ₦0',
      'size key': 'variants.0.size is not a field of this call',
      'no sizes': 'price: is required for a product without sizes (or list its sizes under variants)',
    });

    // Another site, or no Origin at all: refused before the body is read.
    for (const origin of ['https://evil.example', null]) {
      const headers: Record<string, string> = { 'content-type': 'application/json', cookie: manager };
      if (origin) headers.origin = origin;
      const res = await fetch(`${server.url}/admin/api/products/${simple.id}`, { method: 'PATCH', headers, body: JSON.stringify({ price: 1000 }) });
      expect(res.status).toBe(403);
    }

    expect((await rowOf(simple.id)).price).toBe(30_000);
    expect((await sizesOf(sized.id)).map((v) => [v.price, v.inStock])).toEqual([
      [40_000, true],
      [60_000, true],
    ]);
    expect(await db.select().from(contentAudit).where(eq(contentAudit.entityId, simple.id))).toEqual([]);
    expect(await db.select().from(contentAudit).where(eq(contentAudit.entityId, sized.id))).toEqual([]);
    expect(contentVersion()).toBe(versionBefore);
  });

  it('the content audit refuses changes and removals', async () => {
    const made = await madeProduct();
    await change(made.id, { price: 46_000 });
    await expect(db.update(contentAudit).set({ action: 'x' }).where(eq(contentAudit.entityId, made.id))).rejects.toThrow();
    await expect(db.delete(contentAudit).where(eq(contentAudit.entityId, made.id))).rejects.toThrow();
    expect(await contentChangesOf(db, 'product', made.id)).toHaveLength(1);
  });
});

describe('GET /admin/api/products', () => {
  it('searches names, slugs and SKUs, inactive products included, 25 a page with the total', async () => {
    const made = await madeProduct({ sizes: [40_000, 60_000], title: 'Zebra Orchid Search' });
    await db.update(products).set({ active: false }).where(eq(products.id, made.id));

    const byName = await list('?q=zebra%20orchid');
    expect(byName.status).toBe(200);
    expect(byName.body.data.rows.map((r) => r.id)).toContain(made.id);
    expect(byName.body.data.rows.find((r) => r.id === made.id)).toMatchObject({ active: false, type: 'variable', price: 40_000, variants: [{ sku: made.variantSkus[0], size: 'Standard', price: 40_000 }, { size: 'Deluxe' }] });
    expect((await list(`?q=${made.variantSkus[1]!.toLowerCase()}`)).body.data.rows.map((r) => r.id)).toEqual([made.id]);
    expect((await list(`?q=${made.slug}`)).body.data.rows.map((r) => r.id)).toEqual([made.id]);
    expect((await list('?q=%25')).body.data.total).toBe(0);

    const first = (await list('')).body.data;
    expect(first).toMatchObject({ page: 1, pageSize: 25 });
    expect(first.rows).toHaveLength(25);
    expect(first.total).toBeGreaterThan(200);
    // Seeded products have pictures (on a shared database, other files' products without any may come first).
    expect(first.rows.find((r) => r.picture)?.picture).toEqual({ src: expect.stringMatching(/^\/media\/p\/.+\.webp$/), alt: expect.any(String) });
    const second = (await list('?page=2')).body.data;
    expect(second.rows[0]!.id).not.toBe(first.rows[0]!.id);

    expect((await list('?page=0')).body.message).toBe('page must be 1 or more');
    expect((await list('', await signedIn('florist', 'abuja'))).status).toBe(403);
    expect((await list('', await signedIn('owner'))).status).toBe(200);
  });
});

describe('an unpaid order created before a price change', () => {
  const call = () => caller(server.url);

  it('keeps the price it was created with until its cart is sent again', async () => {
    const made = await madeProduct({ price: 30_000 });
    const item = { productId: made.id, SKU: made.sku, quantity: 2, image: { src: '/media/p/x.webp', alt: 'x' } };
    const created = await call()<{ id: string }>('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', business: 'regal', cartItems: [item] } });
    expect(created.status).toBe(201);
    const id = created.body.data.id;

    expect((await change(made.id, { price: 35_000 })).status).toBe(200);

    // Reading the order, and changing it without its items (a new day), keep the old price.
    const read = await call()<Order>('GET', `/v1/firebase/order/${id}`);
    expect(read.body.data.amounts).toMatchObject({ subtotal: 60_000, total: 60_000 });
    expect(read.body.data.orderProducts[0]).toMatchObject({ price: 30_000 });
    const day = await call()<Order>('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: plainDay(), cartItems: null } });
    expect(day.status).toBe(200);
    expect(day.body.data.amounts).toMatchObject({ subtotal: 60_000 });

    // The cart sent again (what 'Update Cart' does): priced from the catalogue as it is now.
    const again = await call()<Order>('PUT', `/v1/firebase/order/${id}`, { body: { currency: 'NGN', deliveryDate: plainDay(), cartItems: [item] } });
    expect(again.status).toBe(200);
    expect(again.body.data.amounts).toMatchObject({ subtotal: 70_000 });
    expect(again.body.data.orderProducts[0]).toMatchObject({ price: 35_000 });
  });
});
