/**
 * The shopper's currency from the first byte (issue 17): the real shop (`npm start`) in Debian's
 * Chromium, and nginx from Debian's package with the shop's own rules (deploy/nginx/).
 *
 * 1. London, en-GB, JavaScript off: home, category and product pages' server HTML shows pounds
 *    and no naira price (JSON-LD stays in naira).
 * 2. London, en-US (the server's first guess is dollars), JavaScript on: from the first paint (a
 *    MutationObserver installed before the page's first byte records every price text) no price
 *    ever shows naira; after the first page the cookie says GBP and the next server render is in
 *    pounds; picking NGN in the switcher shows naira and the next server render is in naira. No
 *    hydration error; the layout shift of each switch is measured (PerformanceObserver).
 * 3. Lagos, en-NG: naira throughout.
 * 4. A GBP cookie's product page keeps its JSON-LD in naira.
 * 5. nginx: its cache key's maps (shop-http.conf) agree with the app's rule on a table of
 *    requests; behind it, a GBP page is never served for naira or the reverse, and an answer
 *    whose currency is not its key's is never stored.
 * Screenshots at 375 px in GBP go to /tmp/shots-currency/ (or E2E_SCREENSHOTS).
 * Serves the build in NEXT_DIST_DIR (default .next), building it when stale.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { shopperCurrency } from '../lib/domain/shopper-currency.mjs';
import { launchBrowser } from './browser';
import { startTestNginx, whyNoNginx } from './nginx';
import { freePort, startShop, type Shop } from './shop-server';

const SHOTS = process.env.E2E_SCREENSHOTS || '/tmp/shots-currency';
const LONDON = { timezoneId: 'Europe/London' } as const;

let shop: Shop;
let browser: Browser;
let productPath: string;
const categoryPath = '/product-category/birthday-flowers';

before(async () => {
  shop = await startShop();
  browser = await launchBrowser();
  const res = await fetch(`${shop.url}/v1/product/paginate?pageSize=1&categories=roses`);
  const { data } = (await res.json()) as { data: { items: { slug: string }[] } };
  productPath = `/product/${data.items[0]!.slug}`;
  fs.mkdirSync(SHOTS, { recursive: true });
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

// --- What a page shows -------------------------------------------------------------------------

/** Prices as text: a currency sign, then digits. */
const NAIRA_PRICE = /₦\s?\d/;
const POUND_PRICE = /£\s?\d/;
const DOLLAR_PRICE = /\$\s?\d/;

/** The HTML without its scripts (JSON-LD and the page data, which hold naira by design). */
const withoutScripts = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');
const count = (text: string, pattern: RegExp) => text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;

/** What the server renders for these request headers. */
async function serverHtml(pathname: string, headers: Record<string, string>): Promise<string> {
  const res = await fetch(`${shop.url}${pathname}`, { headers });
  assert.equal(res.status, 200, pathname);
  return res.text();
}

function assertPricedIn(html: string, sign: '£' | '₦' | '$', where: string) {
  const text = withoutScripts(html);
  const counts = { '£': count(text, POUND_PRICE), '₦': count(text, NAIRA_PRICE), $: count(text, DOLLAR_PRICE) };
  assert.ok(counts[sign] >= 1, `${where}: no ${sign} price in ${JSON.stringify(counts)}`);
  for (const other of ['£', '₦', '$'] as const) if (other !== sign) assert.equal(counts[other], 0, `${where}: ${other} prices in the HTML ${JSON.stringify(counts)}`);
}

/**
 * Installed before any of the page's own code: records every price text from the first node
 * the parser adds (the server's HTML) through hydration and every later change, and every
 * layout shift (buffered), with times. Plain JavaScript text: tsx's helpers do not exist in the page.
 */
const WATCH_PRICES = `(() => {
  window.__prices = [];
  window.__shifts = [];
  const price = /[₦$£]\\s?\\d[\\d,.]*/g;
  // The prices in a text's element (React may split a price into several text nodes), and where.
  const look = (text) => {
    const element = text.parentElement;
    if (!element || element.closest('script, style, noscript')) return;
    const shown = (element.textContent || '').replace(/\\s+/g, ' ').trim();
    const prices = shown.match(price);
    if (prices) window.__prices.push({ t: performance.now(), text: prices.join(' '), in: shown.slice(0, 60) });
  };
  const scan = (node) => {
    if (node.nodeType === Node.TEXT_NODE) return look(node);
    if (node.nodeType !== Node.ELEMENT_NODE) return;
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) look(text);
  };
  new MutationObserver((records) => {
    for (const record of records) {
      if (record.type === 'characterData') scan(record.target);
      else record.addedNodes.forEach(scan);
    }
  }).observe(document, { subtree: true, childList: true, characterData: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const sources = (entry.sources || []).map((s) => (s.node instanceof Element ? s.node.tagName.toLowerCase() + '.' + String(s.node.className).split(' ')[0] : String(s.node && s.node.nodeName)));
      window.__shifts.push({ t: entry.startTime, value: entry.value, input: entry.hadRecentInput, sources });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();`;

/** The records with a price in another currency than `sign`. */
const otherThan = (sign: string, prices: Watched['prices']) => prices.filter((p) => p.text.split(' ').some((one) => !one.startsWith(sign)));

type Watched = { prices: { t: number; text: string; in: string }[]; shifts: { t: number; value: number; input: boolean; sources: string[] }[] };
const watched = (page: Page): Promise<Watched> =>
  page.evaluate(() => {
    const w = window as unknown as Watched & { __prices: Watched['prices']; __shifts: Watched['shifts'] };
    return { prices: [...w.__prices], shifts: [...w.__shifts] };
  });

/** A browser context as a shopper's, watching prices and errors on every page. */
async function shopper(options: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext(options);
  if (options.javaScriptEnabled !== false) await context.addInitScript({ content: WATCH_PRICES });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' || /hydrat/i.test(message.text())) errors.push(`console: ${message.text()}`);
  });
  return { context, page, errors };
}

/** Loads a page and waits until hydration and the client's own currency have settled. */
async function load(page: Page, pathname: string): Promise<void> {
  const res = await page.goto(`${shop.url}${pathname}`, { waitUntil: 'networkidle' });
  assert.equal(res?.status(), 200, pathname);
  await page.waitForTimeout(500);
}

const currencyCookie = async (context: BrowserContext) => (await context.cookies(shop.url)).find((c) => c.name === 'currency');

// --- 1. JavaScript off -------------------------------------------------------------------------

void test('London, en-GB, JavaScript off: the server renders home, category and product pages in pounds', async () => {
  const { context, page } = await shopper({ ...LONDON, locale: 'en-GB', javaScriptEnabled: false });
  for (const pathname of ['/', categoryPath, productPath]) {
    const res = await page.goto(`${shop.url}${pathname}`);
    assert.equal(res?.status(), 200);
    assert.match((await res!.request().allHeaders())['accept-language'] ?? '', /^en-GB/);
    assert.equal(res!.headers()['x-shop-currency'], 'GBP');
    const html = await page.content();
    assertPricedIn(html, '£', pathname);
    if (pathname === productPath) assert.match(html, /"priceCurrency":"NGN"/);
  }
  // Without JavaScript nothing writes the cookie: every page is the server's guess.
  assert.equal(await currencyCookie(context), undefined);
  await context.close();
});

// --- 2. London with an American browser --------------------------------------------------------

void test('London, en-US, JavaScript on: never a naira price from the first paint; the cookie makes the next page pounds; NGN when picked', async () => {
  const { context, page, errors } = await shopper({ ...LONDON, locale: 'en-US', viewport: { width: 1280, height: 900 } });

  // First page: the server guesses dollars (Accept-Language), the time zone switches to pounds.
  const first = await page.goto(`${shop.url}${productPath}`, { waitUntil: 'networkidle' });
  assert.equal(first?.headers()['x-shop-currency'], 'USD');
  await page.locator('main').getByText(POUND_PRICE).first().waitFor();
  await page.waitForTimeout(500);
  const firstPage = await watched(page);
  assert.ok(firstPage.prices.length > 0, 'prices recorded from the first paint');
  assert.match(firstPage.prices[0]!.text, /\$\s?\d/, 'the first price painted is the server’s dollars');
  const naira = firstPage.prices.filter((p) => p.text.includes('₦'));
  assert.deepEqual(naira, [], 'a naira price was shown');
  const flipShift = firstPage.shifts.filter((s) => !s.input).reduce((sum, s) => sum + s.value, 0);

  const cookie = await currencyCookie(context);
  assert.equal(cookie?.value, 'GBP');
  assert.equal(cookie?.path, '/');
  assert.equal(cookie?.sameSite, 'Lax');
  assert.equal(cookie?.secure, false, 'plain HTTP here: Secure only on https');
  const days = (cookie!.expires - Date.now() / 1000) / 86400;
  assert.ok(days > 364 && days <= 366, `the cookie lasts a year (${days.toFixed(1)} days)`);

  // The next page: the server's HTML for this cookie is in pounds, and so is every price the browser paints.
  assertPricedIn(await serverHtml(categoryPath, { cookie: `currency=${cookie!.value}`, 'accept-language': 'en-US' }), '£', 'the second page’s server HTML');
  const second = await page.goto(`${shop.url}${categoryPath}`, { waitUntil: 'networkidle' });
  assert.equal(second?.headers()['x-shop-currency'], 'GBP');
  await page.waitForTimeout(500);
  const secondPage = await watched(page);
  assert.ok(secondPage.prices.length > 0);
  assert.deepEqual(
    otherThan('£', secondPage.prices),
    [],
    'the second page shows pounds from its first paint',
  );

  // The shopper picks naira in the header's switcher.
  const before = (await watched(page)).shifts.length;
  await page.locator('header').getByRole('button', { name: /^Currency:/ }).click();
  await page.locator('header').getByRole('button', { name: '₦ NGN' }).click();
  await page.locator('main').getByText(NAIRA_PRICE).first().waitFor();
  await page.waitForTimeout(1000);
  const picked = await watched(page);
  const switchShift = picked.shifts.slice(before).reduce((sum, s) => sum + s.value, 0);
  assert.equal((await currencyCookie(context))?.value, 'NGN');
  assert.equal(await page.evaluate(() => localStorage.getItem('currency')), '"NGN"');
  assert.equal(count(await page.locator('main').innerText(), POUND_PRICE), 0, 'no pound price left on the page');
  assertPricedIn(await serverHtml(productPath, { cookie: 'currency=NGN', 'accept-language': 'en-US' }), '₦', 'the next server render after picking NGN');
  const third = await page.goto(`${shop.url}${productPath}`, { waitUntil: 'networkidle' });
  assert.equal(third?.headers()['x-shop-currency'], 'NGN');
  await page.waitForTimeout(500);
  assert.deepEqual(
    otherThan('₦', (await watched(page)).prices),
    [],
    'naira from the first paint once picked',
  );

  assert.deepEqual(errors, []);
  console.log(
    `layout shift: dollars → pounds after hydration ${flipShift.toFixed(4)} (${firstPage.shifts.map((s) => s.sources.join('+')).join(', ') || 'none'}); ` +
      `pounds → naira picked ${switchShift.toFixed(4)} (${picked.shifts.slice(before).map((s) => s.sources.join('+')).join(', ') || 'none'})`,
  );
  assert.ok(flipShift < 0.01, `the switch after hydration shifted the layout by ${flipShift}`);
  assert.ok(switchShift < 0.01, `picking a currency shifted the layout by ${switchShift}`);
  await context.close();
});

// --- 3. Lagos ---------------------------------------------------------------------------------

void test('Lagos, en-NG: naira throughout', async () => {
  const { context, page, errors } = await shopper({ timezoneId: 'Africa/Lagos', locale: 'en-NG', viewport: { width: 375, height: 812 } });
  for (const pathname of ['/', categoryPath, productPath]) {
    await load(page, pathname);
    const seen = await watched(page);
    assert.ok(seen.prices.length > 0, pathname);
    assert.deepEqual(
      otherThan('₦', seen.prices),
      [],
      `${pathname}: a price not in naira`,
    );
  }
  assert.equal((await currencyCookie(context))?.value, 'NGN');
  assert.deepEqual(errors, []);
  await context.close();
});

// --- 4. JSON-LD --------------------------------------------------------------------------------

void test('JSON-LD prices stay in naira on a pound page', async () => {
  const product = (await (await fetch(`${shop.url}/v1/product/paginate?pageSize=1&categories=roses`)).json()) as { data: { items: { price: number }[] } };
  const html = await serverHtml(productPath, { cookie: 'currency=GBP' });
  assertPricedIn(html, '£', 'a GBP product page');
  const ld = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]!) as { '@type': string; offers?: Record<string, string> });
  const offers = ld.find((d) => d['@type'] === 'Product')?.offers;
  assert.ok(offers, 'Product JSON-LD');
  assert.equal(offers.priceCurrency, 'NGN');
  assert.equal(Number(offers.lowPrice ?? offers.price), product.data.items[0]!.price);
});

// --- Layout shift on a phone -------------------------------------------------------------------

const PHONE: BrowserContextOptions = { viewport: { width: 375, height: 812 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };
const PAGES = () =>
  [
    ['home', '/'],
    ['category', categoryPath],
    ['product', productPath],
  ] as const;

/** Picks a currency with the footer's switcher without scrolling (the shifts measured are those in view). */
async function pickInFooter(page: Page, code: string): Promise<number> {
  const before = (await watched(page)).shifts.length;
  await page.evaluate((wanted) => {
    const footer = document.querySelector('footer')!;
    footer.querySelector<HTMLButtonElement>('button[aria-controls]')!.click();
    [...footer.querySelectorAll<HTMLButtonElement>('ul button')].find((b) => b.textContent?.includes(wanted))!.click();
  }, code);
  await page.waitForTimeout(800);
  return (await watched(page)).shifts.slice(before).reduce((sum, s) => sum + s.value, 0);
}

void test('no layout shift at 375 px when the currency changes (after hydration, and when picked)', async () => {
  const figures: string[] = [];
  for (const [name, pathname] of PAGES()) {
    // A fresh shopper each time: dollars from the server (en-US), pounds from the time zone.
    const { context, page, errors } = await shopper({ ...LONDON, locale: 'en-US', ...PHONE });
    await load(page, pathname);
    const loaded = await watched(page);
    assert.equal(otherThan('£', loaded.prices.slice(-1)).length, 0, `${name}: pounds after hydration`);
    // Counted as CLS counts them: without shifts marked `hadRecentInput`. The test gives no input
    // while loading, and on a busy machine Chromium has marked one early shift of the phone
    // viewport's first layout that way (home's hero text, which holds no price, at 316 ms).
    const flip = loaded.shifts.filter((s) => !s.input).reduce((sum, s) => sum + s.value, 0);
    // Measured with priced content in view: the first price of the page in the middle of the screen.
    await page.evaluate(() => {
      const walker = document.createTreeWalker(document.querySelector('main')!, NodeFilter.SHOW_TEXT);
      for (let text = walker.nextNode(); text; text = walker.nextNode()) {
        if (/£\s?\d/.test(text.textContent ?? '')) return text.parentElement!.scrollIntoView({ block: 'center' });
      }
    });
    await page.waitForTimeout(500);
    const toNaira = await pickInFooter(page, 'NGN');
    assert.equal(count(await page.locator('main').innerText(), POUND_PRICE), 0, `${name}: naira after picking it`);
    const toPounds = await pickInFooter(page, 'GBP');
    figures.push(`${name} load+flip ${flip.toFixed(4)}, £→₦ ${toNaira.toFixed(4)}, ₦→£ ${toPounds.toFixed(4)}`);
    for (const [what, value] of [
      ['load and the switch after hydration', flip],
      ['picking NGN', toNaira],
      ['picking GBP', toPounds],
    ] as const)
      assert.ok(value < 0.01, `${name}: ${what} shifted the layout by ${value}: ${JSON.stringify((await watched(page)).shifts)}`);
    assert.deepEqual(errors, []);
    await context.close();
  }
  console.log(`layout shift at 375 px: ${figures.join('; ')}`);
});

// --- Screenshots -------------------------------------------------------------------------------

void test('screenshots at 375 px in pounds', async () => {
  const { context, page, errors } = await shopper({ ...LONDON, locale: 'en-GB', ...PHONE });
  for (const [name, pathname] of PAGES()) {
    await load(page, pathname);
    assert.equal(count(await page.locator('main').innerText(), NAIRA_PRICE), 0, `${name}: naira on screen`);
    await page.screenshot({ path: path.join(SHOTS, `${name}-375-gbp.png`) });
    if (name !== 'product') {
      // The first product cards, with their prices.
      await page.locator('main article').first().scrollIntoViewIfNeeded();
      await page.waitForTimeout(300);
      await page.screenshot({ path: path.join(SHOTS, `${name}-375-gbp-cards.png`) });
    }
  }
  assert.deepEqual(errors, []);
  await context.close();
});

// --- 5. nginx ----------------------------------------------------------------------------------

/** nginx with the shop's http-level rules and one location that answers with its currency. */
async function startMapProbe(): Promise<{ url: string; stop(): void }> {
  const prefix = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-nginx-map-'));
  fs.chmodSync(prefix, 0o755);
  const port = await freePort();
  const conf = `user www-data;
worker_processes 1;
pid ${prefix}/nginx.pid;
error_log ${prefix}/error.log warn;
load_module /usr/lib/nginx/modules/ngx_http_brotli_filter_module.so;
events { worker_connections 64; }
http {
  client_body_temp_path ${prefix}/temp; proxy_temp_path ${prefix}/temp; fastcgi_temp_path ${prefix}/temp; uwsgi_temp_path ${prefix}/temp; scgi_temp_path ${prefix}/temp;
  include ${path.resolve(__dirname, '..', 'deploy', 'nginx', 'shop-http.conf')};
  server {
    listen 127.0.0.1:${port};
    access_log off;
    location / { default_type text/plain; return 200 "$regal_shop_currency $regal_shop_cache_variant"; }
  }
}
`;
  fs.mkdirSync(path.join(prefix, 'temp'));
  fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
  const args = ['-p', prefix, '-c', path.join(prefix, 'nginx.conf')];
  execFileSync('/usr/sbin/nginx', [...args, '-t'], { stdio: 'pipe' });
  const child = spawn('/usr/sbin/nginx', [...args, '-g', 'daemon off;'], { stdio: 'ignore' });
  for (let i = 0; i < 100; i++) {
    if (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.ok, () => false)) break;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    stop() {
      child.kill('SIGQUIT');
      fs.rmSync(prefix, { recursive: true, force: true });
    },
  };
}

/** A GET with exactly these header lines (an array value sends the header twice). */
function rawGet(url: string, headers: Record<string, string | string[]>): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      })
      .on('error', reject);
  });
}

const MAP_CASES: Record<string, string>[] = [
  {},
  ...['currency=GBP', 'currency=USD', 'currency=NGN', 'currency=gbp', 'currency=EUR', 'currency=', 'currency="GBP"', 'Currency=GBP', 'currency = GBP', 'currency=GBP ;x=1'].map((cookie) => ({ cookie })),
  ...['session=abc; currency=USD; theme=dark', 'a=1,currency=USD', 'currency=XYZ; currency=GBP', 'xcurrency=GBP', 'currencyx=GBP', 'x=currency=GBP', 'a=1 currency=USD'].map((cookie) => ({ cookie })),
  { cookie: 'currency=EUR', 'cf-ipcountry': 'GB' },
  { cookie: 'currency=NGN', 'cf-ipcountry': 'GB', 'accept-language': 'en-GB' },
  ...['NG', 'GB', 'gb', 'US', 'JE', 'XX', 'T1', 'ZZ', 'EU', 'GBR', ''].map((country) => ({ 'cf-ipcountry': country, 'accept-language': 'en-NG' })),
  { 'cf-ipcountry': 'T1', 'cloudfront-viewer-country': 'GB' },
  { 'cloudfront-viewer-country': 'US', 'accept-language': 'en-GB' },
  { 'cf-ipcountry': 'NG', 'cloudfront-viewer-country': 'GB' },
  ...[
    'en-GB,en;q=0.9',
    'en-US,en;q=0.9',
    'en-NG',
    'en',
    'en, fr;q=0.8, en-GB;q=0.5',
    'zh-Hant-TW',
    'es-419, en-GB',
    'en-GB-oxendict, en-US',
    'en-XX, en-GB',
    '*, en-UK',
    ' en-gb ; q=0.9',
    'english-GB',
    'en-Latn',
    'fr-CA',
  ].map((language) => ({ 'accept-language': language })),
];

void test('nginx: the cache key’s maps agree with the app’s rule', { skip: whyNoNginx() || false }, async () => {
  const probe = await startMapProbe();
  try {
    const differ: string[] = [];
    for (const headers of MAP_CASES) {
      const [currency, variant] = (await rawGet(`${probe.url}/product/roses`, headers)).body.split(' ');
      const app = shopperCurrency(headers).code;
      if (currency !== app || variant !== app) differ.push(`${JSON.stringify(headers)}: nginx ${currency}/${variant}, app ${app}`);
    }
    assert.deepEqual(differ, []);
    const api = (await rawGet(`${probe.url}/v1/regal/handshake`, { cookie: 'currency=GBP' })).body.split(' ');
    assert.deepEqual(api, ['GBP', ''], 'the API is kept once, whatever the currency');
  } finally {
    probe.stop();
  }
});

void test('nginx in front of the shop: one copy per currency, and never a copy under another currency', { skip: whyNoNginx() || false }, async () => {
  const proxy = await startTestNginx([Number(new URL(shop.url).port)]);
  try {
    const ask = async (headers: Record<string, string | string[]>) => {
      const res = await rawGet(`${proxy.url}${categoryPath}?via=nginx`, headers);
      assert.equal(res.status, 200);
      return { cache: res.headers['x-proxy-cache'], currency: res.headers['x-shop-currency'], body: res.body };
    };
    const gbp = await ask({ cookie: 'currency=GBP' });
    assert.deepEqual([gbp.cache, gbp.currency], ['MISS', 'GBP']);
    assertPricedIn(gbp.body, '£', 'nginx, GBP cookie');
    const ngn = await ask({ cookie: 'currency=NGN' });
    assert.deepEqual([ngn.cache, ngn.currency], ['MISS', 'NGN']);
    assertPricedIn(ngn.body, '₦', 'nginx, NGN cookie');
    const gbpAgain = await ask({ cookie: 'theme=dark; currency=GBP' });
    assert.deepEqual([gbpAgain.cache, gbpAgain.currency], ['HIT', 'GBP']);
    assertPricedIn(gbpAgain.body, '£', 'nginx, GBP cookie again');
    const guess = await ask({ 'accept-language': 'en-GB', cookie: 'currency=EUR' });
    assert.deepEqual([guess.cache, guess.currency], ['HIT', 'GBP'], 'an unknown cookie value shares the guess’s copy');

    // Accept-Language sent twice: nginx 1.22 reads the first line ("en": naira), the app both
    // ("en, en-GB": pounds). The pound answer must not be stored under naira's key.
    const path2 = `${categoryPath}?via=nginx-twice`;
    const twice = await rawGet(`${proxy.url}${path2}`, { 'accept-language': ['en', 'en-GB'] });
    assert.equal(twice.headers['x-shop-currency'], 'GBP');
    const plain = await rawGet(`${proxy.url}${path2}`, {});
    assert.equal(plain.headers['x-shop-currency'], 'NGN');
    assert.notEqual(plain.headers['x-proxy-cache'], 'HIT');
    assertPricedIn(plain.body, '₦', 'nginx after a mismatched answer');
    const plainAgain = await rawGet(`${proxy.url}${path2}`, {});
    assert.equal(plainAgain.headers['x-proxy-cache'], 'HIT', 'a matching answer is stored');

    // The API is kept once for every currency.
    const api = '/v1/product/paginate?pageSize=1&categories=roses';
    await rawGet(`${proxy.url}${api}`, { cookie: 'currency=GBP' });
    const apiAgain = await rawGet(`${proxy.url}${api}`, { cookie: 'currency=NGN' });
    assert.equal(apiAgain.headers['x-proxy-cache'], 'HIT');
  } finally {
    await proxy.stop();
  }
});
