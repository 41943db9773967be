/**
 * A look at the account's order pages in Chromium at 1280 and 375 px (screenshots into
 * E2E_SCREENSHOTS): a shopper with three orders made through the API (one delivered with the
 * rider's photo, one unpaid in dollars, one pick-up being prepared), the list, a delivered order's
 * page, 'Order again' (its answer given a price change and an item no longer sold, to see the
 * note), 'Pay now' landing on the checkout's payment stage, and the header's account links;
 * 'Remind me next year' on the delivered order (still 'Reminder set' after a reload), the
 * reminder on /account/reminders, and 'Stop' emptying that list.
 * Checks that nothing overflows sideways, and Lighthouse's accessibility score (100) on the list
 * and two order pages with their data shown.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { appStarted } from './browser';
import { device, shot, signIn, startBackOfficeShop, type BackOfficeShop, type Member } from './back-office';
import { simpleProduct } from './checkout-flow';
import { accessibilityScore } from './lighthouse';

const OWNER: Member = { email: 'owner.look@shop.test', name: 'Funmi Owner', role: 'owner', password: 'a-long-owner-password-1' };
let office: BackOfficeShop;
let user: { authToken: string; email: string };
const numbers: Record<'delivered' | 'unpaid' | 'pickup', string> = { delivered: '', unpaid: '', pickup: '' };

async function call(method: string, path: string, body?: unknown, token?: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${office.shop.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const answer = (await res.json()) as { data: Record<string, unknown>; message: string };
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

const day = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function placeOrder(product: { id: string; sku: string; name: string }, currency: 'NGN' | 'USD', where: Record<string, unknown>, quantity = 1) {
  const created = await call(
    'POST',
    '/v1/firebase/order/create',
    { cartItems: [{ productId: product.id, SKU: product.sku, quantity, image: { src: '/media/p/x.webp', alt: product.name } }], currency, deliveryDate: '' },
    user.authToken,
  );
  const id = String(created.id);
  await call(
    'PUT',
    `/v1/firebase/order/checkout-order/${id}`,
    {
      orderData: { deliveryDate: day(4), ...where, deliveryMessage: 'Happy birthday, Mum!\nLove, Kemi' },
      userData: { name: 'Kemi Adeyemi', email: user.email, phone: '08031234567', phoneCountryCode: '+234' },
      currency,
    },
    user.authToken,
  );
  return { id, number: String(created.orderNumber) };
}

before(async () => {
  office = await startBackOfficeShop([OWNER]);
  const shopUrl = office.shop.url;
  user = (await call('POST', '/v1/regal/auth/signup', { email: `kemi.${Date.now().toString(36)}@example.com`, password: 'sunflowers-for-mum-24', name: 'Kemi Adeyemi' })) as typeof user;
  const product = await simpleProduct(shopUrl);

  const to = (name: string, phone: string, address: string, residenceType: string) => ({
    recipient: { method: 'delivery', name, phone, address, state: 'lagos', residenceType },
    deliveryDetails: { zone: 'lagos-central' },
  });
  const delivered = await placeOrder(product, 'NGN', to('Amaka Obi', '0809 123 4567', '5 Bourdillon Road, Ikoyi', 'Office'), 2);
  const unpaid = await placeOrder(product, 'USD', to('Ngozi Eze', '0803 555 0101', '12 Admiralty Way, Lekki', 'Home'));
  const pickup = await placeOrder(product, 'NGN', { recipient: { method: 'pick-up' }, despatchLocation: 'LPI', pickupState: 'lagos' });
  numbers.delivered = delivered.number;
  numbers.unpaid = unpaid.number;
  numbers.pickup = pickup.number;

  // Staff take the delivered and pick-up orders through their steps; the rider's photo goes with delivery.
  const context = await device(office.browser, 1280, []);
  const admin = await signIn(shopUrl, office.catcher, context, OWNER);
  const origin = { Origin: shopUrl };
  for (const order of [delivered, pickup]) {
    await call('PUT', `/v1/firebase/order/update-payment-details/${order.id}`, { currency: 'NGN', paymentMethod: 'gtbTransfer' }, user.authToken);
    const staff = await admin.request.get(`${shopUrl}/admin/api/orders/${order.id}`);
    const total = ((await staff.json()) as { data: { order: { amountsInCurrency: { total: number } } } }).data.order.amountsInCurrency.total;
    const steps = [{ type: 'confirm_transfer', amount: String(total), reference: `GTB-${order.number}` }, { type: 'prepare' }, ...(order === delivered ? [{ type: 'dispatch' }] : [])];
    for (const step of steps) {
      const res = await admin.request.post(`${shopUrl}/admin/api/orders/${order.id}/actions`, { data: step, headers: origin });
      assert.equal(res.status(), 200, `${step.type}: ${await res.text()}`);
    }
  }
  const photo = await sharp({ create: { width: 900, height: 900, channels: 3, background: { r: 196, g: 64, b: 96 } } })
    .composite([{ input: Buffer.from('<svg width="900" height="900"><circle cx="450" cy="420" r="260" fill="#f3c4d0"/><rect x="420" y="600" width="60" height="260" fill="#2f6b3a"/></svg>') }])
    .jpeg()
    .toBuffer();
  const res = await admin.request.post(`${shopUrl}/admin/api/orders/${delivered.id}/deliver`, {
    multipart: { recipientName: 'Amaka Obi', note: 'Received at the front desk', photo: { name: 'door.jpg', mimeType: 'image/jpeg', buffer: photo } },
    headers: origin,
  });
  assert.equal(res.status(), 200, `deliver: ${await res.text()}`);
  await context.close();
});

after(async () => {
  await office?.stop();
});

/** No element pushes the page wider than the window. */
async function assertNoSidewaysScroll(page: Page, what: string) {
  const { scroll, inner } = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, inner: window.innerWidth }));
  assert.ok(scroll <= inner, `${what}: the page is ${scroll} px wide in a ${inner} px window`);
}

for (const width of [1280, 375]) {
  void test(`the account's orders at ${width} px`, async () => {
    const errors: string[] = [];
    const context = await device(office.browser, width, errors);
    const page = await context.newPage();
    await page.goto(office.shop.url, { waitUntil: 'load' });
    await appStarted(page);
    await page.evaluate((record) => localStorage.setItem('userData', JSON.stringify(record)), user);

    await page.goto(`${office.shop.url}/account`, { waitUntil: 'networkidle' });
    const main = page.getByRole('main');
    for (const number of Object.values(numbers)) await main.getByRole('link', { name: `Order ${number}` }).waitFor();
    await main.getByRole('img', { name: /delivered to Amaka Obi/ }).waitFor();
    await assertNoSidewaysScroll(page, '/account');
    await shot(page, `orders-${width}-list`);

    if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
    else await page.getByRole('button', { name: `Account of ${user.email}` }).click();
    const panel = width < 768 ? page.getByRole('dialog', { name: 'Menu' }) : page.getByRole('banner');
    await panel.getByRole('link', { name: 'Address book', exact: true }).waitFor();
    await panel.getByRole('link', { name: 'My orders', exact: true }).waitFor();
    await panel.getByRole('link', { name: 'Reminders', exact: true }).waitFor();
    // The window only: the open panel or menu is what matters here.
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/orders-${width}-header.png` });
    await page.keyboard.press('Escape');

    await Promise.all([page.waitForURL(new RegExp(`/account/orders/${numbers.delivered}$`)), main.getByRole('link', { name: `Order ${numbers.delivered}` }).click()]);
    await page.getByRole('region', { name: 'Progress' }).waitFor();
    await page.getByRole('link', { name: /delivered to Amaka Obi/ }).waitFor();
    await assertNoSidewaysScroll(page, 'delivered order');
    await shot(page, `orders-${width}-delivered`);

    // The real answer, with a price change and an item no longer sold added, to see the note's look.
    await page.route('**/reorder*', async (route) => {
      const real = await route.fetch();
      const body = (await real.json()) as { data: { cartItems: { name: string; price: number }[]; changes: unknown[] } };
      const first = body.data.cartItems[0]!;
      body.data.changes.push({ kind: 'price', name: first.name, was: first.price - 2500, now: first.price }, { kind: 'unavailable', name: 'Pink Lilies', size: 'Deluxe' });
      await route.fulfill({ response: real, json: body });
    });
    await page.getByRole('button', { name: 'Order again' }).click();
    await page.getByRole('dialog', { name: /^My Cart/ }).waitFor();
    await page.waitForTimeout(800);
    await shot(page, `orders-${width}-reorder-cart`);
    await page.keyboard.press('Escape');
    await page.getByRole('main').getByText('Pink Lilies (Deluxe) is no longer sold and was not added').waitFor();
    await page.waitForTimeout(400);
    await shot(page, `orders-${width}-reorder-note`);

    // 'Remind me next year': set, said, and still set on the next visit (the order's answer says so).
    await page.getByRole('button', { name: 'Remind me next year' }).click();
    await page.getByRole('button', { name: 'Reminder set' }).waitFor();
    const willEmail = /^We will e-mail you on .+ before Amaka Obi's occasion\.$/;
    await page.getByText(willEmail).waitFor();
    await assertNoSidewaysScroll(page, 'reminder set');
    await shot(page, `orders-${width}-reminder-set`);
    await page.reload({ waitUntil: 'networkidle' });
    assert.equal(await page.getByRole('button', { name: 'Reminder set' }).isDisabled(), true);
    await page.getByText(willEmail).waitFor();

    // The account's reminders: listed with its order, then stopped.
    await page.goto(`${office.shop.url}/account/reminders`, { waitUntil: 'networkidle' });
    const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: "Amaka Obi's occasion" }) });
    await card.getByRole('link', { name: numbers.delivered }).waitFor();
    await assertNoSidewaysScroll(page, '/account/reminders');
    await shot(page, `orders-${width}-reminders`);
    await card.getByRole('button', { name: "Stop the reminder for Amaka Obi's occasion" }).click();
    await page.getByText(/^You have no occasion reminders\./).waitFor();
    await page.goto(`${office.shop.url}/account/orders/${numbers.delivered}`, { waitUntil: 'networkidle' });
    await page.getByRole('button', { name: 'Remind me next year' }).waitFor();

    await page.goto(`${office.shop.url}/account/orders/${numbers.unpaid}`, { waitUntil: 'networkidle' });
    const pay = page.getByRole('link', { name: 'Pay now' });
    await pay.waitFor();
    await assertNoSidewaysScroll(page, 'unpaid order');
    await shot(page, `orders-${width}-unpaid`);
    await Promise.all([page.waitForURL(/\/checkout\?orderId=/), pay.click()]);
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    await shot(page, `orders-${width}-pay-now`);

    await page.goto(`${office.shop.url}/account/orders/${numbers.pickup}`, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Progress' }).waitFor();
    await shot(page, `orders-${width}-pickup`);

    await context.close();
    assert.deepEqual(errors, [], 'no page errors');
  });
}

void test('Lighthouse accessibility is 100 on the order pages and the reminders', async () => {
  for (const path of ['/account', `/account/orders/${numbers.delivered}`, `/account/orders/${numbers.unpaid}`, '/account/reminders']) {
    const { score, failing } = await accessibilityScore(office.shop.url, path, user);
    assert.equal(score, 100, `${path}: ${failing.join('\n')}`);
  }
});
