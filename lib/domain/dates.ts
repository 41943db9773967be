/** The shop's clock: dates are days in Africa/Lagos, written YYYY-MM-DD. */

// The Lagos clock is its own small module (cutoff.ts, on the product page, needs only it).
export { LAGOS_UTC_OFFSET_MS, shopDay } from '@/lib/domain/lagos-clock';

export const SHOP_TIME_ZONE = 'Africa/Lagos';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * The cart's date format 'D MMM YYYY' (spec section 9) for a YYYY-MM-DD day.
 * @example formatCartDate('2027-02-04') // '4 Feb 2027'
 */
export function formatCartDate(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return `${date} ${MONTHS[(month ?? 1) - 1]} ${year}`;
}

/** Adds days to a YYYY-MM-DD day. @example addDays('2027-02-28', 1) // '2027-03-01' */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return at.toISOString().slice(0, 10);
}
