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
import { requireUser, UnauthorizedError, type Session } from '@/lib/server/services/accounts';
import { readSettings } from '@/lib/server/services/settings';
import { priceItems, type PricedItem } from '@/lib/server/services/orders/pricing';
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
  PAYMENT_METHODS,
} from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';
import type { CurrencyCode } from '@/lib/domain/money';
import type { z } from 'zod';

export const NO_ITEMS_MESSAGE = 'Your order has no items';
export const NOT_CHECKED_OUT_MESSAGE = 'Please complete the delivery details first';

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
    .set({
      currency,
      conversionRate,
      ...(methodGone && { paymentMethod: null }),
      ...(methodGone && order.status === 'awaiting_payment' && { status: 'created' }),
      updatedAt: at,
    })
    .where(eq(orders.id, order.id));
  if (methodGone && order.status === 'awaiting_payment') {
    await addEvent(tx, order.id, 'created', `Payment method dropped: it does not serve ${currency}`, at);
  }
}

const ORDER_NUMBER_TRIES = 20;

/**
 * Creates an order from the cart: every item priced from the catalogue, the day checked, a fresh
 * id and order number (a clash with an existing number is retried), a 'created' event and the
 * totals. `userId` is the logged-in shopper's, or null for a guest.
 */
export async function createOrder(db: Db, body: z.output<typeof orderCreateBody>, userId: string | null, now: Date): Promise<OrderCreated> {
  return db.transaction(async (tx) => {
    if (body.deliveryDate) await assertDeliveryDate(tx, body.deliveryDate, now);
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
    if (body.deliveryDate) await assertDeliveryDate(tx, body.deliveryDate, now);
    if (body.cartItems !== null) await replaceItems(tx, id, await priceItems(tx, body.cartItems));
    const deliveryDate = body.deliveryDate || (order.deliveryMethod ? order.deliveryDate : null);
    const reopen = order.status === 'awaiting_payment';
    await tx
      .update(orders)
      .set({ deliveryDate, ...(reopen && { status: 'created' }), updatedAt: now })
      .where(eq(orders.id, id));
    if (reopen) await addEvent(tx, id, 'created', 'Order changed: payment to be chosen again', now);
    await switchCurrency(tx, { ...order, status: reopen ? 'created' : order.status }, body.currency, now);
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
    const method = PAYMENT_METHODS.find((m) => m.key === body.paymentMethod)!;
    if (!methodAllows(method.key, body.currency)) throw new BadRequestError(`paymentMethod: ${method.label} is not available in ${body.currency}`);
    const [item] = await tx.select({ sku: orderItems.sku }).from(orderItems).where(eq(orderItems.orderId, id)).limit(1);
    if (!item) throw new BadRequestError(NO_ITEMS_MESSAGE);
    if (!order.checkedOutAt || !order.deliveryMethod) throw new BadRequestError(NOT_CHECKED_OUT_MESSAGE);
    // Details may have been changed or have aged since checkout: a payment needs them whole.
    for (const [field, value] of [['senderName', order.senderName], ['senderEmail', order.senderEmail], ['senderPhoneNumber', order.senderPhone]] as const) {
      if (!value) throw new BadRequestError(`${field} is required before payment`);
    }
    await assertDeliveryDate(tx, order.deliveryDate ?? '', now);
    const conversionRate = await rateFor(tx, body.currency);
    await tx
      .update(orders)
      .set({ currency: body.currency, conversionRate, paymentMethod: method.key, status: 'awaiting_payment', updatedAt: now })
      .where(eq(orders.id, id));
    if (order.status !== 'awaiting_payment' || order.paymentMethod !== method.key || order.currency !== body.currency) {
      await addEvent(tx, id, 'awaiting_payment', `Payment method chosen: ${method.label} (${body.currency})`, now);
    }
    await recomputeTotals(tx, id, now, { keepStatus: true });
  });
}
