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

/**
 * A slow network for the page's code: its JavaScript (not its stylesheets, which hold its first
 * paint) is answered only once the returned `release()` is called, so the test acts on the
 * server's HTML before the page has hydrated.
 */
export async function holdPageCode(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_next\/static\/.*\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}
