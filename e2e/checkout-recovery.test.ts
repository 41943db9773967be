/**
 * Unfinished payments in Chromium, at 1280 px and at 375 px, against the shop as `npm start` runs
 * it with its mail going to an SMTP catcher (issue 18). A guest leaves an order at the payment
 * stage; the test moves the clock an hour on (POST /api/dev/run-job runs the scheduled scan as at
 * that time) and the server's own mail worker sends the one e-mail. Its button opens the order's
 * payment stage on another device (no greeting, the amount to pay); its unsubscribe link opens a
 * page that stops such e-mails for that address with one press, and a second scan sends nothing
 * to it. A manager sees 'Reminder sent' on the board and on the order's page.
 *
 * With E2E_SCREENSHOTS=<dir> the pages are saved there per width (`recovery-pay-<width>.png`,
 * `recovery-unsubscribe-<width>.png`, `recovery-board-<width>.png`).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { type BackOfficeShop, device, mailText, type Member, shot, signIn, startBackOfficeShop } from './back-office';
import { guestOrderByApi, simpleProduct } from './checkout-flow';
import { mailHeader, type Mail } from './mail-catcher';

const run = Date.now().toString(36);
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };
const lagosDay = (ahead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + ahead * 86_400_000));

void describe('the e-mail about an unfinished payment', () => {
  let started: BackOfficeShop | undefined;

  before(async () => {
    started = await startBackOfficeShop([manager]);
  });

  after(async () => {
    await started?.stop();
  });

  /** Runs the scheduled scan as if the clock said `minutes` from now. */
  async function scanIn(minutes: number): Promise<{ sent: number }> {
    const res = await fetch(`${started!.shop.url}/api/dev/run-job`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ job: 'checkout-recovery', at: new Date(Date.now() + minutes * 60_000).toISOString() }),
    });
    const json = (await res.json()) as { data: { sent: number }; message: string };
    assert.equal(res.status, 200, json.message);
    return json.data;
  }

  async function mailTo(email: string): Promise<Mail> {
    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline) {
      const mail = started!.catcher.inbox.find((m) => m.to.includes(email));
      if (mail) return mail;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`no e-mail reached ${email}`);
  }

  for (const width of [1280, 375]) {
    void test(`at ${width} px: one e-mail after the hour, its link opens the payment stage, its unsubscribe page stops the next`, async () => {
      const { shop, catcher, browser } = started!;
      const errors: string[] = [];
      const email = `tunde.${width}.${run}@example.com`;
      const product = await simpleProduct(shop.url);
      const { orderNumber } = await guestOrderByApi(shop.url, product, lagosDay(3), {
        email,
        recipient: { name: 'Amaka Obi', phone: '0803 123 4567', address: '5 Bourdillon Road, Ikoyi', residenceType: 'Home' },
      });

      // Half an hour on: nothing yet. An hour and a minute on: the e-mail, sent by the server's worker.
      await scanIn(30);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.deepEqual(catcher.inbox.filter((m) => m.to.includes(email)), []);
      assert.ok((await scanIn(61)).sent >= 1);
      const mail = await mailTo(email);
      const text = mailText(mail.raw);
      assert.match(mailHeader(mail.raw, 'Subject') ?? '', new RegExp(`order ${orderNumber} is waiting for payment`));
      assert.match(mailHeader(mail.raw, 'List-Unsubscribe') ?? '', /^<http:\/\/127\.0\.0\.1:\d+\/v1\/mail\/unsubscribe\?t=[^>]+>$/);
      assert.equal(mailHeader(mail.raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
      assert.match(text, /Chat with us on WhatsApp/);
      const payUrl = /Finish paying: (\S+)/.exec(text)?.[1];
      const unsubscribeUrl = /unfinished orders: (\S+)/.exec(text)?.[1];
      assert.ok(payUrl && unsubscribeUrl, 'the e-mail has both links');

      // The link on another device: straight to paying, no greeting.
      const context = await device(browser, width, errors);
      const page = await context.newPage();
      await page.goto(payUrl, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Payment', exact: true }).waitFor();
      assert.match(await page.getByText('Amount to pay:').innerText(), /₦[\d,]+/);
      assert.equal(await page.getByRole('dialog').count(), 0);
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, 'nothing wider than the screen');
      await shot(page, `recovery-pay-${width}`);

      // The unsubscribe page: opening it changes nothing; one press stops such e-mails.
      await page.goto(unsubscribeUrl, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Unsubscribe' }).waitFor();
      assert.match(await page.getByRole('main').innerText(), /Stop sending e-mails about orders you have not finished paying for to t•••@example\.com\?/);
      await shot(page, `recovery-unsubscribe-${width}`);
      await Promise.all([page.waitForURL(/done=this/), page.getByRole('button', { name: 'Unsubscribe', exact: true }).click()]);
      assert.match(await page.getByRole('status').innerText(), /Done: we will send t•••@example\.com no more e-mails about orders you have not finished paying for\./);
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, 'nothing wider than the screen');
      await shot(page, `recovery-unsubscribed-${width}`);

      // A second unpaid order of the same address an hour later: no e-mail.
      await guestOrderByApi(shop.url, product, lagosDay(4), { email, recipient: { name: 'Amaka Obi', phone: '0803 123 4567', address: '5 Bourdillon Road, Ikoyi', residenceType: 'Home' } });
      await scanIn(62);
      await new Promise((resolve) => setTimeout(resolve, 2000));
      assert.equal(catcher.inbox.filter((m) => m.to.includes(email)).length, 1);

      // Staff see it: the board's row and the order's page.
      const staff = await device(browser, width, errors);
      const board = await signIn(shop.url, catcher, staff, manager);
      await board.goto(`${shop.url}/admin?day=all&q=${encodeURIComponent(orderNumber)}`, { waitUntil: 'networkidle' });
      const row = board.getByRole('row').filter({ hasText: orderNumber });
      await row.getByText('Reminder sent').waitFor();
      await shot(board, `recovery-board-${width}`);
      await board.getByRole('link', { name: orderNumber }).click();
      await board.getByText(/Unfinished-payment reminder e-mailed/).waitFor();

      assert.deepEqual(errors, []);
      await context.close();
      await staff.close();
    });
  }
});
