/**
 * The orders' shared core: reading an order (and locking it for a change), the answer shape,
 * the timeline, order numbers, and `recomputeTotals`, the one place that turns items, delivery
 * and coupon into the order's amounts. Every service that changes an order runs inside one
 * transaction: `changeOrder(db, id, fn)` locks the row, refuses paid orders, runs `fn`, and
 * answers the order as it then is.
 */
import { and, asc, eq, gt, ne, notInArray, or, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions, coupons, currencies, orderEvents, orderItems, orders, reviews } from '@/lib/server/db/schema';
import { HttpError, BadRequestError } from '@/lib/server/http/errors';
import { readSettings } from '@/lib/server/services/settings';
import { addEvent, lifecycleState, loadOrder, type OrderItemRow, type OrderRow } from '@/lib/server/services/orders/rows';
import { reopenIfAwaitingPayment } from '@/lib/server/services/orders/lifecycle';
import type { Order, OrderAmounts, TimelineEntry } from '@/lib/contracts/orders';
import {
  COUPON_HOLD_MS,
  couponDiscount,
  couponRefusal,
  deliveryFee,
  holdStands,
  orderTotals,
  type DeliveryMethod,
  type PaymentMethodKey,
  type PickupCode,
} from '@/lib/domain/checkout';
import { editRefusal, isEditable, ORDER_STATUS_LABELS, paymentWording, type Actor, type OrderStatus } from '@/lib/domain/order-lifecycle';
import { convertFromNaira, DEFAULT_CURRENCIES, formatNaira, type CurrencyCode } from '@/lib/domain/money';

/** The 400 for an order above the configured maximum (`MAX_ORDER_TOTAL_NAIRA`). */
export const maxOrderTotalMessage = (max: number) => `An order can be at most ${formatNaira(max)}. Please split it into smaller orders or contact us.`;

export { addEvent, candidateOrderNumber, isOrderId, loadOrder, newOrderId, type OrderItemRow, type OrderRow } from '@/lib/server/services/orders/rows';

/** Naira per unit of a currency now (the currencies table, or the defaults). */
export async function rateFor(tx: Db, currency: CurrencyCode): Promise<number> {
  const [row] = await tx.select({ rate: currencies.conversionRate }).from(currencies).where(eq(currencies.name, currency));
  return row?.rate ?? DEFAULT_CURRENCIES.find((c) => c.name === currency)!.conversionRate;
}

/**
 * Runs a change of an unpaid order in one transaction: locks the row (concurrent changes of one
 * order queue up), refuses an order that can no longer change (409), runs `fn`, and answers the
 * order as it is afterwards. Any error rolls the whole change back.
 */
export async function changeOrder(db: Db, id: string, fn: (tx: Db, order: OrderRow) => Promise<void>): Promise<Order> {
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, id, true);
    // Paid or closed, or a transfer for this total the shopper says is on its way: no change.
    const refused = editRefusal(lifecycleState(order));
    if (refused) throw new HttpError(409, refused);
    await fn(tx, order);
    return readOrder(tx, id);
  });
}

/**
 * Recomputes the order's amounts from its items, delivery choice and coupon, in naira and in its
 * currency at its recorded rate, and stores them. The coupon is re-checked at `at` with the rules
 * used to apply it (`couponRefusal`: active, validity window, minimum, usage limit counting the
 * other orders' uses); one that no longer applies is taken off the order, its use released, with
 * a timeline line 'Coupon X removed: <reason>' that the order's answer shows the shopper
 * (`couponRemoved`). An unpaid order's hold on a limited coupon lapses after `COUPON_HOLD_MS`;
 * a lapsed hold is re-taken (its time renewed) only if the coupon is still available, and
 * `renewHold` (payment start) renews a standing one. The free-delivery threshold is judged on the
 * items after the discount. A delivery the settings refuse (zone gone, below a peak day's
 * minimum) is a 400, and so is a subtotal or total above `maxOrderTotalNaira`: the caller's
 * transaction then writes nothing. An order awaiting payment whose total changes goes back to
 * 'created' (through the lifecycle, on behalf of `actor`, the shopper by default) unless
 * `keepStatus` (the payment-method call, which sets the status itself).
 */
export async function recomputeTotals(
  tx: Db,
  orderId: string,
  at: Date,
  options: { keepStatus?: boolean; renewHold?: boolean; actor?: Actor } = {},
): Promise<OrderAmounts> {
  const order = await loadOrder(tx, orderId);
  // bigint: a huge cart must reach the maximum-total check below, not overflow the sum.
  const [sums] = await tx
    .select({ subtotal: sql<string | number>`coalesce(sum(${orderItems.lineTotal}), 0)::bigint`, itemCount: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  const subtotal = Number(sums?.subtotal ?? 0);
  const itemCount = Number(sums?.itemCount ?? 0);

  // The coupon first: the free-delivery threshold is judged on what the items cost after it.
  const { couponCode, discount } = await recheckCoupon(tx, order, { subtotal, itemCount }, at, options.renewHold ?? false);

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
      discount,
    });
    if (!quote.ok) throw new BadRequestError(quote.field === 'subtotal' ? `deliveryDate: ${quote.message}` : quote.message);
    fee = quote.fee;
    quotedByStaff = quote.quotedByStaff;
  }

  const totals = orderTotals(subtotal, fee, discount);
  const max = getConfig().maxOrderTotalNaira;
  if (totals.total > max || totals.subtotal > max) throw new BadRequestError(maxOrderTotalMessage(max));
  const inCurrency = (n: number) => convertFromNaira(n, order.conversionRate);
  // A payment may already be under way for the old amount: a changed total sends the order back
  // to 'created', so that the payment method (and with it a new payment) is chosen again.
  const changed = totals.total !== order.total || inCurrency(totals.total) !== order.totalInCurrency;
  if (!options.keepStatus && changed) await reopenIfAwaitingPayment(tx, orderId, 'Order total changed: payment to be chosen again', options.actor ?? { kind: 'shopper' }, at);
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
      updatedAt: at,
    })
    .where(eq(orders.id, orderId));
  return totals;
}

/** The timeline line of a coupon taken off an order by the shop (the shopper's notice reads it back). */
export function couponRemovedNote(code: string, reason: string): string {
  return `Coupon ${code} removed: ${reason}`;
}

const COUPON_LINE = /^Coupon (\S+) (applied|removed)(?:: (.+))?/;

/**
 * The shop's removal of the order's coupon that the shopper has not yet acted on: the latest
 * coupon line of the timeline when it is a removal with a reason, for an unpaid order without a
 * coupon. Null otherwise (the shopper removed it, or applied another since).
 */
export function couponRemovedNotice(order: Pick<OrderRow, 'couponCode' | 'status' | 'paymentState'>, events: TimelineEntry[]): { code: string; reason: string } | null {
  if (order.couponCode || !isEditable({ status: order.status, payment: order.paymentState })) return null;
  for (let i = events.length - 1; i >= 0; i--) {
    const match = COUPON_LINE.exec(events[i]!.note);
    if (!match) continue;
    return match[2] === 'removed' && match[3] ? { code: match[1]!, reason: match[3] } : null;
  }
  return null;
}

/**
 * Re-checks the coupon an order holds (see `recomputeTotals`) and answers the code it keeps (or
 * null) and the discount. The row of a limited coupon is locked while its uses are counted, as
 * when it is applied, so orders re-taking the last use queue up.
 */
async function recheckCoupon(
  tx: Db,
  order: OrderRow,
  items: { subtotal: number; itemCount: number },
  at: Date,
  renewHold: boolean,
): Promise<{ couponCode: string | null; discount: number }> {
  const code = order.couponCode;
  if (!code) return { couponCode: null, discount: 0 };
  let [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code));
  if (coupon && coupon.usageLimit !== null) [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code)).for('update');
  const refusal = coupon
    ? couponRefusal(coupon, items, coupon.usageLimit === null ? 0 : await couponUses(tx, code, { at, exceptOrderId: order.id }), at)
    : { removal: 'this coupon no longer exists' };
  if (refusal) {
    await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
    await addEvent(tx, order.id, order.status, couponRemovedNote(code, refusal.removal), at);
    return { couponCode: null, discount: 0 };
  }
  const [held] = await tx.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
  if (renewHold || !held || held.couponCode !== code || !holdStands(held.at, at)) {
    // Re-taken (or renewed for a payment): the hold runs from now.
    await tx
      .insert(couponRedemptions)
      .values({ orderId: order.id, couponCode: code, at })
      .onConflictDoUpdate({ target: couponRedemptions.orderId, set: { couponCode: code, at } });
  }
  return { couponCode: code, discount: couponDiscount(coupon!, items.subtotal) };
}

/**
 * Before a payment starts (card or manual), in its own transaction: re-checks the coupon of an
 * unpaid order that holds one (`recomputeTotals` with `renewHold`), so a coupon that lapsed is
 * never paid for at the discounted price, and one that stands is held for the payment's
 * `COUPON_HOLD_MS`. Answers null when the order may be paid as it is, or the message for the
 * shopper (a 409 for the caller) when the coupon was taken off: that change is committed (the
 * order, its total changed, is back at 'created' and its timeline says why). Orders that cannot
 * be paid for other reasons are left to the caller's own checks.
 */
export async function recheckOrderBeforePayment(db: Db, orderId: string, at: Date): Promise<string | null> {
  return db.transaction(async (tx) => {
    const before = await loadOrder(tx, orderId, true);
    if (!before.couponCode || !isEditable(lifecycleState(before))) return null;
    await recomputeTotals(tx, orderId, at, { renewHold: true });
    const after = await loadOrder(tx, orderId);
    if (after.couponCode) {
      return after.totalInCurrency === before.totalInCurrency ? null : 'Your order total has changed; please check it and choose how to pay again.';
    }
    const notice = couponRemovedNotice(after, await timeline(tx, orderId));
    const why = notice ? `: ${notice.reason}` : '';
    return `Coupon ${before.couponCode} was removed from your order${why}. Please check the new total and choose how to pay again.`;
  });
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
    status: order.status,
    paymentState: order.paymentState,
    paymentTest: order.paymentTest,
    paymentStatus: paymentWording(lifecycleState(order)),
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
    ...couponRemovedField(order, events),
    review: review ? { rating: review.rating, comment: review.comment, authorName: review.authorName, createdAt: review.createdAt.toISOString() } : null,
    createdAt: order.createdAt.toISOString(),
  };
}

function couponRemovedField(order: OrderRow, events: TimelineEntry[]): Pick<Order, 'couponRemoved'> {
  const notice = couponRemovedNotice(order, events);
  return notice ? { couponRemoved: notice } : {};
}

/** Statuses of an order that may still change: its use of a coupon is a hold. */
const HOLDING_STATUSES: OrderStatus[] = ['created', 'awaiting_payment'];

/**
 * Orders whose use of a coupon counts against its usage limit at `at` (default now): every paid
 * or later order holding it, every order whose transfer the shopper says is sent, and unpaid
 * orders whose hold was taken less than `COUPON_HOLD_MS` ago. Cancelled orders never count.
 * `exceptOrderId` leaves one order out (the one asking).
 */
export async function couponUses(tx: Db, code: string, options: { at?: Date; exceptOrderId?: string } = {}): Promise<number> {
  const since = new Date((options.at ?? new Date()).getTime() - COUPON_HOLD_MS);
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(
      and(
        eq(couponRedemptions.couponCode, code),
        options.exceptOrderId ? ne(couponRedemptions.orderId, options.exceptOrderId) : undefined,
        ne(orders.status, 'cancelled'),
        or(
          notInArray(orders.status, HOLDING_STATUSES),
          ne(orders.paymentState, 'unpaid'),
          gt(couponRedemptions.at, since),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}
