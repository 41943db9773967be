/**
 * Payments in Chromium against the shop as `npm start` runs it with no provider keys (so the card
 * methods use the built-in sandbox): a guest buys a bouquet in naira through the Paystack sandbox
 * page and comes back to the done stage, and the tracker shows the order paid; a shopper in
 * dollars chooses Bitcoin, sees the amount, the address and the order number, says the transfer
 * was sent, and once staff confirm it the checkout shows the done stage and the tracker 'Paid'.
 * With E2E_SCREENSHOTS=<dir> the payment states are saved as screenshots at 1280 and 375 px.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startShop, type Shop } from './shop-server';
import { appStarted, launchBrowser } from './browser';
import { fillSender, pickDay, simpleProduct, startCheckout, fillLagosDelivery } from './checkout-flow';

const ADMIN_TOKEN = 'e2e-payments-staff-token-0123456789';
const BITCOIN_ADDRESS = 'bc1qe2etestwallet7h3sandbox0000000000000';
const SHOTS = process.env.E2E_SCREENSHOTS;

let shop: Shop;
let browser: Browser;

before(async () => {
  shop = await startShop({ ADMIN_TOKEN, PAYMENT_BITCOIN_ADDRESS: BITCOIN_ADDRESS });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
});

type Order = {
  id: string;
  orderNumber: string;
  status: string;
  paymentStatus: string;
  paymentMethod: string | null;
  currency: string;
  amountsInCurrency: { total: number };
};

/** Saves the page at 1280 and 375 px when E2E_SCREENSHOTS names a folder, then restores the viewport. */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  const viewport = page.viewportSize();
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: path.join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  if (viewport) await page.setViewportSize(viewport);
}


async function orderOf(id: string): Promise<Order> {
  const res = await fetch(`${shop.url}/v1/firebase/order/${id}`);
  return ((await res.json()) as { data: Order }).data;
}

const orderIdOf = (page: Page): string => {
  const id = new URL(page.url()).searchParams.get('orderId');
  assert.ok(id, 'the checkout URL carries the order id');
  return id;
};



/** The tracker with the order number and e-mail: the payment line. */
async function trackedPayment(page: Page, orderNumber: string, email: string): Promise<string> {
  await page.goto(`${shop.url}/order-tracker?number=${orderNumber}&email=${encodeURIComponent(email)}`, { waitUntil: 'networkidle' });
  const summary = page.getByRole('region', { name: orderNumber });
  await summary.waitFor();
  return summary
    .locator('dt', { hasText: /^Payment$/ })
    .locator('xpath=following-sibling::dd[1]')
    .innerText();
}

const naira = (n: number) => `₦${n.toLocaleString('en-US')}`;

void test('desktop: a guest pays for a bouquet in naira through the Paystack sandbox and the tracker shows it paid', async () => {
  const product = await simpleProduct(shop.url);
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await startCheckout(page, shop.url, product);
  const email = await fillSender(page, 'Tunde Bakare');
  await fillLagosDelivery(page);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  const id = orderIdOf(page);

  await page.getByRole('radio', { name: /Paystack/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: /^Pay ₦[\d,]+ with Paystack$/ }).waitFor();
  const before = await orderOf(id);
  assert.equal(before.paymentMethod, 'paystack');
  const pay = page.getByRole('button', { name: `Pay ${naira(before.amountsInCurrency.total)} with Paystack` });
  await pay.waitFor();
  await shot(page, 'card-pay');

  // The sandbox's hosted page, then back to the shop.
  await pay.click();
  await page.waitForURL(/\/api\/sandbox\/paystack\//);
  await page.getByText(naira(before.amountsInCurrency.total), { exact: false }).first().waitFor();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await page.waitForURL(/\/checkout\?orderId=.*payment=paystack/);

  const done = page.getByRole('region', { name: 'Thank you, your order is paid' });
  await done.waitFor();
  assert.match(await done.innerText(), new RegExp(`Order number ${before.orderNumber}`));
  // Paid through the built-in sandbox: said plainly, so nobody sends flowers for a test.
  assert.match(await done.innerText(), /TEST PAYMENT: paid in the shop's payment sandbox, no money was taken\./);
  await page.waitForURL((url) => url.pathname === '/checkout' && [...url.searchParams.keys()].join() === 'orderId');
  await shot(page, 'card-done');
  const stored = await page.evaluate(() => ({ orderId: localStorage.getItem('orderId'), cart: localStorage.getItem('cartItems') }));
  assert.ok(stored.orderId === null || stored.orderId === 'null', `the order id is forgotten: ${stored.orderId}`);
  assert.ok(!stored.cart || stored.cart === '[]' || stored.cart === 'null', `the cart is empty: ${stored.cart}`);

  const after = await orderOf(id);
  assert.equal(after.status, 'paid');
  assert.match(after.paymentStatus, /^PAID - GO AHEAD/);
  assert.match(after.paymentStatus, /TEST PAYMENT, no money taken$/);
  assert.equal(await trackedPayment(page, before.orderNumber, email), 'Paid');
  assert.match(await page.getByRole('note').innerText(), /TEST PAYMENT/);
  await shot(page, 'card-tracker');
  assert.deepEqual(errors, []);
  await page.close();
});

void test('phone: a shopper in dollars chooses Bitcoin, says it is sent, and staff confirmation shows the order paid', async () => {
  const product = await simpleProduct(shop.url);
  const page = await browser.newPage({ viewport: { width: 375, height: 800 }, timezoneId: 'America/New_York' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The currency switcher lives in the slide-in menu on a phone: choose dollars by the stored choice.
  await page.goto(shop.url, { waitUntil: 'networkidle' });
  await appStarted(page);
  await page.evaluate(() => localStorage.setItem('currency', JSON.stringify('USD')));

  await startCheckout(page, shop.url, product);
  const email = await fillSender(page, 'Grace Hopper');
  await page.getByRole('radio', { name: /Pick-up/ }).check();
  await page.getByRole('radio', { name: /Ikoyi \(LPI\)/ }).check();
  await pickDay(page, /Pickup date/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  const id = orderIdOf(page);
  const methods = await page.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  assert.deepEqual(methods, ['paystack', 'payPal', 'leadBankTransfer', 'bitcoinTransfer']);
  await page.getByRole('radio', { name: /Bitcoin/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  const box = page.getByRole('region', { name: 'Pay by Bitcoin' });
  await box.waitFor();
  const order = await orderOf(id);
  assert.equal(order.currency, 'USD');
  const text = await box.innerText();
  assert.match(text, new RegExp(`\\$${order.amountsInCurrency.total.toLocaleString('en-US')} USD`), 'the exact dollar amount');
  assert.ok(text.includes(BITCOIN_ADDRESS), 'the Bitcoin address from configuration');
  assert.equal((await box.locator('strong', { hasText: order.orderNumber }).count()) > 0, true, 'the order number in bold');
  await shot(page, 'bitcoin-instructions');

  await box.getByRole('button', { name: 'I have sent it' }).click();
  const sent = page.getByRole('region', { name: 'Transfer on its way' });
  await sent.waitFor();
  assert.match(await sent.innerText(), /We will confirm your transfer and e-mail you; this usually takes under 30 minutes/);
  assert.match(await sent.innerText(), new RegExp(`Order number ${order.orderNumber}`));
  assert.equal(await sent.getByRole('link', { name: 'order tracker' }).getAttribute('href'), `/order-tracker?number=${order.orderNumber}`);
  await shot(page, 'bitcoin-sent');
  assert.equal((await orderOf(id)).paymentStatus, 'awaiting confirmation');

  // A reload shows the same state; the order is not paid yet.
  await page.reload({ waitUntil: 'networkidle' });
  await sent.waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0, 'no auth dialog for a shopper who has paid by transfer');

  // Staff confirm the transfer.
  const res = await fetch(`${shop.url}/v1/admin/order/${id}/status`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${ADMIN_TOKEN}` },
    body: JSON.stringify({ status: 'paid' }),
  });
  assert.equal(res.status, 200, await res.text());

  await page.reload({ waitUntil: 'networkidle' });
  const done = page.getByRole('region', { name: 'Thank you, your order is paid' });
  await done.waitFor();
  assert.match(await done.innerText(), new RegExp(`Order number ${order.orderNumber}`));
  await shot(page, 'bitcoin-done');
  assert.equal(await trackedPayment(page, order.orderNumber, email), 'Paid');
  assert.deepEqual(errors, []);
  await page.close();
});
