/**
 * The back office's coupons (issue 14, settings): the list with each coupon's uses, a new coupon,
 * a change of its terms or a pause (`active`), the removal of a coupon no order ever took, and the
 * orders that took one. Each write runs in one transaction (the coupon's row locked, a
 * `content_audit` line 'coupon'/code with its terms before and after), then `contentChanged()`
 * after the commit. Checkout reads the coupon row on every request (`applyCoupon`,
 * `recomputeTotals`), so a paused coupon is refused from the next request on, and an unpaid order
 * holding it loses it at its next change (services/orders/coupons.ts).
 *
 * Uses follow the rule the checkout counts against a usage limit with (`couponUses`,
 * services/orders/store.ts): a paid order's use counts for good; an unpaid order's while its
 * `COUPON_HOLD_MINUTES` hold stands, or once its transfer is announced or part received; a
 * lapsed hold or a cancelled order does not count.
 *
 * @example
 * await changeCoupon(db, member, 'SPRING15', { active: false }, now());
 */
import { asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { couponRedemptions, coupons, orders } from '@/lib/server/db/schema';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { contentChanged } from '@/lib/server/live/content';
import { recordContentChange } from '@/lib/server/services/backoffice/content-audit';
import {
  termsRefusal,
  type AdminCoupon,
  type CouponRedemption,
  type CouponRedemptionPage,
  type CouponStatus,
  type CouponUse,
  type couponChangeBody,
  type couponCreateBody,
} from '@/lib/contracts/coupons-admin';
import { COUPON_HOLD_MS } from '@/lib/domain/checkout';

export const COUPON_NOT_FOUND = 'Coupon not found';
export const REDEMPTIONS_PAGE_SIZE = 50;

type CouponRow = typeof coupons.$inferSelect;
type Uses = { paid: number; held: number; redemptions: number };

/** The code as a path gives it: trimmed and upper-cased (codes are stored upper-case). */
const codeOf = (code: string) => code.trim().toUpperCase();

/** How one redemption's use stands at `at` (see CouponUse), as SQL over the redemption and its order. */
function standingOf(at: Date): SQL<CouponUse> {
  const since = new Date(at.getTime() - COUPON_HOLD_MS).toISOString();
  return sql<CouponUse>`case
    when ${orders.status} = 'cancelled' then 'cancelled'
    when ${orders.paymentState} = 'paid' then 'paid'
    when ${orders.paymentState} <> 'unpaid' or ${orders.status} not in ('created', 'awaiting_payment') or ${couponRedemptions.at} > ${since}::timestamptz then 'held'
    else 'lapsed' end`;
}

/** Paid and held uses and every redemption, per code (all codes, or those given). */
async function usesByCode(db: Db, at: Date, codes?: string[]): Promise<Map<string, Uses>> {
  const use = standingOf(at);
  const rows = await db
    .select({
      code: couponRedemptions.couponCode,
      paid: sql<number>`count(*) filter (where ${use} = 'paid')::int`,
      held: sql<number>`count(*) filter (where ${use} = 'held')::int`,
      redemptions: sql<number>`count(*)::int`,
    })
    .from(couponRedemptions)
    .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
    .where(codes ? inArray(couponRedemptions.couponCode, codes) : undefined)
    .groupBy(couponRedemptions.couponCode);
  return new Map(rows.map((r) => [r.code, { paid: Number(r.paid), held: Number(r.held), redemptions: Number(r.redemptions) }]));
}

/** Where a coupon stands at `at`, given how many uses count against its limit. */
function statusOf(row: CouponRow, counted: number, at: Date): CouponStatus {
  if (!row.active) return 'paused';
  if (row.endsAt && at >= row.endsAt) return 'ended';
  if (row.startsAt && at < row.startsAt) return 'scheduled';
  if (row.usageLimit !== null && counted >= row.usageLimit) return 'used_up';
  return 'active';
}

function toAdminCoupon(row: CouponRow, uses: Uses | undefined, at: Date): AdminCoupon {
  const paid = uses?.paid ?? 0;
  const held = uses?.held ?? 0;
  return {
    code: row.code,
    description: row.description,
    kind: row.kind,
    amount: row.amount,
    minAmount: row.minAmount,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    usageLimit: row.usageLimit,
    active: row.active,
    createdAt: row.createdAt.toISOString(),
    status: statusOf(row, paid + held, at),
    uses: { paid, held },
    redemptions: uses?.redemptions ?? 0,
  };
}

/** Every coupon, newest first, with its uses at `at`. */
export async function listCoupons(db: Db, at: Date): Promise<AdminCoupon[]> {
  const [rows, uses] = await Promise.all([db.select().from(coupons).orderBy(desc(coupons.createdAt), asc(coupons.code)), usesByCode(db, at)]);
  return rows.map((row) => toAdminCoupon(row, uses.get(row.code), at));
}

/** One coupon as the back office shows it; 404 for an unknown code. */
export async function adminCoupon(db: Db, code: string, at: Date): Promise<AdminCoupon> {
  const [row] = await db.select().from(coupons).where(eq(coupons.code, codeOf(code)));
  if (!row) throw new NotFoundError(COUPON_NOT_FOUND);
  return toAdminCoupon(row, (await usesByCode(db, at, [row.code])).get(row.code), at);
}

type Terms = Pick<CouponRow, 'description' | 'kind' | 'amount' | 'minAmount' | 'startsAt' | 'endsAt' | 'usageLimit' | 'active'>;

/** What the audit keeps of a coupon: its terms, times as ISO instants. */
function audited(code: string, terms: Terms): Record<string, unknown> {
  return {
    code,
    description: terms.description,
    kind: terms.kind,
    amount: terms.amount,
    minAmount: terms.minAmount,
    startsAt: terms.startsAt?.toISOString() ?? null,
    endsAt: terms.endsAt?.toISOString() ?? null,
    usageLimit: terms.usageLimit,
    active: terms.active,
  };
}

/** After a committed write: this process's caches drop their entries and the other instances are told. */
async function told(): Promise<void> {
  await contentChanged(await getDatabase());
}

/** A new coupon (active unless told otherwise); 409 when the code exists already. */
export async function createCoupon(db: Db, actor: { id: string; address?: string }, body: z.output<typeof couponCreateBody>, at: Date): Promise<AdminCoupon> {
  const terms: Terms = {
    description: body.description ?? '',
    kind: body.kind,
    amount: body.amount,
    minAmount: body.minAmount ?? 0,
    startsAt: body.startsAt ?? null,
    endsAt: body.endsAt ?? null,
    usageLimit: body.usageLimit ?? null,
    active: body.active ?? true,
  };
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(coupons)
      .values({ code: body.code, ...terms, createdAt: at })
      .onConflictDoNothing()
      .returning({ code: coupons.code });
    if (inserted.length === 0) throw new HttpError(409, `There is already a coupon ${body.code}`);
    await recordContentChange(tx, { entity: 'coupon', entityId: body.code, action: 'created', before: null, after: audited(body.code, terms), actor }, at);
  });
  await told();
  return adminCoupon(db, body.code, at);
}

/**
 * Changes a coupon's terms or pauses and resumes it (`active`); null clears a start, an end or
 * the limit. 404 unknown code; 400 when the terms together break a rule (a percent above 100, an
 * end not after the start). The same terms again write nothing.
 */
export async function changeCoupon(
  db: Db,
  actor: { id: string; address?: string },
  code: string,
  body: z.output<typeof couponChangeBody>,
  at: Date,
): Promise<{ coupon: AdminCoupon; changed: boolean }> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.code, codeOf(code))).for('update');
    if (!row) throw new NotFoundError(COUPON_NOT_FOUND);
    const next: Terms = {
      description: body.description ?? row.description,
      kind: body.kind ?? row.kind,
      amount: body.amount ?? row.amount,
      minAmount: body.minAmount ?? row.minAmount,
      startsAt: body.startsAt === undefined ? row.startsAt : body.startsAt,
      endsAt: body.endsAt === undefined ? row.endsAt : body.endsAt,
      usageLimit: body.usageLimit === undefined ? row.usageLimit : body.usageLimit,
      active: body.active ?? row.active,
    };
    const refusal = termsRefusal(next);
    if (refusal) throw new BadRequestError(refusal);
    const before = audited(row.code, row);
    const after = audited(row.code, next);
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    await tx.update(coupons).set(next).where(eq(coupons.code, row.code));
    await recordContentChange(tx, { entity: 'coupon', entityId: row.code, action: 'updated', before, after, actor }, at);
    return true;
  });
  if (changed) await told();
  return { coupon: await adminCoupon(db, code, at), changed };
}

/**
 * Removes a coupon that no order ever took (a mistake); one an order took, whatever became of
 * the order, is kept (409): pause it instead. 404 unknown code.
 */
export async function deleteCoupon(db: Db, actor: { id: string; address?: string }, code: string, at: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(coupons).where(eq(coupons.code, codeOf(code))).for('update');
    if (!row) throw new NotFoundError(COUPON_NOT_FOUND);
    // Orders keep the code they took (a cancelled one too, whose redemption row is gone).
    const [byOrders] = await tx.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.couponCode, row.code));
    const [byRedemptions] = await tx.select({ n: sql<number>`count(*)::int` }).from(couponRedemptions).where(eq(couponRedemptions.couponCode, row.code));
    const n = Math.max(Number(byOrders?.n ?? 0), Number(byRedemptions?.n ?? 0));
    if (n > 0) throw new HttpError(409, `${row.code} was taken by ${n === 1 ? 'an order' : `${n} orders`}, so it is kept; pause it instead`);
    await tx.delete(coupons).where(eq(coupons.code, row.code));
    await recordContentChange(tx, { entity: 'coupon', entityId: row.code, action: 'deleted', before: audited(row.code, row), after: null, actor }, at);
  });
  await told();
}

/** The orders that took a coupon, newest first, 50 a page, each with how its use stands at `at`. */
export async function listCouponRedemptions(db: Db, code: string, page: number, at: Date): Promise<CouponRedemptionPage> {
  const coupon = await adminCoupon(db, code, at);
  const use = standingOf(at);
  const where = eq(couponRedemptions.couponCode, coupon.code);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        orderId: orders.id,
        orderNumber: orders.orderNumber,
        orderedAt: orders.createdAt,
        discount: orders.discount,
        discountInCurrency: orders.discountInCurrency,
        currency: orders.currency,
        status: orders.status,
        paymentState: orders.paymentState,
        heldSince: couponRedemptions.at,
        use,
      })
      .from(couponRedemptions)
      .innerJoin(orders, eq(orders.id, couponRedemptions.orderId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(REDEMPTIONS_PAGE_SIZE)
      .offset((page - 1) * REDEMPTIONS_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(couponRedemptions).where(where),
  ]);
  return {
    coupon,
    rows: rows.map(
      (r): CouponRedemption => ({
        orderId: r.orderId,
        orderNumber: r.orderNumber,
        orderedAt: r.orderedAt.toISOString(),
        discount: r.discount,
        discountInCurrency: r.discountInCurrency,
        currency: r.currency,
        status: r.status,
        paymentState: r.paymentState,
        use: r.use,
        // Held by its hold alone (unpaid, still open): the hold's end. A transfer announced holds without an end.
        heldUntil: r.use === 'held' && r.paymentState === 'unpaid' && (r.status === 'created' || r.status === 'awaiting_payment') ? new Date(r.heldSince.getTime() + COUPON_HOLD_MS).toISOString() : null,
      }),
    ),
    total: Number(count?.n ?? 0),
    page,
    pageSize: REDEMPTIONS_PAGE_SIZE,
  };
}
