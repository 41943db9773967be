/**
 * Lighthouse's accessibility audit (its mobile default) of one page of a running shop, as a
 * logged-in shopper sees it. The shop keeps the shopper's record, token included, in the page's
 * storage: the audit's own Chromium opens the shop first and puts the record there, and the audit
 * keeps that storage (no storage reset), so the page shows the shopper's data.
 */
import { appStarted, CHROMIUM } from './browser';

export type AccessibilityAudit = {
  /** The accessibility category's score, 0 to 100. */
  score: number;
  /** Each pass-or-fail audit that failed: its id, title and the elements it names (cut short). */
  failing: string[];
};

/**
 * Audits `pageUrl` (a path of the shop, or a whole URL) with `storedUser` as the browser's
 * stored user record (`userData`).
 */
export async function accessibilityScore(shopUrl: string, pageUrl: string, storedUser: unknown): Promise<AccessibilityAudit> {
  const { default: lighthouse } = await import('lighthouse');
  const chromeLauncher = await import('chrome-launcher');
  const { chromium } = await import('playwright-core');
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'], logLevel: 'silent' });
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const page = await cdp.contexts()[0]!.newPage();
    await page.goto(`${shopUrl}/`, { waitUntil: 'load' });
    await appStarted(page);
    await page.evaluate((record) => localStorage.setItem('userData', JSON.stringify(record)), storedUser);
    await page.close();
    await cdp.close();
    const result = await lighthouse(new URL(pageUrl, shopUrl).href, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['accessibility'], disableStorageReset: true });
    const lhr = result!.lhr;
    const failing = Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === 'binary')
      .map((a) => `${a.id}: ${a.title} ${JSON.stringify(a.details ?? {}).slice(0, 600)}`);
    return { score: Math.round((lhr.categories.accessibility?.score ?? 0) * 100), failing };
  } finally {
    chrome.kill();
  }
}
