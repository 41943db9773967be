/**
 * Currencies, price conversion and every money text the shop writes (spec sections 3 and 9).
 * Prices are stored in whole naira; a price in another currency is the naira amount divided by
 * the rate, rounded up. This one function serves display, order totals and payment amounts alike.
 *
 * The formatters (en-US digit grouping, the shop's signs):
 * - `formatPrice(naira, currency)`: a naira price shown in a currency, converted ('$65');
 * - `formatNaira(naira)`: naira as they are ('₦45,000'), for the server's messages;
 * - `formatAmount(amount, currency)`: an amount already in a currency ('$215', '₦150,000.50');
 * - `formatMinor(amountMinor, code)`: bigint minor units, exactly ('NGN 24,500.00'; with
 *   `{ sign: true }` '₦24,500.00'), for payment notes and the payment sandbox's pages.
 */

import { CURRENCY_CODES } from './shopper-currency.mjs';

// The list lives beside the server's currency rule (plain JavaScript, shared with the page cache).
export { CURRENCY_CODES };
export type CurrencyCode = (typeof CURRENCY_CODES)[number];

export type Currency = { name: CurrencyCode; conversionRate: number; sign: string };

export const DEFAULT_CURRENCIES: readonly Currency[] = [
  { name: 'NGN', conversionRate: 1, sign: '₦' },
  { name: 'USD', conversionRate: 700, sign: '$' },
  { name: 'GBP', conversionRate: 890, sign: '£' },
];

/**
 * Converts whole naira into whole units of a currency, rounding up.
 * @example convertFromNaira(45000, 700) // 65
 */
export function convertFromNaira(naira: number, conversionRate: number): number {
  if (!Number.isFinite(naira) || !Number.isFinite(conversionRate) || conversionRate <= 0) {
    throw new RangeError(`Cannot convert ${naira} at rate ${conversionRate}`);
  }
  return Math.ceil(naira / conversionRate);
}

/**
 * A number as en-US digits, as `Intl.NumberFormat('en-US', { minimumFractionDigits: min,
 * maximumFractionDigits: max })` writes it (thousands grouped with commas; rounded half away from
 * zero on its shortest decimal form; '-0' for negative zero), without Intl: building a number
 * format loads the browser's locale data, 30 ms of a phone's first page load on a busy core
 * (a third of the app chunk's start-up). Amounts JavaScript writes with an exponent (1e21 and
 * up, 1e-7 and down: never a price) are written that way.
 * @example numberText(150000.5, 2, 2) // '150,000.50'
 * @example numberText(44999.5, 0, 3) // '44,999.5'
 */
export function numberText(value: number | bigint, min: number, max: number): string {
  const negative = value < 0 || Object.is(value, -0);
  const parts = /^(\d+)(?:\.(\d+))?$/.exec(String(negative ? -value : value));
  if (!parts) return String(value);
  let [, whole = '', fraction = ''] = parts;
  if (fraction.length > max) {
    const kept = (BigInt(whole + fraction.slice(0, max)) + (fraction[max]! >= '5' ? 1n : 0n)).toString().padStart(max + 1, '0');
    whole = kept.slice(0, kept.length - max);
    fraction = kept.slice(kept.length - max);
  }
  fraction = fraction.replace(/0+$/, '').padEnd(min, '0');
  return `${negative ? '-' : ''}${whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}${fraction && `.${fraction}`}`;
}

/**
 * The sign the shop writes before an amount of a currency, or undefined for a code it does not
 * price in.
 * @example currencySign('GBP') // '£'
 * @example currencySign('GHS') // undefined
 */
export function currencySign(code: string): string | undefined {
  return DEFAULT_CURRENCIES.find((c) => c.name === code)?.sign;
}

/**
 * Formats a naira price in a currency: sign, then the converted amount with thousands separators.
 * @example formatPrice(45000, { name: 'USD', conversionRate: 700, sign: '$' }) // '$65'
 */
export function formatPrice(naira: number, currency: Currency): string {
  return formatAmount(convertFromNaira(naira, currency.conversionRate), currency);
}

/**
 * An amount of naira as it is, with the sign: whole naira print whole; a fraction (only ever a
 * price a client sent wrong) keeps up to three decimals, so that it never looks equal to the
 * right one.
 * @example formatNaira(150000) // '₦150,000'
 * @example formatNaira(44999.5) // '₦44,999.5'
 */
export function formatNaira(naira: number): string {
  return `₦${numberText(naira, 0, 3)}`;
}

/**
 * An amount already in a currency's major units (an order's total in its currency), with the
 * currency's sign: whole amounts without decimals, any other with two. `currency` is a code (the
 * shop's sign; `CODE ` for one it has none for) or a currency record (its sign as configured).
 * @example formatAmount(215, 'USD') // '$215'
 * @example formatAmount(150000.5, 'NGN') // '₦150,000.50'
 * @example formatAmount(35, 'CHF') // 'CHF 35'
 */
export function formatAmount(amount: number, currency: string | Pick<Currency, 'sign'>): string {
  const sign = typeof currency === 'string' ? (currencySign(currency) ?? `${currency} `) : currency.sign;
  return `${sign}${Number.isInteger(amount) ? numberText(amount, 0, 0) : numberText(amount, 2, 2)}`;
}

/** Minor units per major unit of every currency the shop or a provider's sandbox handles (kobo, cents, pence). */
const MINOR_PER_MAJOR = 100n;

/**
 * Minor units (bigint) as text, exactly (no floating point): the code, then the major units with
 * two decimals, as attempt notes and 'refund due' timeline lines say it; with `sign` the shop's
 * sign instead of the code (the sandbox's hosted page).
 * @example formatMinor(3000000000n, 'NGN') // 'NGN 30,000,000.00'
 * @example formatMinor(3510n, 'USD', { sign: true }) // '$35.10'
 * @example formatMinor(-150n, 'GBP') // 'GBP -1.50'
 */
export function formatMinor(amountMinor: bigint, code: string, options: { sign?: boolean } = {}): string {
  const abs = amountMinor < 0n ? -amountMinor : amountMinor;
  const digits = `${amountMinor < 0n ? '-' : ''}${numberText(abs / MINOR_PER_MAJOR, 0, 0)}.${(abs % MINOR_PER_MAJOR).toString().padStart(2, '0')}`;
  const sign = options.sign ? currencySign(code) : undefined;
  return sign ? `${sign}${digits}` : `${code} ${digits}`;
}

/**
 * The currency to start with for a browser time zone (spec section 9): London, Belfast and GB
 * zones give GBP, Lagos gives NGN, anything else USD.
 * @example currencyForTimeZone('Europe/London') // 'GBP'
 */
export function currencyForTimeZone(timeZone: string | undefined): CurrencyCode {
  if (!timeZone) return 'USD';
  if (/^(Europe\/(London|Belfast)|GB|GB-Eire)$/.test(timeZone)) return 'GBP';
  if (timeZone === 'Africa/Lagos') return 'NGN';
  return 'USD';
}

/**
 * Replaces each `{{n}}` placeholder (an amount in naira) with the amount in a currency.
 * @example fillAmounts('Free above {{100000}}', usd) // 'Free above $143'
 */
export function fillAmounts(text: string, currency: Currency): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (_, amount: string) => formatPrice(Number(amount), currency));
}

/**
 * Minor units with the currency's sign, whole amounts without decimals: how staff lines and the
 * sender's e-mails name an amount.
 * @example minorAmountText(2000000n, 'NGN') // '₦20,000'
 * @example minorAmountText(6250n, 'USD') // '$62.50'
 */
export function minorAmountText(amountMinor: bigint, currency: string): string {
  return formatMinor(amountMinor, currency, { sign: true }).replace(/\.00$/, '');
}
