/**
 * Checkout in Chromium, on a desktop and on a 375 px phone: a guest fills the cart, proceeds to
 * checkout (the order is created and the auth dialog offers guest checkout), fills the delivery
 * form for Lagos central, sees the ₦4,500 fee, applies a coupon, and reaches the payment stage
 * with the naira methods; the order on the server then holds the same totals. A second guest
 * picks up in Abuja (no fee) and sees the methods change with the currency.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startShop, type Shop } from './shop-server';
import { appStarted, launchBrowser } from './browser';
import { fillSender, pickDay, simpleProduct, startCheckout, fillLagosDelivery } from './checkout-flow';

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

type Order = {
  status: string;
  paymentMethod: string | null;
  deliveryMethod: string | null;
  despatchLocation: string;
  coupon: { code: string; discount: number } | null;
  amounts: { subtotal: number; deliveryFee: number; discount: number; total: number };
};

const naira = (n: number) => `₦${n.toLocaleString('en-US')}`;


async function orderOf(page: Page): Promise<Order> {
  const id = new URL(page.url()).searchParams.get('orderId');
  assert.ok(id, 'the checkout URL carries the order id');
  const res = await fetch(`${shop.url}/v1/firebase/order/${id}`);
  return ((await res.json()) as { data: Order }).data;
}




for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 800 },
]) {
  void test(`${viewport.name}: a guest checks out for delivery in Lagos, applies a coupon and reaches payment`, async () => {
    const product = await simpleProduct(shop.url);
    const page = await browser.newPage({ viewport, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));

    await startCheckout(page, shop.url, product);
    assert.equal(await page.locator('footer').count(), 0, 'no footer on checkout');
    const stages = page.getByRole('navigation', { name: 'Checkout stages' });
    if (viewport.width > 768) assert.match(await stages.innerText(), /Delivery[\s\S]*Payment[\s\S]*Done/);

    // Required fields speak up when left empty.
    await page.getByLabel('Your name').focus();
    await page.getByLabel('Your email').focus();
    await page.getByText('Your name is required').waitFor();

    await fillSender(page, 'Tunde Bakare');
    await fillLagosDelivery(page, 'Office');
    await page.getByLabel('Card message (optional)').fill('Happy birthday, Amaka!');

    const summary = page.getByRole('complementary', { name: /summary/i });
    await summary.getByText(naira(4_500)).first().waitFor();
    await summary.getByText(naira(product.price + 4_500)).first().waitFor();

    const discount = Math.floor(product.price / 10);
    await summary.getByLabel('Coupon code').fill('welcome10');
    await summary.getByRole('button', { name: 'Apply' }).click();
    await summary.getByText(`−${naira(discount)}`).first().waitFor();

    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    const total = product.price - discount + 4_500;
    await page.getByText(`Amount to pay: ${naira(total)}`).waitFor();
    const methods = await page.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    assert.deepEqual(methods, ['paystack', 'flutterwave', 'monnify', 'gtbTransfer']);

    await page.getByRole('radio', { name: /Paystack/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: `Pay ${naira(total)} with Paystack` }).waitFor();

    const order = await orderOf(page);
    assert.deepEqual(order.amounts, { subtotal: product.price, deliveryFee: 4_500, discount, total });
    assert.equal(order.coupon?.code, 'WELCOME10');
    assert.equal(order.status, 'awaiting_payment');
    assert.equal(order.paymentMethod, 'paystack');
    assert.deepEqual(errors, []);
    await page.close();
  });
}

void test('phone: a guest picks up in Abuja for free, and the payment methods follow the currency', async () => {
  const product = await simpleProduct(shop.url);
  const page = await browser.newPage({ viewport: { width: 375, height: 800 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  await startCheckout(page, shop.url, product);
  await fillSender(page, 'Halima Bello');
  await page.getByRole('radio', { name: /Pick-up/ }).check();
  assert.equal(await page.getByLabel("Recipient's name").count(), 0, 'no recipient fields for a pick-up');
  await page.getByRole('radio', { name: /Abuja \(APA\)/ }).check();
  await pickDay(page, /Pickup date/);
  await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  await page.getByText(`Amount to pay: ${naira(product.price)}`).waitFor();

  const order = await orderOf(page);
  assert.equal(order.deliveryMethod, 'pick-up');
  assert.equal(order.despatchLocation, 'APA');
  assert.equal(order.amounts.deliveryFee, 0);

  // The currency switcher lives in the slide-in menu on a phone: switch by the stored choice instead.
  await page.evaluate(() => localStorage.setItem('currency', JSON.stringify('USD')));
  await page.reload({ waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Continue as Guest' }).click({ timeout: 2_000 }).catch(() => undefined);
  if (await page.getByRole('heading', { name: 'Delivery details' }).isVisible()) await page.getByRole('button', { name: 'Continue to payment' }).click();
  await page.getByRole('heading', { name: 'Payment' }).waitFor();
  const methods = await page.getByRole('radio').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
  assert.deepEqual(methods, ['paystack', 'payPal', 'leadBankTransfer', 'bitcoinTransfer']);
  assert.deepEqual(errors, []);
  await page.close();
});

/** A fresh unpaid order for `product`, made as a shopper's cart makes it; its id. */
async function createOrder(productId: string, sku: string): Promise<string> {
  const res = await fetch(`${shop.url}/v1/firebase/order/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ cartItems: [{ productId, SKU: sku, quantity: 1 }], currency: 'NGN', deliveryDate: '' }),
  });
  assert.equal(res.status, 201);
  return ((await res.json()) as { data: { id: string } }).data.id;
}

void test("the guest's greeting comes with the page's HTML, becomes a modal once the code runs, and a signed-in shopper never sees it", async () => {
  const product = await simpleProduct(shop.url);
  const path = `/checkout?orderId=${await createOrder(product.id, product.sku)}`;
  const greeting = (page: Page) => page.getByRole('dialog', { name: 'WELCOME TO SECURE CHECKOUT' });

  // Without JavaScript the server's greeting is there, Guest Checkout chosen, over the page.
  const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 800 } });
  const still = await bare.newPage();
  await still.goto(`${shop.url}${path}`);
  await greeting(still).getByText('Check out without an account. You can still create one later.').waitFor();
  assert.equal(await greeting(still).getByRole('button', { name: 'Guest Checkout' }).getAttribute('aria-expanded'), 'true');
  await bare.close();

  // With it: the same dialog turns modal (focus inside), and Escape answers it for good.
  const guestContext = await browser.newContext({ viewport: { width: 1280, height: 900 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  const guest = await guestContext.newPage();
  const errors: string[] = [];
  guest.on('pageerror', (error) => errors.push(error.message));
  await guest.goto(`${shop.url}${path}`, { waitUntil: 'domcontentloaded' });
  await greeting(guest).waitFor();
  await appStarted(guest);
  await guest.waitForFunction(() => document.querySelector('dialog')?.matches(':modal') === true);
  assert.equal(await guest.evaluate(() => document.activeElement?.textContent), 'Guest Checkout');
  await guest.keyboard.press('Escape');
  await greeting(guest).waitFor({ state: 'detached' });
  await guest.getByRole('heading', { name: 'Delivery details' }).waitFor();
  await guest.waitForTimeout(300);
  assert.equal(await guest.getByRole('dialog').count(), 0, 'the checkout does not greet again');
  assert.deepEqual(errors, []);
  await guestContext.close();

  // A signed-in shopper: no dialog is drawn at any frame from the first paint on.
  const email = `greeted.${Date.now().toString(36)}@example.com`;
  const signup = await fetch(`${shop.url}/v1/regal/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'peonies-for-ada-24', name: 'Ada Obi' }),
  });
  assert.ok(signup.ok, await signup.clone().text());
  const user = ((await signup.json()) as { data: unknown }).data;
  const memberContext = await browser.newContext({ viewport: { width: 375, height: 800 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  const member = await memberContext.newPage();
  await member.goto(shop.url);
  await appStarted(member);
  await member.evaluate((record) => localStorage.setItem('userData', JSON.stringify(record)), user);
  // A string, not a function: tsx would wrap a function's inner names in a helper the page lacks.
  await member.addInitScript(`window.dialogFrames = []; let frames = 0;
    requestAnimationFrame(function look() {
      if ([...document.querySelectorAll('dialog')].some((d) => d.checkVisibility())) window.dialogFrames.push(document.readyState);
      if (++frames < 1000) requestAnimationFrame(look);
    });`);
  await member.goto(`${shop.url}${path}`, { waitUntil: 'load' });
  await appStarted(member);
  await member.getByRole('heading', { name: 'Delivery details' }).waitFor();
  assert.equal(await member.getByLabel(/^Your email/).inputValue(), email, 'the sender is the signed-in shopper');
  await member.waitForTimeout(300);
  assert.deepEqual(await member.evaluate(() => (window as unknown as { dialogFrames: string[] }).dialogFrames), []);
  await memberContext.close();
});
