/**
 * The coupons page's words and its form's bodies: a coupon's discount, minimum, window, limit,
 * uses and standing in words; a redemption's payment and use; and the form's values as the server
 * takes them (numbers as typed, '5,000' is 5000; empty times and limit are none). A number that is
 * not one is sent as typed, so that the server's message names the field.
 */
import type { AdminCoupon, CouponChangeBody, CouponCreateBody, CouponKind, CouponRedemption, CouponStatus } from '@/lib/contracts/coupons-admin';
import type { PaymentState } from '@/lib/domain/order-lifecycle';
import { formatNaira } from '@/lib/domain/money';
import { lagosDateTime } from '../order/order-text';

export type CouponFormValues = {
  code: string;
  description: string;
  kind: CouponKind;
  amount: string;
  minAmount: string;
  /** Lagos wall-clock 'YYYY-MM-DDTHH:mm' (a datetime-local field), '' for none. */
  startsAt: string;
  endsAt: string;
  /** '' for no limit. */
  usageLimit: string;
  active: boolean;
};

const lagosParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * An ISO instant as the Lagos wall-clock text a datetime-local field holds (only types come from
 * the contract here, so that zod stays out of the page).
 * @example lagosFieldValue('2027-01-31T23:00:00.000Z') // '2027-02-01T00:00'
 */
export function lagosFieldValue(iso: string): string {
  const part = Object.fromEntries(lagosParts.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`;
}

export const EMPTY_COUPON: CouponFormValues = { code: '', description: '', kind: 'percent', amount: '', minAmount: '', startsAt: '', endsAt: '', usageLimit: '', active: true };

/** A coupon's terms as the form shows them. */
export function valuesOf(coupon: AdminCoupon): CouponFormValues {
  return {
    code: coupon.code,
    description: coupon.description,
    kind: coupon.kind,
    amount: String(coupon.amount),
    minAmount: coupon.minAmount > 0 ? String(coupon.minAmount) : '',
    startsAt: coupon.startsAt ? lagosFieldValue(coupon.startsAt) : '',
    endsAt: coupon.endsAt ? lagosFieldValue(coupon.endsAt) : '',
    usageLimit: coupon.usageLimit === null ? '' : String(coupon.usageLimit),
    active: coupon.active,
  };
}

/** What was typed, as a whole number when it is one ('5,000', ' 15 ', '15%'), else the text itself. */
export function typedNumber(text: string): number | string {
  const digits = text.replace(/[\s,₦%]/g, '');
  return /^\d+(\.\d+)?$/.test(digits) ? Number(digits) : text.trim();
}

const orNull = (text: string) => (text.trim() === '' ? null : text.trim());

/** The new coupon's body; an empty minimum is none (0), an empty limit or time is none. */
export function createBodyOf(values: CouponFormValues): CouponCreateBody {
  return {
    code: values.code,
    ...(values.description.trim() && { description: values.description }),
    kind: values.kind,
    amount: typedNumber(values.amount) as number,
    minAmount: values.minAmount.trim() === '' ? 0 : (typedNumber(values.minAmount) as number),
    startsAt: orNull(values.startsAt),
    endsAt: orNull(values.endsAt),
    usageLimit: values.usageLimit.trim() === '' ? null : (typedNumber(values.usageLimit) as number),
    active: values.active,
  };
}

/** The change body: only the terms that differ from the coupon; null when none does. */
export function changeBodyOf(coupon: AdminCoupon, values: CouponFormValues): CouponChangeBody | null {
  const before = createBodyOf(valuesOf(coupon));
  const after = createBodyOf(values);
  const body: Record<string, unknown> = {};
  if ((after.description ?? '') !== (before.description ?? '')) body.description = after.description ?? '';
  for (const key of ['kind', 'amount', 'minAmount', 'startsAt', 'endsAt', 'usageLimit', 'active'] as const) {
    if (after[key] !== before[key]) body[key] = after[key];
  }
  return Object.keys(body).length > 0 ? (body as CouponChangeBody) : null;
}

/** '15% off' or '₦5,000 off'. */
export function discountText(coupon: Pick<AdminCoupon, 'kind' | 'amount'>): string {
  return coupon.kind === 'percent' ? `${coupon.amount}% off` : `${formatNaira(coupon.amount)} off`;
}

/** 'Orders from ₦40,000', or 'Any order'. */
export function minimumText(coupon: Pick<AdminCoupon, 'minAmount'>): string {
  return coupon.minAmount > 0 ? `Orders from ${formatNaira(coupon.minAmount)}` : 'Any order';
}

/** 'Any time', 'From 1 Feb 2027, 00:00', 'Until 16 Feb 2027, 00:00', or both (Lagos time). */
export function windowText(coupon: Pick<AdminCoupon, 'startsAt' | 'endsAt'>): string {
  if (coupon.startsAt && coupon.endsAt) return `${lagosDateTime(coupon.startsAt)} – ${lagosDateTime(coupon.endsAt)}`;
  if (coupon.startsAt) return `From ${lagosDateTime(coupon.startsAt)}`;
  if (coupon.endsAt) return `Until ${lagosDateTime(coupon.endsAt)}`;
  return 'Any time';
}

/** '3 paid · 1 held of 50', or '3 paid · 1 held (no limit)'. */
export function usesText(coupon: Pick<AdminCoupon, 'uses' | 'usageLimit'>): string {
  const uses = `${coupon.uses.paid} paid · ${coupon.uses.held} held`;
  return coupon.usageLimit === null ? `${uses} (no limit)` : `${uses} of ${coupon.usageLimit.toLocaleString('en-NG')}`;
}

export const STATUS_LABELS: Record<CouponStatus, string> = {
  active: 'Active',
  paused: 'Paused',
  scheduled: 'Not started',
  ended: 'Ended',
  used_up: 'Used up',
};

export const PAYMENT_LABELS: Record<PaymentState, string> = {
  unpaid: 'Not paid',
  awaiting_confirmation: 'Transfer to confirm',
  part_paid: 'Part paid',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

/** How an order's use of the coupon stands, in words. */
export function standingText(row: Pick<CouponRedemption, 'use' | 'heldUntil'>): string {
  switch (row.use) {
    case 'paid':
      return 'Counts: paid';
    case 'held':
      return row.heldUntil ? `Counts: held until ${lagosDateTime(row.heldUntil).split(', ')[1]}` : 'Counts: held for the transfer';
    case 'lapsed':
      return 'Hold lapsed: does not count';
    case 'cancelled':
      return 'Cancelled: does not count';
  }
}
