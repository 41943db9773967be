/**
 * The owner manages staff at /admin/staff in Chromium, at 1280 px and again at 375 px, against
 * the shop as `npm start` runs it (sign-in codes over SMTP to a server started here, as in
 * e2e/backoffice.test.ts; the owner and a manager made with the staff command before the shop
 * starts). At each width the owner signs in, opens "Staff" from the bar, adds a Lagos florist
 * (who is e-mailed an invitation code), sees them as "Invited, no password yet", deactivates them
 * after the confirmation, and the florist's code no longer signs in. A manager has no "Staff" in
 * the bar and is sent back to the board from /admin/staff.
 *
 * Run alone: `NEXT_DIST_DIR=.next-e2e-staff node --import tsx --test e2e/staff-admin.test.ts`;
 * with E2E_SCREENSHOTS=<dir> the staff page is saved there at each step and width.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { startShop, type Shop } from './shop-server';
import { launchBrowser } from './browser';
import { startMailCatcher, type MailCatcher } from './mail-catcher';

const SHOTS = process.env.E2E_SCREENSHOTS;
const root = path.resolve(__dirname, '..');

type Member = { email: string; name: string; role: 'owner' | 'manager'; password: string };

const run = Date.now().toString(36);
const owner: Member = { email: `owner.${run}@shop.test`, name: 'Femi Owner', role: 'owner', password: 'peonies-at-the-gate-31' };
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };

let catcher: MailCatcher | undefined;
let shop: Shop;
let browser: Browser;

/** `npx tsx scripts/staff.ts add …` with the password on standard input, on the shop's data directory. */
function addStaff(member: Member, dataDir: string): void {
  const args = ['tsx', 'scripts/staff.ts', 'add', '--email', member.email, '--name', member.name, '--role', member.role, '--password-stdin'];
  const result = spawnSync('npx', args, { cwd: root, env: { ...process.env, DATA_DIR: dataDir }, input: `${member.password}\n`, encoding: 'utf8', timeout: 120_000 });
  assert.equal(result.status, 0, `staff command for ${member.role}: ${result.stdout}\n${result.stderr}`);
}

before(async () => {
  catcher = await startMailCatcher();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-staff-'));
  try {
    for (const member of [owner, manager]) addStaff(member, dataDir);
  } catch (error) {
    fs.rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  shop = await startShop({ SMTP_URL: catcher.smtpUrl, MAIL_FROM: 'Regal Flowers <no-reply@shop.test>' }, { dataDir });
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  await shop?.stop();
  await catcher?.close();
});

/** A mail's text with quoted-printable soft breaks and escapes undone, and base64 parts decoded. */
function mailText(raw: string): string {
  const body = raw.slice(raw.search(/\r?\n\r?\n/));
  const qp = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = [...body.matchAll(/^([A-Za-z0-9+/=]{16,}\r?\n)+/gm)].map((m) => Buffer.from(m[0].replace(/\s/g, ''), 'base64').toString('utf8'));
  return [qp, ...base64].join('\n');
}

/** The six-digit code in the newest mail to `to` since `after`, waiting for it to arrive. */
async function codeMailedTo(to: string, after: number): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    for (const mail of catcher!.inbox.slice(after).filter((m) => m.to.includes(to)).reverse()) {
      const code = /code[^\d]{0,80}?(\d{6})(?!\d)/i.exec(mailText(mail.raw))?.[1];
      if (code) return code;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no code mailed to ${to}`);
}

async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS) return;
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

/** A fresh browser profile at `width`, collecting page errors and CSP violations. */
async function device(width: number, errors: string[]): Promise<BrowserContext> {
  const context = await browser.newContext({ viewport: { width, height: width < 768 ? 812 : 900 }, timezoneId: 'Africa/Lagos' });
  context.on('page', (page) => {
    page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content.Security.Policy/i.test(message.text())) errors.push(`${page.url()}: ${message.text()}`);
    });
  });
  return context;
}

/** /admin/login with e-mail and password, then the e-mailed code; lands on the board. */
async function signIn(context: BrowserContext, member: Member): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${shop.url}/admin/login`, { waitUntil: 'networkidle' });
  await page.getByLabel('Email').fill(member.email);
  await page.getByLabel('Password').fill(member.password);
  const mailsBefore = catcher!.inbox.length;
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
  await page.getByLabel('Six-digit code').fill(await codeMailedTo(member.email, mailsBefore));
  await Promise.all([page.waitForURL(`${shop.url}/admin`), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
  return page;
}

for (const width of [1280, 375]) {
  void test(`${width} px: the owner adds a florist at /admin/staff and deactivates them`, async () => {
    const errors: string[] = [];
    const page = await signIn(await device(width, errors), owner);
    const nav = page.getByRole('navigation', { name: 'Back office' });
    await Promise.all([page.waitForURL(`${shop.url}/admin/staff`), nav.getByRole('link', { name: 'Staff' }).click()]);
    await page.getByRole('heading', { level: 1, name: 'Staff' }).waitFor();
    const list = page.getByRole('region', { name: 'Staff members' });
    await list.waitFor();
    const rowOf = (name: string) => list.getByRole('row').filter({ has: page.getByRole('rowheader', { name: new RegExp(name) }) });
    assert.match(await rowOf(owner.name).innerText(), /\(you\)/);
    assert.match(await rowOf(manager.name).innerText(), /Manager[\s\S]*All branches[\s\S]*Active/);
    await shot(page, `${width}-staff-list`);

    // Add a Lagos florist: the branch is needed for a florist.
    const florist = { email: `florist.${width}.${run}@shop.test`, name: `Kemi Florist ${width}` };
    await page.getByRole('button', { name: 'Add a member' }).click();
    const form = page.getByRole('form', { name: 'Add a member' });
    await form.getByLabel('Email').fill(florist.email);
    await form.getByLabel('Name').fill(florist.name);
    await form.getByLabel('Role').selectOption('florist');
    await form.getByLabel('Branch').selectOption('lagos');
    await shot(page, `${width}-staff-add-form`);
    const mailsBefore = catcher!.inbox.length;
    await form.getByRole('button', { name: 'Add and e-mail the code' }).click();
    await page.getByRole('status').filter({ hasText: `${florist.name} is added and has been e-mailed a sign-in code` }).waitFor();
    const code = await codeMailedTo(florist.email, mailsBefore);
    const row = rowOf(florist.name);
    await row.waitFor();
    assert.match(await row.innerText(), /Florist[\s\S]*Lagos[\s\S]*Invited, no password yet[\s\S]*Never/);
    await shot(page, `${width}-staff-added`);

    // Changing role or branch opens under the member; a manager works for every branch.
    await row.getByRole('button', { name: 'Change role or branch' }).click();
    const changeForm = page.getByRole('form', { name: `Change ${florist.name}` });
    await changeForm.getByLabel('Role').selectOption('manager');
    assert.equal(await changeForm.getByLabel('Branch').isDisabled(), true);
    await shot(page, `${width}-staff-change-form`);
    await changeForm.getByRole('button', { name: 'Back' }).click();
    await changeForm.waitFor({ state: 'detached' });

    // Deactivate, after the confirmation.
    await row.getByRole('button', { name: 'Deactivate' }).click();
    const confirm = page.getByRole('form', { name: `Deactivate ${florist.name}` });
    await confirm.getByText(/signed out everywhere at once/).waitFor();
    await shot(page, `${width}-staff-deactivate-confirm`);
    await confirm.getByRole('button', { name: 'Yes, deactivate' }).click();
    await page.getByRole('status').filter({ hasText: `${florist.name} is deactivated and signed out everywhere.` }).waitFor();
    assert.match(await row.innerText(), /Deactivated/);
    assert.deepEqual(await row.getByRole('button').allInnerTexts(), ['Reactivate']);
    await shot(page, `${width}-staff-deactivated`);

    // The invitation's code no longer signs the florist in.
    const res = await fetch(`${shop.url}/admin/api/auth/code`, { method: 'POST', headers: { 'content-type': 'application/json', origin: shop.url }, body: JSON.stringify({ email: florist.email, code }) });
    assert.equal(res.status, 400);

    // Still there after a reload, deactivated ones last.
    await page.reload({ waitUntil: 'networkidle' });
    await rowOf(florist.name).waitFor();
    const names = await list.getByRole('rowheader').allInnerTexts();
    assert.match(names.at(-1) ?? '', new RegExp(florist.name));
    assert.deepEqual(errors, []);
  });
}

void test('a manager has no Staff in the bar, and /admin/staff sends them to the board', async () => {
  const errors: string[] = [];
  const page = await signIn(await device(1280, errors), manager);
  assert.equal(await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).count(), 0);
  await page.goto(`${shop.url}/admin/staff`, { waitUntil: 'networkidle' });
  assert.equal(new URL(page.url()).pathname, '/admin');
  const res = await fetch(`${shop.url}/admin/api/staff`);
  assert.equal(res.status, 401);
  assert.deepEqual(errors, []);
});
