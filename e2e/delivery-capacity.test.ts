/**
 * Delivery capacity and the live cut-off in Chromium (issue 18), against the shop as `npm start`
 * runs it, with both clocks injected: the server starts at 13:46 in Lagos on the 4th of this month
 * (SHOP_CLOCK_START) and each shopper's browser at the same instant (Playwright's clock), so
 * nothing waits for a real cut-off. A manager sets the 6th to 0 orders in Lagos and Abuja
 * on /admin/settings/capacity; the shopper's product page and cart say 'Order in 2 h 14 min for
 * delivery today' (after hydration: the cached page itself has no time in it), the cart's and the
 * checkout's calendars show the 6th disabled as 'Full' (fully booked); after the cut-off the
 * notice says 'Earliest delivery: tomorrow' and the cart's calendar disables today.
 *
 * With E2E_SCREENSHOTS=<dir> the capacity page, the product page with the notice and the cart's
 * calendar with the full day are saved there at 1280 and 375 px.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { Shop } from './shop-server';
import type { MailCatcher } from './mail-catcher';
import { simpleProduct, type Listed } from './checkout-flow';
import { type BackOfficeShop, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';
import { deliveryDayText } from '../lib/domain/delivery-change';

const run = Date.now().toString(36);
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };

/**
 * 13:46 in Lagos (UTC+1) on the 4th of this month: in the real year and month, so that what pages
 * render on the server with the real date (the footer's year) matches the browser's; the 4th to
 * the 6th are in the month the calendars open on.
 */
const thisMonth = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit' }).format(new Date());
const START = new Date(`${thisMonth}-04T12:46:00Z`);
const TODAY = `${thisMonth}-04`;
const FULL_DAY = `${thisMonth}-06`;
/** react-day-picker's name of a day's button ('March 6th, 2030'), for the 4th to the 6th. */
const dayName = (day: string) => `${new Intl.DateTimeFormat('en-US', { month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))} ${Number(day.slice(8))}th, ${day.slice(0, 4)}`;
const named = (day: string, suffix = '') => new RegExp(`${dayName(day)}${suffix}`);

let started: BackOfficeShop | undefined;
let catcher: MailCatcher;
let shop: Shop;
let browser: Browser;
let product: Listed;

before(async () => {
  started = await startBackOfficeShop([manager], { env: { SHOP_CLOCK_START: START.toISOString() } });
  ({ shop, catcher, browser } = started);
  product = await simpleProduct(shop.url);
});

after(() => started?.stop());

/** A shopper's page in Lagos whose clock starts at START and runs on. */
async function shopperPage(width: number, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  await context.clock.install({ time: START });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

/** The manager closes FULL_DAY for both branches on the capacity page. */
async function closeTheDay(width: number, errors: string[]): Promise<void> {
  const context = await device(browser, width, errors);
  const page = await signIn(shop.url, catcher, context, manager);
  await page.goto(`${shop.url}/admin/settings/capacity`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Delivery capacity' }).waitFor();
  const already = await page.getByLabel('Day 1', { exact: true }).count();
  if (already === 0) {
    await page.getByLabel('Lagos, every day').fill('60');
    await page.getByRole('button', { name: 'Add a day' }).click();
    await page.getByLabel('Day 1', { exact: true }).fill(FULL_DAY);
    await page.getByLabel('Lagos limit, day 1').fill('0');
    await page.getByLabel('Abuja limit, day 1').fill('0');
    await page.getByLabel('Note, day 1').fill('Staff training');
    await page.getByRole('button', { name: 'Save capacity' }).click();
    await page.getByRole('status').getByText('The delivery capacity is saved: the calendar and checkout use it at once').waitFor();
  }
  // The bookings table shows the closed day as full (0 of 0) in both branches.
  const row = page.getByRole('row', { name: new RegExp(deliveryDayText(FULL_DAY)) });
  assert.match(await row.innerText(), /0 of 0 · Full\s+0 of 0 · Full/);
  await shot(page, `capacity-admin-${width}`);
  await context.close();
}

for (const width of [1280, 375]) {
  void test(`a day the manager closes is fully booked in the pickers; the cut-off counts down and then says tomorrow (${width} px)`, async () => {
    const errors: string[] = [];
    await closeTheDay(width, errors);

    const calendar = await (await fetch(`${shop.url}/v1/delivery/calendar?days=7`)).json();
    assert.deepEqual(calendar.data.full, { lagos: [FULL_DAY], abuja: [FULL_DAY] });
    assert.equal(calendar.data.today, TODAY, "the server's clock starts at SHOP_CLOCK_START");

    const page = await shopperPage(width, errors);
    // The product page's HTML (shared-cached) carries no time; the browser writes it after hydration.
    const html = await (await fetch(`${shop.url}/product/${product.slug}`)).text();
    assert.doesNotMatch(html, /Order in|Earliest delivery/);
    await page.goto(`${shop.url}/product/${product.slug}`, { waitUntil: 'networkidle' });
    const notice = page.locator('main').getByText('Order in 2 h 14 min for delivery today');
    await notice.waitFor();
    await shot(page, `product-cutoff-${width}`);

    // The cart: the notice, and the 6th disabled with its reason.
    await page.getByRole('main').getByRole('button', { name: /buy now|add to cart/i }).first().click();
    await page.getByText('Item Added To Cart').waitFor();
    await page.getByRole('button', { name: 'Cart, 1 item' }).click();
    const cart = page.getByRole('dialog', { name: 'My Cart (1)' });
    await cart.getByText('Order in 2 h 14 min for delivery today').waitFor();
    await cart.getByRole('button', { name: 'Select date' }).click();
    const grid = cart.getByRole('grid');
    await grid.waitFor();
    const full = grid.getByRole('button', { name: named(FULL_DAY, ', fully booked$') });
    await full.waitFor();
    assert.equal(await full.isDisabled(), true);
    assert.equal(await full.getAttribute('title'), 'Fully booked');
    assert.match(await full.innerText(), /6\s*Full/);
    await cart.getByText('Days marked Full are fully booked in every branch; choose another day.').waitFor();
    assert.equal(await grid.getByRole('button', { name: named(TODAY) }).isDisabled(), false, 'today is open before the cut-off');
    await shot(page, `cart-picker-full-day-${width}`);
    await page.keyboard.press('Escape');

    // Past the cut-off (16:30 in Lagos): the notice says tomorrow, and the calendar disables today.
    await page.clock.fastForward('02:44:00');
    await cart.getByText('Earliest delivery: tomorrow').waitFor();
    await cart.getByRole('button', { name: 'Select date' }).click();
    await grid.waitFor();
    assert.equal(await grid.getByRole('button', { name: named(TODAY) }).isDisabled(), true, 'today is closed after the cut-off');
    assert.equal(await grid.getByRole('button', { name: named(`${thisMonth}-05`) }).isDisabled(), false);
    await shot(page, `cart-picker-after-cutoff-${width}`);
    await page.keyboard.press('Escape');

    if (width === 1280) {
      // The checkout's date field: the same day disabled with its reason.
      await cart.getByRole('link', { name: /^Proceed to checkout \(/ }).click();
      await page.waitForURL(/\/checkout\?orderId=[0-9a-f-]{36}$/);
      await page.getByRole('button', { name: 'Continue as Guest' }).click();
      await page.getByRole('heading', { name: 'Delivery details' }).waitFor();
      await page.getByRole('button', { name: /^Delivery date/ }).click();
      const checkoutGrid = page.getByRole('grid');
      await checkoutGrid.waitFor();
      assert.equal(await checkoutGrid.getByRole('button', { name: named(FULL_DAY, ', fully booked$') }).isDisabled(), true);
      assert.equal(await checkoutGrid.getByRole('button', { name: named(TODAY) }).isDisabled(), true, 'after the cut-off today is closed at checkout too');
    }
    assert.deepEqual(errors, []);
    await page.context().close();
  });
}
