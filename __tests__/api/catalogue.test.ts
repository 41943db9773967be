/** @jest-environment node */
/**
 * The catalogue calls over real HTTP against the real database (embedded, or PostgreSQL when
 * TEST_DATABASE_URL is set), through the typed client in lib/api.
 */
import { ApiError, createApiClient, type ApiClient } from '@/lib/api/client';
import * as calls from '@/lib/api/calls';
import { createAnswerCache } from '@/lib/api/answer-cache';
import type { ProductSummary } from '@/lib/contracts/catalogue';
import { SHOP_BY_VALUES } from '@/lib/domain/catalogue';
import { CATEGORY_SLUGS } from '@/lib/domain/categories';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { products } from '@/lib/server/db/schema';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';

let server: ApiServer;
let api: ApiClient;
let everything: ProductSummary[];

beforeAll(async () => {
  await openTestDatabase();
  server = await startApiServer();
  api = createApiClient({ baseURL: server.url, business: 'regal' });
  everything = await calls.getAllProducts(api, { onlyActive: false });
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

async function raw(path: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(`${server.url}${path}`, init);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('GET /v1/product/all', () => {
  it('lists every active product by default and hides inactive ones', async () => {
    const active = await calls.getAllProducts(api);
    expect(active.length).toBeGreaterThanOrEqual(190);
    expect(active.every((p) => p.active)).toBe(true);
    expect(everything.length).toBeGreaterThan(active.length);
    expect(everything.some((p) => !p.active)).toBe(true);
  });

  it('answers in the shared envelope with cards ready to show', async () => {
    const { status, body } = await raw('/v1/product/all?business=regal&onlyActive=true');
    expect(status).toBe(200);
    expect(body).toMatchObject({ error: false, message: expect.any(String) });
    const first = (body.data as ProductSummary[])[0]!;
    expect(first).toEqual(
      expect.objectContaining({ id: expect.any(String), slug: expect.any(String), price: expect.any(Number), sku: expect.any(String) }),
    );
    expect(first.images.length).toBeGreaterThan(0);
    expect(first.images[0]!.src).toMatch(/^\/media\/p\/[0-9a-f-]{36}\.webp$/);
  });
});

describe('GET /v1/product/slug/{slug}', () => {
  it('returns the product with variants, images, design options and related products', async () => {
    const variable = everything.find((p) => p.type === 'variable' && p.active && p.inStock)!;
    const product = await calls.getProductBySlug(api, variable.slug, { relatedProductsCount: 4, includeAddons: true, includeAlerts: true });
    expect(product.slug).toBe(variable.slug);
    expect(product.variants.length).toBeGreaterThanOrEqual(2);
    expect(product.price).toBe(Math.min(...product.variants.map((v) => v.price)));
    expect(product.images.length).toBeGreaterThanOrEqual(1);
    expect(product.images.every((i) => i.alt.length > 0)).toBe(true);
    expect(product.relatedProducts.length).toBeGreaterThan(0);
    expect(product.relatedProducts.length).toBeLessThanOrEqual(4);
    expect(product.relatedProducts.every((r) => r.active && r.slug !== product.slug)).toBe(true);
    expect(product.addons?.length).toBeGreaterThan(0);
    expect(product.alerts?.length).toBeGreaterThan(0);
  });

  it('offers design options with their extra price', async () => {
    const withDesigns = await Promise.all(everything.filter((p) => p.active).slice(0, 40).map((p) => calls.getProductBySlug(api, p.slug)));
    const designs = withDesigns.flatMap((p) => p.designOptions);
    expect(designs).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'in-a-vase', price: 15000 })]));
  });

  it('leaves out related products and add-ons unless asked', async () => {
    const product = await calls.getProductBySlug(api, everything.find((p) => p.active)!.slug);
    expect(product.relatedProducts).toEqual([]);
    expect(product.addons).toBeUndefined();
  });

  it('answers 404 with a message for an unknown slug', async () => {
    const { status, body } = await raw('/v1/product/slug/no-such-bouquet?business=regal');
    expect(status).toBe(404);
    expect(body).toEqual({ data: null, error: true, message: 'No product is called "no-such-bouquet"', status: 404 });
    await expect(calls.getProductBySlug(api, 'no-such-bouquet')).rejects.toEqual(new ApiError(404, 'No product is called "no-such-bouquet"'));
  });

  it('hides an inactive product unless onlyActive=false', async () => {
    const inactive = everything.find((p) => !p.active)!;
    expect((await raw(`/v1/product/slug/${inactive.slug}?onlyActive=true`)).status).toBe(404);
    const shown = await calls.getProductBySlug(api, inactive.slug, { onlyActive: false });
    expect(shown.active).toBe(false);
  });

  it('answers no reviews and no rating for a product nobody reviewed', async () => {
    // Inactive products cannot be ordered, so no test anywhere reviews them.
    const product = await calls.getProductBySlug(api, everything.find((p) => !p.active)!.slug, { onlyActive: false });
    expect(product.reviews).toEqual([]);
    expect(product.rating).toBeNull();
  });

  it('refuses a malformed slug or count with 400 naming the field', async () => {
    const bad = await raw('/v1/product/slug/DROP%20TABLE?business=regal');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toMatch(/slug/);
    const count = await raw(`/v1/product/slug/${everything[0]!.slug}?relatedProductsCount=-1`);
    expect(count.status).toBe(400);
    expect(count.body.message).toMatch(/relatedProductsCount/);
  });
});

describe('GET /v1/product/slug-multiple and id-multiple', () => {
  it('returns the named products in the order asked, skipping unknown ones', async () => {
    const picks = everything.filter((p) => p.active).slice(3, 6);
    const bySlug = await calls.getProductsBySlugs(api, [picks[2]!.slug, 'unknown-slug', picks[0]!.slug, picks[1]!.slug]);
    expect(bySlug.map((p) => p.slug)).toEqual([picks[2]!.slug, picks[0]!.slug, picks[1]!.slug]);
    const byId = await calls.getProductsByIds(api, [picks[1]!.id, picks[0]!.id]);
    expect(byId.map((p) => p.id)).toEqual([picks[1]!.id, picks[0]!.id]);
  });

  it('hides inactive products', async () => {
    const inactive = everything.find((p) => !p.active)!;
    expect(await calls.getProductsBySlugs(api, [inactive.slug])).toEqual([]);
    expect(await calls.getProductsByIds(api, [inactive.id])).toEqual([]);
  });

  it('refuses a missing or malformed list with 400', async () => {
    const missing = await raw('/v1/product/slug-multiple?business=regal');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/slugs/);
    const malformed = await raw('/v1/product/id-multiple?ids=1,2');
    expect(malformed.status).toBe(400);
    expect(malformed.body.message).toMatch(/ids/);
  });
});

describe('GET /v1/product/paginate', () => {
  it('pages through the whole active catalogue without repeats or gaps', async () => {
    const first = await calls.paginateProducts(api, { pageNumber: 1, pageSize: 50 });
    const seen = new Set<string>();
    for (let page = 1; page <= first.totalPages; page++) {
      const result = await calls.paginateProducts(api, { pageNumber: page, pageSize: 50 });
      result.items.forEach((p) => seen.add(p.id));
    }
    expect(seen.size).toBe(first.total);
    expect(first.total).toBe(everything.filter((p) => p.active).length);
    const beyond = await calls.paginateProducts(api, { pageNumber: first.totalPages + 1, pageSize: 50 });
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it.each([
    ['name', 'asc', (a: ProductSummary, b: ProductSummary) => a.name.toLowerCase() <= b.name.toLowerCase()],
    ['name', 'desc', (a: ProductSummary, b: ProductSummary) => a.name.toLowerCase() >= b.name.toLowerCase()],
    ['price', 'asc', (a: ProductSummary, b: ProductSummary) => a.price <= b.price],
    ['price', 'desc', (a: ProductSummary, b: ProductSummary) => a.price >= b.price],
  ] as const)('sorts by %s %s', async (sortField, sortType, inOrder) => {
    const { items } = await calls.paginateProducts(api, { sortField, sortType, pageSize: 100 });
    expect(items.length).toBe(100);
    for (let i = 1; i < items.length; i++) expect(inOrder(items[i - 1]!, items[i]!)).toBe(true);
  });

  it('filters by category, and every category of the spec has products', async () => {
    for (const slug of CATEGORY_SLUGS) {
      const { items, total } = await calls.paginateProducts(api, { categories: slug, pageSize: 5 });
      expect({ slug, total: total >= 5 }).toEqual({ slug, total: true });
      expect(items.length).toBe(5);
    }
  });

  it('filters by every shop-by value, combining groups with AND and values with OR', async () => {
    for (const [field, values] of Object.entries(SHOP_BY_VALUES)) {
      for (const value of values) {
        const { total } = await calls.paginateProducts(api, { [field]: value });
        expect({ field, value, total: total >= 5 }).toEqual({ field, value, total: true });
      }
    }
    const vip = await calls.paginateProducts(api, { budget: 'vip', pageSize: 100 });
    const roses = await calls.paginateProducts(api, { flowerName: 'roses', pageSize: 100 });
    const vipRoses = await calls.paginateProducts(api, { budget: 'vip', flowerName: 'roses', pageSize: 100 });
    const rosesOrLilies = await calls.paginateProducts(api, { flowerName: 'roses,lilies', pageSize: 100 });
    const lilies = await calls.paginateProducts(api, { flowerName: 'lilies', pageSize: 100 });
    expect(vipRoses.total).toBeLessThanOrEqual(Math.min(vip.total, roses.total));
    expect(vipRoses.items.every((p) => p.budget === 'vip')).toBe(true);
    expect(rosesOrLilies.total).toBeGreaterThanOrEqual(Math.max(roses.total, lilies.total));
    expect(rosesOrLilies.total).toBeLessThanOrEqual(roses.total + lilies.total);
  });

  it('filters by product class', async () => {
    const gifts = await calls.paginateProducts(api, { productClass: 'gifts', pageSize: 100 });
    const flowers = await calls.paginateProducts(api, { productClass: 'flowers', pageSize: 100 });
    expect(gifts.total).toBeGreaterThan(10);
    expect(flowers.total).toBeGreaterThan(gifts.total);
    const giftIds = new Set(gifts.items.map((p) => p.id));
    expect(flowers.items.some((p) => giftIds.has(p.id))).toBe(false);
  });

  it('finds words anywhere in the name, whatever their case', async () => {
    const target = everything.find((p) => p.active && /\s/.test(p.name))!;
    const lastWord = target.name.split(/\s+/).filter((w) => /^[A-Za-z]{4,}$/.test(w)).pop()!;
    const { items } = await calls.paginateProducts(api, { searchValue: lastWord.toUpperCase(), pageSize: 100 });
    expect(items.length).toBeGreaterThan(0);
    expect(items[0]!.name.toLowerCase()).toContain(lastWord.toLowerCase());
    expect(items.map((p) => p.id)).toContain(target.id);
  });

  it('tolerates small typos and singular forms', async () => {
    const chrysanthemums = await calls.paginateProducts(api, { searchValue: 'chrysanthemun', pageSize: 100 });
    expect(chrysanthemums.total).toBeGreaterThan(0);
    expect(chrysanthemums.items[0]!.name.toLowerCase()).toContain('chrysanthemum');
    const roses = await calls.paginateProducts(api, { searchValue: 'rose', pageSize: 100 });
    expect(roses.items.some((p) => p.name.includes('Roses'))).toBe(true);
    const lilies = await calls.paginateProducts(api, { searchValue: 'lily', pageSize: 100 });
    expect(lilies.items.some((p) => p.name.includes('Lilies'))).toBe(true);
    const nothing = await calls.paginateProducts(api, { searchValue: 'zzqxv' });
    expect(nothing).toMatchObject({ total: 0, items: [] });
  });

  it('requires every word, ranking exact matches first', async () => {
    const { items, total } = await calls.paginateProducts(api, { searchValue: 'Red Roses', pageSize: 100 });
    expect(total).toBeGreaterThan(0);
    expect(items[0]!.name.toLowerCase()).toMatch(/\bred\b.*\broses\b|\broses\b.*\bred\b/);
    const roses = await calls.paginateProducts(api, { searchValue: 'roses' });
    expect(total).toBeLessThan(roses.total);
  });

  it('finds a renamed product by its new name at once', async () => {
    const db = await getDb();
    const target = everything.find((p) => p.active)!;
    await db.update(products).set({ name: `${target.name} Zanzibarine` }).where(eq(products.id, target.id));
    try {
      const { items } = await calls.paginateProducts(api, { searchValue: 'zanzibarin' });
      expect(items.map((p) => p.id)).toEqual([target.id]);
    } finally {
      await db.update(products).set({ name: target.name }).where(eq(products.id, target.id));
    }
  });

  it('treats search text as text, not SQL or patterns', async () => {
    const injected = await calls.paginateProducts(api, { searchValue: "rose' OR 1=1 --" });
    expect(injected.total).toBeLessThan(everything.length);
    const wildcard = await calls.paginateProducts(api, { searchValue: '%' });
    expect(wildcard.total).toBe(0);
  });

  it.each([
    ['pageNumber=-1', /pageNumber/],
    ['pageNumber=abc', /pageNumber/],
    ['pageSize=1000', /pageSize/],
    ['sortField=colour', /sortField/],
    ['sortType=up', /sortType/],
    ['searchField=password', /searchField/],
    ['budget=cheap', /budget/],
    ['design=round', /design/],
    ['onlyActive=maybe', /onlyActive/],
    ['business=another-shop', /business/],
    ['pageNumber=1&pageNumber=2', /pageNumber/],
  ])('refuses %s with 400 naming the field', async (query, field) => {
    const { status, body } = await raw(`/v1/product/paginate?${query}`);
    expect(status).toBe(400);
    expect(body).toMatchObject({ data: null, error: true, status: 400 });
    expect(body.message).toMatch(field);
    expect(JSON.stringify(body)).not.toMatch(/at .*\.ts|node_modules/);
  });
});

describe('GET /v1/product-category/{slug}', () => {
  it('returns every category of the spec with its title and texts', async () => {
    for (const slug of CATEGORY_SLUGS) {
      const category = await calls.getCategory(api, slug);
      expect(category.slug).toBe(slug);
      expect(category.title.length).toBeGreaterThan(2);
      expect(category.intro.length).toBeGreaterThan(40);
      expect(category.seoDescription.length).toBeLessThanOrEqual(160);
    }
  });

  it('answers 404 for an unknown category and 400 for a malformed one', async () => {
    await expect(calls.getCategory(api, 'tulips-from-mars')).rejects.toEqual(new ApiError(404, 'No category is called "tulips-from-mars"'));
    expect((await raw('/v1/product-category/Bad%20Slug')).status).toBe(400);
  });
});

describe('the server-side client’s answer cache', () => {
  it('answers a repeated catalogue call from memory and never caches the handshake', async () => {
    const cache = createAnswerCache({ ttlMs: 60_000, maxEntries: 10 });
    const cached = createApiClient({ baseURL: server.url, business: 'regal', cache });
    const first = await calls.paginateProducts(cached, { categories: 'roses' });
    const again = await calls.paginateProducts(cached, { categories: 'roses' });
    expect(again).toBe(first);
    const other = await calls.paginateProducts(cached, { categories: 'lilies' });
    expect(other).not.toBe(first);
    await calls.getHandshake(cached);
    expect(cache.size()).toBe(2);
  });
});

describe('unknown calls and methods', () => {
  it('answers 404 for an unknown /v1 path', async () => {
    const { status, body } = await raw('/v1/product/nothing-here/at-all');
    expect(status).toBe(404);
    expect(body).toMatchObject({ error: true, status: 404 });
  });

  it('answers 405 with Allow for a wrong method', async () => {
    const res = await fetch(`${server.url}/v1/product/all`, { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET');
  });
});
