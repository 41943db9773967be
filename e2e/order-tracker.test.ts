/**
 * Tracking and reviewing in Chromium: an order placed and checked out through the shop's API is
 * moved to delivered by staff (the admin call with ADMIN_TOKEN); the shopper finds it in the
 * tracker by its number (no personal details), adds the e-mail (recipient shown, review form),
 * leaves a review, and the review shows on the product's page with its rating in the JSON-LD.
 * The tracker also works with JavaScript off (a plain GET form).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import { startShop, type Shop } from './shop-server';
import { launchBrowser } from './browser';

const ADMIN_TOKEN = 'e2e-staff-token-0123456789abcdef';

let shop: Shop;
let browser: Browser;

before(async () => {
  shop = await startShop({ ADMIN_TOKEN });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

type Envelope<T> = { data: T; message: string };

async function api<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  const res = await fetch(`${shop.url}${path}`, { method, headers: { 'content-type': 'application/json', ...headers }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as Envelope<T>;
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${json.message}`);
  return json.data;
}

const lagosDay = (ahead: number) => {
  const at = new Date(Date.now() + ahead * 86_400_000);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(at);
};

/** A simple product, checked out for delivery in Lagos, then moved by staff all the way to delivered. */
async function deliveredOrder() {
  const { items } = await api<{ items: { id: string; slug: string; sku: string; name: string; type: string; inStock: boolean }[] }>('GET', '/v1/product/paginate?pageSize=50&categories=all');
  const product = items.find((p) => p.type === 'simple' && p.inStock)!;
  const email = `ngozi.${Date.now().toString(36)}@example.com`;
  const created = await api<{ id: string; orderNumber: string }>('POST', '/v1/firebase/order/create', {
    cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1 }],
    currency: 'NGN',
    deliveryDate: '',
  });
  await api('PUT', `/v1/firebase/order/checkout-order/${created.id}`, {
    orderData: {
      deliveryDate: lagosDay(3),
      recipient: { method: 'delivery', name: 'Chiamaka Eze', phone: '08031234567', address: '14 Glover Road, Ikoyi', state: 'lagos', residenceType: 'Home' },
      deliveryDetails: { zone: 'lagos-central' },
    },
    userData: { name: 'Ngozi Adeyemi', email, phone: '08097654321' },
    currency: 'NGN',
  });
  const staff = { authorization: `Bearer ${ADMIN_TOKEN}` };
  for (const status of ['paid', 'preparing', 'out_for_delivery', 'delivered']) {
    await api('PUT', `/v1/admin/order/${created.id}/status`, { status }, staff);
  }
  return { ...created, email, product };
}

void test('a shopper tracks a delivered order, reviews it, and the review shows on the product page', async () => {
  const order = await deliveredOrder();
  const page = await browser.newPage({ viewport: { width: 375, height: 800 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await page.goto(`${shop.url}/order-tracker`, { waitUntil: 'networkidle' });
  await page.getByLabel('Order number').fill(order.orderNumber.toLowerCase());
  await page.getByRole('button', { name: 'Track order' }).click();
  const summary = page.getByRole('region', { name: order.orderNumber });
  await summary.waitFor();
  assert.match(await summary.innerText(), /Delivered/);
  assert.doesNotMatch(await page.locator('main').innerText(), /Chiamaka|Glover/, 'no recipient details without the e-mail');
  assert.equal(await page.getByRole('button', { name: 'Submit review' }).count(), 0);
  const progress = await page.getByRole('region', { name: 'Progress' }).getByRole('listitem').allInnerTexts();
  assert.ok(progress.length >= 5, `the timeline lists every step: ${progress.join(' | ')}`);

  await page.getByLabel(/E-mail/).fill(order.email.toUpperCase());
  await page.getByRole('button', { name: 'Track order' }).click();
  await page.getByText('Chiamaka Eze').waitFor();
  assert.match(page.url(), /number=RF-\d{6}/);

  await page.getByRole('radio', { name: '4 stars' }).check();
  await page.getByLabel(/Comment/).fill('Fresh roses, delivered on time <script>alert(1)</script>');
  await page.getByRole('button', { name: 'Submit review' }).click();
  await page.getByText('Thank you for your review').waitFor();
  await page.getByRole('button', { name: 'Submit review' }).waitFor({ state: 'detached' });

  // The product page (its answer may be cached for up to 30 s on the server): the review and the rating.
  let text = '';
  for (let i = 0; i < 40 && !text.includes('Fresh roses'); i++) {
    const res = await fetch(`${shop.url}/product/${order.product.slug}`, { headers: { 'cache-control': 'no-cache' } });
    text = await res.text();
    if (!text.includes('Fresh roses')) await new Promise((r) => setTimeout(r, 1_000));
  }
  assert.match(text, /Fresh roses, delivered on time/);
  assert.doesNotMatch(text, /<script>alert\(1\)<\/script>/, 'the comment is escaped');
  assert.match(text, /"aggregateRating":\{"@type":"AggregateRating","ratingValue":4/);
  assert.deepEqual(errors, []);
  await page.close();
});

void test('the tracker answers without JavaScript', async () => {
  const order = await deliveredOrder();
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto(`${shop.url}/order-tracker`);
  await page.getByLabel('Order number').fill(order.orderNumber);
  await page.getByLabel(/E-mail/).fill(order.email);
  await Promise.all([page.waitForURL(/number=/), page.getByRole('button', { name: 'Track order' }).click()]);
  await page.getByText('Chiamaka Eze').waitFor();
  const res = await page.request.get(`${shop.url}/order-tracker?number=${order.orderNumber}&email=${encodeURIComponent(order.email)}`);
  assert.match(res.headers()['cache-control'] ?? '', /private, no-store/);
  await context.close();
});
