/** The shop's clock: the time and the calendar day in Africa/Lagos (SHOP_TIME_ZONE, re-exported by dates.ts). */

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
