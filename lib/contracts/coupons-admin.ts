/**
 * The back office's coupons (issue 14, settings): the list with each coupon's uses
 * (`GET /admin/api/coupons`), a new coupon (`POST /admin/api/coupons`), a change or a pause
 * (`PATCH /admin/api/coupons/{code}`), the removal of a coupon no order ever took
 * (`DELETE /admin/api/coupons/{code}`), and the orders that took one
 * (`GET /admin/api/coupons/{code}/redemptions?page=`). Shared by the routes, the service and the
 * browser's client (lib/api/staff.ts).
 *
 * Times travel as the shop's wall clock: `startsAt` and `endsAt` are 'YYYY-MM-DDTHH:mm' in Lagos
 * (what a `datetime-local` field gives), `endsAt` being the first minute it no longer applies.
 * Lagos keeps West Africa Time, UTC+1, all year (no summer time), so the conversion is a fixed hour.
 */
import { z } from 'zod';
import { singleLine, strictObject } from '@/lib/contracts/text';
import type { OrderStatus, PaymentState } from '@/lib/domain/order-lifecycle';

/** Lagos is UTC+1 all year. */
const LAGOS_OFFSET_MS = 3_600_000;

/**
 * The instant of a Lagos wall-clock time 'YYYY-MM-DDTHH:mm', or null when it is not a real one.
 * @example lagosInstant('2027-02-01T00:00')?.toISOString() // '2027-01-31T23:00:00.000Z'
 * @example lagosInstant('2027-02-30T10:00') // null
 */
export function lagosInstant(text: string): Date | null {
  const parts = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text);
  if (!parts) return null;
  const [year, month, day, hour, minute] = parts.slice(1).map(Number) as [number, number, number, number, number];
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute) - LAGOS_OFFSET_MS);
  return lagosWallClock(at) === text ? at : null;
}

/**
 * An instant as Lagos wall-clock time 'YYYY-MM-DDTHH:mm' (seconds dropped).
 * @example lagosWallClock(new Date('2027-01-31T23:00:00Z')) // '2027-02-01T00:00'
 */
export function lagosWallClock(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 16);
}

const lagosTime = z
  .string({ message: 'must be a date and time in Lagos, e.g. 2027-02-01T00:00 (or null for none)' })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/, 'must be a date and time in Lagos, e.g. 2027-02-01T00:00 (or null for none)')
  .transform((text, ctx) => {
    const at = lagosInstant(text);
    if (!at) {
      ctx.addIssue({ code: 'custom', message: `${text} is not a real date and time` });
      return z.NEVER;
    }
    return at;
  });

/** A code as shoppers type it: letters and digits (also - and _), kept upper-case. */
export const couponCode = z
  // A missing code keeps zod's own issue, which the route words 'code is required'.
  .string({ error: (issue) => (issue.input === undefined ? undefined : 'must be text, e.g. SPRING15') })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9][A-Z0-9_-]{2,29}$/, 'must be 3 to 30 letters or digits (also - and _), e.g. SPRING15');

export const COUPON_KINDS = ['percent', 'fixed'] as const;
export type CouponKind = (typeof COUPON_KINDS)[number];

/** The largest naira figure a coupon may hold (a typo guard). */
export const MAX_COUPON_NAIRA = 100_000_000;

const kind = z.enum(COUPON_KINDS, { message: "must be 'percent' or 'fixed'" });
const amount = z
  .number({ message: 'must be a whole number: a percent (1 to 100) or naira' })
  .int('must be a whole number: a percent (1 to 100) or naira')
  .min(1, 'must be 1 or more')
  .max(MAX_COUPON_NAIRA, 'must be at most 100,000,000');
const minAmount = z
  .number({ message: 'must be a whole number of naira (0 for no minimum)' })
  .int('must be a whole number of naira (0 for no minimum)')
  .min(0, 'must be 0 or more (0 for no minimum)')
  .max(MAX_COUPON_NAIRA, 'must be at most ₦100,000,000');
const usageLimit = z
  .number({ message: 'must be a whole number of orders, 1 or more (null for no limit)' })
  .int('must be a whole number of orders, 1 or more (null for no limit)')
  .min(1, 'must be 1 or more (null for no limit)')
  .max(1_000_000, 'must be at most 1,000,000');
const active = z.boolean({ message: 'must be true or false' });
const description = singleLine(200);

/** The message when a percent coupon is given more than 100. */
export const PERCENT_RANGE_MESSAGE = 'amount: a percent coupon takes 1 to 100';
export const WINDOW_ORDER_MESSAGE = 'endsAt: must be after startsAt';

/** The terms' own rules, whatever call sets them: a percent of at most 100, an end after the start. */
export function termsRefusal(terms: { kind: CouponKind; amount: number; startsAt: Date | null; endsAt: Date | null }): string | null {
  if (terms.kind === 'percent' && terms.amount > 100) return PERCENT_RANGE_MESSAGE;
  if (terms.startsAt && terms.endsAt && terms.endsAt <= terms.startsAt) return WINDOW_ORDER_MESSAGE;
  return null;
}

/** `POST /admin/api/coupons`: a new coupon, active unless told otherwise. */
export const couponCreateBody = strictObject({
  code: couponCode,
  description: description.optional(),
  kind,
  amount,
  minAmount: minAmount.optional(),
  startsAt: lagosTime.nullable().optional(),
  endsAt: lagosTime.nullable().optional(),
  usageLimit: usageLimit.nullable().optional(),
  active: active.optional(),
}).superRefine((body, ctx) => {
  const refusal = termsRefusal({ kind: body.kind, amount: body.amount, startsAt: body.startsAt ?? null, endsAt: body.endsAt ?? null });
  if (refusal) ctx.addIssue({ code: 'custom', message: refusal });
});
export type CouponCreateBody = z.input<typeof couponCreateBody>;

/** `PATCH /admin/api/coupons/{code}`: only what changes; null clears a start, an end or the limit. */
export const couponChangeBody = strictObject({
  description: description.optional(),
  kind: kind.optional(),
  amount: amount.optional(),
  minAmount: minAmount.optional(),
  startsAt: lagosTime.nullable().optional(),
  endsAt: lagosTime.nullable().optional(),
  usageLimit: usageLimit.nullable().optional(),
  active: active.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), {
  message: 'Send at least one of description, kind, amount, minAmount, startsAt, endsAt, usageLimit, active',
});
export type CouponChangeBody = z.input<typeof couponChangeBody>;

/** `GET /admin/api/coupons/{code}/redemptions?page=`. */
export const couponRedemptionsQuery = z.object({
  code: singleLine(40),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be 1 or more').max(100_000, 'page must be at most 100000').optional(),
});

/**
 * Where a coupon stands now: paused (not active), not started yet, ended, used up (its uses that
 * count reached the limit), or active.
 */
export type CouponStatus = 'active' | 'paused' | 'scheduled' | 'ended' | 'used_up';

/**
 * How an order's use of a coupon stands: paid (counts for good), held (counts: an unpaid order
 * within its hold, or a transfer the shopper announced or staff part-received), lapsed (an unpaid
 * order whose hold ran out: it no longer counts, and re-takes the coupon at its next change if it
 * can) or cancelled (never counts).
 */
export type CouponUse = 'paid' | 'held' | 'lapsed' | 'cancelled';

/** A coupon as the back office lists it; times are ISO instants. */
export type AdminCoupon = {
  code: string;
  description: string;
  kind: CouponKind;
  /** A percent (1-100) or naira. */
  amount: number;
  /** The smallest order subtotal, in naira, it applies to. */
  minAmount: number;
  startsAt: string | null;
  /** The first instant it no longer applies. */
  endsAt: string | null;
  usageLimit: number | null;
  active: boolean;
  createdAt: string;
  status: CouponStatus;
  /** The uses that count against the limit: paid orders, and orders holding it now. */
  uses: { paid: number; held: number };
  /** Every order holding the code now, its hold lapsed or not (see CouponRedemption). */
  redemptions: number;
};

/** One order that took a coupon. */
export type CouponRedemption = {
  orderId: string;
  orderNumber: string;
  /** When the order was created (ISO). */
  orderedAt: string;
  /** What the coupon took off, in naira and in the order's currency. */
  discount: number;
  discountInCurrency: number;
  currency: string;
  status: OrderStatus;
  paymentState: PaymentState;
  use: CouponUse;
  /** When an unpaid order's hold runs out (ISO), for a use held that way; else null. */
  heldUntil: string | null;
};

export type CouponRedemptionPage = { coupon: AdminCoupon; rows: CouponRedemption[]; total: number; page: number; pageSize: number };
