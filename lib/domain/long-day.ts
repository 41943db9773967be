/**
 * A day written out in full for reminders ('Saturday 4 December 2027'), apart from dates.ts: it
 * needs an Intl formatter, which pages that only write 'D MMM YYYY' should not carry.
 */
import { onFirstUse } from '@/lib/domain/first-use';

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
