/**
 * Screenshots of the address book and the profile at 1280 and 375 px (a look, not the journey):
 * a shopper signed up through the API with two saved recipients; the list, the form open, the
 * profile, the delete confirmation and the goodbye. Fails when a page scrolls sideways.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import { startShop, type Shop } from './shop-server';
import { appStarted, launchBrowser } from './browser';
import { device, shot } from './back-office';
import { accessibilityScore } from './lighthouse';

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

async function call(path: string, body: unknown, token?: string): Promise<Record<string, unknown>> {
  const res = await fetch(`${shop.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { data: Record<string, unknown>; message: string };
  assert.ok(res.ok, `${path}: ${res.status} ${answer.message}`);
  return answer.data;
}

async function noSideScroll(page: Page, what: string) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(wide <= 0, `${what} scrolls sideways by ${wide} px`);
}

/** Opens `path` until `heading` shows, checks the title (`title | Regal Flowers`) and that nothing scrolls sideways, and saves the screenshot `name`. */
async function look(page: Page, path: string, heading: string, title: string, name: string) {
  await page.goto(`${shop.url}${path}`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: heading }).waitFor();
  assert.equal(await page.title(), `${title} | Regal Flowers`);
  await noSideScroll(page, `the ${title.toLowerCase()}`);
  await shot(page, name);
}

for (const width of [1280, 375]) {
  void describe(`account pages at ${width} px`, () => {
    let page: Page;
    const errors: string[] = [];
    const password = 'sunflowers-for-mum-24';

    before(async () => {
      const email = `look.${Date.now().toString(36)}${width}@example.com`;
      const record = await call('/v1/regal/auth/signup', { email, password, name: 'Kemi Adeyemi' });
      const token = String(record.authToken);
      await call(
        '/v1/regal/account/recipients',
        {
          name: 'Amaka Obi',
          phone: '+2348031234567',
          phoneCountryCode: '+234',
          altPhone: '+447700900123',
          altPhoneCountryCode: '+44',
          address: '5 Bourdillon Road, Ikoyi\nOpposite the filling station',
          residenceType: 'Office',
          state: 'lagos',
          zone: 'lagos-central',
        },
        token,
      );
      const last = await call(
        '/v1/regal/account/recipients',
        { name: 'Tunde Bello-Oyelaran Abubakar', phone: '+2348099990000', address: 'Plot 1234, Aminu Kano Crescent, Wuse 2', residenceType: 'Home', state: 'abuja', zone: 'abuja-central' },
        token,
      );
      assert.ok(last.id);
      const context = await device(browser, width, errors);
      page = await context.newPage();
      await page.goto(`${shop.url}/`, { waitUntil: 'load' });
      await appStarted(page);
      await page.evaluate((user) => localStorage.setItem('userData', JSON.stringify(user)), { ...record, recipients: [] });
    });
    after(() => assert.deepEqual(errors, [], 'no page errors'));

    void test('address book', async () => {
      await look(page, '/account/addresses', 'Amaka Obi', 'Address book', `look-${width}-addresses`);
      await page.getByRole('button', { name: 'Add a recipient' }).click();
      await page.getByRole('button', { name: 'Save recipient' }).click();
      await noSideScroll(page, 'the recipient form');
      await shot(page, `look-${width}-addresses-form`);
      await page.getByRole('button', { name: 'Cancel' }).click();
      await page.getByRole('button', { name: 'Edit Amaka Obi' }).click();
      await shot(page, `look-${width}-addresses-edit`);
    });

    void test('Lighthouse accessibility', { skip: width < 768 ? 'once' : false }, async () => {
      const user = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as unknown);
      for (const path of ['/account/addresses', '/account/profile']) {
        const { score, failing } = await accessibilityScore(shop.url, path, user);
        assert.equal(score, 100, `${path}: ${failing.join('; ')}`);
      }
    });

    void test('profile', async () => {
      await look(page, '/account/profile', 'Your details', 'Profile', `look-${width}-profile`);
      // As the account journey (e2e/account-journey.test.ts) finds the fields.
      const profile = page.getByRole('main');
      await profile.getByLabel(/^Name/).fill('Kemi Adeyemi-Bello');
      await profile.getByLabel(/^Phone/).fill('0802 000 1111');
      await profile.getByRole('button', { name: /Save/ }).first().click();
      await page.getByText(/saved/i).first().waitFor();
      const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('userData') ?? 'null') as { name: string; phone: string });
      assert.equal(stored.name, 'Kemi Adeyemi-Bello');
      assert.equal(stored.phone, '+2348020001111');
      await page.getByRole('button', { name: 'Log out of other devices' }).click();
      await page.getByText('You were not logged in anywhere else.').waitFor();
      const zone = page.getByRole('region', { name: 'Delete my account' });
      await zone.getByLabel(/password/i).fill(password);
      await zone.getByRole('button', { name: 'Delete my account' }).click();
      await page.getByRole('dialog').waitFor();
      await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS ?? '/tmp'}/look-${width}-delete-dialog.png` });
      await page.getByRole('dialog').getByRole('button', { name: /Delete/i }).click();
      await page.getByRole('heading', { name: 'Your account has been deleted' }).waitFor();
      await noSideScroll(page, 'the goodbye');
      await shot(page, `look-${width}-goodbye`);
    });
  });
}
