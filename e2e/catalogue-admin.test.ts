/**
 * The back office's products in Chromium (issue 14, first slice), at 1280 px and at 375 px,
 * against the shop as `npm start` runs it (the shared-page cache and the server's answer cache in
 * front): a shopper loads a product page (so that it is cached), a manager signs in, opens
 * "Products", searches for it and changes its price in the edit panel; the shopper's next load
 * of the product page shows the new price, with no 30 s wait. A florist has no "Products" link and
 * is sent back to the board from /admin/products.
 *
 * With E2E_SCREENSHOTS=<dir> the products page (list, open panel, after the change) is saved
 * there for each width.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { Shop } from './shop-server';
import type { MailCatcher } from './mail-catcher';
import { type BackOfficeShop, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';

const run = Date.now().toString(36);
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };
const florist: Member = { email: `florist.${run}@shop.test`, name: 'Kemi Florist', role: 'florist', branch: 'lagos', password: 'roses-by-the-window-42' };

type Item = { name: string; slug: string; price: number; type: string; inStock: boolean };

let started: BackOfficeShop | undefined;
let catcher: MailCatcher;
let shop: Shop;
let browser: Browser;

before(async () => {
  started = await startBackOfficeShop([manager, florist]);
  ({ shop, catcher, browser } = started);
});

after(() => started?.stop());

/** Simple products in stock, from the shop's own listing. */
async function simpleProducts(): Promise<Item[]> {
  const res = await fetch(`${shop.url}/v1/product/paginate?pageSize=50&categories=all`);
  const { data } = (await res.json()) as { data: { items: Item[] } };
  return data.items.filter((p) => p.type === 'simple' && p.inStock);
}

const naira = (n: number) => `₦${n.toLocaleString('en-NG')}`;

for (const [index, width] of [1280, 375].entries()) {
  void test(`a manager's price change shows on the next load of the product page (${width} px)`, async () => {
    const errors: string[] = [];
    const product = (await simpleProducts())[index]!;
    const title = product.name.split(' – ')[0]!;
    const newPrice = product.price + 1_000;

    // The shopper's product page, loaded (and so kept by the page cache) before the change.
    const shopper = await (await device(browser, width, errors)).newPage();
    await shopper.goto(`${shop.url}/product/${product.slug}`, { waitUntil: 'networkidle' });
    assert.match(await shopper.locator('main').innerText(), new RegExp(naira(product.price)));
    const again = await fetch(`${shop.url}/product/${product.slug}`);
    assert.equal(again.headers.get('x-page-cache'), 'HIT', 'the product page is cached before the change');

    const context = await device(browser, width, errors);
    const page = await signIn(shop.url, catcher, context, manager);
    await Promise.all([page.waitForURL(`${shop.url}/admin/products`), page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).click()]);
    await page.getByRole('region', { name: 'Products' }).waitFor();
    await shot(page, `products-${width}`);

    await page.getByRole('searchbox', { name: 'Search products' }).fill(product.slug);
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByText(/^1 product matches/).waitFor();
    await page.getByRole('button', { name: `Edit ${product.name}` }).click();
    const panel = page.getByRole('form', { name: `Change ${product.name}` });
    await panel.getByRole('textbox', { name: 'Price (₦)' }).fill(String(newPrice));
    await shot(page, `products-panel-${width}`);
    await panel.getByRole('button', { name: 'Save' }).click();
    assert.match(await page.getByRole('status').innerText(), new RegExp(`${title}.* is changed`));
    assert.match(await page.getByRole('region', { name: 'Products' }).innerText(), new RegExp(naira(newPrice)));
    await shot(page, `products-changed-${width}`);

    // A bad price: the server's message in the panel.
    await page.getByRole('button', { name: `Edit ${product.name}` }).click();
    await panel.getByRole('textbox', { name: 'Price (₦)' }).fill('0');
    await panel.getByRole('button', { name: 'Save' }).click();
    assert.equal(await panel.getByRole('alert').innerText(), 'price: must be more than ₦0');

    // The shopper's next load: the new price, not the cached page.
    await shopper.reload({ waitUntil: 'networkidle' });
    const text = await shopper.locator('main').innerText();
    assert.match(text, new RegExp(naira(newPrice)), 'the product page shows the new price on the next load');
    const api = (await (await fetch(`${shop.url}/v1/product/slug/${product.slug}`)).json()) as { data: { price: number } };
    assert.equal(api.data.price, newPrice);

    assert.deepEqual(errors, []);
    await context.close();
  });
}

void test('a florist has no Products link and /admin/products sends them back to the board', async () => {
  const errors: string[] = [];
  const context = await device(browser, 1280, errors);
  const page = await signIn(shop.url, catcher, context, florist);
  assert.equal(await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Products' }).count(), 0);
  await page.goto(`${shop.url}/admin/products`, { waitUntil: 'networkidle' });
  assert.equal(new URL(page.url()).pathname, '/admin');
  assert.deepEqual(errors, []);
  await context.close();
});
