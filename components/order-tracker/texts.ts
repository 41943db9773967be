/**
 * The order tracker's texts and small formatting rules, shared by the page's server side (the
 * no-JavaScript lookup) and the components, so both say the same thing: lookup error messages,
 * the order number as staff write it, the payment status in plain words, and times in Lagos.
 */
import { formatCartDate, LAGOS_UTC_OFFSET_MS } from '@/lib/domain/dates';
import { isPaidStatus, TEST_PAYMENT_NOTE } from '@/lib/domain/order';
import type { TrackerPageTexts } from '@/lib/content/tracker-texts';

/** The texts the form and the order view take from the page's data (lib/content/tracker-texts.ts). */
export type OrderViewTexts = Pick<TrackerPageTexts, 'emailHint' | 'partPaid' | 'deliveryPhoto' | 'notFound' | 'unavailable'>;

export const TRACKER_TEXT = {
  required: (field: string) => `${field} is required`,
  badEmail: 'Enter a valid e-mail address',
  testPayment: TEST_PAYMENT_NOTE,
} as const;

export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * What a failed lookup tells the shopper: not found (404, or 400 for a number that cannot be
 * one), the server's own words for too many tries (429), otherwise a short 'try again'.
 */
export function lookupErrorMessage(error: unknown, texts: Pick<TrackerPageTexts, 'notFound' | 'unavailable'>): string {
  const { status, message } = (error ?? {}) as { status?: unknown; message?: unknown };
  if (status === 404 || status === 400) return texts.notFound;
  if (status === 429 && typeof message === 'string' && message) return message;
  return texts.unavailable;
}

/**
 * The order number as staff write it: upper case, 'RF-' and the digits.
 * @example cleanOrderNumber(' rf 100234 ') // 'RF-100234'
 * @example cleanOrderNumber('100234') // 'RF-100234'
 */
export function cleanOrderNumber(typed: string): string {
  const text = typed.trim().toUpperCase().slice(0, 40);
  const digits = /^(?:RF[\s-]*)?(\d+)$/.exec(text);
  return digits ? `RF-${digits[1]}` : text;
}

/**
 * Whether the payment status says part of the money has arrived and the rest is due (the
 * lifecycle's PART_PAID_WORDING, 'PART PAID - BALANCE DUE'; read as text, like the others).
 */
export function isPartPaidStatus(paymentStatus: string): boolean {
  return !isPaidStatus(paymentStatus) && paymentStatus.trim().toLowerCase().startsWith('part paid');
}

/** The staff's payment status in plain words: 'Paid', 'Awaiting payment', 'Part paid: the rest is still due', … */
export function paymentLabel(paymentStatus: string): string {
  if (isPaidStatus(paymentStatus)) return 'Paid';
  const status = paymentStatus.trim().toLowerCase();
  if (!status || status === 'not paid') return 'Awaiting payment';
  if (status === 'awaiting confirmation') return 'Payment being confirmed';
  if (isPartPaidStatus(paymentStatus)) return 'Part paid: the rest is still due';
  if (status.startsWith('refund due')) return 'Refund due';
  if (status.startsWith('refunded')) return 'Refunded';
  return status[0]!.toUpperCase() + status.slice(1);
}

/** A YYYY-MM-DD day as 'D MMM YYYY', the cart's format. */
export const formatDay = formatCartDate;

/**
 * An instant as the shop's day and time in Lagos (UTC+1 all year: lib/domain/lagos-clock.ts).
 * @example lagosTime('2027-02-14T08:05:00Z') // '14 Feb 2027, 09:05'
 */
export function lagosTime(iso: string): string {
  const at = new Date(iso).getTime();
  if (Number.isNaN(at)) return '';
  const lagos = new Date(at + LAGOS_UTC_OFFSET_MS).toISOString();
  return `${formatDay(lagos.slice(0, 10))}, ${lagos.slice(11, 16)}`;
}
