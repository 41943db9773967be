/**
 * Coupons on an unpaid order (POST /v1/coupon/validate, DELETE /v1/firebase/order/delete-coupon):
 * checks a code against its terms and the order, then records it as the order's one redemption
 * and recomputes the totals, all in the order's transaction. The coupon row is locked while its
 * uses are counted, so that two orders racing for the last use of a limited coupon queue up and
 * only one gets it (PostgreSQL runs them really concurrently; the lock is what makes it safe).
 * The uses counted are the other orders' that count (`couponUses`): paid ones always, unpaid ones
 * only within their `COUPON_HOLD_MINUTES` hold, so a limited coupon applied to an order that is
 * then abandoned is free again for others after half an hour. The order store re-checks the
 * coupon an order holds on every change (`recomputeTotals`) with the same rules.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions, coupons, orderItems, orders } from '@/lib/server/db/schema';
import { BadRequestError } from '@/lib/server/http/errors';
import { addEvent, changeOrder, couponUses, recomputeTotals } from '@/lib/server/services/orders/store';
import type { Order } from '@/lib/contracts/orders';
import { COUPON_MESSAGES, couponRefusal } from '@/lib/domain/checkout';
import { formatNaira } from '@/lib/domain/money';

// The rules live in the domain (the order store re-checks a held coupon with them too).
export { COUPON_MESSAGES, couponRefusal };

export type CouponRow = typeof coupons.$inferSelect;

/** The order's items as counted for a coupon: how many lines and their sum in naira. */
async function itemSums(tx: Db, orderId: string): Promise<{ subtotal: number; itemCount: number }> {
  const [row] = await tx
    .select({ subtotal: sql<number>`coalesce(sum(${orderItems.lineTotal}), 0)::bigint`, itemCount: sql<number>`count(*)::int` })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId));
  return { subtotal: Number(row?.subtotal ?? 0), itemCount: Number(row?.itemCount ?? 0) };
}

/**
 * Applies a coupon (code already upper-cased) to an unpaid order and answers the order. A second
 * coupon replaces the first (one per order); the same coupon again is only re-checked (nothing
 * changes while it still applies; see `recomputeTotals`). 400 with the reason
 * when it does not apply, 404 for an unknown order, 409 for a paid one.
 */
export async function applyCoupon(db: Db, orderId: string, code: string, at: Date): Promise<Order> {
  return changeOrder(db, orderId, async (tx, order) => {
    const [coupon] = await tx.select().from(coupons).where(eq(coupons.code, code.trim().toUpperCase())).for('update');
    if (!coupon) throw new BadRequestError(COUPON_MESSAGES.unknown);
    if (order.couponCode === coupon.code) {
      // The same coupon again is re-checked like any change: kept as it is while it applies (a
      // lapsed hold re-taken if the coupon is still available), else taken off with the notice.
      await recomputeTotals(tx, orderId, at);
      return;
    }

    const refusal = couponRefusal(coupon, await itemSums(tx, orderId), await couponUses(tx, coupon.code, { at, exceptOrderId: orderId }), at);
    if (refusal) throw new BadRequestError(refusal.message);

    await tx
      .insert(couponRedemptions)
      .values({ orderId, couponCode: coupon.code, at })
      .onConflictDoUpdate({ target: couponRedemptions.orderId, set: { couponCode: coupon.code, at } });
    await tx.update(orders).set({ couponCode: coupon.code, updatedAt: at }).where(eq(orders.id, orderId));
    const totals = await recomputeTotals(tx, orderId, at);
    const replaced = order.couponCode ? ` (replacing ${order.couponCode})` : '';
    await addEvent(tx, orderId, order.status, `Coupon ${coupon.code} applied${replaced}: ${formatNaira(totals.discount)} off`, at);
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
