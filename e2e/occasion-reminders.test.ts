/**
 * Occasion reminders in Chromium, at 1280 px and at 375 px, against the shop as `npm start` runs
 * it with its mail going to an SMTP catcher (issue 18). A guest's birthday order is paid (the
 * staff token confirms the transfer); the payment e-mail's 'Remind me next year' link opens a
 * page where one press sets the reminder. The test moves the clock to a week before the day
 * comes round next year (POST /api/dev/run-job runs the hourly job as at that time): the
 * server's worker sends the e-mail with last year's order and one-click unsubscribe headers; its
 * 'Send it again' link shows the order at today's prices and puts it in the cart. After the
 * one-click unsubscribe, the day-before e-mail does not come.
 *
 * With E2E_SCREENSHOTS=<dir> the pages are saved there per width (`remind-<width>.png`,
 * `send-again-<width>.png`).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { launchBrowser } from './browser';
import { device, mailText, shot } from './back-office';
import { simpleProduct } from './checkout-flow';
import { mailHeader, startMailCatcher, type Mail, type MailCatcher } from './mail-catcher';
import { startShop, type Shop } from './shop-server';
import type { Browser } from 'playwright-core';

const ADMIN_TOKEN = 'reminders-admin-token-0123456789abcdef';
const run = Date.now().toString(36);
const lagosDay = (ahead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + ahead * 86_400_000));
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T12:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

void describe('occasion reminders', () => {
  let shop: Shop;
  let catcher: MailCatcher;
  let browser: Browser;

  before(async () => {
    catcher = await startMailCatcher();
    shop = await startShop({ SMTP_URL: catcher.smtpUrl, MAIL_FROM: 'Regal Flowers <no-reply@shop.test>', ADMIN_TOKEN });
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    await shop?.stop();
    await catcher?.close();
  });

  async function api<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const res = await fetch(`${shop.url}${path}`, {
      method,
      headers: { 'content-type': 'application/json', ...(token && { Authorization: `Bearer ${token}` }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const json = (await res.json()) as { data: T; message: string };
    assert.ok(res.ok, `${method} ${path}: ${res.status} ${json.message}`);
    return json.data;
  }

  async function mailsTo(email: string, count: number, match: RegExp): Promise<Mail[]> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const found = catcher.inbox.filter((m) => m.to.includes(email) && match.test(mailHeader(m.raw, 'Subject') ?? ''));
      if (found.length >= count || Date.now() > deadline) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  for (const width of [1280, 375]) {
    void test(`at ${width} px: remind me from the payment e-mail, the e-mail a week before, Send it again fills the cart, unsubscribe stops the next`, async () => {
      const errors: string[] = [];
      const email = `ada.${width}.${run}@example.com`;
      const day = lagosDay(2);
      const product = await simpleProduct(shop.url);
      const created = await api<{ id: string; orderNumber: string }>('POST', '/v1/firebase/order/create', {
        cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1, image: { src: '/media/p/x.webp', alt: product.name } }],
        currency: 'NGN',
        deliveryDate: '',
      });
      await api('PUT', `/v1/firebase/order/checkout-order/${created.id}`, {
        orderData: {
          deliveryDate: day,
          purpose: 'Birthday',
          recipient: { method: 'delivery', name: 'Amaka', phone: '0803 123 4567', address: '5 Bourdillon Road, Ikoyi', residenceType: 'Home', state: 'lagos' },
          deliveryDetails: { zone: 'lagos-central' },
        },
        userData: { name: 'Ada Okafor', email, phone: '08091234567', phoneCountryCode: '+234' },
        currency: 'NGN',
      });
      await api('PUT', `/v1/firebase/order/update-payment-details/${created.id}`, { currency: 'NGN', paymentMethod: 'gtbTransfer' });
      await api('PUT', `/v1/admin/order/${created.id}/status`, { status: 'paid', paymentMethod: 'gtbTransfer' }, ADMIN_TOKEN);

      // The payment e-mail's link: one press sets the reminder.
      const [paid] = await mailsTo(email, 1, /payment received/);
      assert.ok(paid, 'the payment e-mail came');
      const remindUrl = /Remind me next year about Amaka's Birthday: (\S+)/.exec(mailText(paid.raw))?.[1];
      assert.ok(remindUrl, 'the payment e-mail offers the reminder');
      const context = await device(browser, width, errors);
      const page = await context.newPage();
      await page.goto(remindUrl, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Remind me next year' }).waitFor();
      assert.match(await page.getByRole('main').innerText(), /a week before and the day before Amaka's Birthday next year/);
      await page.getByRole('button', { name: 'Remind me next year' }).click();
      const nextOn = `${Number(day.slice(0, 4)) + 1}${day.slice(4)}`;
      const [y, m, d] = nextOn.split('-').map(Number);
      const inWords = `${d} ${['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][m! - 1]} ${y}`;
      await page.getByRole('status').filter({ hasText: new RegExp(`^Reminder set: we will e-mail you on .*before Amaka's Birthday on ${inWords}\\.$`) }).waitFor();
      assert.ok((await page.evaluate(() => document.documentElement.scrollWidth)) <= width, 'nothing wider than the screen');
      await shot(page, `remind-${width}`);

      // A week before it comes round: the e-mail, from the server's worker.
      const sent = await api<{ sent: number }>('POST', '/api/dev/run-job', { job: 'occasion-reminders', at: `${addDays(nextOn, -7)}T11:00:00Z` });
      assert.ok(sent.sent >= 1);
      const [reminder] = await mailsTo(email, 1, /Amaka's Birthday is in 7 days/);
      assert.ok(reminder, 'the reminder e-mail came');
      assert.equal(mailHeader(reminder.raw, 'List-Unsubscribe-Post'), 'List-Unsubscribe=One-Click');
      const text = mailText(reminder.raw);
      assert.match(text, new RegExp(`Last year you sent \\(order ${created.orderNumber}\\):`));
      const refillUrl = /Send it again: [^\n]*\n(\S+)/.exec(text)?.[1];
      assert.ok(refillUrl, 'the reminder has the Send it again link');

      // Send it again: last year's order at today's prices, into the cart.
      await page.goto(refillUrl, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { name: 'Send it again' }).waitFor();
      // The listing's name carries a subtitle after ' – '; the cart's is the product's own.
      const name = product.name.split(' – ')[0]!;
      assert.ok((await page.getByRole('main').innerText()).includes(`1 × ${name}`), 'last year\'s item is listed');
      await shot(page, `send-again-${width}`);
      await page.getByRole('button', { name: 'Put these in my cart' }).click();
      const cart = page.getByRole('dialog', { name: 'My Cart (1)' });
      await cart.waitFor();
      assert.ok((await cart.innerText()).includes(name), 'the item is in the cart');
      await shot(page, `send-again-cart-${width}`);

      // The one-click unsubscribe (as a mail program sends it): no day-before e-mail.
      const target = mailHeader(reminder.raw, 'List-Unsubscribe')!.slice(1, -1);
      const res = await fetch(`${shop.url}${new URL(target).pathname}${new URL(target).search}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      assert.equal(res.status, 200);
      await api('POST', '/api/dev/run-job', { job: 'occasion-reminders', at: `${addDays(nextOn, -1)}T11:00:00Z` });
      await new Promise((resolve) => setTimeout(resolve, 2000));
      assert.deepEqual(
        catcher.inbox.filter((m) => m.to.includes(email) && /tomorrow/.test(mailHeader(m.raw, 'Subject') ?? '')),
        [],
      );
      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
