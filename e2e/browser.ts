/** Debian's Chromium, headless, driven by playwright-core (no browser download). */
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

/**
 * Waits until the shop's code has started in the page: it has versioned the browser's storage
 * (pages/_app.tsx, migrateStorage), which wipes what an older version left. A page's scripts load
 * after its first paint (pages/_document.tsx), often after `load`: storage seeded before this is
 * wiped like a stranger's.
 */
export async function appStarted(page: Page): Promise<void> {
  await page.waitForFunction(() => localStorage.getItem('syncVersion') !== null);
}
