/** The shop's clock: dates are days in Africa/Lagos, written YYYY-MM-DD. */

import { onFirstUse } from '@/lib/domain/first-use';

export const SHOP_TIME_ZONE = 'Africa/Lagos';

const dayFormat = onFirstUse(() => new Intl.DateTimeFormat('en-CA', { timeZone: SHOP_TIME_ZONE, year: 'numeric', month: '2-digit', day: '2-digit' }));

/**
 * The shop's calendar day at an instant.
 * @example shopDay(new Date('2027-02-13T23:30:00Z')) // '2027-02-14' (00:30 in Lagos)
 */
export function shopDay(at: Date): string {
  return dayFormat().format(at);
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
