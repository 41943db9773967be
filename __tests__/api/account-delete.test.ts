/** @jest-environment node */
/**
 * Deleting an account (POST /v1/regal/account/delete) over real HTTP against the real database:
 * the password change's rule (current password, or a fresh one-time password's token; the same
 * 403s, wrong passwords counted like failed logins), the refusal while an order still needs the
 * sender, and a deletion read back from the rows: the orders kept anonymised (amounts, items,
 * states and dates untouched, the audit trail too), reviews signed 'A customer', the delivery
 * photo gone, recipients, cart and tokens gone (the old token is 401), the e-mail sent (dev
 * outbox), and a new account with the same e-mail that sees none of the old orders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { authTokens, orderAudit, orderEvents, orderItems, orders, otpCodes, recipients, reviews, userCarts } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { ANONYMISED_NAME, ORDERS_IN_PROGRESS_MESSAGE, type AccountOrderList } from '@/lib/contracts/account';
import { LOGIN_AGAIN_MESSAGE } from '@/lib/contracts/auth';
import type { Order, TrackedOrder } from '@/lib/contracts/orders';
import { CURRENT_PASSWORD_NEEDED_MESSAGE, CURRENT_PASSWORD_WRONG_MESSAGE } from '@/lib/server/services/accounts/auth';
import { expectPrivate, newIp, type OrderOptions, serveShopApi } from '../helpers/account';
import { itemOf, uniqueEmail } from '../helpers/order-api';
import { setStatus } from '../helpers/orders';

const api = serveShopApi('shop-account-delete', { catalogue: true });
const { call, signUp, logOut, otpLogin, userIdOf } = api;

afterEach(() => resetClock());

// --- helpers ----------------------------------------------------------------------------------

/** An order of two roses in a vase placed through the real calls (see `OrderOptions`). */
const placeOrder = (options: OrderOptions): Promise<Order> => api.placeOrder([itemOf(api.shop.rose, { design: 'in-a-vase', quantity: 2 })], options);

const remove = (token: string | undefined, body: unknown = {}, options: { ip?: string } = {}) =>
  call<{ deleted: true; email: string }>('POST', '/v1/regal/account/delete', { body, token, ...options });
const orderRow = async (id: string) => (await api.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const accountOrders = async (token: string) => (await call<AccountOrderList>('GET', '/v1/regal/account/orders', { token })).body.data;
/** The text columns of an order that say who the sender and the recipient are or how to reach them. */
const PERSONAL_TEXT_COLUMNS = ['senderEmail', 'senderPhone', 'recipientPhone', 'recipientAltPhone', 'recipientAddress', 'residenceType', 'deliveryMessage', 'purpose', 'adminNotes', 'deliveryInstruction', 'deliveredTo'] as const;

// --- who may ----------------------------------------------------------------------------------

describe('who may delete', () => {
  it('needs the current password (403 without it or with a wrong one, nothing deleted); the right one deletes', async () => {
    const who = await signUp();
    const none = await remove(who.token);
    expectPrivate(none, 403, CURRENT_PASSWORD_NEEDED_MESSAGE);
    const wrong = await remove(who.token, { currentPassword: 'not-my-password' });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(CURRENT_PASSWORD_WRONG_MESSAGE);
    expect(await userIdOf(who.email)).not.toBeNull();
    expect((await call('GET', '/v1/regal/account/profile', { token: who.token })).status).toBe(200);

    const done = await remove(who.token, { currentPassword: who.password });
    expectPrivate(done, 200);
    expect(done.body.data).toEqual({ deleted: true, email: who.email });
    expect(await userIdOf(who.email)).toBeNull();
  });

  it('counts wrong passwords like failed logins: past the limit even the right one waits (429)', async () => {
    const who = await signUp();
    const from = newIp();
    for (let i = 0; i < 5; i++) expect((await remove(who.token, { currentPassword: `wrong-${i}` }, { ip: from })).status).toBe(403);
    expect((await remove(who.token, { currentPassword: who.password }, { ip: from })).status).toBe(429);
    expect((await call('POST', '/v1/regal/auth/login', { body: { email: who.email, password: who.password }, ip: from })).status).toBe(429);
    expect(await userIdOf(who.email)).not.toBeNull();
  });

  it('a token from a one-time password entered in the last 15 minutes needs no password; an older one does', async () => {
    const who = await signUp();
    const fresh = await otpLogin(who.email);
    advanceClock(16 * 60_000);
    expect((await remove(fresh)).body.message).toBe(CURRENT_PASSWORD_NEEDED_MESSAGE);
    resetClock();
    const res = await remove(fresh);
    expect(res.status).toBe(200);
    expect(await userIdOf(who.email)).toBeNull();
  });

  it('takes only currentPassword, and is 401 without a live token', async () => {
    const who = await signUp();
    const strict = await remove(who.token, { password: who.password });
    expect(strict.status).toBe(400);
    expect(strict.body.message).toBe('password is not a field of this call');
    const none = await remove(undefined, { currentPassword: who.password });
    expect(none.status).toBe(401);
    expect(none.body.message).toBe(LOGIN_AGAIN_MESSAGE);
    await logOut(who.token);
    expect((await remove(who.token, { currentPassword: who.password })).status).toBe(401);
    expect(await userIdOf(who.email)).not.toBeNull();
  });
});

// --- when -------------------------------------------------------------------------------------

describe('while an order still needs the sender', () => {
  it.each([
    ['paid', 'paid'],
    ['preparing', 'paid'],
    ['out_for_delivery', 'paid'],
    ['awaiting_payment', 'awaiting_confirmation'],
    ['created', 'part_paid'],
  ] as const)('refuses with 409 while one is %s (%s), changing nothing; once delivered it goes', async (status, payment) => {
    const who = await signUp();
    const order = await placeOrder({ token: who.token, email: who.email, saveAddress: true });
    await setStatus(api.db, order.id, status, payment, 'paystack');
    const before = await orderRow(order.id);

    const res = await remove(who.token, { currentPassword: who.password });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(ORDERS_IN_PROGRESS_MESSAGE);
    expect(await orderRow(order.id)).toEqual(before);
    expect(await userIdOf(who.email)).not.toBeNull();
    expect((await call('GET', '/v1/regal/account/recipients', { token: who.token })).body.data).toHaveLength(1);

    await setStatus(api.db, order.id, 'delivered', 'paid', 'paystack');
    expect((await remove(who.token, { currentPassword: who.password })).status).toBe(200);
  });
});

// --- what -------------------------------------------------------------------------------------

describe('a deletion', () => {
  it('anonymises the orders kept, signs reviews "A customer", lets the photo go, removes the rest, e-mails, and leaves a new account with the e-mail none of it', async () => {
    const email = uniqueEmail('emeka');
    // A guest order with the e-mail that is never attached to the account.
    const guest = await placeOrder({ email });
    const who = await signUp({ email });
    const delivered = await placeOrder({ token: who.token, email, saveAddress: true });
    const pickUp = await placeOrder({ token: who.token, email, pickUp: true });
    const cancelled = await placeOrder({ token: who.token, email });
    const otherShopper = await signUp();
    const notMine = await placeOrder({ token: otherShopper.token, email: otherShopper.email });
    await setStatus(api.db, cancelled.id, 'cancelled');
    await setStatus(api.db, delivered.id, 'delivered', 'paid', 'paystack');
    const photo = `deliveries/${randomBytes(16).toString('hex')}.webp`;
    const photoFile = path.join(api.dataDir, 'media', ...photo.split('/'));
    fs.mkdirSync(path.dirname(photoFile), { recursive: true });
    fs.writeFileSync(photoFile, 'webp bytes');
    await api.db.update(orders).set({ deliveryPhoto: photo, deliveredTo: 'Amaka Obi' }).where(eq(orders.id, delivered.id));
    await api.db.insert(orderEvents).values({ orderId: delivered.id, status: 'delivered', note: 'Delivered to Amaka Obi (gate 2)' });
    await api.db.insert(orderAudit).values({ orderId: delivered.id, event: 'deliver', actorKind: 'staff', fromStatus: 'out_for_delivery', toStatus: 'delivered', fromPayment: 'paid', toPayment: 'paid', note: 'Delivered to Amaka Obi (gate 2)' });
    expect((await call('POST', `/v1/firebase/order/submit-review/${delivered.id}`, { body: { rating: 4, comment: 'Beautiful vase' } })).status).toBe(201);
    expect((await call('PUT', '/v1/cart-item/update', { body: { cartItems: [] }, token: who.token })).status).toBe(200);
    const userId = (await userIdOf(email))!;
    const mine = [delivered.id, pickUp.id, cancelled.id];
    const before = await api.db.select().from(orders).where(inArray(orders.id, mine));
    const itemsBefore = await api.db.select().from(orderItems).where(inArray(orderItems.orderId, mine));
    const auditBefore = await api.db.select().from(orderAudit).where(inArray(orderAudit.orderId, mine));
    const guestBefore = await orderRow(guest.id);
    const notMineBefore = await orderRow(notMine.id);
    expect(await api.db.select().from(recipients).where(eq(recipients.userId, userId))).toHaveLength(1);

    const res = await remove(who.token, { currentPassword: who.password });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ deleted: true, email });

    // The orders: the people gone, the books kept. The names read ANONYMISED_NAME (the pick-up
    // had no recipient, so none), every way to reach or recognise someone is empty, the photo gone.
    const recipientNameAfter = { [delivered.id]: ANONYMISED_NAME, [cancelled.id]: ANONYMISED_NAME, [pickUp.id]: '' };
    const emptied = Object.fromEntries(PERSONAL_TEXT_COLUMNS.map((column) => [column, '']));
    for (const row of before) {
      expect(await orderRow(row.id)).toEqual({ ...row, ...emptied, userId: null, senderName: ANONYMISED_NAME, recipientName: recipientNameAfter[row.id], deliveryPhoto: null, updatedAt: expect.any(Date) });
    }
    expect(await api.db.select().from(orderItems).where(inArray(orderItems.orderId, mine))).toEqual(itemsBefore);
    expect(await api.db.select().from(orderAudit).where(inArray(orderAudit.orderId, mine))).toEqual(auditBefore);
    const notes = (await api.db.select({ note: orderEvents.note }).from(orderEvents).where(eq(orderEvents.orderId, delivered.id))).map((e) => e.note);
    expect(notes).toContain(`Delivered to ${ANONYMISED_NAME} (gate 2)`);
    expect(notes.join('\n')).not.toMatch(/Amaka|Tunde/);
    expect((await api.db.select().from(reviews).where(eq(reviews.orderId, delivered.id)))[0]).toMatchObject({ authorName: 'A customer', rating: 4, comment: 'Beautiful vase' });
    expect(fs.existsSync(photoFile)).toBe(false);
    // Not the account's: untouched.
    expect(await orderRow(guest.id)).toEqual(guestBefore);
    expect(await orderRow(notMine.id)).toEqual(notMineBefore);

    // The account and what hung on it.
    expect(await userIdOf(email)).toBeNull();
    for (const table of [recipients, userCarts, authTokens, otpCodes]) {
      expect(await api.db.select().from(table).where(eq(table.userId, userId))).toEqual([]);
    }
    for (const res401 of [await call('GET', '/v1/regal/account/profile', { token: who.token }), await call('GET', '/v1/regal/account/orders', { token: who.token })]) {
      expect(res401.status).toBe(401);
    }
    // The tracker no longer opens the details with the old e-mail.
    const tracked = await call<TrackedOrder>('GET', `/v1/firebase/order/order-number/${delivered.orderNumber}?email=${encodeURIComponent(email)}`);
    expect(tracked.body.data.verified).toBe(false);

    // The e-mail.
    await mailIdle();
    const [mail] = await readOutbox(api.dataDir, { to: email, limit: 1 });
    expect(mail).toMatchObject({ subject: 'Your Regal Flowers account has been deleted' });
    expect(mail!.text).toContain(`account for ${email} has been deleted`);
    expect(mail!.text).toContain('We keep the 3 orders of your account for our books');
    expect(mail!.html).toContain('has been deleted');

    // A new account with the same e-mail: none of the old orders, even once the e-mail is proven
    // (only the guest order that was never the old account's comes, as for any proven e-mail).
    const again = await signUp({ email });
    expect((await accountOrders(again.token)).total).toBe(0);
    const proven = await otpLogin(email);
    expect((await accountOrders(proven)).orders.map((o) => o.orderNumber)).toEqual([guest.orderNumber]);
  });

  it("with another account's token deletes that account only", async () => {
    const owner = await signUp();
    const order = await placeOrder({ token: owner.token, email: owner.email });
    const other = await signUp();
    expect((await remove(other.token, { currentPassword: other.password })).status).toBe(200);
    expect(await userIdOf(owner.email)).not.toBeNull();
    expect((await orderRow(order.id)).senderEmail).toBe(owner.email);
    expect((await accountOrders(owner.token)).total).toBe(1);
  });
});
