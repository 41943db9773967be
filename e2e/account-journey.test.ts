/**
 * Issue 15's "done when", in Chromium at 1280 px and at 375 px against the shop as `npm start`
 * runs it, with its mail caught by a local SMTP server:
 * - a guest order is placed with an e-mail; the shopper then signs up with that e-mail from the
 *   header and buys as that user through the Paystack sandbox, saving the recipient's address;
 * - 'My orders' (the header's account panel, or the phone's menu) lists the paid order and not
 *   the guest one; the order's page shows its timeline; 'Order again' fills the cart;
 * - the next checkout offers the saved recipient and fills the recipient's fields with it;
 * - the profile's new name and phone pre-fill the next checkout's sender;
 * - a one-time password (the 'Reset your password' flow) proves the e-mail: the guest order
 *   now shows in 'My orders' too;
 * - the shopper deletes the account: the goodbye says so, an e-mail confirms it, the old password
 *   no longer logs in.
 * Lighthouse (mobile) scores accessibility 100 on each account page, logged in with data.
 *
 * With E2E_SCREENSHOTS=<dir> each step is saved there per width.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { startShop, type Shop } from './shop-server';
import { launchBrowser } from './browser';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { device, mailText, shot } from './back-office';
import { fillLagosDelivery, guestOrderByApi, simpleProduct, type Listed } from './checkout-flow';
import { accessibilityScore } from './lighthouse';
import { ORDERS_IN_PROGRESS_MESSAGE } from '../lib/contracts/account';

/** The staff token of /v1/admin calls: the journey delivers the paid order with it. */
const ADMIN_TOKEN = 'journey-admin-token-0123456789abcdef';

let catcher: MailCatcher;
let shop: Shop;
let browser: Browser;

before(async () => {
  catcher = await startMailCatcher();
  shop = await startShop({ SMTP_URL: catcher.smtpUrl, MAIL_FROM: 'Regal Flowers <no-reply@shop.test>', ADMIN_TOKEN });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
  await catcher?.close();
});

const toast = (page: Page, text: string | RegExp) => page.getByText(text).first().waitFor();
const storedUser = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as { authToken: string } | null);

/** The newest mail to `to` after the first `after` mails, waiting for it to arrive: its text. */
async function mailTo(to: string, after: number, pattern: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const text = catcher.inbox
      .slice(after)
      .filter((m) => m.to.includes(to))
      .map((m) => mailText(m.raw))
      .find((t) => pattern.test(t));
    if (text) return text;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} matching ${pattern}`);
}

/** Opens the account panel (desktop) or the menu (phone) and follows `link`. */
async function accountLink(page: Page, width: number, email: string, link: string): Promise<void> {
  if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
  else await page.getByRole('button', { name: `Account of ${email}` }).click();
  await Promise.all([page.waitForURL(/\/account/), page.getByRole('link', { name: link, exact: true }).first().click()]);
}

/** Product page → Add to cart → cart panel → Proceed to checkout (logged in: straight to the form). */
async function toCheckout(page: Page, product: Listed): Promise<void> {
  await page.goto(`${shop.url}/product/${product.slug}`, { waitUntil: 'networkidle' });
  await page
    .getByRole('main')
    .getByRole('button', { name: /buy now|add to cart/i })
    .first()
    .click();
  await page.getByText('Item Added To Cart').waitFor();
  await openCartToCheckout(page);
}

async function openCartToCheckout(page: Page): Promise<void> {
  await page.getByRole('button', { name: /^Cart, \d+ items?$/ }).click();
  await page
    .getByRole('dialog', { name: /^My Cart/ })
    .getByRole('link', { name: /^Proceed to checkout \(/ })
    .click();
  await page.waitForURL(/\/checkout\?orderId=[0-9a-f-]{36}$/);
  await page.getByRole('heading', { name: 'Delivery details' }).waitFor();
}

for (const width of [1280, 375]) {
  void describe(`the shopper's account at ${width} px`, () => {
    const run = `${Date.now().toString(36)}${width}`;
    const email = `kemi.${run}@example.com`;
    const password = 'sunflowers-for-mum-24';
    const name = (step: string) => `account-${width}-${step}`;
    let context: BrowserContext;
    let page: Page;
    let product: Listed;
    let guestNumber = '';
    let paidNumber = '';
    const errors: string[] = [];

    before(async () => {
      context = await device(browser, width, errors);
      page = await context.newPage();
      product = await simpleProduct(shop.url);
    });
    after(async () => {
      await context?.close();
      assert.deepEqual(errors, [], 'no page errors');
    });

    void test('a guest order first, then sign up from the header and buy as that user, saving the address', async () => {
      const day = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
      const recipient = { name: 'Ngozi Eze', phone: '0803 555 0101', address: '12 Admiralty Way, Lekki', residenceType: 'Office' };
      guestNumber = (await guestOrderByApi(shop.url, product, day, { email, recipient })).orderNumber;

      await page.goto(shop.url, { waitUntil: 'load' });
      if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'LOGIN / REGISTER' }).click();
      const dialog = page.getByRole('dialog', { name: 'WELCOME TO REGAL FLOWERS' });
      await dialog.getByRole('button', { name: 'Register', exact: true }).click();
      const register = dialog.locator('section').filter({ has: page.getByRole('button', { name: 'Register', exact: true }) });
      await register.getByLabel(/^First name/).fill('Kemi');
      await register.getByLabel(/^Last name/).fill('Adeyemi');
      await register.getByLabel(/^Email/).fill(email);
      await register.getByLabel(/^Password/).fill(password);
      await register.getByRole('button', { name: 'Create account' }).click();
      await toast(page, 'User signed up successfully');

      await toCheckout(page, product);
      assert.equal(await page.getByLabel('Your email').inputValue(), email, 'the sender e-mail is the account’s');
      // The spec's signup sends only e-mail and password: the name is typed at the first checkout.
      await page.getByLabel('Your name').fill('Kemi Adeyemi');
      await page.getByLabel('Your phone number').fill('0803 123 4567');
      await fillLagosDelivery(page);
      await page.getByRole('checkbox', { name: /Save this address/ }).check();
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.getByRole('heading', { name: 'Payment' }).waitFor();
      await page.getByRole('radio', { name: /Paystack/ }).check();
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('button', { name: /^Pay ₦[\d,]+ with Paystack$/ }).click();
      await page.waitForURL(/\/api\/sandbox\/paystack\//);
      await page.getByRole('button', { name: 'Pay', exact: true }).click();
      const done = page.getByRole('region', { name: 'Thank you, your order is paid' });
      await done.waitFor();
      paidNumber = /RF-\d+/.exec(await done.innerText())?.[0] ?? '';
      assert.ok(paidNumber, 'the done stage names the order');
      await shot(page, name('paid'));
    });

    void test('My orders lists the paid order (not the unproven guest one); its page and Order again', async () => {
      await accountLink(page, width, email, 'My orders');
      const orders = page.getByRole('main');
      await orders.getByRole('link', { name: new RegExp(paidNumber) }).waitFor();
      const text = await orders.innerText();
      assert.match(text, /Amaka Obi/);
      assert.doesNotMatch(text, new RegExp(guestNumber), 'the guest order waits for the e-mail to be proven');
      await shot(page, name('orders'));

      await Promise.all([page.waitForURL(new RegExp(`/account/orders/${paidNumber}$`)), orders.getByRole('link', { name: new RegExp(paidNumber) }).click()]);
      await page.getByRole('heading', { name: new RegExp(paidNumber) }).waitFor();
      await page.getByRole('button', { name: 'Order again' }).waitFor();
      assert.match(await page.getByRole('main').innerText(), /Paid/i);
      await shot(page, name('order'));

      await page.getByRole('button', { name: 'Order again' }).click();
      await page.getByRole('button', { name: /^Cart, [1-9]\d* items?$/ }).waitFor();
      const cart = await page.evaluate(() => JSON.parse(localStorage.getItem('cartItems') ?? '[]') as { SKU: string }[]);
      assert.ok(
        cart.some((item) => item.SKU === product.sku),
        'the order’s item is in the cart',
      );
      await shot(page, name('reordered'));
    });

    void test('the next checkout offers the saved recipient and fills the fields', async () => {
      await page.goto(shop.url, { waitUntil: 'load' });
      await openCartToCheckout(page);
      const picker = page.getByLabel(/Saved recipients/);
      const option = picker.locator('option', { hasText: 'Amaka Obi' });
      assert.equal(await option.count(), 1, 'the address was saved once');
      await picker.selectOption({ label: (await option.innerText()).trim() });
      assert.equal(await page.getByLabel("Recipient's name").inputValue(), 'Amaka Obi');
      assert.match(await page.getByLabel("Recipient's address").inputValue(), /5 Bourdillon Road/);
      assert.equal(await page.getByLabel('Delivery zone').inputValue(), 'lagos-central');
      await shot(page, name('picker'));
    });

    void test('the address book and the profile: a new name and phone pre-fill the checkout', async () => {
      await page.goto(`${shop.url}/account/addresses`, { waitUntil: 'networkidle' });
      await page.getByText('Amaka Obi').first().waitFor();
      await shot(page, name('addresses'));

      await page.goto(`${shop.url}/account/profile`, { waitUntil: 'networkidle' });
      const profile = page.getByRole('main');
      await profile.getByLabel(/^Name/).fill('Kemi Adeyemi-Bello');
      await profile.getByLabel(/^Phone/).fill('0802 000 1111');
      await profile.getByRole('button', { name: /Save/ }).first().click();
      await toast(page, 'Your details have been saved');
      await shot(page, name('profile'));

      await openCartToCheckout(page);
      assert.equal(await page.getByLabel('Your name').inputValue(), 'Kemi Adeyemi-Bello');
      assert.match(await page.getByLabel('Your phone number').inputValue(), /0802 ?000 ?1111/);
    });

    void test('Lighthouse: accessibility 100 on the account pages', { skip: width < 768 ? 'run once, at the first width' : false }, async () => {
      const user = await storedUser(page);
      for (const path of ['/account', `/account/orders/${paidNumber}`, '/account/addresses', '/account/profile']) {
        const { score, failing } = await accessibilityScore(shop.url, path, user);
        assert.equal(score, 100, `${path}: ${failing.join('; ')}`);
      }
    });

    void test('a one-time password proves the e-mail: the guest order joins My orders', async () => {
      await page.goto(shop.url, { waitUntil: 'load' });
      if (width < 768) await page.getByRole('button', { name: 'Menu' }).click();
      else await page.getByRole('button', { name: `Account of ${email}` }).click();
      await page.getByRole('button', { name: 'Logout' }).click();
      await page.getByRole('button', { name: 'LOGIN / REGISTER' }).first().waitFor();
      if (width < 768 && !(await page.getByRole('button', { name: 'LOGIN / REGISTER' }).isVisible())) await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'LOGIN / REGISTER' }).click();
      const login = page
        .getByRole('dialog')
        .locator('section')
        .filter({ has: page.getByRole('button', { name: 'Login', exact: true }) });
      await login.getByLabel(/^Email/).fill(email);
      await login.getByRole('button', { name: 'Reset your password' }).click();
      const forgot = page.getByRole('dialog', { name: 'Forgot password?' });
      const before = catcher.inbox.length;
      await forgot.getByRole('button', { name: 'Reset Password' }).click();
      const otp = page.getByRole('dialog', { name: 'Enter OTP' });
      const code = /one-time password is: (\d{6})/.exec(await mailTo(email, before, /one-time password is: \d{6}/))![1]!;
      await otp.getByLabel(/^One-time password/).fill(code);
      await otp.getByRole('button', { name: 'Submit OTP' }).click();
      await toast(page, 'OTP validated successfully');
      const set = page.getByRole('dialog', { name: 'Set new password' });
      await set.getByLabel(/^Password/).fill(password);
      await set.getByLabel(/^Confirm password/).fill(password);
      await set.getByRole('button', { name: 'Reset Password' }).click();
      await page.getByRole('dialog', { name: 'Password reset' }).getByRole('button', { name: 'Continue' }).click();

      await page.goto(`${shop.url}/account`, { waitUntil: 'networkidle' });
      const orders = page.getByRole('main');
      await orders.getByRole('link', { name: new RegExp(guestNumber) }).waitFor();
      await orders.getByRole('link', { name: new RegExp(paidNumber) }).waitFor();
      await shot(page, name('orders-proven'));
    });

    void test('delete the account: refused while an order is on its way; then it says so, an e-mail confirms it, the password no longer works', async () => {
      const deleteAccount = async () => {
        const calls: string[] = [];
        const record = (r: Response) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith('/v1/')) calls.push(`${r.status()} ${r.request().method()} ${url.pathname}`);
        };
        page.on('response', record);
        await page.goto(`${shop.url}/account/profile`, { waitUntil: 'networkidle' });
        const zone = page.getByRole('region', { name: /Delete my account/i });
        try {
          await zone.getByLabel(/password/i).fill(password);
        } catch (error) {
          // Said in full: this step once timed out in CI without showing what the page had instead.
          const shown = (await page.getByRole('main').innerText().catch(() => '(no main)')).slice(0, 600);
          const user = (await storedUser(page)) ? 'a stored user' : 'no stored user';
          throw new Error(`no password field in the danger zone (${user}); calls: ${calls.join(', ')}; page: ${shown}`, { cause: error });
        } finally {
          page.off('response', record);
        }
        await zone.getByRole('button', { name: /Delete my account/i }).click();
        await page.getByRole('dialog').getByRole('button', { name: /Delete/i }).click();
      };
      await deleteAccount();
      // The refusal itself (the danger zone's own text says 'still on its way' too): until it is
      // shown the request may still be in flight, and it must not reach the shop after the order
      // is delivered below (it would then delete the account: the race that failed this step).
      await page.getByRole('region', { name: /Delete my account/i }).getByRole('alert').filter({ hasText: ORDERS_IN_PROGRESS_MESSAGE }).waitFor();
      await shot(page, name('delete-refused'));

      // The shop delivers the paid order (staff token), then the account can go.
      const token = (await storedUser(page))!.authToken;
      const mine = await fetch(`${shop.url}/v1/regal/account/orders/${paidNumber}`, { headers: { Authorization: `Bearer ${token}` } });
      const { id } = ((await mine.json()) as { data: { id: string } }).data;
      for (const status of ['preparing', 'out_for_delivery', 'delivered']) {
        const res = await fetch(`${shop.url}/v1/admin/order/${id}/status`, {
          method: 'PUT',
          headers: { 'content-type': 'application/json', Authorization: `Bearer ${ADMIN_TOKEN}` },
          body: JSON.stringify({ status }),
        });
        assert.equal(res.status, 200, `${status}: ${await res.text()}`);
      }
      const before = catcher.inbox.length;
      await deleteAccount();
      await page.getByText(/account (is|has been) deleted/i).first().waitFor();
      assert.equal(await storedUser(page), null, 'the browser forgot the user');
      await shot(page, name('deleted'));

      assert.match(await mailTo(email, before, /deleted/i), /deleted/i, 'an e-mail confirms the deletion');
      const res = await fetch(`${shop.url}/v1/regal/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password }),
      });
      assert.equal(res.status, 401);
    });
  });
}
