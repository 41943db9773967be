/**
 * The back office's shop settings in Chromium (issue 14), at 1280 px and at 375 px, against the
 * shop as `npm start` runs it (the shared-page cache, the answer cache and the shell in front):
 * a shopper in New York (dollars) has the home page and a product page loaded (so they are
 * cached); a manager signs in, opens "Settings", changes the site-wide alert (its preview in ₦, $
 * and £), and the shopper's next client-side navigation (it loads the new shell) and next load show
 * the new banner in dollars; the manager changes the
 * dollar rate (a move over 20% asks first) and the shopper's next load of the product shows the
 * new dollar price; on "Delivery" the manager adds peak dates with a higher Lagos central fee,
 * picked on the calendar, and an order delivered that day is charged it. A florist has no
 * "Settings" link and is sent back to the board.
 *
 * With E2E_SCREENSHOTS=<dir> both settings pages are saved there at each width (before and after
 * the changes, the rate confirmation, the peak dates' editor).
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { Shop } from './shop-server';
import type { MailCatcher } from './mail-catcher';
import { lagosCentralFeeOn, simpleProduct, type Listed } from './checkout-flow';
import { type BackOfficeShop, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';

const run = Date.now().toString(36);
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };
const florist: Member = { email: `florist.${run}@shop.test`, name: 'Kemi Florist', role: 'florist', branch: 'lagos', password: 'roses-by-the-window-42' };

let started: BackOfficeShop | undefined;
let catcher: MailCatcher;
let shop: Shop;
let browser: Browser;
let product: Listed;

before(async () => {
  started = await startBackOfficeShop([manager, florist]);
  ({ shop, catcher, browser } = started);
  product = await simpleProduct(shop.url);
});

after(() => started?.stop());

type Handshake = {
  currencies: { name: string; conversionRate: number }[];
  settings: { deliverySettings: { overrideConfigs: { name: string; dates?: string[] }[] } };
};

async function handshake(): Promise<Handshake> {
  const res = await fetch(`${shop.url}/v1/regal/handshake`);
  return ((await res.json()) as { data: Handshake }).data;
}

const dollars = (n: number) => `$${n.toLocaleString('en-US')}`;

/** A shopper's page in New York: prices in dollars. */
async function shopperPage(width: number, errors: string[]): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 }, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  return page;
}

/** A day from `ahead` days on (Lagos) that no peak config has yet, as YYYY-MM-DD. */
async function freeDay(ahead: number): Promise<string> {
  const taken = new Set((await handshake()).settings.deliverySettings.overrideConfigs.flatMap((c) => c.dates ?? []));
  const at = new Date(Date.now() + ahead * 86_400_000);
  for (;;) {
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(at);
    if (!taken.has(day.slice(5))) return day;
    at.setUTCDate(at.getUTCDate() + 1);
  }
}

const lagosFeeOn = (day: string) => lagosCentralFeeOn(shop.url, product, day);

for (const width of [1280, 375]) {
  void test(`a manager's alert, dollar rate and peak dates show on the shopper's next request (${width} px)`, async () => {
    const errors: string[] = [];
    const shopper = await shopperPage(width, errors);
    await shopper.goto(`${shop.url}/`, { waitUntil: 'networkidle' });
    const banner = shopper.getByRole('region', { name: 'Announcement' });
    await banner.waitFor();
    const rateBefore = (await handshake()).currencies.find((c) => c.name === 'USD')!.conversionRate;

    const page = await signIn(shop.url, catcher, await device(browser, width, errors), manager);
    await Promise.all([page.waitForURL(`${shop.url}/admin/settings`), page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).click()]);
    const alerts = page.getByRole('form', { name: 'Alerts' });
    await alerts.waitFor();
    await shot(page, `settings-${width}`);

    // The alert: previewed in each currency, saved, and the shopper's next page shows it in dollars.
    const text = `Run ${width}: free delivery in central Lagos above {{150000}}`;
    await alerts.getByRole('textbox', { name: 'Site-wide alert' }).fill(text);
    const preview = alerts.getByRole('region', { name: 'Preview of the alert' });
    assert.match(await preview.innerText(), /above ₦150,000/);
    assert.match(await preview.innerText(), new RegExp(`above \\${dollars(Math.ceil(150_000 / rateBefore))}`));
    await alerts.getByRole('button', { name: 'Save alerts' }).click();
    assert.match(await alerts.getByRole('status').innerText(), /The alerts are saved/);
    const newAlert = new RegExp(`Run ${width}: free delivery in central Lagos above \\${dollars(Math.ceil(150_000 / rateBefore))}`);
    // Without a reload: a client-side navigation brings the new shell's version, and the page
    // loads that shell and shows its alert (lib/state/shell-source.ts).
    const shellLoads: string[] = [];
    shopper.on('request', (request) => {
      if (new URL(request.url()).pathname === '/shell.js') shellLoads.push(request.url());
    });
    await shopper.evaluate(() => ((window as unknown as { stayed?: boolean }).stayed = true));
    await shopper.locator('main a[href^="/product/"]').first().click();
    await shopper.waitForURL(/\/product\//);
    await shopper.waitForFunction((pattern) => new RegExp(pattern).test(document.querySelector('[role=region][aria-label=Announcement]')?.textContent ?? ''), newAlert.source);
    assert.equal(await shopper.evaluate(() => (window as unknown as { stayed?: boolean }).stayed), true, 'a client-side navigation, not a page load');
    assert.equal(shellLoads.length, 1, `the new shell once: ${shellLoads.join(', ')}`);
    await shopper.reload({ waitUntil: 'networkidle' });
    assert.match(await banner.innerText(), newAlert);

    // The dollar rate: the first run moves it by more than 20% (confirmed), the second a little.
    await shopper.goto(`${shop.url}/product/${product.slug}`, { waitUntil: 'networkidle' });
    assert.match(await shopper.locator('main').innerText(), new RegExp(`\\${dollars(Math.ceil(product.price / rateBefore))}`));
    const rate = rateBefore === 700 ? 1_500 : rateBefore + 100;
    const rates = page.getByRole('form', { name: 'Currency rates' });
    await rates.getByRole('textbox', { name: /^Naira per US dollar/ }).fill(String(rate));
    await rates.getByRole('button', { name: 'Save rates' }).click();
    if (rateBefore === 700) {
      const confirm = rates.getByRole('alertdialog');
      assert.match(await confirm.innerText(), /The US dollar moves from ₦700 to ₦1,500 \(up 114%\)/);
      await shot(page, `settings-rate-confirm-${width}`);
      await confirm.getByRole('button', { name: 'Yes, change the rate' }).click();
    }
    assert.match(await rates.getByRole('status').innerText(), /The rates are saved/);
    assert.match(await rates.innerText(), /Changed \d{1,2} \w{3} \d{4}, \d{2}:\d{2} \(Lagos\)/);
    await shot(page, `settings-saved-${width}`);
    await shopper.reload({ waitUntil: 'networkidle' });
    assert.match(await shopper.locator('main').innerText(), new RegExp(`\\${dollars(Math.ceil(product.price / rate))}`), 'the product page shows the new dollar price');

    // Peak dates with a higher Lagos central fee, picked on the calendar.
    await Promise.all([page.waitForURL(`${shop.url}/admin/settings/delivery`), page.getByRole('navigation', { name: 'Settings' }).getByRole('link', { name: 'Delivery' }).click()]);
    const peaks = page.getByRole('region', { name: 'Peak dates' });
    await peaks.waitFor();
    await shot(page, `settings-delivery-${width}`);
    const day = await freeDay(3);
    const name = `Open day ${width}`;
    const fee = 17_000 + width;
    await peaks.getByRole('button', { name: 'Add peak dates' }).click();
    const editor = page.getByRole('form', { name: 'New peak dates' });
    await editor.getByRole('textbox', { name: 'Name' }).fill(name);
    await editor.getByRole('textbox', { name: 'Lagos central fee (₦)' }).fill(fee.toLocaleString('en-US'));
    const dayButton = editor.locator(`[data-day="${day}"] button`);
    while ((await dayButton.count()) === 0) await editor.getByRole('button', { name: /next month/i }).click();
    await dayButton.click();
    await shot(page, `settings-peak-editor-${width}`);
    await editor.getByRole('button', { name: 'Save peak dates' }).click();
    await peaks.getByRole('status').filter({ hasText: `${name} is saved: checkout uses it at once` }).waitFor();
    assert.equal(await page.getByRole('form', { name: 'New peak dates' }).count(), 0);
    assert.match(await peaks.innerText(), new RegExp(`Lagos central ₦${fee.toLocaleString('en-US')}`));
    await shot(page, `settings-delivery-saved-${width}`);

    assert.ok((await handshake()).settings.deliverySettings.overrideConfigs.some((c) => c.name === name && c.dates?.includes(day.slice(5))));
    assert.equal(await lagosFeeOn(day), fee, 'an order delivered on the peak day is charged its Lagos central fee');

    assert.deepEqual(errors, []);
    await page.context().close();
    await shopper.context().close();
  });
}

void test('a florist has no Settings link and /admin/settings sends them back to the board', async () => {
  const errors: string[] = [];
  const context = await device(browser, 1280, errors);
  const page = await signIn(shop.url, catcher, context, florist);
  assert.equal(await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Settings' }).count(), 0);
  for (const path of ['/admin/settings', '/admin/settings/delivery']) {
    await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
    assert.equal(new URL(page.url()).pathname, '/admin');
  }
  assert.deepEqual(errors, []);
  await context.close();
});
