/**
 * Coupons and shop details in Chromium (issue 14, settings), at 1280 px and at 375 px, against the
 * shop as `npm start` runs it (the shared-page cache in front): a manager creates a coupon on
 * /admin/coupons, a shopper takes it at checkout; the manager pauses it and sees the shopper's
 * order holding it, and the shopper's next try is refused with the shop's message. Then the
 * manager changes the Lagos WhatsApp number on /admin/shop-details (the first save also has to
 * replace the sample Bitcoin address the environment gives, which the page marks), and the
 * storefront's next page (kept by the page cache before) shows the new number.
 *
 * With E2E_SCREENSHOTS=<dir> the pages are saved there for each width.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { Shop } from './shop-server';
import type { MailCatcher } from './mail-catcher';
import { type BackOfficeShop, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';
import { fillLagosDelivery, fillSender, simpleProduct, startCheckout } from './checkout-flow';

const run = Date.now().toString(36).toUpperCase();
const manager: Member = { email: `manager.${run.toLowerCase()}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };

let started: BackOfficeShop | undefined;
let catcher: MailCatcher;
let shop: Shop;
let browser: Browser;

before(async () => {
  started = await startBackOfficeShop([manager]);
  ({ shop, catcher, browser } = started);
});

after(() => started?.stop());

const naira = (n: number) => `₦${n.toLocaleString('en-US')}`;

/** The coupon's own row on /admin/coupons (its code is the row's header). */
const couponRow = (page: Page, code: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(`^${code}`) }) });

/** The shopper's checkout up to the coupon box, with a Lagos delivery filled in. */
async function shopperAtCheckout(context: BrowserContext): Promise<{ page: Page; price: number }> {
  const product = await simpleProduct(shop.url);
  const page = await context.newPage();
  await startCheckout(page, shop.url, product);
  await fillSender(page, 'Tunde Bakare');
  await fillLagosDelivery(page);
  return { page, price: product.price };
}

for (const width of [1280, 375]) {
  void test(`a manager's new coupon works at checkout, and once paused is refused (${width} px)`, async () => {
    const errors: string[] = [];
    const code = `E2E${width}${run}`.slice(0, 30);
    const context = await device(browser, width, errors);
    const admin = await signIn(shop.url, catcher, context, manager);
    await admin.goto(`${shop.url}/admin/coupons`, { waitUntil: 'networkidle' });
    assert.equal(await admin.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Coupons' }).getAttribute('aria-current'), 'page');
    await admin.getByRole('region', { name: 'Coupons' }).waitFor();
    await shot(admin, `coupons-${width}`);

    await admin.getByRole('button', { name: 'New coupon' }).click();
    const form = admin.getByRole('form', { name: 'New coupon' });
    await form.getByRole('textbox', { name: /^Code/ }).fill(code.toLowerCase());
    await form.getByRole('textbox', { name: /^Percent off/ }).fill('12');
    await form.getByRole('textbox', { name: /^Orders that may use it/ }).fill('100');
    await shot(admin, `coupons-new-${width}`);
    await form.getByRole('button', { name: 'Create coupon' }).click();
    assert.match(await admin.getByRole('status').innerText(), new RegExp(`${code} is created: shoppers can use it at checkout now`));
    assert.match(await couponRow(admin, code).innerText(), /12% off[\s\S]*0 paid · 0 held of 100[\s\S]*Active/);

    // The shopper takes it.
    const shopperContext = await device(browser, width, errors);
    const { page: shopper, price } = await shopperAtCheckout(shopperContext);
    const summary = shopper.getByRole('complementary', { name: /summary/i });
    await summary.getByLabel('Coupon code').fill(code.toLowerCase());
    await summary.getByRole('button', { name: 'Apply' }).click();
    const discount = Math.floor((price * 12) / 100);
    await summary.getByText(`−${naira(discount)}`).first().waitFor();
    await shot(shopper, `checkout-coupon-${width}`);

    // The manager pauses it, and sees the shopper's order holding it.
    await admin.reload({ waitUntil: 'networkidle' });
    assert.match(await couponRow(admin, code).innerText(), /0 paid · 1 held of 100/);
    await couponRow(admin, code).getByRole('button', { name: `Pause ${code}` }).click();
    assert.match(await admin.getByRole('status').innerText(), new RegExp(`${code} is paused: the checkout refuses it from now on`));
    assert.match(await couponRow(admin, code).innerText(), /Paused/);
    await couponRow(admin, code).getByRole('button', { name: `Orders (1) holding ${code}` }).click();
    const orders = admin.getByRole('region', { name: `Orders holding ${code}` });
    assert.match(await orders.getByRole('listitem').innerText(), new RegExp(`RF-\\d{6}[\\s\\S]*${naira(discount)} off[\\s\\S]*Not paid[\\s\\S]*Counts: held until`));
    await shot(admin, `coupons-paused-${width}`);

    // The shopper's next try: refused with the shop's message.
    await summary.getByRole('button', { name: 'Remove' }).click();
    await summary.getByLabel('Coupon code').fill(code);
    await summary.getByRole('button', { name: 'Apply' }).click();
    assert.equal(await summary.getByRole('alert').innerText(), 'This coupon is no longer available');
    await shot(shopper, `checkout-paused-${width}`);

    assert.deepEqual(errors, []);
    await shopperContext.close();
    await context.close();
  });
}

for (const [index, width] of [1280, 375].entries()) {
  void test(`a new Lagos WhatsApp number shows on the storefront's next page (${width} px)`, async () => {
    const errors: string[] = [];
    const number = `+234 809 555 01${index}${width % 10}`;
    const digits = number.replace(/\D/g, '');

    // The contact page, kept by the page cache before the change.
    const visitorContext = await device(browser, width, errors);
    const visitor = await visitorContext.newPage();
    await visitor.goto(`${shop.url}/contact`, { waitUntil: 'networkidle' });
    assert.equal(await visitor.locator(`a[href^="https://wa.me/${digits}"]`).count(), 0);
    assert.equal((await fetch(`${shop.url}/contact`)).headers.get('x-page-cache'), 'HIT', 'the contact page is cached before the change');

    const context = await device(browser, width, errors);
    const admin = await signIn(shop.url, catcher, context, manager);
    await admin.goto(`${shop.url}/admin/coupons`, { waitUntil: 'networkidle' });
    await Promise.all([admin.waitForURL(`${shop.url}/admin/shop-details`), admin.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Shop details' }).click()]);
    const details = admin.getByRole('form', { name: 'Shop details' });
    const lagos = details.getByRole('group', { name: 'Lagos branch' });
    await lagos.getByRole('textbox', { name: /^WhatsApp/ }).fill(number);
    await shot(admin, `shop-details-${width}`);
    await details.getByRole('button', { name: 'Save shop details' }).click();
    await details.getByRole('alert').or(details.getByRole('status')).waitFor();
    if (index === 0) {
      // The first save: the environment's sample Bitcoin address is not an address; the page says so and marks it.
      assert.equal(await details.getByRole('alert').innerText(), 'Wallet and Bitcoin, Bitcoin address: must be a Bitcoin address (bc1…, 1… or 3…)');
      const bitcoin = details.getByRole('textbox', { name: /^Bitcoin address/ });
      assert.equal(await bitcoin.getAttribute('aria-invalid'), 'true');
      assert.equal(await bitcoin.evaluate((input) => input === document.activeElement), true, 'the refused field has the focus');
      await shot(admin, `shop-details-refused-${width}`);
      await bitcoin.fill('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq');
      await details.getByRole('button', { name: 'Save shop details' }).click();
    }
    assert.match(await details.getByRole('status').innerText(), /The shop details are saved/);
    assert.match(await details.getByText(/^Last saved /).innerText(), /Last saved \d/);
    await shot(admin, `shop-details-saved-${width}`);

    // The visitor's next page: the new number, not the cached page.
    await visitor.reload({ waitUntil: 'networkidle' });
    const links = visitor.locator(`a[href^="https://wa.me/${digits}"]`);
    assert.ok((await links.count()) >= 2, 'the contact page and its footer link the new WhatsApp number');
    assert.match(await visitor.locator('main').innerText(), new RegExp(number.replace(/\+/g, '\\+')));
    await shot(visitor, `contact-${width}`);
    const handshake = (await (await fetch(`${shop.url}/v1/regal/handshake`)).json()) as { data: { settings: { shopInfo: { branches: { key: string; whatsapp: string }[] } } } };
    assert.equal(handshake.data.settings.shopInfo.branches.find((b) => b.key === 'lagos')?.whatsapp, number);

    assert.deepEqual(errors, []);
    await visitorContext.close();
    await context.close();
  });
}
