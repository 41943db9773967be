/**
 * The product editor in Chromium (issue 14), at 1280 px and at 375 px, against the shop as
 * `npm start` runs it (page cache and answer cache in front): a manager opens "New product",
 * tries to add it empty (each problem beside its field), fills it in with two sizes and adds it
 * for sale; on the next request it is on its category page, in search and in /sitemap.xml, and
 * its page sells both sizes. The manager changes its slug: the old address answers 301 to the
 * new one (over HTTP, and in the browser). 'Duplicate' opens an inactive copy; 'Deactivate'
 * takes the product out of the shop (its page 404, gone from the sitemap).
 *
 * With E2E_SCREENSHOTS=<dir> the list, the empty form's problems, the filled form, the added
 * product, the copy and the shop's product page are saved there for each width.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import type { Shop } from './shop-server';
import type { MailCatcher } from './mail-catcher';
import { type BackOfficeShop, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';

const run = Date.now().toString(36);
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };

let started: BackOfficeShop | undefined;
let catcher: MailCatcher;
let shop: Shop;
let browser: Browser;

before(async () => {
  started = await startBackOfficeShop([manager]);
  ({ shop, catcher, browser } = started);
});

after(() => started?.stop());

const text = async (path: string) => (await fetch(`${shop.url}${path}`)).text();
const naira = (n: number) => `₦${n.toLocaleString('en-NG')}`;

/** What the screen shows with `target` in view, as `<name>.png` (E2E_SCREENSHOTS; the full-page shots hide the sticky save bar's place). */
async function view(page: Page, name: string, target: Locator): Promise<void> {
  if (!process.env.E2E_SCREENSHOTS) return;
  await target.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(process.env.E2E_SCREENSHOTS, `${name}.png`) });
}

/** The editor's save button and the notice it shows. */
async function saved(page: Page, button: string, notice: RegExp): Promise<void> {
  await page.getByRole('button', { name: button }).click();
  assert.match(await page.getByRole('status').innerText(), notice);
}

for (const width of [1280, 375]) {
  void test(`a manager adds a product with two sizes, renames its slug, copies and deactivates it (${width} px)`, async () => {
    const errors: string[] = [];
    const word = `Coralline${run}${width}`;
    const title = `${word} Dawn`;
    const slug = `${word.toLowerCase()}-dawn`;
    const sku = `CD-${run}-${width}`.toUpperCase();

    const context = await device(browser, width, errors);
    const page = await signIn(shop.url, catcher, context, manager);
    await page.goto(`${shop.url}/admin/products`, { waitUntil: 'networkidle' });
    await page.getByRole('region', { name: 'Products' }).waitFor();
    await shot(page, `editor-list-${width}`);
    await view(page, `editor-view-list-${width}`, page.getByRole('heading', { name: 'Products', exact: true }));
    await Promise.all([page.waitForURL(`${shop.url}/admin/products/new`), page.getByRole('link', { name: 'New product' }).click()]);
    await page.getByLabel('Title', { exact: true }).waitFor();

    // Empty: each problem beside its field, nothing sent.
    await page.getByRole('button', { name: 'Add the product' }).click();
    assert.match(await page.getByRole('alert').filter({ hasText: 'need a change' }).innerText(), /^6 fields need a change/);
    assert.equal(await page.getByLabel('Title', { exact: true }).getAttribute('aria-invalid'), 'true');
    await shot(page, `editor-new-problems-${width}`);
    await view(page, `editor-view-problems-${width}`, page.getByLabel('Title', { exact: true }));

    await page.getByLabel('Title', { exact: true }).fill(title);
    await page.getByLabel('Subtitle', { exact: true }).fill('coral roses and lilies');
    assert.equal(await page.getByLabel('Slug', { exact: true }).inputValue(), slug);
    await page.getByLabel('Description', { exact: true }).fill('Coral roses and white lilies, hand-tied.');
    await page.getByLabel('SKU', { exact: true }).fill(sku);
    await page.getByRole('radio', { name: 'Sizes, each with its own price' }).click();
    const first = page.getByRole('listitem', { name: 'Size 1' });
    await first.getByLabel('Price (₦)', { exact: true }).fill('38000');
    await page.getByRole('button', { name: 'Add a size' }).click();
    const second = page.getByRole('listitem', { name: 'Size 2' });
    await second.getByLabel('Size', { exact: true }).fill('Deluxe');
    await second.getByLabel('SKU', { exact: true }).fill(`${sku}-DLX`);
    await second.getByLabel('Price (₦)', { exact: true }).fill('59000');
    await page.getByRole('group', { name: 'Occasions' }).getByRole('checkbox', { name: 'Birthday Flowers', exact: true }).check();
    await page.getByRole('group', { name: 'Flower Types', exact: true }).getByRole('checkbox', { name: 'Roses', exact: true }).check();
    await page.getByRole('group', { name: 'Flowers', exact: true }).getByRole('checkbox', { name: 'Roses', exact: true }).check();
    await page.getByLabel('Relevance order', { exact: true }).fill('0');
    await page.getByRole('checkbox', { name: 'Sell it in the shop as soon as it is added' }).check();
    await shot(page, `editor-new-filled-${width}`);
    await view(page, `editor-view-sizes-${width}`, page.getByRole('button', { name: 'Add a size' }));

    await Promise.all([page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}\?added=1$/), page.getByRole('button', { name: 'Add the product' }).click()]);
    const id = /products\/([0-9a-f-]{36})/.exec(page.url())![1]!;
    await page.getByRole('heading', { name: `${title} – coral roses and lilies` }).waitFor();
    assert.match(await page.getByRole('status').innerText(), /The product is added/);
    assert.equal(await page.getByRole('link', { name: 'Pictures (0)' }).getAttribute('href'), `/admin/products/${id}/pictures`);
    await shot(page, `editor-added-${width}`);

    // The next request: category page, search, sitemap, and the product page with both sizes.
    assert.match(await text('/product-category/birthday-flowers'), new RegExp(title));
    const search = (await (await fetch(`${shop.url}/v1/product/paginate?searchValue=${word}`)).json()) as { data: { items: { slug: string }[] } };
    assert.deepEqual(
      search.data.items.map((p) => p.slug),
      [slug],
    );
    assert.match(await text('/sitemap.xml'), new RegExp(`/product/${slug}</loc>`));
    const shopper = await (await device(browser, width, errors)).newPage();
    await shopper.goto(`${shop.url}/product/${slug}`, { waitUntil: 'networkidle' });
    const productText = await shopper.locator('main').innerText();
    assert.match(productText, new RegExp(title));
    assert.match(productText, new RegExp(naira(38_000)));
    assert.match(productText, /Deluxe/);
    await shot(shopper, `editor-shop-page-${width}`);

    // A new slug: the old address answers 301 to it.
    await page.getByLabel('Slug', { exact: true }).fill(`${slug}-bouquet`);
    assert.match(await page.getByText(`The old address /product/${slug} will lead to the new one.`).innerText(), /old address/);
    await saved(page, 'Save', /is changed$/);
    await view(page, `editor-view-saved-${width}`, page.getByRole('complementary', { name: 'Status' }));
    assert.match(await page.getByRole('complementary', { name: 'Status' }).innerText(), new RegExp(`/product/${slug}\\b`));
    const moved = await fetch(`${shop.url}/product/${slug}`, { redirect: 'manual' });
    assert.equal(moved.status, 301);
    assert.equal(new URL(moved.headers.get('location')!, shop.url).pathname, `/product/${slug}-bouquet`);
    await shopper.goto(`${shop.url}/product/${slug}`, { waitUntil: 'networkidle' });
    assert.equal(new URL(shopper.url()).pathname, `/product/${slug}-bouquet`);

    // A bad price: the shop's rule (its contract, checked before sending), beside the size's price.
    await page.getByRole('listitem', { name: 'Size 2' }).getByLabel('Price (₦)', { exact: true }).fill('0');
    await page.getByRole('button', { name: 'Save' }).click();
    assert.match(await page.getByRole('listitem', { name: 'Size 2' }).innerText(), /must be more than ₦0/);
    await view(page, `editor-view-size-problem-${width}`, page.getByRole('listitem', { name: 'Size 2' }));
    await page.getByRole('button', { name: 'Undo changes' }).click();

    // Duplicate: the copy's page, not sold.
    await Promise.all([page.waitForURL(/\?copied=1$/), page.getByRole('button', { name: 'Duplicate' }).click()]);
    await page.getByRole('heading', { name: `${title} (copy) – coral roses and lilies` }).waitFor();
    assert.match(await page.getByRole('complementary', { name: 'Status' }).innerText(), /Not sold/);
    assert.equal(await page.getByLabel('Slug', { exact: true }).inputValue(), `${slug}-bouquet-copy`);
    await shot(page, `editor-copy-${width}`);

    // Deactivate the original: out of the shop and the sitemap on the next request.
    await page.goto(`${shop.url}/admin/products/${id}`, { waitUntil: 'networkidle' });
    await saved(page, 'Deactivate', /is no longer sold in the shop$/);
    assert.equal((await fetch(`${shop.url}/product/${slug}-bouquet`)).status, 404);
    assert.doesNotMatch(await text('/sitemap.xml'), new RegExp(`/product/${slug}-bouquet<`));
    await shot(page, `editor-deactivated-${width}`);

    assert.deepEqual(errors, []);
    await context.close();
  });
}
