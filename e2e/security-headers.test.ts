/**
 * The security headers in Chromium against the shop as `npm start` runs it: every kind of answer
 * (a page, a cached page, an API answer, a picture, a static chunk, the payment sandbox's page, a
 * 404) carries the Content-Security-Policy and its companions, and the pages satisfy the policy:
 * the storefront, content pages, tracker, checkout and the sandbox's hosted page are visited at
 * 1280 and 375 px with the header menus, search, currency switcher, cart panel, auth dialog and a
 * toast opened, and any `securitypolicyviolation` event or console error naming the Content
 * Security Policy fails the test.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startShop, type Shop } from './shop-server';
import { launchBrowser } from './browser';

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

const FAQ = '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja';

type Listed = { id: string; slug: string; sku: string; type: string; inStock: boolean; active: boolean; price: number; images: { src: string }[] };
type Envelope<T> = { data: T; message: string };

async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${shop.url}${path}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as Envelope<T>;
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${json.message}`);
  return json.data;
}

async function products(): Promise<Listed[]> {
  return (await api<{ items: Listed[] }>('GET', '/v1/product/paginate?pageSize=100&categories=all')).items;
}

const lagosDay = (ahead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + ahead * 86_400_000));

/** An order for one simple bouquet with the delivery details filled in, paying by Paystack. */
async function checkedOutOrder(): Promise<string> {
  const product = (await products()).find((p) => p.type === 'simple' && p.inStock && p.active);
  assert.ok(product, 'the sample catalogue has a simple product in stock');
  const { id } = await api<{ id: string }>('POST', '/v1/firebase/order/create', { cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1 }], currency: 'NGN', deliveryDate: '' });
  await api('PUT', `/v1/firebase/order/checkout-order/${id}`, {
    orderData: {
      deliveryDate: lagosDay(3),
      recipient: { method: 'delivery', name: 'Chiamaka Eze', phone: '08031234567', address: '14 Glover Road, Ikoyi', state: 'lagos', residenceType: 'Home' },
      deliveryDetails: { zone: 'lagos-central' },
    },
    userData: { name: 'Ngozi Adeyemi', email: `ngozi.${Date.now().toString(36)}@example.com`, phone: '08097654321' },
    currency: 'NGN',
  });
  await api('PUT', `/v1/firebase/order/update-payment-details/${id}`, { currency: 'NGN', paymentMethod: 'paystack' });
  return id;
}

/** Directives of a policy: name → sources. */
function directives(policy: string | null): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const part of (policy ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) map.set(name, sources);
  }
  return map;
}

function assertSecurityHeaders(res: Response, what: string): void {
  const csp = directives(res.headers.get('content-security-policy'));
  assert.deepEqual(csp.get('default-src'), ["'self'"], `${what}: default-src`);
  // The shop's own files, our script loader and Next's inline bootstrap scripts by their hashes (scripts/inline-script-hashes.mjs).
  const [self, ...hashes] = csp.get('script-src') ?? [];
  assert.equal(self, "'self'", `${what}: script-src`);
  for (const source of hashes) assert.match(source, /^'sha256-[A-Za-z0-9+/]{43}='$/, `${what}: script-src allows no ${source}`);
  assert.deepEqual(csp.get('connect-src'), ["'self'"], `${what}: connect-src`);
  assert.deepEqual(csp.get('frame-ancestors'), ["'none'"], `${what}: frame-ancestors`);
  assert.deepEqual(csp.get('object-src'), ["'none'"], `${what}: object-src`);
  assert.deepEqual(csp.get('base-uri'), ["'self'"], `${what}: base-uri`);
  assert.deepEqual(csp.get('form-action'), ["'self'"], `${what}: form-action`);
  assert.equal(res.headers.get('x-content-type-options'), 'nosniff', `${what}: nosniff`);
  assert.equal(res.headers.get('referrer-policy'), 'strict-origin-when-cross-origin', `${what}: Referrer-Policy`);
  assert.equal(res.headers.get('x-frame-options'), 'DENY', `${what}: X-Frame-Options`);
  assert.match(res.headers.get('permissions-policy') ?? '', /camera=\(\).*microphone=\(\).*geolocation=\(\)/, `${what}: Permissions-Policy`);
}

void test('every kind of answer carries the security headers, cached pages too', async () => {
  const page = `${shop.url}/vip-flowers?csp=${Date.now()}`;
  const first = await fetch(page);
  assert.equal(first.status, 200);
  assertSecurityHeaders(first, 'a page');
  // The page cache stores an answer once its last byte is sent: read it whole first.
  await first.arrayBuffer();
  const second = await fetch(page);
  assert.equal(second.headers.get('x-page-cache'), 'HIT', 'the second request is served from the page cache');
  assertSecurityHeaders(second, 'a cached page');
  // The page cache replays the stored policy: each hash once (scripts/inline-script-hashes.mjs).
  const policy = first.headers.get('content-security-policy');
  assert.equal(second.headers.get('content-security-policy'), policy, 'a cached page carries the same policy as the first answer');
  // Only the scripts this address can carry: our two, its page's bootstrap, the 404's and the error page's.
  const hashes = (directives(policy).get('script-src') ?? []).filter((source) => source.startsWith("'sha256-"));
  assert.equal(new Set(hashes).size, hashes.length, 'no hash is listed twice');
  assert.ok(hashes.length <= 5, `a page's policy lists ${hashes.length} script hashes, at most 5`);
  const gzipped = await fetch(page, { headers: { 'accept-encoding': 'gzip' } });
  assert.equal(gzipped.headers.get('x-page-cache'), 'HIT');
  assertSecurityHeaders(gzipped, 'a cached gzipped page');

  const home = await fetch(`${shop.url}/`);
  assertSecurityHeaders(home, 'the home page');
  assertSecurityHeaders(await fetch(`${shop.url}/v1/product/paginate?pageSize=2&categories=all`), 'an API answer');
  const refused = await fetch(`${shop.url}/v1/firebase/order/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' });
  assert.equal(refused.status, 400);
  assertSecurityHeaders(refused, 'an API error');
  const missing = await fetch(`${shop.url}/no-such-page-${Date.now()}`);
  assert.equal(missing.status, 404);
  assertSecurityHeaders(missing, 'a 404 page');

  const picture = (await products()).find((p) => p.images[0]?.src.startsWith('/media/'))?.images[0]?.src;
  assert.ok(picture, 'a product has a picture under /media');
  const media = await fetch(`${shop.url}${picture}?w=200`);
  assert.equal(media.status, 200);
  assertSecurityHeaders(media, 'a picture');

  // The page's chunks are listed in the data block its script loader reads (pages/_document.tsx).
  const chunk = /"(\/_next\/static\/[^"]+\.js)"/.exec(await home.text())?.[1];
  assert.ok(chunk, 'the home page loads a script chunk');
  assertSecurityHeaders(await fetch(`${shop.url}${chunk}`), 'a static chunk');

  const started = await api<{ kind: string; redirectUrl: string }>('POST', `/v1/payments/start/${await checkedOutOrder()}`, {});
  assert.equal(started.kind, 'redirect');
  assert.ok(started.redirectUrl.startsWith(`${shop.url}/`), 'the sandbox page is on the shop');
  assertSecurityHeaders(await fetch(started.redirectUrl), "the sandbox's hosted page");
});

/** A page that records every CSP violation and CSP console error. */
async function watchedPage(width: number): Promise<{ page: Page; violations: string[] }> {
  const page = await browser.newPage({ viewport: { width, height: 900 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  const violations: string[] = [];
  await page.exposeFunction('__reportCspViolation', (text: string) => void violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation;
      void report(`${e.violatedDirective} blocked ${e.blockedURI || 'inline'} on ${e.documentURI} (${e.sourceFile}:${e.lineNumber}) ${e.sample}`);
    });
  });
  page.on('console', (message) => {
    if (message.type() === 'error' && /content security policy/i.test(message.text())) violations.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => {
    if (/content security policy|unsafe-eval/i.test(error.message)) violations.push(`pageerror: ${error.message}`);
  });
  return { page, violations };
}

/** Opens a page and fails at once, naming it, when the policy blocked anything on it. */
async function visit(page: Page, path: string, violations: string[]): Promise<void> {
  const res = await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
  assert.ok(res && res.status() < 400, `${path} answers ${res?.status()}`);
  assert.deepEqual(violations, [], `no Content-Security-Policy violation on ${path}`);
}

/** Opens what loads lazily: header menus, search, currency switcher, auth dialog, cart panel. */
async function openEverything(page: Page, wide: boolean): Promise<void> {
  if (wide) {
    const nav = page.getByRole('navigation', { name: 'Main' });
    const menus = nav.locator('button[aria-expanded]');
    const count = await menus.count();
    assert.ok(count > 0, 'the main navigation has menus');
    for (let i = 0; i < count; i += 1) {
      await menus.nth(i).click();
      await page.waitForLoadState('networkidle');
    }
    await page.keyboard.press('Escape');
    const banner = page.getByRole('banner');
    const currency = banner.getByRole('button', { name: /^Currency:/ });
    await currency.click();
    await banner.getByRole('list', { name: 'Choose a currency' }).getByRole('button', { name: /USD/ }).click();
    await page.waitForLoadState('networkidle');
    await currency.click();
    await banner.getByRole('list', { name: 'Choose a currency' }).getByRole('button', { name: /NGN/ }).click();
    await page.getByRole('button', { name: 'LOGIN / REGISTER' }).click();
    await page.getByRole('dialog', { name: 'WELCOME TO REGAL FLOWERS' }).waitFor();
    await page.keyboard.press('Escape');
  } else {
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Menu' }).waitFor();
    await page.waitForLoadState('networkidle');
    await page.getByRole('button', { name: 'Close menu' }).click();
  }
  await page.getByRole('button', { name: 'Search' }).click();
  const search = page.getByPlaceholder('Search roses, lilies, cakes, gifts…');
  await search.fill('roses');
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Escape');
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  await page.getByRole('dialog', { name: /^My Cart \(/ }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.keyboard.press('Escape');
}

for (const width of [1280, 375]) {
  void test(`at ${width} px the pages, their menus and dialogs, the checkout and the sandbox page satisfy the policy`, async () => {
    const { page, violations } = await watchedPage(width);
    const list = await products();
    const product = list.find((p) => p.type === 'simple' && p.inStock && p.active)!;
    const variable = list.find((p) => p.type === 'variable' && p.inStock && p.active);

    await visit(page, '/', violations);
    await openEverything(page, width >= 1024);

    // A toast: the product page's add to cart.
    await visit(page, `/product/${product.slug}`, violations);
    await page
      .getByRole('main')
      .getByRole('button', { name: /buy now|add to cart/i })
      .first()
      .click();
    await page.getByText('Item Added To Cart').waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    await page.getByRole('dialog', { name: 'My Cart (1)' }).waitFor();
    await page.keyboard.press('Escape');
    if (variable) await visit(page, `/product/${variable.slug}`, violations);

    const paths = ['/product-category/birthday-flowers', '/filters?search=roses', '/contact', '/blog', FAQ, '/vip-flowers', '/legal-terms', '/privacy-statement', '/order-tracker'];
    for (const path of paths) await visit(page, path, violations);
    const post = await page.goto(`${shop.url}/blog`).then(() => page.locator('main a[href^="/blog/"]').first().getAttribute('href'));
    if (post) await visit(page, post, violations);
    await page.goto(`${shop.url}/no-such-page`, { waitUntil: 'networkidle' });

    // The checkout with an order ready to pay, then the sandbox's hosted page and back.
    const orderId = await checkedOutOrder();
    await visit(page, `/checkout?orderId=${orderId}`, violations);
    await page.waitForTimeout(300);
    const started = await api<{ redirectUrl: string }>('POST', `/v1/payments/start/${orderId}`, {});
    await page.goto(started.redirectUrl, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/checkout\?/);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);

    assert.deepEqual(violations, [], 'no Content-Security-Policy violation');
    await page.close();
  });
}
