/**
 * Steps the back-office browser journeys share (e2e/backoffice.test.ts, e2e/staff-admin.test.ts,
 * e2e/catalogue-admin.test.ts): starting the shop with its staff made by the staff command and
 * its mail going to an SMTP catcher, reading those mails, a fresh device that collects page
 * errors, signing in with the e-mailed code, and screenshots.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startMailCatcher, type MailCatcher } from './mail-catcher';
import { startShop, type Shop } from './shop-server';
import { launchBrowser } from './browser';

const root = path.resolve(__dirname, '..');

export type Member = { email: string; name: string; role: 'owner' | 'manager' | 'florist' | 'rider'; branch?: 'lagos' | 'abuja'; password: string };

/** `npx tsx scripts/staff.ts add …` with the password on standard input, on the shop's data directory. */
export function addStaff(member: Member, dataDir: string, env: Record<string, string> = {}): void {
  const args = ['tsx', 'scripts/staff.ts', 'add', '--email', member.email, '--name', member.name, '--role', member.role, '--password-stdin'];
  if (member.branch) args.push('--branch', member.branch);
  const result = spawnSync('npx', args, { cwd: root, env: { ...process.env, DATA_DIR: dataDir, ...env }, input: `${member.password}\n`, encoding: 'utf8', timeout: 120_000 });
  assert.equal(result.status, 0, `staff command for ${member.role}: ${result.stdout}\n${result.stderr}`);
  assert.match(result.stdout, new RegExp(`Added ${member.name} <${member.email.replace(/\./g, '\\.')}> as ${member.role}`));
  assert.doesNotMatch(result.stdout, /Password \(shown once/, 'no generated password with --password-stdin');
}

/** A mail's text with quoted-printable soft breaks and escapes undone, and base64 parts decoded. */
export function mailText(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const qp = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = [...body.matchAll(/^([A-Za-z0-9+/=]{16,}\r?\n)+/gm)].map((m) => Buffer.from(m[0].replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64].join('\n');
}

/** The six-digit code in the newest mail to `to` since the `after`-th mail, waiting for it to arrive. */
export async function codeMailedTo(catcher: MailCatcher, to: string, after: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of catcher.inbox.slice(after).filter((m) => m.to.includes(to)).reverse()) {
      const code = /code[^\d]{0,80}?(\d{6})(?!\d)/i.exec(mailText(mail.raw))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}

/** Saves the page (full length) as `<name>.png` when E2E_SCREENSHOTS names a folder. */
export async function shot(page: Page, name: string): Promise<void> {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  fs.mkdirSync(folder, { recursive: true });
  await page.screenshot({ path: path.join(folder, `${name}.png`), fullPage: true });
}

/** A fresh browser profile (a device the back office does not know) at `width`, collecting page errors and CSP violations into `errors`. */
export async function device(browser: Browser, width: number, errors: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 }, timezoneId: 'Africa/Lagos', locale: 'en-NG' });
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
    });
  });
  return context;
}

/** /admin/login on `shopUrl` with e-mail and password, then the code e-mailed for this new device; lands on the board. */
export async function signIn(shopUrl: string, catcher: MailCatcher, context: BrowserContext, member: Member): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${shopUrl}/admin/login`, { waitUntil: 'networkidle' });
  await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  const mailsBefore = catcher.inbox.length;
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
  assert.match(await page.getByRole('status').innerText(), new RegExp(`e-mailed a six-digit code to ${member.email.replace(/\./g, '\\.')}`));
  await page.getByLabel('Six-digit code').fill(await codeMailedTo(catcher, member.email, mailsBefore));
  await Promise.all([page.waitForURL(`${shopUrl}/admin`), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
  const nav = page.getByRole('navigation', { name: 'Back office' });
  await nav.waitFor();
  assert.match(await nav.innerText(), new RegExp(member.name));
  return page;
}

/** A shop for a back-office journey: its staff, its SMTP catcher and a browser. */
export type BackOfficeShop = { shop: Shop; catcher: MailCatcher; browser: Browser; stop(): Promise<void> };

/** The environment a back-office shop runs with: its mail to `catcher`, and its database when given. */
export function backOfficeEnv(catcher: MailCatcher, databaseUrl?: string): Record<string, string> {
  return { SMTP_URL: catcher.smtpUrl, MAIL_FROM: 'Regal Flowers <no-reply@shop.test>', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
}

/**
 * Makes `members` with the staff command on a new data directory (on `databaseUrl`, an empty
 * PostgreSQL database, when given, else on the embedded database there: the command first, since
 * the embedded database is owned by one process at a time), then starts the shop there as
 * `npm start` does, with its mail to a catcher (and `env`, e.g. SHOP_CLOCK_START), and a browser. With E2E_SHOP_LOG=<file> the
 * shop's output is written there when it stops.
 */
export async function startBackOfficeShop(members: Member[], options: { databaseUrl?: string; env?: Record<string, string> } = {}): Promise<BackOfficeShop> {
  const catcher = await startMailCatcher();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-'));
  const env = { ...backOfficeEnv(catcher, options.databaseUrl), ...options.env };
  try {
    for (const member of members) addStaff(member, dataDir, env);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    await catcher.close();
    throw error;
  }
  const shop = await startShop(env, { dataDir });
  const browser = await launchBrowser();
  return {
    shop,
    catcher,
    browser,
    async stop() {
      if (process.env.E2E_SHOP_LOG) fs.writeFileSync(process.env.E2E_SHOP_LOG, shop.output());
      await browser.close();
      await shop.stop();
      await catcher.close();
    },
  };
}
