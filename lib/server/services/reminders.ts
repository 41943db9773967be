/**
 * Occasion reminders (issue 18). 'Remind me next year' on a paid order (the done stage, the
 * payment e-mail's link, the account) keeps the occasion (the order's purpose), the recipient's
 * name and the day; seven days and one day before it comes round again the sender gets an
 * e-mail with last year's order and a link that fills the cart with it at today's prices (a
 * sold-out item swapped for the closest match in its category, said plainly), every year until
 * stopped. Each e-mail carries RFC 8058 one-click unsubscribe headers for that reminder, and its
 * page offers stopping all such e-mails (lib/server/mail/opt-out.ts); nothing goes to an address
 * that said no. `sendDueReminders(db, now)` is the hourly job's work, the clock injected by tests.
 */
import { and, desc, eq, isNull, lte, or } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { mailOptOuts, occasionReminders, orders } from '@/lib/server/db/schema';
import { errorFields, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { enqueueMail } from '@/lib/server/mail/mailer';
import { optedOut, optOutHeaders, optOutLinks, optOutToken } from '@/lib/server/mail/opt-out';
import { readLink, signLink } from '@/lib/server/mail/signed-links';
import { reminderMail } from '@/lib/server/mail/templates';
import { reorderItems } from '@/lib/server/services/accounts/account-orders';
import { itemsOf } from '@/lib/server/services/orders/store';
import { addDays } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';
import { wasPaid } from '@/lib/domain/order-lifecycle';
import { firstReminderDay, nextOccasionDay, occasionOf, REMINDER_EMAILS, reminderDue } from '@/lib/domain/reminders';
import { REMINDER_TEXT, type ReminderOffer, type ReminderRefill, type ReminderView } from '@/lib/contracts/reminders';

type ReminderRow = typeof occasionReminders.$inferSelect;

async function viewOf(db: Db, row: ReminderRow, orderNumber?: string): Promise<ReminderView> {
  const number = orderNumber ?? (await db.select({ n: orders.orderNumber }).from(orders).where(eq(orders.id, row.orderId)))[0]?.n ?? '';
  return {
    id: row.id,
    occasion: row.occasion,
    recipientName: row.recipientName,
    nextOn: row.nextOn,
    orderNumber: number,
    muted: await optedOut(db, row.email, ['reminders', `reminder:${row.id}`]),
  };
}

/** The order a reminder may be asked for: paid, with an e-mail and a day (409 otherwise, 404 unknown). */
async function remindableOrder(db: Db, orderId: string) {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!order) throw new NotFoundError('Order not found');
  if (!wasPaid({ payment: order.paymentState })) throw new HttpError(409, REMINDER_TEXT.notPaid);
  if (!order.senderEmail) throw new HttpError(409, REMINDER_TEXT.noEmail);
  if (!order.deliveryDate) throw new HttpError(409, REMINDER_TEXT.noDay);
  return order as typeof order & { deliveryDate: string };
}

/**
 * 'Remind me next year' for an order: the reminder, made or (asked again) started again, its
 * own opt-out lifted (the shopper asks for it now); answers it.
 */
export async function createReminder(db: Db, orderId: string, now: Date): Promise<ReminderView> {
  return db.transaction(async (tx) => {
    const order = await remindableOrder(tx, orderId);
    const values = {
      orderId,
      email: order.senderEmail,
      occasion: occasionOf(order.purpose),
      recipientName: order.recipientName,
      nextOn: firstReminderDay(order.deliveryDate, shopDay(now)),
    };
    const [row] = await tx
      .insert(occasionReminders)
      .values(values)
      .onConflictDoUpdate({ target: occasionReminders.orderId, set: { stoppedAt: null } })
      .returning();
    await tx.delete(mailOptOuts).where(and(eq(mailOptOuts.email, row!.email), eq(mailOptOuts.topic, `reminder:${row!.id}`)));
    return viewOf(tx, row!, order.orderNumber);
  });
}

/** The payment e-mail's 'Remind me next year' link for an order (lib/server/payments/confirmation.ts). */
export async function remindOrderUrl(db: Db, orderId: string): Promise<string> {
  return `${getConfig().siteUrl}/remind?t=${encodeURIComponent(await signLink(db, 'remind-order', { o: orderId }))}`;
}

/** The order a payment e-mail's link names (400 for a link that is not one of ours). */
export async function orderOfRemindLink(db: Db, token: string): Promise<string> {
  const fields = await readLink(db, 'remind-order', token);
  if (typeof fields?.o !== 'string') throw new HttpError(400, REMINDER_TEXT.invalidLink);
  return fields.o;
}

/** What the payment e-mail's link offers: the occasion, whom, when, and whether it is asked for already. */
export async function reminderOffer(db: Db, token: string, now: Date): Promise<ReminderOffer> {
  const order = await remindableOrder(db, await orderOfRemindLink(db, token));
  const [row] = await db.select({ stoppedAt: occasionReminders.stoppedAt }).from(occasionReminders).where(eq(occasionReminders.orderId, order.id));
  return {
    orderNumber: order.orderNumber,
    occasion: occasionOf(order.purpose),
    recipientName: order.recipientName,
    nextOn: firstReminderDay(order.deliveryDate, shopDay(now)),
    already: Boolean(row && !row.stoppedAt),
  };
}

/** The reminder e-mail's 'Send it again' link. */
async function refillUrl(db: Db, reminderId: string): Promise<string> {
  return `${getConfig().siteUrl}/send-again?t=${encodeURIComponent(await signLink(db, 'reminder', { r: reminderId }))}`;
}

/** What the 'Send it again' link puts in the cart (writes nothing); 400 for a link that is not ours, 404 for a reminder gone. */
export async function reminderRefill(db: Db, token: string): Promise<ReminderRefill> {
  const fields = await readLink(db, 'reminder', token);
  if (typeof fields?.r !== 'string') throw new HttpError(400, REMINDER_TEXT.invalidLink);
  const [row] = await db.select().from(occasionReminders).where(eq(occasionReminders.id, fields.r));
  if (!row) throw new NotFoundError('This reminder no longer exists.');
  return { reminder: await viewOf(db, row), ...(await reorderItems(db, row.orderId, { swap: true })) };
}

/** The reminders of an account: those of its orders, and those asked for with its e-mail; newest first. */
/** An order's live reminder (chosen and not stopped), or null: the account's order page says it is set. */
export async function orderReminder(db: Db, orderId: string): Promise<ReminderView | null> {
  const [row] = await db.select().from(occasionReminders).where(and(eq(occasionReminders.orderId, orderId), isNull(occasionReminders.stoppedAt)));
  return row ? viewOf(db, row) : null;
}

/** Who asks for the account's reminders: the signed-in user's id, e-mail and whether it is proven. */
type AccountOwner = { id: string; email: string; emailProvenAt: Date | null };

/**
 * Which live reminders are the account's: its own orders', and a guest order's by its e-mail only
 * once the account proved that address (as guest orders are attached): signing up with someone's
 * address shows nothing. Needs the reminders joined to their orders.
 */
function ownedLive(user: AccountOwner) {
  const mine = user.emailProvenAt ? or(eq(orders.userId, user.id), eq(occasionReminders.email, user.email.toLowerCase())) : eq(orders.userId, user.id);
  return and(isNull(occasionReminders.stoppedAt), mine);
}

export async function accountReminders(db: Db, user: AccountOwner): Promise<ReminderView[]> {
  const rows = await db
    .select({ reminder: occasionReminders, orderNumber: orders.orderNumber })
    .from(occasionReminders)
    .innerJoin(orders, eq(orders.id, occasionReminders.orderId))
    .where(ownedLive(user))
    .orderBy(desc(occasionReminders.createdAt));
  return Promise.all(rows.map((r) => viewOf(db, r.reminder, r.orderNumber)));
}

/** Stops one of the account's reminders (404 for another's or unknown): only that row is looked up. */
export async function stopAccountReminder(db: Db, user: AccountOwner, id: string, now: Date): Promise<void> {
  const [mine] = await db
    .select({ id: occasionReminders.id })
    .from(occasionReminders)
    .innerJoin(orders, eq(orders.id, occasionReminders.orderId))
    .where(and(eq(occasionReminders.id, id), ownedLive(user)));
  if (!mine) throw new NotFoundError('Reminder not found');
  await db.update(occasionReminders).set({ stoppedAt: now }).where(eq(occasionReminders.id, id));
}

/** Writes one reminder's e-mail due at `today`, with its mark, in one transaction; answers whether one went. */
async function sendDueReminder(db: Db, id: string, today: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(occasionReminders).where(and(eq(occasionReminders.id, id), isNull(occasionReminders.stoppedAt))).for('update');
    if (!row) return false;
    // Past its day: it comes round next year (the e-mails of the new year are not sent yet).
    let nextOn = row.nextOn;
    if (nextOn < today) {
      nextOn = nextOccasionDay(nextOn, today);
      await tx.update(occasionReminders).set({ nextOn }).where(eq(occasionReminders.id, id));
    }
    const due = reminderDue(nextOn, today, { week: row.weekSentFor, day: row.daySentFor });
    if (!due || (await optedOut(tx, row.email, ['reminders', `reminder:${row.id}`]))) return false;
    await tx
      .update(occasionReminders)
      .set(due === 'week' ? { weekSentFor: nextOn } : { daySentFor: nextOn })
      .where(eq(occasionReminders.id, id));
    const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId));
    const items = await itemsOf(tx, row.orderId);
    const token = await optOutToken(tx, row.email, `reminder:${row.id}`);
    await enqueueMail(
      tx,
      'occasion-reminder',
      reminderMail({
        to: row.email,
        brand: getConfig().brandName,
        senderName: order?.senderName ?? '',
        occasion: row.occasion,
        recipientName: row.recipientName,
        day: nextOn,
        daysBefore: REMINDER_EMAILS[due],
        orderNumber: order?.orderNumber ?? '',
        items: items.map((i) => `${i.quantity} × ${i.name}${i.size ? ` (${i.size})` : ''}`),
        refillUrl: await refillUrl(tx, row.id),
        unsubscribeUrl: optOutLinks(token).page,
        headers: optOutHeaders(token),
      }),
    );
    return true;
  });
}

/** The scheduled run: every reminder with an e-mail due at `now` gets it (one failure is logged and left for the next run). */
export async function sendDueReminders(db: Db, now: Date): Promise<{ sent: number }> {
  const today = shopDay(now);
  // Due soon, or past their day (rolled on to next year): a reminder's e-mails all fall in the week before.
  const candidates = await db
    .select({ id: occasionReminders.id })
    .from(occasionReminders)
    .where(and(isNull(occasionReminders.stoppedAt), lte(occasionReminders.nextOn, addDays(today, REMINDER_EMAILS.week))));
  let sent = 0;
  for (const { id } of candidates) {
    try {
      if (await sendDueReminder(db, id, today)) sent++;
    } catch (error) {
      log().error({ area: 'reminders', reminder: id, ...errorFields(error) }, 'could not write the reminder e-mail');
    }
  }
  return { sent };
}
