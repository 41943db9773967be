/**
 * The orders' shared core: reading an order (and locking it for a change), the answer shape,
 * the timeline, order numbers, and `recomputeTotals`, the one place that turns items, delivery
 * and coupon into the order's amounts. Every service that changes an order runs inside one
 * transaction: `changeOrder(db, id, fn)` locks the row, refuses paid orders, runs `fn`, and
 * answers the order as it then is.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions, coupons, currencies, orderEvents, orderItems, orders, reviews } from '@/lib/server/db/schema';
import { HttpError, NotFoundError, BadRequestError } from '@/lib/server/http/errors';
import { readSettings } from '@/lib/server/services/settings';
import { ORDER_LOCKED_MESSAGE, ORDER_NOT_FOUND_MESSAGE, type Order, type OrderAmounts, type TimelineEntry } from '@/lib/contracts/orders';
import {
  ORDER_STATUS_LABELS,
  PAYMENT_STATUS,
  couponDiscount,
  deliveryFee,
  isEditableStatus,
  orderTotals,
  type DeliveryMethod,
  type OrderStatus,
  type PaymentMethodKey,
  type PickupCode,
} from '@/lib/domain/checkout';
import { convertFromNaira, DEFAULT_CURRENCIES, type CurrencyCode } from '@/lib/domain/money';

export type OrderRow = typeof orders.$inferSelect;

export const TRANSFER_PENDING_MESSAGE = 'We are confirming your transfer for this order, so it can no longer be changed. Please contact us to change it.';
export type OrderItemRow = typeof orderItems.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be an order id (anything else is simply not found, never a database error). */
export function isOrderId(id: string): boolean {
  return UUID.test(id);
}

/** A new order id: a random (version 4) UUID, 122 random bits. */
export function newOrderId(): string {
  return randomUUID();
}

/** A candidate order number, RF-100000 to RF-999999; callers retry on a clash. */
export function candidateOrderNumber(): string {
  return `RF-${randomInt(100_000, 1_000_000)}`;
}

/** Naira per unit of a currency now (the currencies table, or the defaults). */
export async function rateFor(tx: Db, currency: CurrencyCode): Promise<number> {
  const [row] = await tx.select({ rate: currencies.conversionRate }).from(currencies).where(eq(currencies.name, currency));
  return row?.rate ?? DEFAULT_CURRENCIES.find((c) => c.name === currency)!.conversionRate;
}

/** The order row, optionally locked for the rest of the transaction; 404 when there is none. */
export async function loadOrder(tx: Db, id: string, lock = false): Promise<OrderRow> {
  if (!isOrderId(id)) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  const query = tx.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  return row;
}

/** Adds a line to the order's timeline. */
export async function addEvent(tx: Db, orderId: string, status: string, note: string, at: Date): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, status, note, at });
}

/**
 * Runs a change of an unpaid order in one transaction: locks the row (concurrent changes of one
 * order queue up), refuses an order that can no longer change (409), runs `fn`, and answers the
 * order as it is afterwards. Any error rolls the whole change back.
 */
export async function changeOrder(db: Db, id: string, fn: (tx: Db, order: OrderRow) => Promise<void>): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, id, true);
    if (!isEditableStatus(order.status as OrderStatus)) throw new HttpError(409, ORDER_LOCKED_MESSAGE);
    // The shopper said a transfer for this total is on its way: the total must not move under it.
    if (order.paymentStatus === PAYMENT_STATUS.awaitingConfirmation) throw new HttpError(409, TRANSFER_PENDING_MESSAGE);
    await fn(tx, order);
    return readOrder(tx, id);
  });
}

/**
 * Recomputes the order's amounts from its items, delivery choice and coupon, in naira and in its
 * currency at its recorded rate, and stores them. A coupon whose minimum the subtotal no longer
 * reaches is taken off the order (and its use released). A delivery the settings refuse (zone
 * gone, below a peak day's minimum) is a 400. An order awaiting payment whose total changes goes
 * back to 'created' unless `keepStatus` (the payment-method call, which sets the status itself).
 */
export async function recomputeTotals(tx: Db, orderId: string, at: Date, options: { keepStatus?: boolean } = {}): Promise<OrderAmounts> {
  const order = await loadOrder(tx, orderId);
  const [sums] = await tx
    .select({ subtotal: sql<number>`coalesce(sum(${orderItems.lineTotal}), 0)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const subtotal = sums?.subtotal ?? 0;

  let fee = 0;
  let quotedByStaff = false;
  // An emptied order has nothing to deliver (and must not fail a peak day's smallest-order rule).
  if (order.deliveryMethod && subtotal > 0) {
    const { delivery } = await readSettings(tx);
    const quote = deliveryFee(delivery, {
      method: order.deliveryMethod as DeliveryMethod,
      state: order.state ?? undefined,
      zone: order.zone ?? undefined,
      day: order.deliveryDate,
      subtotal,
    });
    if (!quote.ok) throw new BadRequestError(quote.field === 'subtotal' ? `deliveryDate: ${quote.message}` : quote.message);
    fee = quote.fee;
    quotedByStaff = quote.quotedByStaff;
  }

  let discount = 0;
  let couponCode = order.couponCode;
  if (couponCode) {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, couponCode));
    if (coupon && subtotal >= coupon.minAmount && subtotal > 0) {
      discount = couponDiscount(coupon, subtotal);
    } else {
      await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
      await addEvent(tx, orderId, order.status, `Coupon ${couponCode} removed: the order no longer meets its minimum`, at);
      couponCode = null;
    }
  }

  const totals = orderTotals(subtotal, fee, discount);
  const inCurrency = (n: number) => convertFromNaira(n, order.conversionRate);
  // A payment may already be under way for the old amount: a changed total sends the order back
  // to 'created', so that the payment method (and with it a new payment) is chosen again.
  const reopen = !options.keepStatus && order.status === 'awaiting_payment' && (totals.total !== order.total || inCurrency(totals.total) !== order.totalInCurrency);
  if (reopen) await addEvent(tx, orderId, 'created', 'Order total changed: payment to be chosen again', at);
  await tx
    .update(orders)
    .set({
      subtotal: totals.subtotal,
      deliveryFee: totals.deliveryFee,
      discount: totals.discount,
      total: totals.total,
      subtotalInCurrency: inCurrency(totals.subtotal),
      deliveryFeeInCurrency: inCurrency(totals.deliveryFee),
      discountInCurrency: inCurrency(totals.discount),
      totalInCurrency: inCurrency(totals.total),
      deliveryFeeQuotedByStaff: quotedByStaff,
      couponCode,
      ...(reopen && { status: 'created' }),
      updatedAt: at,
    })
    .where(eq(orders.id, orderId));
  return totals;
}

function itemAnswer(item: OrderItemRow): Order['orderProducts'][number] {
  return {
    id: item.productId,
    image: item.image,
    name: item.name,
    price: item.unitPrice,
    quantity: item.quantity,
    ...(item.size && { size: item.size }),
    ...(item.description && { description: item.description }),
    SKU: item.sku,
    ...(item.designName && { design: { name: item.designName, title: item.designTitle ?? item.designName, price: item.designPrice, quantity: item.quantity } }),
    lineTotal: item.lineTotal,
  };
}

/** The order's timeline, oldest first. */
export async function timeline(tx: Db, orderId: string): Promise<TimelineEntry[]> {
  const rows = await tx.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.at), asc(orderEvents.id));
  return rows.map((e) => ({ status: e.status, label: ORDER_STATUS_LABELS[e.status as OrderStatus] ?? e.status, note: e.note, at: e.at.toISOString() }));
}

/** The order's items in cart order. */
export async function itemsOf(tx: Db, orderId: string): Promise<OrderItemRow[]> {
  return tx.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position));
}

/** The full order answer (spec section 3 plus the shop's fields). */
export async function readOrder(tx: Db, id: string): Promise<Order> {
  const order = await loadOrder(tx, id);
  const [items, events, [review]] = await Promise.all([
    itemsOf(tx, id),
    timeline(tx, id),
    tx.select().from(reviews).where(eq(reviews.orderId, id)),
  ]);
  return toOrder(order, items, events, review ?? null);
}

export function toOrder(order: OrderRow, items: OrderItemRow[], events: TimelineEntry[], review: typeof reviews.$inferSelect | null): Order {
  const address = order.residenceType ? `[${order.residenceType}] ${order.recipientAddress}` : order.recipientAddress;
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    status: order.status as OrderStatus,
    paymentStatus: order.paymentStatus,
    paymentMethod: (order.paymentMethod as PaymentMethodKey | null) ?? null,
    deliveryDate: order.deliveryDate ?? '',
    deliveryMethod: (order.deliveryMethod as DeliveryMethod | null) ?? null,
    currency: order.currency,
    conversionRate: order.conversionRate,
    amounts: { subtotal: order.subtotal, deliveryFee: order.deliveryFee, discount: order.discount, total: order.total },
    amountsInCurrency: {
      subtotal: order.subtotalInCurrency,
      deliveryFee: order.deliveryFeeInCurrency,
      discount: order.discountInCurrency,
      total: order.totalInCurrency,
    },
    deliveryFeeQuotedByStaff: order.deliveryFeeQuotedByStaff,
    coupon: order.couponCode ? { code: order.couponCode, discount: order.discount } : null,
    orderProducts: items.map(itemAnswer),
    client: { email: order.senderEmail, name: order.senderName, phone: order.senderPhone, phoneCountryCode: order.senderPhoneCountryCode },
    deliveryDetails: {
      recipientName: order.recipientName,
      recipientPhone: order.recipientPhone,
      recipientPhoneCountryCode: order.recipientPhoneCountryCode,
      recipientAltPhone: order.recipientAltPhone,
      recipientAltPhoneCountryCode: order.recipientAltPhoneCountryCode,
      recipientAddress: order.recipientAddress,
      state: order.state ?? '',
      zone: order.zone ?? '',
    },
    recipientAddress: address,
    deliveryMessage: order.deliveryMessage,
    purpose: order.purpose,
    adminNotes: order.adminNotes,
    despatchLocation: (order.despatchLocation as PickupCode | null) ?? '',
    deliveryInstruction: order.deliveryInstruction,
    pickupState: order.pickupState ?? '',
    timeline: events,
    review: review ? { rating: review.rating, comment: review.comment, authorName: review.authorName, createdAt: review.createdAt.toISOString() } : null,
    createdAt: order.createdAt.toISOString(),
  };
}

/** Orders of a coupon that count against its usage limit (every order holding it). */
export async function couponUses(tx: Db, code: string): Promise<number> {
  const [row] = await tx.select({ n: sql<number>`count(*)::int` }).from(couponRedemptions).where(and(eq(couponRedemptions.couponCode, code)));
  return row?.n ?? 0;
}
