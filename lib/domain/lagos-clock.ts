/** The shop's clock: the calendar day and the time of day in Africa/Lagos (dates.ts re-exports the day). */

/**
 * Lagos keeps West Africa Time all year: UTC+1, no daylight saving. Its clock is UTC's plus an
 * hour, worked out without the browser's time-zone data (a phone loads that data when the first
 * formatter is built; the product page's first load formats no date otherwise).
 * `__tests__/lib/domain/dates.test.ts` checks it against Intl's Africa/Lagos every 37 minutes
 * over two years.
 */
export const LAGOS_UTC_OFFSET_MS = 3_600_000;

/**
 * The shop's calendar day at an instant.
 * @example shopDay(new Date('2027-02-13T23:30:00Z')) // '2027-02-14' (00:30 in Lagos)
 */
export function shopDay(at: Date): string {
  return new Date(at.getTime() + LAGOS_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

const DAY_MS = 86_400_000;

/** Seconds since midnight in Lagos at an instant: the same-day cut-off's clock, shown and enforced. */
export function lagosSecondsOfDay(at: Date): number {
  return Math.floor(((((at.getTime() + LAGOS_UTC_OFFSET_MS) % DAY_MS) + DAY_MS) % DAY_MS) / 1000);
}
