/** The shop's clock: dates are days in Africa/Lagos, written YYYY-MM-DD. */

import { onFirstUse } from '@/lib/domain/first-use';

export const SHOP_TIME_ZONE = 'Africa/Lagos';

/**
 * Lagos keeps West Africa Time all year: UTC+1, no daylight saving. Its clock is UTC's plus an
 * hour, worked out without the browser's time-zone data (a phone loads that data when the first
 * formatter is built; the product page's first load formats no date otherwise).
 * `__tests__/lib/domain/dates.test.ts` checks it against Intl's Africa/Lagos hour by hour.
 */
export const LAGOS_UTC_OFFSET_MS = 3_600_000;

/**
 * The shop's calendar day at an instant.
 * @example shopDay(new Date('2027-02-13T23:30:00Z')) // '2027-02-14' (00:30 in Lagos)
 */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + LAGOS_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The cart's date format 'D MMM YYYY' (spec section 9) for a YYYY-MM-DD day.
 * @example formatCartDate('2027-02-04') // '4 Feb 2027'
 */
export function formatCartDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

const longDay = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }));

/**
 * A YYYY-MM-DD day in words with its weekday, for a day the shopper plans around (an occasion).
 * The day is already the shop's (Lagos) calendar day, so it is read at noon UTC: the same day in
 * every time zone. Not a day: given back as it is.
 * @example formatLongDay('2027-12-04') // 'Saturday 4 December 2027'
 */
export function formatLongDay(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  // en-GB puts a comma after the weekday; the shop writes 'Saturday 4 December 2027'.
  return Number.isNaN(at.getTime()) ? day : longDay().format(at).replace(',', '');
}

/** Adds days to a YYYY-MM-DD day. @example addDays('2027-02-28', 1) // '2027-03-01' */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
