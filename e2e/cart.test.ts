/**
 * The cart in Chromium: add a simple product from its card and a variable one from its page with a
 * size, change quantities in the cart panel, pick a pickup/delivery date, reload: the cart is intact.
 * (Logging in and finding the cart again on another profile comes with the accounts side.)
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Locator, Page } from 'playwright-core';
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

type Listed = { slug: string; name: string; type: string; inStock: boolean; active: boolean };

async function products(): Promise<Listed[]> {
  const res = await fetch(`${shop.url}/v1/product/paginate?pageSize=100&categories=all`);
  const { data } = (await res.json()) as { data: { items: Listed[] } };
  return data.items;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const lagosToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());

/** What the open cart shows: title, date line, and each row's name, size line and quantity. */
async function cartContents(cart: Locator) {
  const rows = cart.getByRole('listitem');
  const items = [];
  for (let i = 0; i < (await rows.count()); i++) {
    const row = rows.nth(i);
    items.push({
      name: await row.getByRole('heading').innerText(),
      size: (await row.getByText(/^Size: /).allInnerTexts())[0] ?? null,
      quantity: Number(await row.getByRole('group').innerText()),
    });
  }
  return { title: await cart.getByRole('heading', { level: 2 }).innerText(), date: await cart.locator('strong').first().innerText(), items };
}

async function openCartFromHeader(page: Page, count: number): Promise<Locator> {
  await page.getByRole('button', { name: `Cart, ${count} ${count === 1 ? 'item' : 'items'}` }).click();
  const cart = page.getByRole('dialog', { name: `My Cart (${count})` });
  await cart.waitFor();
  return cart;
}

void test('a cart with two products, changed quantities and a date survives a reload', async () => {
  const all = await products();
  const variable = all.find((p) => p.type === 'variable' && p.inStock && p.active);
  assert.ok(variable, 'the sample catalogue has a variable product');

  const page = await browser.newPage({ viewport: { width: 1280, height: 900 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));

  // 1. A simple product from its card.
  await page.goto(`${shop.url}/product-category/all`, { waitUntil: 'networkidle' });
  await openCartFromHeader(page, 0).then((cart) => cart.getByText('Empty Cart').waitFor());
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'hidden' });
  const card = page.locator('main article', { has: page.getByRole('button', { name: 'Buy Now' }) }).first();
  const simpleName = await card.getByRole('heading').innerText();
  await card.getByRole('button', { name: 'Buy Now' }).click();
  await page.getByText('Item Added To Cart').waitFor();
  await page.getByRole('button', { name: 'Cart, 1 item' }).waitFor();

  // 2. A variable product from its page, with a size.
  await page.goto(`${shop.url}/product/${variable.slug}`, { waitUntil: 'networkidle' });
  const variableName = (await page.getByRole('heading', { level: 1 }).innerText()).trim();
  const size = page.locator('main fieldset').first().locator('label:not([data-disabled])').first();
  const sizeName = (await size.locator('span').first().innerText()).trim();
  await size.click();
  await page.getByRole('button', { name: 'ADD TO CART' }).click();
  const notice = page.locator('.Toastify').getByText('Item Added To Cart');
  await notice.waitFor();
  await page.getByRole('button', { name: 'View Cart' }).click();
  await page.getByRole('dialog', { name: 'My Cart (2)' }).waitFor();
  const cart = page.getByRole('dialog', { name: /^My Cart \(/ });
  assert.deepEqual((await cartContents(cart)).items, [
    { name: simpleName, size: null, quantity: 1 },
    { name: variableName, size: `Size: ${sizeName}`, quantity: 1 },
  ]);

  // 3. Quantities: minus is off at 1; plus twice and minus once on the first item, plus once on the second.
  const first = cart.getByRole('listitem').first();
  assert.equal(await first.getByRole('button', { name: /^Decrease quantity/ }).isDisabled(), true);
  await first.getByRole('button', { name: /^Increase quantity/ }).click();
  await page.getByRole('dialog', { name: 'My Cart (3)' }).waitFor();
  await first.getByRole('button', { name: /^Increase quantity/ }).click();
  await page.getByRole('dialog', { name: 'My Cart (4)' }).waitFor();
  await first.getByRole('button', { name: /^Decrease quantity/ }).click();
  await page.getByRole('dialog', { name: 'My Cart (3)' }).waitFor();
  await cart.getByRole('listitem').nth(1).getByRole('button', { name: /^Increase quantity/ }).click();
  await page.getByRole('dialog', { name: 'My Cart (4)' }).waitFor();
  const updated = cart;

  // 4. The date: past days are disabled; the last open day of the month shown is chosen.
  assert.equal(await updated.getByText('Not set yet').count(), 1);
  await updated.getByRole('button', { name: 'Select date' }).click();
  const calendar = updated.getByRole('grid');
  await calendar.waitFor();
  const today = lagosToday();
  const todayDate = Number(today.slice(8));
  if (todayDate > 1) {
    assert.equal(await calendar.getByRole('button', { name: new RegExp(`\\b${todayDate - 1}(st|nd|rd|th), `) }).first().isDisabled(), true, 'yesterday is disabled');
  }
  await calendar.locator('button:not([disabled])').last().click();
  await calendar.waitFor({ state: 'detached' });
  const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('deliveryDate') ?? 'null') as string | null);
  assert.ok(stored && stored >= today, `a day from today on is stored (${stored}, today ${today})`);
  const [year, month, day] = stored.split('-').map(Number);
  const shown = `${day} ${MONTHS[month! - 1]} ${year}`;
  await updated.getByText(shown).waitFor();
  assert.equal(await updated.getByRole('button', { name: 'Select date' }).count(), 0);
  const before = await cartContents(updated);
  assert.deepEqual(before, {
    title: 'My Cart (4)',
    date: shown,
    items: [
      { name: simpleName, size: null, quantity: 2 },
      { name: variableName, size: `Size: ${sizeName}`, quantity: 2 },
    ],
  });
  const checkout = updated.getByRole('link', { name: /^Proceed to checkout \(₦[\d,]+\)$/ });
  assert.equal(await checkout.getAttribute('href'), '/checkout');
  const checkoutText = await checkout.innerText();

  // 5. Reload: the same cart, from browser storage.
  await page.reload({ waitUntil: 'networkidle' });
  const again = await openCartFromHeader(page, 4);
  assert.deepEqual(await cartContents(again), before);
  assert.equal(await again.getByRole('link', { name: /^Proceed to checkout/ }).innerText(), checkoutText);
  assert.deepEqual(errors, []);
  await page.close();
});
