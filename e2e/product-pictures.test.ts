/**
 * A product's pictures in Chromium (issue 14), at 1280 px and at 375 px, on the embedded database
 * and on PostgreSQL (a throwaway server, e2e/postgres.ts; skipped with the reason when this
 * machine cannot start one), against the shop as `npm start` runs it (the shared-page cache and
 * the server's answer cache in front): a shopper
 * loads a seeded product's page (so that it is cached); a manager opens the product's pictures
 * page, uploads three pictures (a large photo the browser makes smaller first, a PNG, a WebP),
 * each with its preview and alt text, moves the last one to the front with the buttons (the mouse,
 * then the keyboard), changes an alt text and removes a sample picture after confirming; the
 * shopper's next load of the product page shows the new first picture, served from the uploaded
 * files. A florist is sent back to the board.
 *
 * With E2E_SCREENSHOTS=<dir> the pictures page (before, with a preview, after the uploads, after
 * the moves) and the shopper's product page are saved there for each database and width.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import type { Page } from 'playwright-core';
import { type BackOfficeShop, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';
import { freePort, type Postgres, startPostgres, whyNoPostgres } from './postgres';

const run = Date.now().toString(36);
const manager: Member = {
  email: `manager.${run}@shop.test`,
  name: 'Bisi Manager',
  role: 'manager',
  password: 'orchids-in-the-morning-7',
};
const florist: Member = {
  email: `florist.${run}@shop.test`,
  name: 'Kemi Florist',
  role: 'florist',
  branch: 'lagos',
  password: 'roses-by-the-window-42',
};

type Item = {
  id: string;
  name: string;
  slug: string;
  images: { src: string; alt: string }[];
};
type Upload = { file: string; alt: string };

const noPostgres = whyNoPostgres();
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pictures-e2e-'));
let uploads: Upload[];

/**
 * A picture of a bouquet-ish pattern: a coloured disc on a background, saved in `format`. With
 * `grain`, the background has a camera's noise and the JPEG is saved at high quality, so that it
 * weighs what a phone's photo does (megabytes), and the browser's smaller copy is worth sending.
 */
async function picture(name: string, width: number, height: number, colour: string, format: 'jpeg' | 'png' | 'webp', grain = false): Promise<string> {
  const disc = Math.round(Math.min(width, height) * 0.35);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${disc}" fill="${colour}"/><circle cx="${width / 2}" cy="${height / 2}" r="${disc / 3}" fill="#fff4"/></svg>`;
  const background = grain
    ? sharp({ create: { width, height, channels: 3, background: '#f4efe9', noise: { type: 'gaussian', mean: 235, sigma: 12 } } })
    : sharp({ create: { width, height, channels: 3, background: '#f4efe9' } });
  const file = path.join(folder, `${name}.${format === 'jpeg' ? 'jpg' : format}`);
  await background
    .composite([{ input: Buffer.from(svg) }])
    .toFormat(format, format === 'jpeg' ? { quality: grain ? 95 : 80 } : {})
    .toFile(file);
  return file;
}

before(async () => {
  uploads = [
    // Over 2500 px on its short side: the browser redraws it smaller before sending.
    {
      file: await picture('red-roses', 3200, 2800, '#c0143c', 'jpeg', true),
      alt: 'Red roses, hand-tied, seen from above',
    },
    {
      file: await picture('sunflowers', 900, 900, '#f2b705', 'png'),
      alt: 'Sunflowers in a yellow wrap',
    },
    {
      file: await picture('lilies', 1200, 1600, '#8e44ad', 'webp'),
      alt: 'Purple lilies in a glass vase',
    },
  ];
});

after(() => fs.rmSync(folder, { recursive: true, force: true }));

/** Two seeded products with two or more pictures, as the product call answers them. */
async function seededProducts(shopUrl: string): Promise<Item[]> {
  const res = await fetch(`${shopUrl}/v1/product/paginate?pageSize=20&categories=all`);
  const { data } = (await res.json()) as { data: { items: Item[] } };
  const slugs = data.items.filter((p) => p.images.length >= 2).map((p) => p.slug);
  return Promise.all(slugs.slice(0, 2).map(async (slug) => ((await (await fetch(`${shopUrl}/v1/product/slug/${slug}`)).json()) as { data: Item }).data));
}

/** The alt text of each card of the grid, first first. */
const gridAlts = (page: Page) =>
  page
    .getByRole('region', { name: 'Pictures of the product' })
    .getByRole('listitem')
    .locator('img')
    .evaluateAll((imgs) => imgs.map((img) => img.getAttribute('alt')));

/** Whether the shopper's large picture has loaded, and what it shows. */
const heroOf = (page: Page) =>
  page
    .locator('main img[fetchpriority="high"]')
    .first()
    .evaluate((img: HTMLImageElement) => ({
      alt: img.alt,
      src: img.currentSrc,
      loaded: img.complete && img.naturalWidth > 0,
    }));

for (const database of [
  { name: 'embedded', skip: false as const },
  { name: 'postgres', skip: noPostgres },
]) {
  void describe(`a product's pictures (${database.name} database)`, { skip: database.skip ? `skipped: ${database.skip}` : false }, () => {
    let pg: Postgres | undefined;
    let started: BackOfficeShop | undefined;
    /** The products each width changes, chosen before anything changes. */
    let products: Item[] = [];

    before(async () => {
      let databaseUrl: string | undefined;
      if (database.name === 'postgres') {
        pg = startPostgres(await freePort());
        databaseUrl = pg.newDatabase('shop_product_pictures');
      }
      started = await startBackOfficeShop([manager, florist], {
        databaseUrl,
      });
      products = await seededProducts(started.shop.url);
    });

    after(async () => {
      await started?.stop();
      pg?.destroy();
    });

    for (const [index, width] of [1280, 375].entries()) {
      void test(`a manager uploads and orders a product's pictures; the product page shows the new first one on the next load (${width} px)`, async () => {
        const { shop, catcher, browser } = started!;
        const errors: string[] = [];
        const name = (step: string) => `${database.name}-${step}-${width}`;
        const product = products[index]!;
        const drawn = product.images.length;

        // The shopper's product page, loaded (and so kept by the page cache) before the change.
        const shopper = await (await device(browser, width, errors)).newPage();
        await shopper.goto(`${shop.url}/product/${product.slug}`, {
          waitUntil: 'networkidle',
        });
        assert.equal((await heroOf(shopper)).alt, product.images[0]!.alt);

        const context = await device(browser, width, errors);
        // Notes what each upload carries (type, name, size in pixels): the page sends it through XMLHttpRequest (axios).
        await context.addInitScript(() => {
          const notes: unknown[] = [];
          (window as unknown as { sentPictures: unknown[] }).sentPictures = notes;
          const send = XMLHttpRequest.prototype.send;
          XMLHttpRequest.prototype.send = function (body) {
            const file = body instanceof FormData ? body.get('file') : null;
            if (file instanceof File) {
              const note: Record<string, unknown> = { type: file.type, name: file.name };
              notes.push(note);
              void createImageBitmap(file).then((bitmap) => Object.assign(note, { width: bitmap.width, height: bitmap.height }));
            }
            return send.call(this, body);
          };
        });
        const page = await signIn(shop.url, catcher, context, manager);
        await page.goto(`${shop.url}/admin/products/${product.id}/pictures`, {
          waitUntil: 'networkidle',
        });
        await page.getByRole('heading', { name: 'Pictures', exact: true }).waitFor();
        assert.equal(await page.getByRole('link', { name: 'Back to the product' }).getAttribute('href'), `/admin/products/${product.id}`);
        assert.equal(await page.getByRole('navigation', { name: 'Catalogue' }).getByRole('link', { name: 'Products' }).getAttribute('aria-current'), 'page');
        assert.deepEqual(
          await gridAlts(page),
          product.images.map((i) => i.alt),
        );
        await shot(page, name('pictures'));

        // Three uploads, each with its preview first; each goes last.
        const form = page.getByRole('form', { name: 'Add a picture' });
        for (const [n, upload] of uploads.entries()) {
          await form.getByLabel('Picture', { exact: true }).setInputFiles(upload.file);
          await form.getByRole('img', { name: 'The picture you chose' }).waitFor();
          await form.getByRole('textbox', { name: 'Alt text' }).fill(upload.alt);
          if (n === 0) await shot(page, name('pictures-preview'));
          await form.getByRole('button', { name: 'Upload the picture' }).click();
          await page
            .getByRole('status')
            .filter({ hasText: `Added: "${upload.alt}"` })
            .waitFor({ timeout: 30_000 });
        }
        assert.deepEqual(await gridAlts(page), [...product.images.map((i) => i.alt), ...uploads.map((u) => u.alt)]);
        // The browser redrew the 3200 × 2800 photo at 2500 px on its shorter side before sending it; the others went as they were.
        assert.deepEqual(await page.evaluate(() => (window as unknown as { sentPictures: unknown[] }).sentPictures), [
          { type: 'image/jpeg', name: 'red-roses.jpg', width: 2857, height: 2500 },
          { type: 'image/png', name: 'sunflowers.png', width: 900, height: 900 },
          { type: 'image/webp', name: 'lilies.webp', width: 1200, height: 1600 },
        ]);
        // Every thumbnail has loaded from the server.
        const thumbs = page.getByRole('region', { name: 'Pictures of the product' }).locator('img');
        await page.waitForFunction(() => [...document.querySelectorAll('section[aria-label="Pictures of the product"] img')].every((img) => (img as HTMLImageElement).complete));
        for (const loaded of await thumbs.evaluateAll((imgs) => imgs.map((img) => (img as HTMLImageElement).naturalWidth))) assert.ok(loaded > 0, 'every thumbnail loads');
        await shot(page, name('pictures-uploaded'));

        // The lilies (last) to the front: the mouse once, then the keyboard (the focus stays on the button).
        const last = drawn + uploads.length;
        await page.getByRole('button', { name: `Move earlier (picture ${last})` }).click();
        await page
          .getByRole('status')
          .filter({ hasText: `is now picture ${last - 1} of ${last}` })
          .waitFor();
        for (let place = last - 1; place > 1; place--) {
          await page.keyboard.press('Enter');
          await page
            .getByRole('status')
            .filter({ hasText: `is now picture ${place - 1} of ${last}` })
            .waitFor();
        }
        assert.equal((await gridAlts(page))[0], uploads[2]!.alt);

        // A new alt text for the first, and a sample picture removed after confirming.
        const firstAlt = 'Purple lilies, tall, in a clear glass vase';
        await page.getByRole('button', { name: 'Edit alt text (picture 1)' }).click();
        await page.getByRole('form', { name: 'Alt text of picture 1' }).getByRole('textbox', { name: 'Alt text' }).fill(firstAlt);
        await page.getByRole('form', { name: 'Alt text of picture 1' }).getByRole('button', { name: 'Save' }).click();
        await page.getByRole('status').filter({ hasText: 'The alt text is changed' }).waitFor();
        await page.getByRole('button', { name: 'Remove (picture 2)' }).click();
        await page.getByRole('button', { name: 'Yes, remove (picture 2)' }).click();
        await page.getByRole('status').filter({ hasText: 'Removed:' }).waitFor();
        const expected = [firstAlt, ...product.images.slice(1).map((i) => i.alt), ...uploads.slice(0, 2).map((u) => u.alt)];
        assert.deepEqual(await gridAlts(page), expected);
        await shot(page, name('pictures-ordered'));

        // The shopper's next load: the new first picture, from the uploaded files; the gallery lists them all.
        await shopper.reload({ waitUntil: 'networkidle' });
        const hero = await heroOf(shopper);
        assert.equal(hero.alt, firstAlt);
        assert.ok(hero.loaded, 'the new first picture loads');
        const api = (await (await fetch(`${shop.url}/v1/product/slug/${product.slug}`)).json()) as { data: Item };
        assert.deepEqual(
          api.data.images.map((i) => i.alt),
          expected,
        );
        const served = await fetch(`${shop.url}${api.data.images[0]!.src}?w=2500`);
        assert.equal(served.status, 200);
        assert.equal(served.headers.get('cache-control'), 'public, max-age=31536000, immutable');
        const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
        // The lilies are 1200 px on their shorter side: their 2500 is 1200, square.
        assert.deepEqual([meta.format, meta.width, meta.height], ['webp', 1200, 1200]);
        const red = api.data.images.find((i) => i.alt === uploads[0]!.alt)!;
        const redMeta = await sharp(Buffer.from(await (await fetch(`${shop.url}${red.src}?w=2500`)).arrayBuffer())).metadata();
        assert.deepEqual([redMeta.width, redMeta.height], [2500, 2500]);
        await shot(shopper, name('pictures-shop'));

        assert.deepEqual(errors, []);
        await context.close();
        await shopper.context().close();
      });
    }

    void test('a florist is sent back to the board from a pictures page', async () => {
      const { shop, catcher, browser } = started!;
      const errors: string[] = [];
      const context = await device(browser, 1280, errors);
      const page = await signIn(shop.url, catcher, context, florist);
      const product = products[0]!;
      await page.goto(`${shop.url}/admin/products/${product.id}/pictures`, {
        waitUntil: 'networkidle',
      });
      assert.equal(new URL(page.url()).pathname, '/admin');
      assert.deepEqual(errors, []);
      await context.close();
    });
  });
}
