/**
 * Bank statement import in Chromium, at 1280 px and at 375 px, against the shop as `npm start`
 * runs it: a manager opens 'Bank statement' from the back office's bar, chooses a GTBank export
 * with one transfer that pays an order, one short of another order and one debit, checks it (one
 * transfer would be confirmed, one line for a person, nothing changed yet), imports it, and sees
 * the order confirmed and the near miss with its reason; the confirmed order's page shows it paid,
 * and the near miss stays listed under 'Lines waiting for a person' until 'Dealt with' takes it off.
 * At 375 px the file is chosen before the page's code has arrived.
 *
 * With E2E_SCREENSHOTS=<dir> the pages are saved there per width (`statement-<width>.png`: the
 * results).
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BackOfficeShop, device, type Member, shot, signIn, startBackOfficeShop } from './back-office';
import { holdPageCode } from './browser';

/** GTBank's internet banking export header (lib/domain/bank-statement.ts's GTBANK_HEADER). */
const GTBANK_HEADER = 'Trans. Date,Value Date,Reference,Debits,Credits,Balance,Remarks';
const run = Date.now().toString(36);
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };

type Envelope<T> = { data: T; message: string };
type Placed = { id: string; orderNumber: string; total: number };

const naira = (n: number) => n.toLocaleString('en-NG');
const lagosDay = (ahead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + ahead * 86_400_000));

void describe('bank statement import', () => {
  let started: BackOfficeShop | undefined;

  before(async () => {
    started = await startBackOfficeShop([manager]);
  });

  after(async () => {
    await started?.stop();
  });

  async function api<T>(method: string, urlPath: string, body?: unknown): Promise<T> {
    const res = await fetch(`${started!.shop.url}${urlPath}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const json = (await res.json()) as Envelope<T>;
    assert.ok(res.ok, `${method} ${urlPath}: ${res.status} ${json.message}`);
    return json.data;
  }

  /** A naira order checked out through the shop's API for delivery in Lagos, left unpaid. */
  async function placeOrder(sender: string): Promise<Placed> {
    const { items } = await api<{ items: { id: string; sku: string; type: string; inStock: boolean }[] }>('GET', '/v1/product/paginate?pageSize=50&categories=all');
    const product = items.find((p) => p.type === 'simple' && p.inStock);
    assert.ok(product, 'a simple product in stock');
    const created = await api<{ id: string; orderNumber: string }>('POST', '/v1/firebase/order/create', { cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1 }], currency: 'NGN', deliveryDate: '' });
    await api('PUT', `/v1/firebase/order/checkout-order/${created.id}`, {
      orderData: {
        deliveryDate: lagosDay(3),
        recipient: { method: 'delivery', name: 'Hauwa Bello', phone: '08031234567', address: '12 Admiralty Way, Lekki', state: 'lagos', residenceType: 'Home' },
        deliveryDetails: { zone: 'lagos-outer' },
      },
      userData: { name: sender, email: `${sender.split(' ')[0]!.toLowerCase()}.${run}@example.com`, phone: '08097654321' },
      currency: 'NGN',
    });
    const order = await api<{ amountsInCurrency: { total: number } }>('GET', `/v1/firebase/order/${created.id}`);
    return { ...created, total: order.amountsInCurrency.total };
  }

  for (const width of [1280, 375]) {
    void test(`a manager imports a statement: one order confirmed, one near miss (${width} px)`, async () => {
      const { shop, catcher, browser } = started!;
      const errors: string[] = [];
      const paying = await placeOrder('Adaeze Okafor');
      const short = await placeOrder('Chidi Nwosu');
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'statement-')), 'statement.csv');
      fs.writeFileSync(
        file,
        [
          'Account Name,RAVEN FLOWERS LTD',
          'Period,01-Nov-2026 to 26-Nov-2026',
          GTBANK_HEADER,
          `26-Nov-2026,26-Nov-2026,GTB-${run}-${width}-1,,"${naira(paying.total)}.00","1,200,000.00",TRF FROM ADAEZE OKAFOR ${paying.orderNumber.replace('-', ' ')}`,
          `26-Nov-2026,26-Nov-2026,GTB-${run}-${width}-2,,"${naira(short.total - 5_000)}.00","1,230,000.00",NIP/CHIDI NWOSU/${short.orderNumber}`,
          `26-Nov-2026,26-Nov-2026,GTB-${run}-${width}-3,"2,500.00",,"1,227,500.00",SMS ALERT CHARGES`,
          '',
        ].join('\r\n'),
      );

      const context = await device(browser, width, errors);
      const page = await signIn(shop.url, catcher, context, manager);
      // On the phone the page's code arrives only after the file is chosen (a slow network): the
      // file chosen on the server's HTML still counts once the page has hydrated.
      const chosen = width === 375 ? await holdPageCode(page) : () => {};
      await Promise.all([page.waitForURL(`${shop.url}/admin/bank-statement`, { waitUntil: 'commit' }), page.getByRole('navigation', { name: 'Back office' }).getByRole('link', { name: 'Bank statement' }).click()]);
      await page.getByRole('heading', { level: 1, name: 'Bank statement' }).waitFor();

      await page.getByLabel('Statement file (CSV)').setInputFiles(file);
      chosen();
      await page.getByRole('button', { name: 'Check' }).click();
      const status = page.getByRole('status');
      await status.waitFor();
      assert.match(await status.innerText(), /^Checked, nothing changed yet \(GTBank export, NGN\)\.$/);
      assert.match(await page.getByRole('list', { name: 'Counts' }).innerText(), /1\s*Would confirm\s*1\s*For a person\s*1\s*Skipped\s*0\s*Already imported/);
      assert.equal(await page.getByRole('region', { name: 'Transfers the import confirms' }).locator('tbody tr').count(), 1);

      await page.getByRole('button', { name: 'Import', exact: true }).click();
      const confirm = page.getByRole('group', { name: 'Confirm the import' });
      assert.equal(await confirm.locator('p').innerText(), 'Confirm 1 transfer and keep 1 line for a person?');
      await confirm.getByRole('button', { name: 'Yes, import' }).click();
      await page.getByText('Imported (NGN).').waitFor();

      const confirmed = page.getByRole('region', { name: 'Transfers confirmed' });
      assert.equal(await confirmed.locator('tbody tr').count(), 1);
      const done = await confirmed.locator('tbody tr').innerText();
      assert.match(done, new RegExp(paying.orderNumber));
      assert.match(done, new RegExp(`₦${naira(paying.total)}`));
      assert.match(done, /Paid in full/);
      const review = page.getByRole('region', { name: 'For a person to check' });
      assert.equal(await review.locator('tbody tr').count(), 1);
      const missed = await review.locator('tbody tr').innerText();
      assert.match(missed, new RegExp(`Short: ₦${naira(short.total - 5_000)} received, ₦${naira(short.total)} due on ${short.orderNumber}`));
      assert.match(missed, /Awaiting payment/);
      // The near miss stays listed for a person below the results.
      const kept = page.getByRole('region', { name: 'Lines waiting for a person' });
      await kept.getByRole('link', { name: short.orderNumber }).first().waitFor();
      await page.getByText(/^Lines that change nothing \(0 already imported, 1 skipped\)$/).click();
      await page.getByText('Money out (a debit)').waitFor();
      await shot(page, `statement-${width}`);
      // Nothing is wider than the screen (a phone would scroll sideways).
      const wide = await page.evaluate(() =>
        [...document.querySelectorAll('main *')]
          .filter((el) => el.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5)
          .map((el) => `${el.tagName.toLowerCase()}.${el.className} ${Math.round(el.getBoundingClientRect().right)}`)
          .slice(0, 5),
      );
      assert.deepEqual(wide, [], `wider than ${width} px`);

      // Settled by hand (the balance came another way): 'Dealt with' takes the line off the list.
      const keptLine = kept.locator('tbody tr').filter({ hasText: short.orderNumber });
      await keptLine.getByRole('button', { name: /^Dealt with: row \d+ of / }).click();
      await kept.getByRole('status').filter({ hasText: /^Row \d+ of .+ marked as dealt with\.$/ }).waitFor();
      assert.equal(await kept.getByRole('link', { name: short.orderNumber }).count(), 0);
      await shot(page, `statement-dealt-${width}`);

      // The confirmed order's page shows it paid, confirmed by the statement import.
      await Promise.all([page.waitForURL(`${shop.url}/admin/orders/${paying.id}`), confirmed.getByRole('link', { name: paying.orderNumber }).click()]);
      await page.getByRole('heading', { level: 1, name: paying.orderNumber }).waitFor();
      await page.locator('article header').getByText(/^Paid$/).waitFor();
      assert.match(await page.locator('main').innerText(), /Statement import by Bisi Manager \(Manager\)/);
      await shot(page, `statement-order-${width}`);

      // The short order is unchanged.
      const shortOrder = await api<{ paymentState: string }>('GET', `/v1/firebase/order/${short.id}`);
      assert.equal(shortOrder.paymentState, 'unpaid');

      assert.deepEqual(errors, []);
      await context.close();
    });
  }
});
