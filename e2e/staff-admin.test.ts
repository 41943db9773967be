/**
 * The owner manages staff at /admin/staff in Chromium, at 1280 px and again at 375 px, against
 * the shop as `npm start` runs it (sign-in codes over SMTP to a server started here, as in
 * e2e/backoffice.test.ts; the owner and a manager made with the staff command before the shop
 * starts). At each width the owner signs in, opens "Staff" from the bar, adds a Lagos florist
 * (who is e-mailed an invitation code), sees them as "Invited, no password yet", deactivates them
 * after the confirmation, and the florist's code no longer signs in. A manager has no "Staff" in
 * the bar and is sent back to the board from /admin/staff. On a phone whose page code is slow to
 * come, a manager types the e-mail and password and presses Enter before it has: signed in once
 * it has, the password never in the address.
 *
 * Run alone: `NEXT_DIST_DIR=.next-e2e-staff node --import tsx --test e2e/staff-admin.test.ts`;
 * with E2E_SCREENSHOTS=<dir> the staff page is saved there at each step and width.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser } from 'playwright-core';
import type { Shop } from './shop-server';
import type { MailCatcher } from './mail-catcher';
import { type BackOfficeShop, codeMailedTo, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';
import { holdPageCode } from './browser';

const run = Date.now().toString(36);
const owner: Member = { email: `owner.${run}@shop.test`, name: 'Femi Owner', role: 'owner', password: 'peonies-at-the-gate-31' };
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };

let started: BackOfficeShop | undefined;
let catcher: MailCatcher;
let shop: Shop;
let browser: Browser;

before(async () => {
  started = await startBackOfficeShop([owner, manager]);
  ({ shop, catcher, browser } = started);
});

after(() => started?.stop());

for (const width of [1280, 375]) {
  void test(`${width} px: the owner adds a florist at /admin/staff and deactivates them`, async () => {
    const errors: string[] = [];
    const page = await signIn(shop.url, catcher, await device(browser, width, errors), owner);
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
    const mailsBefore = catcher.inbox.length;
    await form.getByRole('button', { name: 'Add and e-mail the code' }).click();
    await page.getByRole('status').filter({ hasText: `${florist.name} is added and has been e-mailed a sign-in code` }).waitFor();
    const code = await codeMailedTo(catcher, florist.email, mailsBefore);
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
  const page = await signIn(shop.url, catcher, await device(browser, 1280, errors), manager);
  assert.equal(await page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Staff' }).count(), 0);
  await page.goto(`${shop.url}/admin/staff`, { waitUntil: 'networkidle' });
  assert.equal(new URL(page.url()).pathname, '/admin');
  const res = await fetch(`${shop.url}/admin/api/staff`);
  assert.equal(res.status, 401);
  assert.deepEqual(errors, []);
});

void test('on a slow phone, the e-mail and password typed before the page’s code arrived sign the manager in once it has', async () => {
  const errors: string[] = [];
  const context = await device(browser, 375, errors);
  const page = await context.newPage();
  const typed = await holdPageCode(page);
  const addresses: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && addresses.push(frame.url()));
  await page.goto(`${shop.url}/admin/login`, { waitUntil: 'commit' });
  await page.getByRole('heading', { name: 'Staff sign-in' }).waitFor();
  await page.getByLabel('Email').fill(manager.email);
  await page.getByLabel('Password').fill(manager.password);
  const mailsBefore = catcher.inbox.length;
  await page.getByLabel('Password').press('Enter'); // held by the page until its code has come
  assert.equal(await page.evaluate(() => typeof (window as Window & { next?: unknown }).next), 'undefined', 'the page’s code had not started');
  typed();
  await page.getByRole('heading', { name: 'Enter your sign-in code' }).waitFor();
  assert.match(await page.getByRole('status').innerText(), new RegExp(`e-mailed a six-digit code to ${manager.email.replace(/\./g, '\\.')}`));
  await page.getByLabel('Six-digit code').fill(await codeMailedTo(catcher, manager.email, mailsBefore));
  await Promise.all([page.waitForURL(`${shop.url}/admin`), page.getByRole('button', { name: 'Sign in', exact: true }).click()]);
  await page.getByRole('navigation', { name: 'Back office' }).waitFor();
  assert.deepEqual(
    addresses.filter((url) => new URL(url).search !== ''),
    [],
    'no address carried the form',
  );
  assert.deepEqual(errors, []);
  await context.close();
});
