/** @jest-environment node */
/**
 * Occasion reminders (issue 18; lib/server/services/reminders.ts) over the real database, real
 * HTTP to the API routes and a real SMTP server, the clock injected (`sendDueReminders(db, at)`):
 * - 'Remind me next year' from the done stage (the order's id) and from the payment e-mail's link
 *   (a signed token); only for a paid order with an e-mail; asking twice keeps one reminder.
 * - Seven days and one day before the day comes round, one e-mail each, with last year's order,
 *   a 'Send it again' link and RFC 8058 unsubscribe headers for that reminder; then next year.
 * - 'Send it again' gives last year's items at today's prices, a sold-out one swapped for the
 *   closest match in its category, said plainly.
 * - The one-click unsubscribe stops that reminder; the account lists and stops its reminders.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { occasionReminders, orders, products, users } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import { queuePaidConfirmation } from '@/lib/server/payments/confirmation';
import { readOrder } from '@/lib/server/services/orders/store';
import { sendDueReminders } from '@/lib/server/services/reminders';
import { addDays } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';
import type { ReminderOffer, ReminderRefill, ReminderView } from '@/lib/contracts/reminders';
import type { UserRecord } from '@/lib/contracts/auth';
import type { AccountOrder } from '@/lib/contracts/account';
import { mailBody, mailHeader, serveWithMail } from '../helpers/mail';
import { placedOrder, setStatus, simpleProducts, tag } from '../helpers/orders';

const { served, call, mailsTo } = serveWithMail('reminders');
let db: Db;
beforeAll(() => {
  db = served.db;
});

const HOUR = 3_600_000;
/** Noon in Lagos on a day (YYYY-MM-DD). */
const noonOn = (day: string) => new Date(`${day}T11:00:00Z`);

/** A paid order for Amaka's birthday, delivered `daysAgo` days ago, of a product of its own category. */
async function birthdayOrder(options: { daysAgo?: number; paid?: boolean; userId?: string } = {}) {
  // A product another one in stock shares a category with, so a swap has somewhere to go (on a
  // shared PostgreSQL other files' products, with no category, are in the range too).
  const inRange = await simpleProducts(db, { min: 20_000, max: 60_000 });
  const [swappable] = await db
    .select({ id: products.id })
    .from(products)
    .where(
      and(
        inArray(products.id, inRange.map((p) => p.id)),
        sql`exists (select 1 from products o where o.id <> ${products.id} and o.active and o.in_stock and o.categories && ${products.categories})`,
      ),
    )
    .orderBy(asc(products.price), asc(products.sku))
    .limit(1);
  const product = inRange.find((p) => p.id === swappable?.id);
  const order = await placedOrder(db, {
    items: [{ product: product!, quantity: 2 }],
    sender: { name: 'Ada Okafor', email: `ada.${tag()}@example.com`, phone: '8031234567' },
    recipient: { name: 'Amaka', phone: '8091234567', address: '5 Bourdillon Road, Ikoyi' },
  });
  await db
    .update(orders)
    .set({ purpose: 'Birthday', deliveryDate: addDays(shopDay(new Date()), -(options.daysAgo ?? 10)), ...(options.userId && { userId: options.userId }) })
    .where(eq(orders.id, order.id));
  if (options.paid !== false) await setStatus(db, order.id, 'delivered', 'paid', 'paystack');
  return { ...order, product: product! };
}

const linkAfter = (text: string, label: RegExp) => new URL(label.exec(text)![1]!);

describe("'Remind me next year'", () => {
  it('from the done stage: a paid order gets one reminder, next year on the same day; asking again keeps it', async () => {
    const order = await birthdayOrder();
    const first = await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: order.id } });
    expect(first.status).toBe(201);
    const day = addDays(shopDay(new Date()), -10);
    expect(first.body.data).toMatchObject({ occasion: 'Birthday', recipientName: 'Amaka', orderNumber: order.orderNumber, muted: false, nextOn: `${Number(day.slice(0, 4)) + 1}${day.slice(4)}` });
    expect(first.body.message).toBe('We will remind you before Birthday next year');
    const again = await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: order.id } });
    expect(again.body.data.id).toBe(first.body.data.id);
    expect(await db.select().from(occasionReminders).where(eq(occasionReminders.orderId, order.id))).toHaveLength(1);
  });

  it('an order paid before its delivery day is remembered for the year after that day', async () => {
    const order = await birthdayOrder({ daysAgo: -3 });
    const day = addDays(shopDay(new Date()), 3);
    const res = await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: order.id } });
    expect(res.body.data.nextOn).toBe(`${Number(day.slice(0, 4)) + 1}${day.slice(4)}`);
  });

  it('refuses an unpaid order, one without an e-mail, an unknown one, and a body with both or neither', async () => {
    const unpaid = await birthdayOrder({ paid: false });
    expect(await call('POST', '/v1/reminders', { body: { orderId: unpaid.id } })).toMatchObject({ status: 409, body: { message: 'An order can be remembered once it is paid.' } });
    const noEmail = await birthdayOrder();
    await db.update(orders).set({ senderEmail: '' }).where(eq(orders.id, noEmail.id));
    expect(await call('POST', '/v1/reminders', { body: { orderId: noEmail.id } })).toMatchObject({ status: 409, body: { message: 'This order has no e-mail address to send the reminder to.' } });
    expect((await call('POST', '/v1/reminders', { body: { orderId: '00000000-0000-4000-8000-000000000000' } })).status).toBe(404);
    expect((await call('POST', '/v1/reminders', { body: {} })).status).toBe(400);
    expect((await call('POST', '/v1/reminders', { body: { orderId: unpaid.id, token: 'x' } })).status).toBe(400);
  });

  it("from the payment e-mail's link: it names the occasion, and one press makes the reminder; an edited link is a 400", async () => {
    const order = await birthdayOrder();
    await db.transaction(async (tx) => queuePaidConfirmation(tx, await readOrder(tx, order.id)));
    await mailIdle();
    const text = mailBody(mailsTo(order.sender.email)[0]!.raw);
    const link = linkAfter(text, /Remind me next year about Amaka's Birthday: (\S+)/);
    expect(link.pathname).toBe('/remind');
    const token = link.searchParams.get('t')!;

    const offer = await call<ReminderOffer>('GET', `/v1/reminders/order?t=${encodeURIComponent(token)}`);
    expect(offer.body.data).toMatchObject({ orderNumber: order.orderNumber, occasion: 'Birthday', recipientName: 'Amaka', already: false });
    expect((await call('POST', '/v1/reminders', { body: { token } })).status).toBe(201);
    expect((await call<ReminderOffer>('GET', `/v1/reminders/order?t=${encodeURIComponent(token)}`)).body.data.already).toBe(true);
    const edited = `${token.slice(0, -3)}AAA`;
    expect(await call('POST', '/v1/reminders', { body: { token: edited } })).toMatchObject({ status: 400, body: { message: 'This link is not valid. Please use the link in your latest e-mail from us, or reply to it.' } });
  });
});

describe('the reminder e-mails', () => {
  it('go seven days and one day before, once each, with last year\'s order, Send it again and unsubscribe headers; then next year', async () => {
    const order = await birthdayOrder();
    const { body } = await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: order.id } });
    const nextOn = body.data.nextOn;

    await sendDueReminders(db, noonOn(addDays(nextOn, -8)));
    await mailIdle();
    expect(mailsTo(order.sender.email)).toEqual([]);

    await sendDueReminders(db, noonOn(addDays(nextOn, -7)));
    await sendDueReminders(db, new Date(noonOn(addDays(nextOn, -7)).getTime() + HOUR));
    await sendDueReminders(db, noonOn(addDays(nextOn, -3)));
    await mailIdle();
    const [week, ...more] = mailsTo(order.sender.email);
    expect(more).toEqual([]);
    expect(mailHeader(week!.raw, 'Subject')).toBe("Regal Flowers: Amaka's Birthday is in 7 days");
    const text = mailBody(week!.raw);
    expect(text).toContain(`Last year you sent (order ${order.orderNumber}):`);
    expect(text).toContain(`- 2 × ${order.product.name}`);
    expect(linkAfter(text, /Send it again: [^\n]*\n(\S+)/).pathname).toBe('/send-again');
    expect(mailHeader(week!.raw, 'List-Unsubscribe')).toMatch(/^<http:\/\/[^>]+\/v1\/mail\/unsubscribe\?t=[^>]+>$/);
    expect(mailHeader(week!.raw, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');

    await sendDueReminders(db, noonOn(addDays(nextOn, -1)));
    await sendDueReminders(db, noonOn(nextOn));
    await mailIdle();
    const subjects = mailsTo(order.sender.email).map((m) => mailHeader(m.raw, 'Subject'));
    expect(subjects).toEqual(["Regal Flowers: Amaka's Birthday is in 7 days", "Regal Flowers: Amaka's Birthday is tomorrow"]);

    // The day after: it comes round again the year after.
    await sendDueReminders(db, noonOn(addDays(nextOn, 1)));
    const [row] = await db.select({ nextOn: occasionReminders.nextOn }).from(occasionReminders).where(eq(occasionReminders.id, body.data.id));
    expect(row!.nextOn).toBe(`${Number(nextOn.slice(0, 4)) + 1}${nextOn.slice(4)}`);
  });

  it("name a day for someone as theirs to be given, not as theirs: Mother's Day for Amaka", async () => {
    const order = await birthdayOrder();
    await db.update(orders).set({ purpose: "Mother's Day" }).where(eq(orders.id, order.id));
    const { body } = await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: order.id } });
    await sendDueReminders(db, noonOn(addDays(body.data.nextOn, -1)));
    await mailIdle();
    expect(mailsTo(order.sender.email).map((m) => mailHeader(m.raw, 'Subject'))).toEqual(["Regal Flowers: Mother's Day for Amaka is tomorrow"]);
  });

  it("'Send it again' fills the cart at today's prices, a sold-out item swapped for the closest match in its category", async () => {
    const order = await birthdayOrder();
    const { body } = await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: order.id } });
    await sendDueReminders(db, noonOn(addDays(body.data.nextOn, -7)));
    await mailIdle();
    const link = linkAfter(mailBody(mailsTo(order.sender.email)[0]!.raw), /Send it again: [^\n]*\n(\S+)/);
    const t = link.searchParams.get('t')!;

    const same = await call<ReminderRefill>('GET', `/v1/reminders/refill?t=${encodeURIComponent(t)}`);
    expect(same.status).toBe(200);
    expect(same.body.data.cartItems.map((i) => [i.SKU, i.quantity])).toEqual([[order.product.sku, 2]]);

    await db.update(products).set({ inStock: false }).where(eq(products.id, order.product.id));
    try {
      const swapped = await call<ReminderRefill>('GET', `/v1/reminders/refill?t=${encodeURIComponent(t)}`);
      const [change] = swapped.body.data.changes;
      expect(change).toMatchObject({ kind: 'swapped', name: order.product.name, instead: expect.any(String), category: expect.any(String) });
      const [item] = swapped.body.data.cartItems;
      expect(item!.SKU).not.toBe(order.product.sku);
      expect(item!.quantity).toBe(2);
    } finally {
      await db.update(products).set({ inStock: true }).where(eq(products.id, order.product.id));
    }
    expect((await call('GET', `/v1/reminders/refill?t=${encodeURIComponent(`${t}x`)}`)).status).toBe(400);
  });

  it('the one-click unsubscribe stops that reminder, and only that one', async () => {
    const stopped = await birthdayOrder();
    const kept = await birthdayOrder();
    await db.update(orders).set({ senderEmail: stopped.sender.email }).where(eq(orders.id, kept.id));
    const a = (await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: stopped.id } })).body.data;
    const b = (await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: kept.id } })).body.data;
    await sendDueReminders(db, noonOn(addDays(a.nextOn, -7)));
    await mailIdle();
    const mail = mailsTo(stopped.sender.email).find((m) => mailBody(m.raw).includes(stopped.orderNumber))!;
    const target = new URL(mailHeader(mail.raw, 'List-Unsubscribe')!.slice(1, -1));
    const res = await fetch(`${served.api.url}${target.pathname}${target.search}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' });
    expect(res.status).toBe(200);

    const before = mailsTo(stopped.sender.email).length;
    await sendDueReminders(db, noonOn(addDays(a.nextOn, -1)));
    await mailIdle();
    const after = mailsTo(stopped.sender.email).slice(before).map((m) => mailBody(m.raw));
    expect(after).toHaveLength(1);
    expect(after[0]).toContain(kept.orderNumber);
    expect(b.id).not.toBe(a.id);
  });
});

describe("the account's reminders", () => {
  it("says on the account's order whether its reminder is set", async () => {
    const email = `shopper.${tag()}@example.com`;
    const signedUp = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password: 'peonies-and-roses' }, headers: { 'x-forwarded-for': `10.8.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
    const auth = { authorization: `Bearer ${signedUp.body.data.authToken}` };
    const [me] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
    const order = await birthdayOrder({ userId: me!.id });
    await db.update(orders).set({ checkedOutAt: new Date() }).where(eq(orders.id, order.id));
    const read = async () => {
      const res = await call<AccountOrder>('GET', `/v1/regal/account/orders/${order.orderNumber}`, { headers: auth });
      expect(res.body.message).toBe('OK');
      return res.body.data.reminder;
    };

    expect(await read()).toBeNull();
    const made = (await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: order.id } })).body.data;
    expect(await read()).toEqual(made);
    expect((await call('DELETE', `/v1/regal/account/reminders/${made.id}`, { headers: auth })).status).toBe(200);
    expect(await read()).toBeNull();
  });

  it('lists the reminders of its orders and stops one; another account cannot', async () => {
    const signUp = async () => {
      const email = `shopper.${tag()}@example.com`;
      const res = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password: 'peonies-and-roses' }, headers: { 'x-forwarded-for': `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}` } });
      expect(res.status).toBe(201);
      return { token: res.body.data.authToken, email };
    };
    const { token: mine, email } = await signUp();
    const { token: theirs } = await signUp();
    // Ordered as a guest with the account's e-mail: the account sees the reminder once it has
    // proved that address (signing up with someone's address shows nothing of theirs).
    const order = await birthdayOrder();
    await db.update(orders).set({ senderEmail: email }).where(eq(orders.id, order.id));
    const reminder = (await call<ReminderView>('POST', '/v1/reminders', { body: { orderId: order.id } })).body.data;
    const unproven = await call<ReminderView[]>('GET', '/v1/regal/account/reminders', { headers: { authorization: `Bearer ${mine}` } });
    expect(unproven.body.data).toEqual([]);
    expect((await call('DELETE', `/v1/regal/account/reminders/${reminder.id}`, { headers: { authorization: `Bearer ${mine}` } })).status).toBe(404);
    await db.update(users).set({ emailProvenAt: new Date() }).where(eq(users.email, email));

    const list = await call<ReminderView[]>('GET', '/v1/regal/account/reminders', { headers: { authorization: `Bearer ${mine}` } });
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(list.body.data.map((r) => r.id)).toEqual([reminder.id]);
    expect((await call('DELETE', `/v1/regal/account/reminders/${reminder.id}`, { headers: { authorization: `Bearer ${theirs}` } })).status).toBe(404);
    expect((await call('DELETE', `/v1/regal/account/reminders/${reminder.id}`, { headers: { authorization: `Bearer ${mine}` } })).status).toBe(200);
    expect((await call<ReminderView[]>('GET', '/v1/regal/account/reminders', { headers: { authorization: `Bearer ${mine}` } })).body.data).toEqual([]);
    expect((await call('GET', '/v1/regal/account/reminders')).status).toBe(401);
  });
});
