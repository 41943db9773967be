/**
 * Issue 14's "done when", in Chromium at 1280 px and at 375 px, on the embedded database and on
 * PostgreSQL (a throwaway server, e2e/postgres.ts; skipped with the reason where it cannot start),
 * against the shop as `npm start` runs it (page cache and answer cache in front):
 * - a CSV round trip of the seeded catalogue (download, check, import the same file) changes nothing;
 * - a manager adds a product with two sizes and three pictures; on the next request it is on its
 *   category page, in the shop's search and in the sitemap, its page shows the first picture;
 * - a shopper buys it (a size, the cart, the checkout as a guest, the Paystack sandbox) and the
 *   order is paid;
 * - the manager changes a size's price: the shopper's next load of the product page shows it;
 * - the manager raises Valentine's Lagos central fee: an order for 14 February is charged it at once;
 * - the owner reads each of those changes, by whom and field by field, in the content audit.
 *
 * With E2E_SCREENSHOTS=<dir> each step is saved there per database and width.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { type BackOfficeShop, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';
import { fillLagosDelivery, fillSender, lagosCentralFeeOn } from './checkout-flow';
import { freePort, type Postgres, startPostgres, whyNoPostgres } from './postgres';

const run = Date.now().toString(36);
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };
const owner: Member = { email: `owner.${run}@shop.test`, name: 'Ada Owner', role: 'owner', password: 'lilies-at-the-gate-1963' };
const noPostgres = whyNoPostgres();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-journey-'));

const naira = (n: number) => `₦${n.toLocaleString('en-NG')}`;

/** A photo-like picture: a coloured disc on a warm background. */
async function picture(name: string, colour: string): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1000" height="1000"><circle cx="500" cy="500" r="340" fill="${colour}"/></svg>`;
  const file = path.join(folder, `${name}.jpg`);
  await sharp({ create: { width: 1000, height: 1000, channels: 3, background: '#f4efe9' } })
    .composite([{ input: Buffer.from(svg) }])
    .jpeg({ quality: 80 })
    .toFile(file);
  return file;
}

/** The next 14 February (Lagos), as YYYY-MM-DD. */
function nextValentine(): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date());
  const year = Number(today.slice(0, 4)) + (today.slice(5) >= '02-14' ? 1 : 0);
  return `${year}-02-14`;
}

/**
 * The page cache's answer for `url` once a request is a hit, or the last one's after `ms`: each
 * request is read to its end, since a miss is stored only after its last byte went out.
 */
async function cachedWithin(url: string, ms: number): Promise<string | null> {
  const until = Date.now() + ms;
  for (;;) {
    const res = await fetch(url);
    await res.arrayBuffer();
    const cache = res.headers.get('x-page-cache');
    if (cache === 'HIT' || Date.now() > until) return cache;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

after(() => fs.rmSync(folder, { recursive: true, force: true }));

for (const database of [
  { name: 'embedded', skip: false as const },
  { name: 'postgres', skip: noPostgres },
]) {
  void describe(`the catalogue, live (${database.name} database)`, { skip: database.skip ? `skipped: ${database.skip}` : false }, () => {
    let pg: Postgres | undefined;
    let started: BackOfficeShop | undefined;
    let pictures: { file: string; alt: string }[];

    before(async () => {
      pictures = [
        { file: await picture('coral', '#e8674a'), alt: 'Coral roses, hand-tied' },
        { file: await picture('ivory', '#efe6d2'), alt: 'Ivory lilies beside the roses' },
        { file: await picture('green', '#3e7d4f'), alt: 'The wrap and ribbon from the side' },
      ];
      let databaseUrl: string | undefined;
      if (database.name === 'postgres') {
        pg = startPostgres(await freePort());
        databaseUrl = pg.newDatabase('shop_catalogue_journey');
      }
      started = await startBackOfficeShop([manager, owner], { databaseUrl });
    });

    after(async () => {
      await started?.stop();
      pg?.destroy();
    });

    void test('a CSV round trip of the seeded catalogue changes nothing', async () => {
      const { shop, catcher, browser } = started!;
      const errors: string[] = [];
      const context = await device(browser, 1280, errors);
      const page = await signIn(shop.url, catcher, context, manager);
      await page.goto(`${shop.url}/admin/catalogue-file`, { waitUntil: 'networkidle' });
      const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download the catalogue (CSV)' }).click()]);
      const file = path.join(folder, `round-trip-${database.name}.csv`);
      await download.saveAs(file);
      const lines = fs.readFileSync(file, 'utf8').trim().split('\n').length;
      assert.ok(lines > 20, `the file has the seeded catalogue (${lines} lines)`);

      await page.getByLabel('CSV file').setInputFiles(file);
      await page.getByRole('button', { name: 'Check' }).click();
      const status = page.getByRole('status');
      await status.waitFor();
      assert.match(await status.innerText(), /^Nothing to import: the file matches the catalogue \(0 products to add, 0 products to change, [\d,]+ products unchanged\)/);
      assert.equal(await page.getByRole('button', { name: 'Import', exact: true }).count(), 0, 'nothing to import, so no Import button');
      await shot(page, `journey-${database.name}-round-trip`);
      assert.deepEqual(errors, []);
      await context.close();
    });

    for (const width of [1280, 375]) {
      void test(`a new product with two sizes and three pictures is found, bought, repriced; a Valentine fee shows at once (${width} px)`, async () => {
        const { shop, catcher, browser } = started!;
        const name = (step: string) => `journey-${database.name}-${step}-${width}`;
        const errors: string[] = [];
        const word = `Coralbloom${run}${width}`;
        const title = `${word} Bouquet`;
        const slug = `${word.toLowerCase()}-bouquet`;
        const sku = `CB-${run}-${width}`.toUpperCase();

        // The shopper's category page, kept by the page cache before the product exists.
        const shopper = await (await device(browser, width, errors)).newPage();
        await shopper.goto(`${shop.url}/product-category/birthday-flowers`, { waitUntil: 'networkidle' });
        // The browser's visit may have been answered by an entry of the previous test at the end
        // of its 30 s, and a miss is stored only once its last byte is sent (after the headers a
        // fetch resolves on): plain requests, each read to the end, until one is a hit.
        assert.equal(await cachedWithin(`${shop.url}/product-category/birthday-flowers`, 5_000), 'HIT');

        // The manager adds it with two sizes, sold at once.
        const page = await signIn(shop.url, catcher, await device(browser, width, errors), manager);
        await page.goto(`${shop.url}/admin/products/new`, { waitUntil: 'networkidle' });
        await page.getByLabel('Title', { exact: true }).fill(word + ' Bouquet');
        await page.getByLabel('Subtitle', { exact: true }).fill('coral roses and ivory lilies');
        assert.equal(await page.getByLabel('Slug', { exact: true }).inputValue(), slug);
        await page.getByLabel('Description', { exact: true }).fill('Coral roses and ivory lilies, hand-tied in Ikoyi.');
        await page.getByLabel('SKU', { exact: true }).fill(sku);
        await page.getByRole('radio', { name: 'Sizes, each with its own price' }).click();
        await page.getByRole('listitem', { name: 'Size 1' }).getByLabel('Price (₦)', { exact: true }).fill('41000');
        await page.getByRole('button', { name: 'Add a size' }).click();
        const deluxe = page.getByRole('listitem', { name: 'Size 2' });
        await deluxe.getByLabel('Size', { exact: true }).fill('Deluxe');
        await deluxe.getByLabel('SKU', { exact: true }).fill(`${sku}-DLX`);
        await deluxe.getByLabel('Price (₦)', { exact: true }).fill('62000');
        await page.getByRole('group', { name: 'Occasions' }).getByRole('checkbox', { name: 'Birthday Flowers', exact: true }).check();
        await page.getByRole('group', { name: 'Flowers', exact: true }).getByRole('checkbox', { name: 'Roses', exact: true }).check();
        await page.getByLabel('Relevance order', { exact: true }).fill('0');
        await page.getByRole('checkbox', { name: 'Sell it in the shop as soon as it is added' }).check();
        await Promise.all([page.waitForURL(/\/admin\/products\/[0-9a-f-]{36}\?added=1$/), page.getByRole('button', { name: 'Add the product' }).click()]);
        const id = /products\/([0-9a-f-]{36})/.exec(page.url())![1]!;
        await shot(page, name('added'));

        // Three pictures.
        await Promise.all([page.waitForURL(`${shop.url}/admin/products/${id}/pictures`), page.getByRole('link', { name: 'Pictures (0)' }).click()]);
        const form = page.getByRole('form', { name: 'Add a picture' });
        for (const upload of pictures) {
          await form.getByLabel('Picture', { exact: true }).setInputFiles(upload.file);
          await form.getByRole('img', { name: 'The picture you chose' }).waitFor();
          await form.getByRole('textbox', { name: 'Alt text' }).fill(upload.alt);
          await form.getByRole('button', { name: 'Upload the picture' }).click();
          await page.getByRole('status').filter({ hasText: `Added: "${upload.alt}"` }).waitFor({ timeout: 30_000 });
        }
        await shot(page, name('pictures'));

        // The next requests: category page (cached before), search, sitemap, the product page.
        await shopper.reload({ waitUntil: 'networkidle' });
        await shot(shopper, name('category'));
        assert.match(await shopper.locator('main').innerText({ timeout: 10_000 }).catch(async () => `no main: ${errors.join('; ')} ${(await shopper.content()).slice(0, 2000)}`), new RegExp(title), 'on its category page');
        await shopper.goto(`${shop.url}/filters?search=${word.toLowerCase()}`, { waitUntil: 'networkidle' });
        assert.match(await shopper.locator('main').innerText(), new RegExp(title), 'in search');
        await shot(shopper, name('search'));
        assert.match(await (await fetch(`${shop.url}/sitemap.xml`)).text(), new RegExp(`/product/${slug}</loc>`), 'in the sitemap');
        await shopper.goto(`${shop.url}/product/${slug}`, { waitUntil: 'networkidle' });
        const main = shopper.locator('main');
        const first = main.getByRole('img', { name: pictures[0]!.alt }).first();
        await first.waitFor();
        assert.ok(await first.evaluate((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0), 'the first picture loads');
        assert.match(await main.innerText(), /Deluxe/);
        await shot(shopper, name('product'));

        // The shopper buys the Deluxe size through the Paystack sandbox.
        await main.locator('label').filter({ hasText: 'Deluxe' }).click();
        await main.getByRole('button', { name: 'ADD TO CART' }).click();
        await shopper.getByText('Item Added To Cart').waitFor();
        await shopper.getByRole('button', { name: 'Cart, 1 item' }).click();
        await shopper
          .getByRole('dialog', { name: 'My Cart (1)' })
          .getByRole('link', { name: /^Proceed to checkout \(/ })
          .click();
        await shopper.waitForURL(/\/checkout\?orderId=[0-9a-f-]{36}$/);
        await shopper.getByRole('button', { name: 'Continue as Guest' }).click();
        await shopper.getByRole('heading', { name: 'Delivery details' }).waitFor();
        await fillSender(shopper, 'Tunde Bakare');
        await fillLagosDelivery(shopper);
        await shopper.getByRole('button', { name: 'Continue to payment' }).click();
        await shopper.getByRole('heading', { name: 'Payment' }).waitFor();
        await shopper.getByRole('radio', { name: /Paystack/ }).check();
        await shopper.getByRole('button', { name: 'Continue' }).click();
        const pay = shopper.getByRole('button', { name: /^Pay ₦[\d,]+ with Paystack$/ });
        await pay.click();
        await shopper.waitForURL(/\/api\/sandbox\/paystack\//);
        await shopper.getByRole('button', { name: 'Pay', exact: true }).click();
        const done = shopper.getByRole('region', { name: 'Thank you, your order is paid' });
        await done.waitFor();
        await shot(shopper, name('paid'));

        // A new price for the Deluxe size: the shopper's next load shows it.
        await page.goto(`${shop.url}/admin/products/${id}`, { waitUntil: 'networkidle' });
        await page.getByRole('listitem', { name: 'Size 2' }).getByLabel('Price (₦)', { exact: true }).fill('64500');
        await page.getByRole('button', { name: 'Save' }).click();
        assert.match(await page.getByRole('status').innerText(), /is changed$/);
        await shopper.goto(`${shop.url}/product/${slug}`, { waitUntil: 'networkidle' });
        await shopper.locator('main label').filter({ hasText: 'Deluxe' }).click();
        assert.match(await shopper.locator('main').innerText(), new RegExp(naira(64_500)), 'the product page shows the new price');

        // Valentine's Lagos central fee, raised: an order for 14 February is charged it at once.
        const fee = 14_000 + width;
        await page.goto(`${shop.url}/admin/settings/delivery`, { waitUntil: 'networkidle' });
        const peaks = page.getByRole('region', { name: 'Peak dates' });
        await peaks.getByRole('button', { name: 'Change Valentine peak' }).click();
        const editor = page.getByRole('form', { name: 'Change Valentine peak' });
        await editor.getByRole('textbox', { name: 'Lagos central fee (₦)' }).fill(fee.toLocaleString('en-US'));
        await shot(page, name('valentine'));
        await editor.getByRole('button', { name: 'Save peak dates' }).click();
        await peaks.getByRole('status').filter({ hasText: 'Valentine peak is saved' }).waitFor();
        const listed = (await (await fetch(`${shop.url}/v1/product/slug/${slug}`)).json()) as { data: { id: string; sku: string; name: string; variants: { sku: string }[] } };
        assert.equal(await lagosCentralFeeOn(shop.url, { ...listed.data, sku: listed.data.variants[0]!.sku }, nextValentine()), fee);

        // The owner reads the changes in the content audit: the product's (added, three pictures, the new price) and the delivery settings'.
        const audit = await signIn(shop.url, catcher, await device(browser, width, errors), owner);
        await audit.goto(`${shop.url}/admin/audit?log=content`, { waitUntil: 'networkidle' });
        const changes = audit.getByRole('region', { name: 'Changes to the shop' });
        await changes.getByRole('listitem').first().waitFor();
        const log = await changes.innerText();
        assert.match(log, new RegExp(`Settings\\s+delivery\\s+updated by Bisi Manager \\(Manager\\)[\\s\\S]*?overrideConfigs\\.0\\.stateDeliveryZones\\.0\\.zones\\.0\\.amount\\s+\\d+ → ${fee}`, 'i'));
        assert.match(log, new RegExp(`Product\\s+${title} – coral roses and ivory lilies\\s+updated by Bisi Manager`, 'i'));
        assert.match(log, /variants\.1\.price\s*62000 → 64500/);
        assert.equal(await changes.getByRole('listitem').filter({ hasText: `Picture of ${title}` }).count(), 3);
        await shot(audit, name('content-audit'));
        await audit.context().close();

        assert.deepEqual(errors, []);
        await page.context().close();
        await shopper.context().close();
      });
    }
  });
}
