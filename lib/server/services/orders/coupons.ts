/**
 * Coupons on an unpaid order (POST /v1/coupon/validate, DELETE /v1/firebase/order/delete-coupon):
 * checks a code against its terms and the order, then records it as the order's one redemption
 * and recomputes the totals, all in the order's transaction. The coupon row is locked while its
 * uses are counted, so that two orders racing for the last use of a limited coupon queue up and
 * only one gets it (PostgreSQL runs them really concurrently; the lock is what makes it safe).
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions, coupons, orderItems, orders } from '@/lib/server/db/schema';
import { BadRequestError } from '@/lib/server/http/errors';
import { addEvent, changeOrder, couponUses, recomputeTotals } from '@/lib/server/services/orders/store';
import type { Order } from '@/lib/contracts/orders';

export type CouponRow = typeof coupons.$inferSelect;

const naira = (n: number) => `₦${n.toLocaleString('en-US')}`;
const lagosDay = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' });

/** The reasons a coupon is refused, as shoppers read them. */
export const COUPON_MESSAGES = {
  unknown: 'This coupon code is not valid',
  inactive: 'This coupon is no longer available',
  notStarted: (startsAt: Date) => `This coupon can be used from ${lagosDay.format(startsAt)}`,
  expired: (endsAt: Date) => `This coupon expired on ${lagosDay.format(endsAt)}`,
  emptyOrder: 'Add something to your order before applying a coupon',
  minimum: (minAmount: number) => `This coupon needs an order of at least ${naira(minAmount)}`,
  usedUp: 'This coupon has already been used',
} as const;

/**
 * Why a coupon does not apply to an order with this subtotal and item count at `at`, or null
 * when it does. `uses` is how many other orders hold it.
 */
export function couponRefusal(coupon: CouponRow, order: { subtotal: number; itemCount: number }, uses: number, at: Date): string | null {
  if (!coupon.active) return COUPON_MESSAGES.inactive;
  if (coupon.startsAt && at < coupon.startsAt) return COUPON_MESSAGES.notStarted(coupon.startsAt);
  // `endsAt` is the first instant it no longer applies; the message names the last day.
  if (coupon.endsAt && at >= coupon.endsAt) return COUPON_MESSAGES.expired(new Date(coupon.endsAt.getTime() - 1));
  if (order.itemCount === 0) return COUPON_MESSAGES.emptyOrder;
  if (order.subtotal < coupon.minAmount) return COUPON_MESSAGES.minimum(coupon.minAmount);
  if (coupon.usageLimit !== null && uses >= coupon.usageLimit) return COUPON_MESSAGES.usedUp;
  return null;
}

/** The order's items as counted for a coupon: how many lines and their sum in naira. */
async function itemSums(tx: Db, orderId: string): Promise<{ subtotal: number; itemCount: number }> {
  const [row] = await tx
    .select({ subtotal: sql<number>`coalesce(sum(${orderItems.lineTotal}), 0)::int`, itemCount: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { subtotal: Number(row?.subtotal ?? 0), itemCount: Number(row?.itemCount ?? 0) };
}

/**
 * Applies a coupon (code already upper-cased) to an unpaid order and answers the order. A second
 * coupon replaces the first (one per order); the same coupon again changes nothing. 400 with the
 * reason when it does not apply, 404 for an unknown order, 409 for a paid one.
 */
export async function applyCoupon(db: Db, orderId: string, code: string, at: Date): Promise<Order> {
  return changeOrder(db, orderId, async (tx, order) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase())).for('update');
    if (!coupon) throw new BadRequestError(COUPON_MESSAGES.unknown);
    if (order.couponCode === coupon.code) return;

    const refusal = couponRefusal(coupon, await itemSums(tx, orderId), await couponUses(tx, coupon.code), at);
    if (refusal) throw new BadRequestError(refusal);

    await tx
      .insert(couponRedemptions)
      .values({ orderId, couponCode: coupon.code, at })
      .onConflictDoUpdate({ target: couponRedemptions.orderId, set: { couponCode: coupon.code, at } });
    await tx.update(orders).set({ couponCode: coupon.code, updatedAt: at }).where(eq(orders.id, orderId));
    const totals = await recomputeTotals(tx, orderId, at);
    const replaced = order.couponCode ? ` (replacing ${order.couponCode})` : '';
    await addEvent(tx, orderId, order.status, `Coupon ${coupon.code} applied${replaced}: ${naira(totals.discount)} off`, at);
  });
}

/** Takes the coupon off an unpaid order and releases its use; an order without one is answered unchanged. */
export async function removeCoupon(db: Db, orderId: string, at: Date): Promise<Order> {
  return changeOrder(db, orderId, async (tx, order) => {
    if (!order.couponCode) return;
    await releaseCoupon(tx, orderId);
    await tx.update(orders).set({ couponCode: null, updatedAt: at }).where(eq(orders.id, orderId));
    await recomputeTotals(tx, orderId, at);
    await addEvent(tx, orderId, order.status, `Coupon ${order.couponCode} removed`, at);
  });
}

/** Frees the order's coupon use (its redemption row) so that it no longer counts against the limit. */
export async function releaseCoupon(tx: Db, orderId: string): Promise<void> {
  await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}
