/**
 * First browser journey: `npm start` on a fresh data directory serves the shop, and the home page
 * shows real products with prices and pictures in Chromium, on desktop and on a phone.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
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

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'phone', width: 375, height: 812 },
]) {
  void test(`home page shows products on ${viewport.name}`, async () => {
    const page = await browser.newPage({ viewport, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
    const response = await page.goto(shop.url, { waitUntil: 'load' });
    assert.equal(response?.status(), 200);
    const cards = page.locator('main article');
    assert.ok((await cards.count()) >= 4, 'at least four product cards');
    const first = cards.first();
    assert.match((await first.locator('h3').innerText()).trim(), /\w{3,}/);
    assert.match(await first.innerText(), /₦\d{1,3}(,\d{3})+/);
    // Only the hero is requested with the page; a card's picture loads when it comes near the
    // screen (below the hero on a phone), once the page's code runs.
    await first.scrollIntoViewIfNeeded();
    const picture = first.locator('img').first();
    await page.waitForFunction((img) => img instanceof HTMLImageElement && img.currentSrc !== '' && img.complete, await picture.elementHandle(), { timeout: 15_000 });
    const naturalWidth = await picture.evaluate((img: HTMLImageElement) => img.naturalWidth);
    assert.ok(naturalWidth > 0, 'the product picture loaded');
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/home-${viewport.width}.png`, fullPage: false });
    await page.close();
  });
}

void test('crawlers get the products in the server-rendered HTML', async () => {
  const html = await (await fetch(shop.url)).text();
  assert.match(html, /<article/);
  assert.match(html, /₦\d/);
});
