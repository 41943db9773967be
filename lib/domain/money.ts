/**
 * Currencies and price conversion (spec sections 3 and 9). Prices are stored in whole naira;
 * a price in another currency is the naira amount divided by the rate, rounded up. This one
 * function serves display, order totals and payment amounts alike.
 */

export const CURRENCY_CODES = ['NGN', 'USD', 'GBP'] as const;
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

const grouping = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

/**
 * Formats a naira price in a currency: sign, then the converted amount with thousands separators.
 * @example formatPrice(45000, { name: 'USD', conversionRate: 700, sign: '$' }) // '$65'
 */
export function formatPrice(naira: number, currency: Currency): string {
  return `${currency.sign}${grouping.format(convertFromNaira(naira, currency.conversionRate))}`;
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
