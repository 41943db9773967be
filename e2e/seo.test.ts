/**
 * Crawler files: `npm start` on a fresh data directory serves `/robots.txt` and a `/sitemap.xml`
 * built from the seeded catalogue, with absolute URLs under SITE_URL that answer.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { CATEGORY_SLUGS } from '../lib/domain/categories';
import { startShop, type Shop } from './shop-server';

let shop: Shop;
let sitemap: { status: number; type: string | null; cacheControl: string | null; locs: string[] };

before(async () => {
  shop = await startShop();
  const res = await fetch(`${shop.url}/sitemap.xml`);
  const xml = await res.text();
  sitemap = {
    status: res.status,
    type: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
    locs: [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
  };
});

after(async () => {
  await shop?.stop();
});

/** Up to `count` items spread evenly over the list (first, …, last). */
function spread<T>(items: T[], count: number): T[] {
  if (items.length <= count) return items;
  return Array.from({ length: count }, (_, i) => items[Math.round((i * (items.length - 1)) / (count - 1))]!);
}

void test('robots.txt lets crawlers in, keeps them out of checkout and the API, and names the sitemap', async () => {
  const res = await fetch(`${shop.url}/robots.txt`);
  assert.equal(res.status, 200);
  assert.match(res.headers.get('content-type') ?? '', /^text\/plain/);
  const lines = (await res.text()).split('\n');
  for (const line of ['User-agent: *', 'Allow: /', 'Disallow: /checkout', 'Disallow: /api/', 'Disallow: /v1/', 'Disallow: /dev/', `Sitemap: ${shop.url}/sitemap.xml`]) {
    assert.ok(lines.includes(line), `robots.txt has "${line}"`);
  }
});

void test('sitemap.xml is XML that caches may keep for an hour', () => {
  assert.equal(sitemap.status, 200);
  assert.match(sitemap.type ?? '', /^application\/xml/);
  assert.equal(sitemap.cacheControl, 'public, max-age=3600');
});

void test('the sitemap lists home, every category and the catalogue, all under SITE_URL', () => {
  assert.ok(sitemap.locs.includes(`${shop.url}/`), 'home is listed');
  for (const slug of CATEGORY_SLUGS) assert.ok(sitemap.locs.includes(`${shop.url}/product-category/${slug}`), `category ${slug} is listed`);
  const products = sitemap.locs.filter((loc) => loc.startsWith(`${shop.url}/product/`));
  assert.ok(products.length >= 200, `at least 200 product URLs (got ${products.length})`);
  for (const loc of sitemap.locs) assert.ok(loc.startsWith(`${shop.url}/`), `${loc} is under SITE_URL`);
  assert.equal(new Set(sitemap.locs).size, sitemap.locs.length, 'no URL is listed twice');
  for (const path of ['/checkout', '/order-tracker', '/404']) {
    assert.ok(!sitemap.locs.some((loc) => loc.startsWith(`${shop.url}${path}`)), `${path} is not listed`);
  }
});

void test('product and category URLs from the sitemap answer 200', async () => {
  const products = spread(sitemap.locs.filter((loc) => loc.startsWith(`${shop.url}/product/`)), 5);
  const categories = spread(sitemap.locs.filter((loc) => loc.startsWith(`${shop.url}/product-category/`)), 3);
  for (const loc of [...products, ...categories]) {
    const res = await fetch(loc, { redirect: 'manual' });
    await res.arrayBuffer();
    assert.equal(res.status, 200, `${loc} answers 200`);
  }
});

void test('every other page the sitemap lists (home, content pages, blog posts) answers 200', async () => {
  const others = sitemap.locs.filter((loc) => !loc.startsWith(`${shop.url}/product/`) && !loc.startsWith(`${shop.url}/product-category/`));
  assert.ok(others.some((loc) => loc.startsWith(`${shop.url}/blog/`)), 'blog posts are listed');
  for (const loc of others) {
    const res = await fetch(loc, { redirect: 'manual' });
    await res.arrayBuffer();
    assert.equal(res.status, 200, `${loc} answers 200`);
  }
});
