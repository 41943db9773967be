/**
 * Storefront pages as crawlers and shoppers see them: server-rendered HTML with titles,
 * canonical URLs, JSON-LD and prices; real 404s; and in Chromium, filters and 'Show more'
 * that keep the list in the URL; the shell's data sent once per version (lib/contracts/shell-wire.ts).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import http from 'node:http';
import vm from 'node:vm';
import zlib from 'node:zlib';
import type { Browser } from 'playwright-core';
import { startShop, type Shop } from './shop-server';
import { appStarted, launchBrowser } from './browser';
import { CURRENT_SHELL_CACHE } from '../lib/contracts/shell-wire';
import { BROTLI_QUALITY, GZIP_LEVEL, brotli } from '../scripts/compress.mjs';

let shop: Shop;
let browser: Browser;

before(async () => {
  shop = await startShop();
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

async function html(path: string): Promise<{ status: number; body: string }> {
  const res = await fetch(`${shop.url}${path}`);
  return { status: res.status, body: await res.text() };
}

function jsonLd(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) => JSON.parse(m[1]!) as Record<string, unknown>);
}

const tag = (body: string, pattern: RegExp) => body.match(pattern)?.[1];

async function firstProduct(query: string): Promise<{ slug: string; name: string; type: string }> {
  const res = await fetch(`${shop.url}/v1/product/paginate?pageSize=1&${query}`);
  const { data } = (await res.json()) as { data: { items: { slug: string; name: string; type: string }[] } };
  return data.items[0]!;
}

void test('a product page carries its title, canonical URL, price and Product JSON-LD in the HTML', async () => {
  const product = await firstProduct('categories=roses');
  const { status, body } = await html(`/product/${product.slug}`);
  assert.equal(status, 200);
  assert.match(tag(body, /<title[^>]*>(.*?)<\/title>/) ?? '', new RegExp(product.name.split(' – ')[0]!.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  assert.equal(tag(body, /<link rel="canonical" href="([^"]+)"/), `${shop.url}/product/${product.slug}`);
  assert.ok(tag(body, /<meta name="description" content="([^"]+)"/)!.length > 40);
  assert.match(body, /<meta property="og:image" content="http[^"]+\/media\/p\/[^"]+"/);
  assert.match(body, /₦\d{1,3}(,\d{3})+/);
  const ld = jsonLd(body);
  const productLd = ld.find((d) => d['@type'] === 'Product') as { offers: { priceCurrency: string; availability: string } };
  assert.ok(productLd, 'Product JSON-LD');
  assert.equal(productLd.offers.priceCurrency, 'NGN');
  assert.match(productLd.offers.availability, /InStock/);
  assert.ok(ld.some((d) => d['@type'] === 'BreadcrumbList'));
});

void test('a category page lists products with its title, intro and breadcrumbs', async () => {
  const { status, body } = await html('/product-category/birthday-flowers');
  assert.equal(status, 200);
  assert.match(body, /<h1[^>]*>Birthday Flowers<\/h1>/);
  assert.equal(tag(body, /<link rel="canonical" href="([^"]+)"/), `${shop.url}/product-category/birthday-flowers`);
  assert.ok((body.match(/<article/g) ?? []).length >= 6);
  assert.ok(jsonLd(body).some((d) => d['@type'] === 'BreadcrumbList'));
  assert.match(body, /rel="next"/);
});

void test('titles differ from page to page', async () => {
  const titles = await Promise.all(
    ['/', '/product-category/roses', '/product-category/lilies', '/vip-flowers', '/filters?shopBy=same+day+delivery'].map(async (p) => tag((await html(p)).body, /<title[^>]*>(.*?)<\/title>/)),
  );
  assert.equal(new Set(titles).size, titles.length);
});

void test('unknown categories and products are real 404 pages', async () => {
  for (const path of ['/product-category/tulips-from-mars', '/product/no-such-bouquet']) {
    const { status, body } = await html(path);
    assert.equal(status, 404, path);
    assert.match(body, /We could not find that page/);
  }
});

void test('search finds a misspelt flower and is kept out of the index', async () => {
  const { status, body } = await html('/filters?search=chrysanthemun');
  assert.equal(status, 200);
  assert.match(body, /Search results for/);
  assert.match(body, /Chrysanthemum/i);
  assert.match(body, /<meta name="robots" content="noindex"/);
});

void test('shop-by tags list the matching products', async () => {
  const { status, body } = await html('/filters?shopBy=box+arrangements');
  assert.equal(status, 200);
  assert.match(body, /Shop by Box Arrangements/);
  assert.ok((body.match(/<article/g) ?? []).length >= 5);
});

void test('filters and Show more keep the list in the URL on a phone', async () => {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  await page.goto(`${shop.url}/product-category/all`, { waitUntil: 'networkidle' });
  const before = await page.locator('main article').count();
  assert.equal(before, 24);
  await page.getByRole('link', { name: 'Show more' }).click();
  await page.waitForURL(/page=2/);
  await page.waitForFunction(() => document.querySelectorAll('main article').length === 48);
  await page.reload({ waitUntil: 'networkidle' });
  assert.equal(await page.locator('main article').count(), 48, 'a shared page=2 link shows the same 48 products');

  await page.locator('summary', { hasText: 'Design' }).click();
  await page.getByLabel('Bouquets', { exact: true }).check();
  await page.waitForURL(/design=bouquets/);
  await page.getByRole('link', { name: 'Remove filter Bouquets' }).waitFor();
  assert.doesNotMatch(page.url(), /page=2/, 'changing a filter starts again at page 1');
  await page.locator('select[name="sort"]').selectOption('price-asc');
  await page.waitForURL(/sort=price-asc/);
  const prices = await page.locator('main article p:has-text("₦")').allInnerTexts();
  const numbers = prices.map((p) => Number(p.replace(/[^\d]/g, '')));
  assert.ok(numbers.length > 1);
  for (let i = 1; i < numbers.length; i++) assert.ok(numbers[i - 1]! <= numbers[i]!, `sorted by price: ${numbers.join(', ')}`);
  await page.close();
});

void test('pages are rendered once and then served from the shared-page cache, gzipped', async () => {
  const path = '/product-category/lilies?sort=price-asc';
  const first = await fetch(`${shop.url}${path}`);
  const firstBody = await first.text();
  assert.match(first.headers.get('cache-control') ?? '', /public.*s-maxage=30/);
  const again = await fetch(`${shop.url}${path}`, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(again.headers.get('x-page-cache'), 'HIT');
  assert.equal(again.headers.get('content-encoding'), 'gzip');
  assert.equal(await again.text(), firstBody);
  const missing = await fetch(`${shop.url}/product-category/tulips-from-mars`);
  assert.equal(missing.status, 404);
  assert.notEqual((await fetch(`${shop.url}/product-category/tulips-from-mars`)).headers.get('x-page-cache'), 'HIT', 'a 404 is never kept');
  // Public catalogue calls are kept like pages; personal answers (handshake, orders) never are.
  const search = '/v1/product/paginate?searchValue=roses&searchField=name&pageNumber=1';
  const searched = await (await fetch(`${shop.url}${search}`)).text();
  const searchedAgain = await fetch(`${shop.url}${search}`);
  assert.equal(searchedAgain.headers.get('x-page-cache'), 'HIT');
  assert.equal(await searchedAgain.text(), searched);
  await fetch(`${shop.url}/v1/regal/handshake`);
  assert.notEqual((await fetch(`${shop.url}/v1/regal/handshake`)).headers.get('x-page-cache'), 'HIT', 'the handshake is never kept');
  const unknownOrder = `/v1/firebase/order/${'0'.repeat(8)}-0000-4000-8000-${'0'.repeat(12)}`;
  await fetch(`${shop.url}${unknownOrder}`);
  assert.notEqual((await fetch(`${shop.url}${unknownOrder}`)).headers.get('x-page-cache'), 'HIT', 'orders are never kept');
});

void test('a miss is sent in brotli or gzip at the server’s levels (scripts/compress.mjs), pages and API answers alike, and kept for every client', async () => {
  for (const path of ['/product-category/lilies?level=1', '/v1/product/paginate?pageSize=24&pageNumber=1&level=1']) {
    const miss = await rawGet(path, { 'accept-encoding': 'gzip, deflate, br' });
    assert.equal(miss.headers['x-page-cache'], 'MISS', path);
    assert.equal(miss.headers['content-encoding'], 'br', `${path} is in brotli`);
    const plain = await rawGet(path);
    assert.equal(plain.headers['x-page-cache'], 'HIT', `${path}: the kept copy serves a client without compression`);
    assert.equal(plain.headers['content-encoding'], undefined);
    assert.ok(zlib.brotliDecompressSync(miss.body).equals(plain.body), `${path}: the same answer`);
    assert.ok(miss.body.equals(brotli(plain.body, BROTLI_QUALITY)), `${path}: brotli at quality ${BROTLI_QUALITY}`);
  }
  for (const path of ['/product-category/lilies?level=2', '/v1/product/paginate?pageSize=24&pageNumber=1&level=2']) {
    const miss = await rawGet(path, { 'accept-encoding': 'gzip, deflate' });
    assert.equal(miss.headers['content-encoding'], 'gzip', `${path} is gzipped`);
    const plain = await rawGet(path);
    assert.equal(plain.headers['x-page-cache'], 'HIT', `${path}: the kept copy serves a client without compression`);
    assert.ok(miss.body.equals(zlib.gzipSync(plain.body, { level: GZIP_LEVEL })), `${path}: gzipped at level ${GZIP_LEVEL}`);
  }
});

/** An answer's bytes as sent (nothing decompressed), and its headers. */
function rawGet(path: string, headers: http.OutgoingHttpHeaders = {}): Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${shop.url}${path}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}

type NextData = { buildId: string; props: { pageProps: Record<string, unknown> } };

/** A page's `__NEXT_DATA__` (as sent, and parsed) and the scripts its loader adds. */
function pageData(body: string): { sent: string; data: NextData; scripts: string[] } {
  const sent = tag(body, /<script id="__NEXT_DATA__" type="application\/json">(.*?)<\/script>/s);
  const scripts = tag(body, /<script id="shop-scripts" type="application\/json">(.*?)<\/script>/s);
  assert.ok(sent && scripts, 'the page has its data and its script list');
  return { sent, data: JSON.parse(sent) as NextData, scripts: JSON.parse(scripts) as string[] };
}

void test("pages carry the shell's version, not its data; the shell script comes first and is kept a year", async () => {
  const category = await html('/product-category/birthday-flowers');
  const { sent: sentData, data, scripts } = pageData(category.body);
  const sent = data.props.pageProps.shell as { version: string };
  assert.deepEqual(Object.keys(sent), ['version']);
  assert.match(sent.version, /^[A-Za-z0-9_-]{16}$/);
  assert.doesNotMatch(sentData, /"navigation"|"featuredGroups"|"pickupLocations"/);
  assert.equal(scripts[0], `/shell.js?v=${sent.version}`, 'the shell script runs before the app');
  assert.ok(scripts.length > 1);
  for (const path of ['/', `/product/${(await firstProduct('categories=roses')).slug}`]) {
    assert.deepEqual(pageData((await html(path)).body).data.props.pageProps.shell, sent, `${path}: the same version`);
  }
  const nav = (await (await fetch(`${shop.url}/_next/data/${data.buildId}/product-category/birthday-flowers.json?slug=birthday-flowers`)).json()) as { pageProps: { shell: unknown; listing: unknown } };
  assert.ok(nav.pageProps.listing, "a client-side navigation's data");
  assert.deepEqual(nav.pageProps.shell, sent, 'carries the version only too');

  const script = await fetch(`${shop.url}${scripts[0]}`);
  assert.equal(script.status, 200);
  assert.match(script.headers.get('content-type') ?? '', /^text\/javascript/);
  assert.equal(script.headers.get('cache-control'), CURRENT_SHELL_CACHE);
  const self: { __shopShell?: { version: string; data: { navigation: { main: { label: string }[] }; shopInfo: { brandName: string } } } } = {};
  vm.runInNewContext(await script.text(), { self });
  assert.equal(self.__shopShell?.version, sent.version);
  assert.equal(self.__shopShell?.data.shopInfo.brandName, 'Regal Flowers');
  const menus = self.__shopShell?.data.navigation.main.map((m) => m.label) ?? [];
  assert.ok(menus.length >= 3, 'the menus');
  for (const label of menus) assert.ok(category.body.includes(`>${label}<`), `the server rendered the menu ${label} from the same data`);

  // A page rendered before the shell changed asks for its old version: it gets the current one, kept nowhere.
  const old = await fetch(`${shop.url}/shell.js?v=AAAAAAAAAAAAAAAA`);
  assert.equal(old.status, 200);
  assert.equal(old.headers.get('cache-control'), 'no-store');
  const oldSelf: typeof self = {};
  vm.runInNewContext(await old.text(), { self: oldSelf });
  assert.equal(oldSelf.__shopShell?.version, sent.version);
});

void test('in Chromium the page hydrates with the shell script, once for a visit of several pages', async () => {
  const page = await browser.newPage({ viewport: { width: 375, height: 812 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  const shellLoads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/shell.js') shellLoads.push(request.url());
  });
  await page.goto(`${shop.url}/product-category/birthday-flowers`);
  await appStarted(page);
  // The menu is drawn by the app from the shell's navigation: it needs the loaded shell.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Menu' });
  await menu.waitFor();
  await menu.getByRole('button', { name: 'Occasions' }).click();
  await menu.getByRole('link', { name: 'Birthday Flowers' }).waitFor();
  await page.keyboard.press('Escape');
  await page.locator('main article a').first().click();
  await page.waitForURL(/\/product\//);
  await page.locator('main h1').waitFor();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Menu' }).waitFor();
  assert.equal(shellLoads.length, 1, `the shell script once: ${shellLoads.join(', ')}`);
  assert.deepEqual(errors, [], 'no errors, no hydration mismatch');
  await page.close();
});
