/**
 * Creating and changing an order before checkout: create (items priced from the catalogue, a
 * fresh id and order number), read, update (items, date, currency), the sender fields saved as
 * the shopper types them, and the payment method choice. Every write is one transaction, so a
 * refused item or date leaves the order (or the database) exactly as it was.
 *
 * Date rule on update: a day is checked like at creation; '' clears the date only while the
 * order has no delivery method (it was never checked out); once checked out, '' keeps the date
 * the checkout stored, because the cart of a guest always sends ''.
 */
import { eq } from 'drizzle-orm';
import type { IncomingMessage } from 'node:http';
import type { Db } from '@/lib/server/db/client';
import { orderItems, orders } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { BadRequestError } from '@/lib/server/http/errors';
import { requireUser, UnauthorizedError, type Session } from '@/lib/server/services/accounts/auth';
import { readSettings } from '@/lib/server/services/settings';
import { assertDayOpen, takeSlot } from '@/lib/server/services/capacity';
import { priceItems, type PricedItem } from '@/lib/server/services/orders/pricing';
import { assertAllowed, reopenIfAwaitingPayment, transition } from '@/lib/server/services/orders/lifecycle';
import {
  addEvent,
  candidateOrderNumber,
  changeOrder,
  newOrderId,
  rateFor,
  readOrder,
  recomputeTotals,
  type OrderRow,
} from '@/lib/server/services/orders/store';
import type { Order, OrderCreated, orderUpdateBody, orderCreateBody, saveSenderInfoBody, updatePaymentDetailsBody } from '@/lib/contracts/orders';
import {
  deliveryDateError,
  earliestDeliveryDay,
  isPlausiblePhone,
  methodAllows,
  normaliseCountryCode,
  normalisePhone,
} from '@/lib/domain/checkout';
import { NO_ITEMS_MESSAGE, type Actor } from '@/lib/domain/order-lifecycle';
import { shopDay } from '@/lib/domain/dates';
import type { CurrencyCode } from '@/lib/domain/money';
import type { z } from 'zod';

export { NO_ITEMS_MESSAGE };

const SHOPPER: Actor = { kind: 'shopper' };

/** The logged-in shopper of a request, or null: a missing or dead token is a guest, not an error. */
export async function optionalSession(db: Db, req: Pick<IncomingMessage, 'headers'>, now: Date): Promise<Session | null> {
  try {
    return await requireUser(db, req, now);
  } catch (error) {
    if (error instanceof UnauthorizedError) return null;
    throw error;
  }
}

/**
 * Checks a chosen delivery or pickup day against the shop's clock and same-day cut-off; throws a
 * 400 whose message starts with `field`.
 */
export async function assertDeliveryDate(tx: Db, day: string, now: Date, field = 'deliveryDate'): Promise<void> {
  const { delivery } = await readSettings(tx);
  const today = shopDay(now);
  const error = deliveryDateError(day, today, earliestDeliveryDay(now, delivery.sameDayCutoffHour, today));
  if (error) throw new BadRequestError(error.replace(/^deliveryDate/, field));
}

/** Replaces the order's items with priced ones. */
export async function replaceItems(tx: Db, orderId: string, items: PricedItem[]): Promise<void> {
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  if (items.length > 0) await tx.insert(orderItems).values(items.map((item) => ({ ...item, orderId })));
}

/**
 * Moves the order to a currency at today's rate. A chosen payment method that does not serve the
 * new currency is dropped, and an order awaiting payment goes back to created (the shopper picks
 * a method again).
 */
export async function switchCurrency(tx: Db, order: OrderRow, currency: CurrencyCode, at: Date): Promise<void> {
  const conversionRate = await rateFor(tx, currency);
  const methodGone = order.paymentMethod !== null && !methodAllows(order.paymentMethod, currency);
  await tx
    .update(orders)
    .set({ currency, conversionRate, ...(methodGone && { paymentMethod: null }), updatedAt: at })
    .where(eq(orders.id, order.id));
  if (methodGone) await reopenIfAwaitingPayment(tx, order.id, `Payment method dropped: it does not serve ${currency}`, SHOPPER, at);
}

const ORDER_NUMBER_TRIES = 20;

/**
 * Creates an order from the cart: every item priced from the catalogue, the day checked, a fresh
 * id and order number (a clash with an existing number is retried), a 'created' event and the
 * totals. `userId` is the logged-in shopper's, or null for a guest.
 */
export async function createOrder(db: Db, body: z.output<typeof orderCreateBody>, userId: string | null, now: Date): Promise<OrderCreated> {
  return db.transaction(async (tx) => {
    if (body.deliveryDate) {
      await assertDeliveryDate(tx, body.deliveryDate, now);
      await assertDayOpen(tx, body.deliveryDate, now);
    }
    const items = await priceItems(tx, body.cartItems);
    const conversionRate = await rateFor(tx, body.currency);
    const id = newOrderId();
    let orderNumber: string | null = null;
    for (let tries = 0; tries < ORDER_NUMBER_TRIES && !orderNumber; tries++) {
      // ON CONFLICT DO NOTHING rather than catching a unique violation, which would abort the
      // transaction on PostgreSQL.
      const [row] = await tx
        .insert(orders)
        .values({
          id,
          orderNumber: candidateOrderNumber(),
          business: getConfig().businessId,
          userId,
          currency: body.currency,
          conversionRate,
          deliveryDate: body.deliveryDate || null,
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing({ target: orders.orderNumber })
        .returning({ orderNumber: orders.orderNumber });
      orderNumber = row?.orderNumber ?? null;
    }
    if (!orderNumber) throw new Error(`No free order number after ${ORDER_NUMBER_TRIES} tries`);
    await replaceItems(tx, id, items);
    await addEvent(tx, id, 'created', 'Order created', now);
    await recomputeTotals(tx, id, now);
    return { id, deliveryDate: body.deliveryDate, orderNumber };
  });
}

/** The order answer; 404 'Order not found' for an unknown or malformed id. */
export function getOrder(db: Db, id: string): Promise<Order> {
  return readOrder(db, id);
}

/**
 * Changes the order from the cart: `cartItems` null keeps the items, [] empties the order, a
 * list replaces them (priced like at creation); the day and currency as sent (see the date rule
 * in the header). An order awaiting payment goes back to created: the checkout starts again at
 * its first stage.
 */
export function updateOrder(db: Db, id: string, body: z.output<typeof orderUpdateBody>, now: Date): Promise<Order> {
  return changeOrder(db, id, async (tx, order) => {
    if (body.deliveryDate) {
      await assertDeliveryDate(tx, body.deliveryDate, now);
      // Checked out, its branch is known and the day's place is its own; before, only a day no
      // branch can take is refused.
      if (order.checkedOutAt && order.deliveryMethod) await takeSlot(tx, order, body.deliveryDate, now);
      else await assertDayOpen(tx, body.deliveryDate, now);
    }
    if (body.cartItems !== null) await replaceItems(tx, id, await priceItems(tx, body.cartItems));
    const deliveryDate = body.deliveryDate || (order.deliveryMethod ? order.deliveryDate : null);
    await tx.update(orders).set({ deliveryDate, updatedAt: now }).where(eq(orders.id, id));
    await reopenIfAwaitingPayment(tx, id, 'Order changed: payment to be chosen again', SHOPPER, now);
    await switchCurrency(tx, order, body.currency, now);
    await recomputeTotals(tx, id, now);
  });
}

/** A phone number as stored: normalised with its country code; 400 naming `field` when implausible. */
export function storedPhone(phone: string, countryCode: string | undefined, field: string): string {
  const normalised = normalisePhone(phone, countryCode);
  if (!isPlausiblePhone(normalised)) throw new BadRequestError(`${field} must be a phone number`);
  return normalised;
}

/**
 * Saves the sender fields sent (each optional; '' clears a name, e-mail or phone) as the shopper
 * fills the form: every field the body carries is written (the contract turns the previous
 * client's `userData` form into these fields and refuses a body with none). A phone error names
 * the key as sent (`senderPhoneNumber` or `userData.phone`).
 */
export function saveSenderInfo(db: Db, id: string, body: z.output<typeof saveSenderInfoBody>, now: Date): Promise<Order> {
  return changeOrder(db, id, async (tx, order) => {
    const code = body.senderCountryCode !== undefined ? normaliseCountryCode(body.senderCountryCode) : order.senderPhoneCountryCode;
    const phone = body.senderPhoneNumber === undefined ? undefined : body.senderPhoneNumber ? storedPhone(body.senderPhoneNumber, code, body.fields.phone) : '';
    await tx
      .update(orders)
      .set({
        ...(body.senderName !== undefined && { senderName: body.senderName }),
        ...(body.senderEmail !== undefined && { senderEmail: body.senderEmail }),
        ...(phone !== undefined && { senderPhone: phone }),
        ...(body.senderCountryCode !== undefined && { senderPhoneCountryCode: code }),
        updatedAt: now,
      })
      .where(eq(orders.id, id));
  });
}

/**
 * Records the shopper's payment method (the providers themselves come later): the method must
 * serve the currency, the order must have items and its delivery details. The order moves to
 * the currency at today's rate and waits for payment; the timeline notes a new status or method.
 */
export function updatePaymentDetails(db: Db, id: string, body: z.output<typeof updatePaymentDetailsBody>, now: Date): Promise<Order> {
  return changeOrder(db, id, async (tx, order) => {
    const event = { type: 'choose_method', method: body.paymentMethod, currency: body.currency } as const;
    const again = order.status === 'awaiting_payment' && order.paymentMethod === body.paymentMethod && order.currency === body.currency;
    // The method, the items and the details (which may have changed or aged since checkout) are
    // the lifecycle's guards; the day is checked against today's cut-off here.
    // Today's rate, whether the choice is new or the same again (the total follows it below).
    await tx.update(orders).set({ currency: body.currency, conversionRate: await rateFor(tx, body.currency), paymentMethod: body.paymentMethod, updatedAt: now }).where(eq(orders.id, id));
    // Chosen again as it was: the state stays and no line is written, but the order must still qualify.
    if (again) await assertAllowed(tx, id, event, SHOPPER);
    else await transition(tx, id, event, SHOPPER, now);
    await assertDeliveryDate(tx, order.deliveryDate ?? '', now);
    // Choosing how to pay takes the day's place again (an hour's hold may have lapsed meanwhile).
    if (order.deliveryDate && order.checkedOutAt) await takeSlot(tx, order, order.deliveryDate, now);
    await recomputeTotals(tx, id, now, { keepStatus: true });
  });
}
