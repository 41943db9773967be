/**
 * Checkout rules shared by the server and the checkout page (spec sections 3, 5 and 9, the shop's
 * facts): payment methods per currency, pickup locations, residence types and occasions, phone
 * normalisation, the delivery fee, the delivery-date rule and the totals with a coupon (the order's
 * states and transitions are in `order-lifecycle.ts`). Pure and free of zod, so the checkout page can
 * load it without the contracts.
 */
import { formatNaira, type CurrencyCode } from '@/lib/domain/money';
import { deliveryConfigFor, type DeliveryConfig, type DeliverySettings } from '@/lib/domain/delivery';
import { onFirstUse } from '@/lib/domain/first-use';
import { addDays } from '@/lib/domain/dates';
import { lagosSecondsOfDay } from '@/lib/domain/lagos-clock';

// ---------------------------------------------------------------------------------------------
// Payment methods (spec section 9)

export const PAYMENT_METHODS = [
  { key: 'paystack', label: 'Paystack', currencies: ['NGN', 'USD'], kind: 'card', description: 'Pay with a debit or credit card, bank or USSD through Paystack.' },
  { key: 'flutterwave', label: 'Flutterwave', currencies: ['NGN'], kind: 'card', description: 'Pay with a Nigerian debit or credit card through Flutterwave.' },
  { key: 'payPal', label: 'PayPal', currencies: ['USD', 'GBP'], kind: 'card', description: 'Pay with PayPal or any card; no PayPal account needed.' },
  { key: 'monnify', label: 'Monnify bank transfer', currencies: ['NGN'], kind: 'card', description: 'Pay by instant bank transfer or card through Monnify.' },
  { key: 'gtbTransfer', label: 'Bank transfer (GTBank)', currencies: ['NGN'], kind: 'manual', description: 'Transfer naira to our GTBank account, quoting your order number; we confirm it.' },
  { key: 'leadBankTransfer', label: 'US bank transfer (Lead Bank)', currencies: ['USD'], kind: 'manual', description: 'Transfer dollars to our US account at Lead Bank, quoting your order number.' },
  { key: 'natwestTransfer', label: 'UK bank transfer (NatWest)', currencies: ['GBP'], kind: 'manual', description: 'Transfer pounds to our UK account at NatWest, quoting your order number.' },
  { key: 'bitcoinTransfer', label: 'Bitcoin', currencies: ['USD'], kind: 'manual', description: 'Send the amount in Bitcoin to our wallet address; we confirm after one confirmation.' },
] as const satisfies readonly { key: string; label: string; currencies: readonly CurrencyCode[]; kind: 'card' | 'manual'; description: string }[];

export type PaymentMethodKey = (typeof PAYMENT_METHODS)[number]['key'];
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];
export const PAYMENT_METHOD_KEYS = PAYMENT_METHODS.map((m) => m.key) as [PaymentMethodKey, ...PaymentMethodKey[]];

/**
 * The payment methods a currency allows, in the shop's order.
 * @example paymentMethodsFor('GBP').map((m) => m.key) // ['payPal', 'natwestTransfer']
 */
export function paymentMethodsFor(currency: CurrencyCode): PaymentMethod[] {
  return PAYMENT_METHODS.filter((m) => (m.currencies as readonly CurrencyCode[]).includes(currency));
}

/**
 * A method's label for people, by key; the key itself for one the shop does not know.
 * @example methodLabel('payPal') // 'PayPal'
 */
export function methodLabel(key: string): string {
  return PAYMENT_METHODS.find((m) => m.key === key)?.label ?? key;
}

/** Whether a method serves a currency. */
export function methodAllows(method: string, currency: CurrencyCode): boolean {
  return paymentMethodsFor(currency).some((m) => m.key === method);
}

// ---------------------------------------------------------------------------------------------
// Where orders go

export const DELIVERY_METHODS = ['delivery', 'pick-up'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** Delivery states (spec section 9); other-locations are quoted by staff case by case. */
export const DELIVERY_STATES = ['lagos', 'abuja', 'other-locations'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Pickup points (spec section 9): Ikoyi and Lekki in Lagos, and Abuja. */
export const PICKUP_LOCATIONS = [
  { code: 'LPI', name: 'Ikoyi', state: 'lagos', branch: 'lagos' },
  { code: 'LPL', name: 'Lekki', state: 'lagos', branch: 'lagos' },
  { code: 'APA', name: 'Abuja', state: 'abuja', branch: 'abuja' },
] as const;
export type PickupCode = (typeof PICKUP_LOCATIONS)[number]['code'];
export const PICKUP_CODES = PICKUP_LOCATIONS.map((p) => p.code) as [PickupCode, ...PickupCode[]];

export const RESIDENCE_TYPES = ['Home', 'Office', 'Hotel', 'Hospital', 'Church or mosque', 'Event venue', 'Other'] as const;

/** Occasions shoppers choose as the order's purpose (the shop's facts). */
export const PURPOSES = [
  'Birthday',
  'Anniversary',
  'Romance / just because',
  "Valentine's",
  'Get well soon',
  'Thank you',
  'Sorry',
  'Congratulations',
  'New baby',
  'Wedding',
  'Funeral / condolence',
  "Mother's Day",
  "Father's Day",
  'Christmas',
  'Corporate',
  'Other',
] as const;

/**
 * The order's recipient address text (spec section 3): a leading bracketed residence type, then
 * the address. `splitRecipientAddress` reads it back.
 * @example joinRecipientAddress('Office', '5 Bourdillon Road, Ikoyi') // '[Office] 5 Bourdillon Road, Ikoyi'
 */
export function joinRecipientAddress(residenceType: string | undefined, address: string): string {
  return residenceType ? `[${residenceType}] ${address}` : address;
}

/** @example splitRecipientAddress('[Office] 5 Bourdillon Road') // { residenceType: 'Office', address: '5 Bourdillon Road' } */
export function splitRecipientAddress(text: string): { residenceType: string; address: string } {
  const match = /^\s*\[([^\]]*)\]\s*(.*)$/s.exec(text);
  return match ? { residenceType: match[1]!.trim(), address: match[2]!.trim() } : { residenceType: '', address: text.trim() };
}

// ---------------------------------------------------------------------------------------------
// Phone numbers (spec section 5)

export const DEFAULT_COUNTRY_CODE = '+234';

/**
 * The phone helper: strips spaces, slashes, pipes, dashes, dots and brackets, and a leading
 * 234 or 2340 (with or without +).
 * @example stripPhone('+234 803/123|4567') // '8031234567'
 */
export function stripPhone(phone: string): string {
  return phone.replace(/[\s/|\-.()]/g, '').replace(/^\+?2340?/, '');
}

/**
 * The country code as '+digits'.
 * @example normaliseCountryCode('44') // '+44'
 */
export function normaliseCountryCode(code: string | undefined): string {
  const digits = (code ?? '').replace(/\D/g, '');
  return digits ? `+${digits}` : DEFAULT_COUNTRY_CODE;
}

/**
 * A phone number as sent: the country code prefixed once, a leading 0 removed. A number typed
 * with its own country code keeps it only once.
 * @example normalisePhone('0803 123 4567', '+234') // '+2348031234567'
 * @example normalisePhone('+44 7700 900123', '+44') // '+447700900123'
 * @example normalisePhone('+44 7700 900123', '+234') // '+447700900123'
 */
export function normalisePhone(phone: string, countryCode: string = DEFAULT_COUNTRY_CODE): string {
  const code = normaliseCountryCode(countryCode);
  let digits = code === '+234' ? stripPhone(phone) : phone.replace(/[\s/|\-.()]/g, '');
  const bare = code.slice(1);
  if (digits.startsWith(`+${bare}`)) digits = digits.slice(bare.length + 1);
  else if (digits.startsWith(`00${bare}`)) digits = digits.slice(bare.length + 2);
  // Typed with another country's code ('+44 7700 900123' while +234 is chosen): that code stands.
  if (digits.startsWith('+')) return digits;
  digits = digits.replace(/^0+/, '');
  return `${code}${digits}`;
}

/** Whether a normalised number looks like a real phone number (E.164: 8 to 15 digits). */
export function isPlausiblePhone(normalised: string): boolean {
  return /^\+\d{8,15}$/.test(normalised);
}

// ---------------------------------------------------------------------------------------------
// Delivery fee and date

export type FeeQuote =
  | { ok: true; fee: number; config: DeliveryConfig; free: boolean; quotedByStaff: boolean }
  | { ok: false; field: 'state' | 'zone' | 'subtotal'; message: string };

/**
 * The delivery fee in naira for a delivery on `day` (peak-date overrides apply) to a state and
 * zone, given the order's subtotal and coupon discount in naira. Pick-up costs nothing. Other
 * locations are quoted by staff (fee 0 here, `quotedByStaff`). Zones marked `freeAboveThreshold`
 * deliver free when what the shopper pays for the items (subtotal − discount, see
 * `itemsAfterDiscount`) reaches the day's config threshold (a peak day's own threshold too). A
 * config's `minAmount` is the smallest subtotal it delivers.
 * @example deliveryFee(settings, { method: 'delivery', state: 'lagos', zone: 'lagos-central', day: '2027-03-02', subtotal: 45000 }) // { ok: true, fee: 4500, … }
 * @example deliveryFee(settings, { method: 'delivery', state: 'lagos', zone: 'lagos-central', day: '2027-03-02', subtotal: 105000, discount: 10500 }).fee // 4500 (items ₦94,500 after the coupon)
 */
export function deliveryFee(
  settings: DeliverySettings,
  input: { method: DeliveryMethod; state?: string; zone?: string; day: string | null; subtotal: number; discount?: number },
): FeeQuote {
  const config = input.day ? deliveryConfigFor(settings, input.day) : settings.baseConfig;
  if (input.method === 'pick-up') return { ok: true, fee: 0, config, free: true, quotedByStaff: false };
  const state = config.stateDeliveryZones.find((s) => s.state === input.state);
  if (!state) return { ok: false, field: 'state', message: `state must be one of ${config.stateDeliveryZones.map((s) => s.state).join(', ')}` };
  if (config.minAmount > 0 && input.subtotal < config.minAmount) {
    return { ok: false, field: 'subtotal', message: `The smallest order we can deliver on that day is ${formatNaira(config.minAmount)}` };
  }
  if (state.zones.length === 0) return { ok: true, fee: 0, config, free: false, quotedByStaff: true };
  const zone = state.zones.find((z) => z.name === input.zone);
  if (!zone) return { ok: false, field: 'zone', message: `zone must be one of ${state.zones.map((z) => z.name).join(', ')}` };
  const free = zone.freeAboveThreshold && config.freeDeliveryThreshold > 0 && itemsAfterDiscount(input.subtotal, input.discount ?? 0) >= config.freeDeliveryThreshold;
  return { ok: true, fee: free ? 0 : zone.amount, config, free, quotedByStaff: false };
}

/**
 * What the shopper pays for the items: the subtotal less the coupon discount, never below zero.
 * The free-delivery threshold is judged on this.
 * @example itemsAfterDiscount(105000, 10500) // 94500
 */
export function itemsAfterDiscount(subtotal: number, discount: number): number {
  return Math.max(0, subtotal - Math.max(0, Math.min(discount, subtotal)));
}

/** How far ahead a delivery may be booked. */
export const MAX_DAYS_AHEAD = 366;

// Days are counted in lib/domain/dates.ts (small enough for any page's code); exported here for its importers.
export { addDays };

/** Whether a string is a real calendar day written YYYY-MM-DD. */
export function isCalendarDay(day: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return false;
  const at = new Date(`${day}T12:00:00Z`);
  return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === day;
}

/**
 * The first day that can still be booked at an instant: today in Lagos before the same-day
 * cut-off hour, tomorrow from it on.
 * @example earliestDeliveryDay(new Date('2027-03-02T14:59:00Z'), 16, '2027-03-02') // '2027-03-02' (15:59 in Lagos)
 */
export function earliestDeliveryDay(now: Date, cutoffHour: number, today: string): string {
  // The same clock as the cut-off the shopper reads (cutoff.ts): Lagos is UTC+1 all year.
  return lagosSecondsOfDay(now) < cutoffHour * 3600 ? today : addDays(today, 1);
}

/**
 * Checks a delivery or pickup day: a real YYYY-MM-DD day, not before the earliest bookable
 * day, at most a year ahead. Returns an error message or null.
 */
export function deliveryDateError(day: string, today: string, earliest: string): string | null {
  if (!isCalendarDay(day)) return 'deliveryDate must be a day written YYYY-MM-DD';
  if (day < today) return 'deliveryDate must not be in the past';
  if (day < earliest) return 'deliveryDate: same-day delivery has closed for today; please choose tomorrow or later';
  if (day > addDays(earliest, MAX_DAYS_AHEAD)) return 'deliveryDate must be within a year from today';
  return null;
}

// ---------------------------------------------------------------------------------------------
// Coupons and totals

export type CouponTerms = {
  code: string;
  kind: 'percent' | 'fixed';
  /** Percent (1-100) or naira. */
  amount: number;
  /** Smallest subtotal in naira the coupon applies to. */
  minAmount: number;
};

/**
 * The discount in naira a coupon gives on a subtotal: a percentage (rounded down) or a fixed
 * amount, never more than the subtotal. The delivery fee is never discounted.
 * @example couponDiscount({ kind: 'percent', amount: 10, minAmount: 0, code: 'X' }, 45000) // 4500
 */
export function couponDiscount(coupon: CouponTerms, subtotal: number): number {
  if (subtotal < coupon.minAmount) return 0;
  const raw = coupon.kind === 'percent' ? Math.floor((subtotal * Math.min(100, Math.max(0, coupon.amount))) / 100) : coupon.amount;
  return Math.max(0, Math.min(subtotal, raw));
}

/** A coupon's terms plus the rules that say whether it may still be used. */
export type CouponRules = CouponTerms & { active: boolean; startsAt: Date | null; endsAt: Date | null; usageLimit: number | null };

/**
 * How long an unpaid order holds a coupon that has a usage limit, from when it was applied (or
 * last re-taken): after that the hold no longer counts against the limit for other orders, so
 * nobody can use up a limited coupon by applying it and walking away. A paid order's use (and
 * one whose transfer the shopper says is sent) always counts.
 */
export const COUPON_HOLD_MINUTES = 30;
export const COUPON_HOLD_MS = COUPON_HOLD_MINUTES * 60_000;

const lagosDate = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }));

/** The reasons a coupon is refused, as shoppers read them. */
export const COUPON_MESSAGES = {
  unknown: 'This coupon code is not valid',
  inactive: 'This coupon is no longer available',
  notStarted: (startsAt: Date) => `This coupon can be used from ${lagosDate().format(startsAt)}`,
  expired: (endsAt: Date) => `This coupon expired on ${lagosDate().format(endsAt)}`,
  emptyOrder: 'Add something to your order before applying a coupon',
  minimum: (minAmount: number) => `This coupon needs an order of at least ${formatNaira(minAmount)}`,
  usedUp: 'This coupon has already been used',
} as const;

export type CouponRefusal = {
  reason: Exclude<keyof typeof COUPON_MESSAGES, 'unknown'>;
  /** The refusal when applying it. */
  message: string;
  /** Why it was taken off an order that held it (the timeline line and the shopper's notice). */
  removal: string;
};

/**
 * Why a coupon does not (or no longer) apply to an order with this subtotal and item count at
 * `at`, or null when it does. `uses` is how many other orders' uses count against its limit
 * (paid ones, and unpaid ones within their hold). Applying a coupon and re-checking the one an
 * order holds use these same rules.
 * @example couponRefusal({ ...terms, active: false }, { subtotal: 45000, itemCount: 1 }, 0, now)?.removal // 'this coupon is no longer available'
 */
export function couponRefusal(coupon: CouponRules, order: { subtotal: number; itemCount: number }, uses: number, at: Date): CouponRefusal | null {
  if (!coupon.active) return { reason: 'inactive', message: COUPON_MESSAGES.inactive, removal: 'this coupon is no longer available' };
  if (coupon.startsAt && at < coupon.startsAt) {
    return { reason: 'notStarted', message: COUPON_MESSAGES.notStarted(coupon.startsAt), removal: `this coupon can only be used from ${lagosDate().format(coupon.startsAt)}` };
  }
  // `endsAt` is the first instant it no longer applies; the message names the last day.
  if (coupon.endsAt && at >= coupon.endsAt) {
    const lastDay = new Date(coupon.endsAt.getTime() - 1);
    return { reason: 'expired', message: COUPON_MESSAGES.expired(lastDay), removal: `this coupon expired on ${lagosDate().format(lastDay)}` };
  }
  if (order.itemCount === 0) return { reason: 'emptyOrder', message: COUPON_MESSAGES.emptyOrder, removal: 'the order has no items' };
  if (order.subtotal < coupon.minAmount) {
    return { reason: 'minimum', message: COUPON_MESSAGES.minimum(coupon.minAmount), removal: `the order no longer meets its minimum of ${formatNaira(coupon.minAmount)}` };
  }
  if (coupon.usageLimit !== null && uses >= coupon.usageLimit) {
    return { reason: 'usedUp', message: COUPON_MESSAGES.usedUp, removal: `this coupon has been used up (an unpaid order keeps a coupon for ${COUPON_HOLD_MINUTES} minutes)` };
  }
  return null;
}

/**
 * Whether an unpaid order's hold on a coupon, taken at `heldSince`, still stands at `at`.
 * @example holdStands(new Date('2027-03-02T10:00:00Z'), new Date('2027-03-02T10:29:59Z')) // true
 */
export function holdStands(heldSince: Date, at: Date): boolean {
  return at.getTime() - heldSince.getTime() < COUPON_HOLD_MS;
}

export type OrderTotals = { subtotal: number; deliveryFee: number; discount: number; total: number };

/**
 * The order's totals in naira: subtotal − discount + delivery fee, never negative.
 * @example orderTotals(45000, 4500, 4500) // { subtotal: 45000, deliveryFee: 4500, discount: 4500, total: 45000 }
 */
export function orderTotals(subtotal: number, deliveryFee: number, discount: number): OrderTotals {
  const d = Math.max(0, Math.min(discount, subtotal));
  return { subtotal, deliveryFee, discount: d, total: Math.max(0, subtotal - d + deliveryFee) };
}
