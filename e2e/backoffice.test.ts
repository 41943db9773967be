/**
 * The back office in Chromium, at 1280 px and again at 375 px, against the shop as `npm start`
 * runs it (production mode: the staff's sign-in codes go out over SMTP to a server started here,
 * as in e2e/accounts.test.ts). Staff are made with the staff command (`tsx scripts/staff.ts add
 * … --password-stdin`) on the shop's own data directory before the shop starts (one process owns
 * the embedded database at a time). At each width:
 *
 * 1. a shopper orders a bouquet for delivery in Lagos, pays by GTBank transfer in naira and
 *    presses "I have sent it";
 * 2. a Lagos florist signs in on a new device (e-mailed code), finds the order on the board under
 *    "Awaiting confirmation" and opens it: no "Confirm transfer received" for a florist;
 * 3. a manager signs in the same way, finds the order under "Awaiting confirmation", opens it,
 *    records ₦20,000 of the transfer with its bank reference (part paid: the badge and 'Received
 *    ₦20,000 of …'), then the rest (the amount prefilled) and sees it paid (badge, payment
 *    status, history naming them); the
 *    florist's page now offers "Start preparing", still no confirmation;
 * 4. the shop's tracker `/order-tracker?number=RF-…` says Paid;
 * 5. a Lagos rider opens the Lagos order by its URL (no money shown) but an Abuja order's URL
 *    answers "Order not found" (the manager, tied to no branch, opens it);
 * 6. the florist starts preparing; the rider takes it out, records a failed delivery (nobody at
 *    the gate) and cannot take it out again while the redelivery fee is due; the sender pays the
 *    fee from the e-mailed pay link through the Paystack sandbox; the rider takes it out again and
 *    marks it delivered with a photo chosen on the phone and who received it; the photo shows on
 *    the order page, the sender's delivered e-mail links it, and the tracker (with the sender's
 *    e-mail) shows it;
 * 7. the owner reads the manager's confirmation in the audit, with the address it came from.
 *
 * With E2E_SCREENSHOTS=<dir> the board and the order pages are saved there for each width.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import type { Browser, Page } from 'playwright-core';
import type { Shop } from './shop-server';
import type { MailCatcher } from './mail-catcher';
import { type BackOfficeShop, device, mailText, type Member, shot, signIn, startBackOfficeShop } from './back-office';
import { fillSender, simpleProduct, startCheckout, fillLagosDelivery } from './checkout-flow';

const run = Date.now().toString(36);
const manager: Member = { email: `manager.${run}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };
const florist: Member = { email: `florist.${run}@shop.test`, name: 'Kemi Florist', role: 'florist', branch: 'lagos', password: 'roses-by-the-window-42' };
const owner: Member = { email: `owner.${run}@shop.test`, name: 'Femi Owner', role: 'owner', password: 'peonies-at-the-gate-31' };
const rider: Member = { email: `rider.${run}@shop.test`, name: 'Tayo Rider', role: 'rider', branch: 'lagos', password: 'lilies-on-the-third-main' };

let abujaOrder: { id: string; orderNumber: string };

type Envelope<T> = { data: T; message: string };

async function api<T>(method: string, urlPath: string, body?: unknown): Promise<T> {
  const res = await fetch(`${shop.url}${urlPath}`, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = (await res.json()) as Envelope<T>;
  assert.ok(res.ok, `${method} ${urlPath}: ${res.status} ${json.message}`);
  return json.data;
}

const lagosDay = (ahead: number) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Africa/Lagos' }).format(new Date(Date.now() + ahead * 86_400_000));

/** An order checked out through the shop's API for delivery in Abuja (left unpaid). */
async function placeAbujaOrder(): Promise<{ id: string; orderNumber: string }> {
  const { items } = await api<{ items: { id: string; sku: string; type: string; inStock: boolean }[] }>('GET', '/v1/product/paginate?pageSize=50&categories=all');
  const product = items.find((p) => p.type === 'simple' && p.inStock);
  assert.ok(product, 'a simple product in stock');
  const created = await api<{ id: string; orderNumber: string }>('POST', '/v1/firebase/order/create', {
    cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1 }],
    currency: 'NGN',
    deliveryDate: '',
  });
  await api('PUT', `/v1/firebase/order/checkout-order/${created.id}`, {
    orderData: {
      deliveryDate: lagosDay(3),
      recipient: { method: 'delivery', name: 'Hauwa Bello', phone: '08031234567', address: '12 Aminu Kano Crescent, Wuse 2', state: 'abuja', residenceType: 'Home' },
      deliveryDetails: { zone: 'abuja-central' },
    },
    userData: { name: 'Musa Danladi', email: `musa.${run}@example.com`, phone: '08097654321' },
    currency: 'NGN',
  });
  return created;
}

let started: BackOfficeShop | undefined;
let catcher: MailCatcher;
let shop: Shop;
let browser: Browser;

before(async () => {
  started = await startBackOfficeShop([owner, manager, florist, rider]);
  ({ shop, catcher, browser } = started);
  abujaOrder = await placeAbujaOrder();
});

after(() => started?.stop());

/** The decoded text of the newest mail to `to` whose subject matches, waiting for it to arrive. */
async function mailTo(to: string, subject: RegExp): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const mail = catcher.inbox.filter((m) => m.to.includes(to) && subject.test(/^Subject: (.*)$/im.exec(m.raw)?.[1] ?? '')).at(-1);
    if (mail) return mailText(mail.raw);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail to ${to} with a subject like ${subject}`);
}

/** A phone camera's photo: a 2400 × 3200 JPEG. */
async function doorstepPhoto(): Promise<Buffer> {
  const sharp = (await import('sharp')).default;
  return sharp({ create: { width: 2400, height: 3200, channels: 3, background: { r: 190, g: 60, b: 100 } } }).jpeg({ quality: 85 }).toBuffer();
}

/** The board on any day, the "Awaiting confirmation" tab: the order's row (a table row, or a card on a phone). */
async function findAwaiting(page: Page, orderNumber: string) {
  await page.getByRole('group', { name: 'Delivery day' }).getByRole('button', { name: 'Any day' }).click();
  const tab = page.getByRole('group', { name: 'Order state' }).getByRole('button', { name: /^Awaiting confirmation/ });
  await tab.click();
  await page.waitForURL((url) => url.searchParams.get('day') === 'all' && url.searchParams.get('state') === 'awaiting_confirmation');
  assert.equal(await tab.getAttribute('aria-pressed'), 'true');
  const list = page.getByRole('region', { name: 'Orders' });
  await list.and(page.locator('[aria-busy="false"]')).waitFor();
  const row = list.getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber, exact: true }) });
  await row.waitFor();
  assert.match(await row.innerText(), /Awaiting confirmation/);
  assert.match(await row.innerText(), /Lagos/);
  assert.match(await tab.innerText(), /[1-9]\d*$/, 'the tab counts the order');
  return row;
}

/** Opens the order from its row (a full page load) and waits for its heading. */
async function openFromBoard(page: Page, row: Awaited<ReturnType<typeof findAwaiting>>, orderNumber: string): Promise<void> {
  await Promise.all([page.waitForURL(/\/admin\/orders\/[0-9a-f-]{36}$/), row.getByRole('link', { name: orderNumber, exact: true }).click()]);
  await page.getByRole('heading', { level: 1, name: orderNumber }).waitFor();
}

const badge = (page: Page) => page.locator('article header').getByText(/^(Awaiting payment|Awaiting confirmation|Part paid|Paid|Preparing|Out for delivery|Delivery failed|Delivered|Cancelled)$/);
const actions = (page: Page) => page.getByRole('region', { name: 'Actions' });

/** The tracker by number only (no e-mail): the payment line. */
async function trackedPayment(page: Page, orderNumber: string): Promise<string> {
  await page.goto(`${shop.url}/order-tracker?number=${orderNumber}`, { waitUntil: 'networkidle' });
  const summary = page.getByRole('region', { name: orderNumber });
  await summary.waitFor();
  return summary.locator('dt', { hasText: /^Payment$/ }).locator('xpath=following-sibling::dd[1]').innerText();
}

for (const width of [1280, 375]) {
  void test(`${width} px: a GTBank transfer for Lagos is confirmed by a manager in the back office; a florist cannot confirm, a Lagos rider cannot open an Abuja order`, async () => {
    const errors: string[] = [];

    // 1. The shopper: delivery in Lagos, GTBank transfer in naira, "I have sent it".
    const product = await simpleProduct(shop.url);
    const shopper = await device(browser, width, errors);
    const page = await shopper.newPage();
    await startCheckout(page, shop.url, product);
    const senderEmail = await fillSender(page, 'Tunde Bakare');
    await fillLagosDelivery(page);
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'Payment' }).waitFor();
    const orderId = new URL(page.url()).searchParams.get('orderId');
    assert.ok(orderId, 'the checkout URL carries the order id');
    await page.getByRole('radio', { name: /GTBank/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    const box = page.getByRole('region', { name: 'Pay by Bank transfer (GTBank)' });
    await box.waitFor();
    assert.match(await box.innerText(), /₦[\d,]+/, 'the naira amount');
    await box.getByRole('button', { name: 'I have sent it' }).click();
    const sent = page.getByRole('region', { name: 'Transfer on its way' });
    await sent.waitFor();
    const orderNumber = /Order number (RF-\d{6})/.exec(await sent.innerText())?.[1];
    assert.ok(orderNumber, 'the order number is shown');

    // 2. A Lagos florist: the order is on their board, but confirming a transfer is not theirs.
    const floristDevice = await device(browser, width, errors);
    const floristPage = await signIn(shop.url, catcher, floristDevice, florist);
    assert.equal(await floristPage.getByLabel('Branch').count(), 0, 'no branch choice for a member tied to a branch');
    await openFromBoard(floristPage, await findAwaiting(floristPage, orderNumber), orderNumber);
    await actions(floristPage).getByText('Nothing to do on this order now.').waitFor();
    assert.equal(await floristPage.getByRole('button', { name: 'Confirm transfer received' }).count(), 0, 'no Confirm for a florist');
    await shot(floristPage, `${width}-florist-order-awaiting`);

    // 3. The manager: board → order → "Confirm transfer received" → paid.
    const managerDevice = await device(browser, width, errors);
    const board = await signIn(shop.url, catcher, managerDevice, manager);
    await board.getByLabel('Branch').waitFor();
    const row = await findAwaiting(board, orderNumber);
    assert.match(await row.innerText(), /₦[\d,]+/, 'managers see the total');
    await shot(board, `${width}-board-awaiting-confirmation`);
    await openFromBoard(board, row, orderNumber);
    const order = board;
    assert.equal(await badge(order).innerText(), 'Awaiting confirmation');
    const payment = order.getByRole('region', { name: 'Payment' });
    assert.match(await payment.innerText(), /awaiting confirmation/i);
    assert.match(await payment.innerText(), /GTBank/);
    await shot(order, `${width}-order-awaiting-confirmation`);

    await actions(order).getByRole('button', { name: 'Confirm transfer received', expanded: false }).click();
    await actions(order).getByRole('button', { name: 'Confirm transfer received', expanded: true }).waitFor();
    const form = order.getByRole('form', { name: 'Confirm transfer received' });
    // Part of the money first: the amount is prefilled with what is due; ₦20,000 arrived.
    const due = Number(await form.getByLabel(/^Amount received/).inputValue());
    assert.ok(due > 20_000, `the amount received is prefilled with what is due (${due})`);
    await form.getByLabel(/^Amount received/).fill('20000');
    await form.getByLabel('Bank reference').fill(`GTB-${orderNumber}-1`);
    await form.getByRole('button', { name: 'Confirm transfer received' }).click();
    await actions(order).getByRole('status').filter({ hasText: 'Confirm transfer received: done.' }).waitFor();
    await form.waitFor({ state: 'detached' });
    assert.equal(await badge(order).innerText(), 'Part paid');
    assert.match(await payment.innerText(), /Received ₦20,000 of ₦[\d,]+: ₦[\d,]+ still due/);
    assert.match(await payment.innerText(), new RegExp(`ref GTB-${orderNumber}-1`));
    assert.equal(await actions(order).getByRole('button', { name: 'Start preparing' }).count(), 0, 'nothing is prepared on part of the money');
    await shot(order, `${width}-order-part-paid`);
    // The rest, as prefilled.
    await actions(order).getByRole('button', { name: 'Confirm transfer received', expanded: false }).click();
    assert.equal(Number(await form.getByLabel(/^Amount received/).inputValue()), due - 20_000);
    await form.getByLabel('Bank reference').fill(`GTB-${orderNumber}-2`);
    await form.getByLabel('Note (optional)').fill(`Seen on the GTBank statement, ref ${orderNumber}`);
    await form.getByRole('button', { name: 'Confirm transfer received' }).click();
    await form.waitFor({ state: 'detached' });
    assert.equal(await badge(order).innerText(), 'Paid');
    assert.match(await payment.innerText(), /PAID - GO AHEAD/);
    assert.equal(await actions(order).getByRole('button', { name: 'Confirm transfer received' }).count(), 0);
    const history = await order.getByRole('region', { name: 'History' }).innerText();
    assert.match(history, new RegExp(`Transfer confirmed by ${manager.name}`));
    assert.match(history, /Seen on the GTBank statement/);
    await shot(order, `${width}-order-paid`);

    // The paid order stays paid on a reload, and the storefront's API agrees.
    await order.reload({ waitUntil: 'networkidle' });
    await order.getByRole('heading', { level: 1, name: orderNumber }).waitFor();
    await badge(order).filter({ hasText: 'Paid' }).waitFor();
    const stored = await api<{ status: string; paymentStatus: string }>('GET', `/v1/firebase/order/${orderId}`);
    assert.equal(stored.status, 'paid');
    assert.match(stored.paymentStatus, /^PAID - GO AHEAD/);
    assert.doesNotMatch(stored.paymentStatus, /TEST PAYMENT/);

    // The florist, after a reload: the order can now be prepared, still no confirmation.
    await floristPage.reload({ waitUntil: 'networkidle' });
    await actions(floristPage).getByRole('button', { name: 'Start preparing' }).waitFor();
    assert.deepEqual(await actions(floristPage).getByRole('button').allInnerTexts(), ['Start preparing']);
    await shot(floristPage, `${width}-florist-order-paid`);

    // 4. The shop's tracker by number.
    assert.equal(await trackedPayment(page, orderNumber), 'Paid');

    // 5. A Lagos rider: the Lagos order opens by URL (no money); the Abuja one is not found.
    const riderDevice = await device(browser, width, errors);
    const riderPage = await signIn(shop.url, catcher, riderDevice, rider);
    await riderPage.goto(`${shop.url}/admin/orders/${orderId}`, { waitUntil: 'networkidle' });
    await riderPage.getByRole('heading', { level: 1, name: orderNumber }).waitFor();
    assert.equal(await riderPage.getByRole('region', { name: 'Payment' }).count(), 0, 'riders see no payment');
    assert.doesNotMatch(await riderPage.locator('main').innerText(), /₦/, 'riders see no money');
    await riderPage.goto(`${shop.url}/admin/orders/${abujaOrder.id}`, { waitUntil: 'networkidle' });
    await riderPage.getByRole('heading', { level: 1, name: 'Order not found' }).waitFor();
    assert.doesNotMatch(await riderPage.locator('main').innerText(), new RegExp(`${abujaOrder.orderNumber}|Hauwa|Aminu Kano`), 'nothing of the Abuja order shows');
    await shot(riderPage, `${width}-rider-abuja-not-found`);
    // The manager (every branch) opens the same URL.
    await order.goto(`${shop.url}/admin/orders/${abujaOrder.id}`, { waitUntil: 'networkidle' });
    await order.getByRole('heading', { level: 1, name: abujaOrder.orderNumber }).waitFor();

    // 6. The florist starts preparing; the rider takes it out, but nobody is at the gate.
    await actions(floristPage).getByRole('button', { name: 'Start preparing' }).click();
    await actions(floristPage).getByRole('status').filter({ hasText: 'done.' }).waitFor();
    assert.equal(await badge(floristPage).innerText(), 'Preparing');
    await riderPage.goto(`${shop.url}/admin/orders/${orderId}`, { waitUntil: 'networkidle' });
    await actions(riderPage).getByRole('button', { name: 'Out for delivery' }).click();
    await badge(riderPage).filter({ hasText: 'Out for delivery' }).waitFor();
    await actions(riderPage).getByRole('button', { name: 'Delivery failed' }).click();
    const failForm = riderPage.getByRole('form', { name: 'Delivery failed' });
    await failForm.getByLabel('Why did the delivery fail?').fill('Nobody at the gate');
    await failForm.getByRole('button', { name: 'Delivery failed' }).click();
    await badge(riderPage).filter({ hasText: 'Delivery failed' }).waitFor();
    // The redelivery fee holds it: taking it out again is refused, saying why (without the amount).
    await actions(riderPage).getByRole('button', { name: 'Out for delivery' }).click();
    await actions(riderPage).getByRole('alert').filter({ hasText: 'A fee is still due on this order' }).waitFor();
    assert.doesNotMatch(await riderPage.locator('main').innerText(), /₦/, 'riders see no money');

    // The sender's e-mail has the pay link; they pay the fee through the Paystack sandbox.
    const feeMail = await mailTo(senderEmail, /redelivery fee/);
    const payUrl = /Pay here: (\S+)/.exec(feeMail)?.[1];
    assert.ok(payUrl, 'the redelivery fee e-mail carries a pay link');
    await page.goto(new URL(new URL(payUrl).pathname, shop.url).toString(), { waitUntil: 'networkidle' });
    await page.getByRole('heading', { name: `Redelivery fee for order ${orderNumber}` }).waitFor();
    assert.match(await page.locator('main').innerText(), /Nobody at the gate/);
    await shot(page, `${width}-pay-link`);
    await page.getByRole('button', { name: /^Pay ₦[\d,]+ with Paystack$/ }).click();
    await page.waitForURL(/\/api\/sandbox\/paystack\//);
    await page.getByRole('button', { name: 'Pay', exact: true }).click();
    await page.waitForURL(/\/pay\/[A-Za-z0-9_-]{43}\?/);
    await page.getByRole('status').filter({ hasText: 'Payment received. Thank you!' }).waitFor();
    await shot(page, `${width}-pay-link-paid`);

    // Paid: the rider takes it out again and delivers it with a photo from the phone.
    await riderPage.reload({ waitUntil: 'networkidle' });
    await actions(riderPage).getByRole('button', { name: 'Out for delivery' }).click();
    await badge(riderPage).filter({ hasText: 'Out for delivery' }).waitFor();
    await actions(riderPage).getByRole('button', { name: 'Mark delivered' }).click();
    const deliverForm = riderPage.getByRole('form', { name: 'Mark delivered' });
    await deliverForm.getByLabel('Photo of the delivery').setInputFiles({ name: 'IMG_0415.jpg', mimeType: 'image/jpeg', buffer: await doorstepPhoto() });
    await deliverForm.getByRole('img', { name: 'The photo you chose' }).waitFor();
    await deliverForm.getByLabel('Received by').fill('Ada (the recipient)');
    await shot(riderPage, `${width}-rider-delivering`);
    await deliverForm.getByRole('button', { name: 'Mark delivered' }).click();
    await badge(riderPage).filter({ hasText: 'Delivered' }).waitFor();
    const staffPhoto = riderPage.getByRole('img', { name: `The delivery of ${orderNumber}` });
    await staffPhoto.waitFor();
    assert.ok(await staffPhoto.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), 'the stored photo loads for staff');
    assert.match(await riderPage.getByRole('region', { name: 'Delivery' }).innerText(), /Received by\s+Ada \(the recipient\)/);
    await shot(riderPage, `${width}-rider-delivered`);

    // The sender's e-mail says delivered, with the photo's link; the link shows the photo; so does the tracker with the e-mail.
    const deliveredMail = await mailTo(senderEmail, /delivered/);
    const photoUrl = /See the delivery photo: (\S+)/.exec(deliveredMail)?.[1];
    assert.ok(photoUrl, 'the delivered e-mail links the photo');
    const photoAnswer = await fetch(new URL(new URL(photoUrl).pathname, shop.url));
    assert.equal(photoAnswer.status, 200);
    assert.equal(photoAnswer.headers.get('content-type'), 'image/webp');
    await page.goto(`${shop.url}/order-tracker?number=${orderNumber}&email=${encodeURIComponent(senderEmail)}`, { waitUntil: 'networkidle' });
    const trackerPhoto = page.getByRole('img', { name: `The delivery of order ${orderNumber}, photographed by our rider` });
    await trackerPhoto.waitFor();
    assert.equal(await trackerPhoto.getAttribute('src'), new URL(photoUrl).pathname);
    await shot(page, `${width}-tracker-delivered`);

    // 7. The owner reads the audit: the manager's confirmation of this order, by name.
    const ownerDevice = await device(browser, width, errors);
    const ownerPage = await signIn(shop.url, catcher, ownerDevice, owner);
    await ownerPage.goto(`${shop.url}/admin/audit`, { waitUntil: 'networkidle' });
    const change = ownerPage.getByRole('listitem').filter({ hasText: orderNumber }).filter({ hasText: 'by Bisi Manager (Manager)' });
    await change.first().waitFor();
    // With the client address each change came from (this machine's).
    assert.match(await change.first().innerText(), /from (127\.0\.0\.1|::1)/);
    await shot(ownerPage, `${width}-owner-audit`);
    // Anyone else is sent back to the board.
    await order.goto(`${shop.url}/admin/audit`, { waitUntil: 'networkidle' });
    assert.equal(new URL(order.url()).pathname, '/admin');

    assert.deepEqual(errors, []);
    for (const context of [shopper, floristDevice, managerDevice, riderDevice, ownerDevice]) await context.close();
  });
}
