/**
 * Occasion reminders' calendar (pure): when the occasion of an order comes round again, and which
 * e-mail is due on a day. The server's scheduled job (lib/server/services/reminders.ts) applies it.
 */
import { addDays } from '@/lib/domain/dates';

/** The e-mails of one year, by days before the occasion. */
export const REMINDER_EMAILS = { week: 7, day: 1 } as const;
export type ReminderEmail = keyof typeof REMINDER_EMAILS;

/** `day`'s month and day in `year` (29 February is the 28th in a year without it). */
function inYear(day: string, year: number): string {
  const [, month, date] = day.split('-');
  const candidate = `${year}-${month}-${date}`;
  return month === '02' && date === '29' && addDays(`${year}-02-28`, 1) !== candidate ? `${year}-02-28` : candidate;
}

/**
 * The first day after `today` that is `occasionDay`'s month and day: when the occasion next comes round.
 * @example nextOccasionDay('2026-12-04', '2026-12-04') // '2027-12-04'
 * @example nextOccasionDay('2024-02-29', '2026-03-01') // '2027-02-28'
 */
export function nextOccasionDay(occasionDay: string, today: string): string {
  const year = Number(today.slice(0, 4));
  const thisYear = inYear(occasionDay, year);
  return thisYear > today ? thisYear : inYear(occasionDay, year + 1);
}

/**
 * Where a new reminder starts: the occasion's day next comes round after both today and the day
 * itself (an order paid before its delivery day is remembered for the year after, not for that day).
 * @example firstReminderDay('2026-11-29', '2026-11-27') // '2027-11-29'
 */
export function firstReminderDay(occasionDay: string, today: string): string {
  return nextOccasionDay(occasionDay, today > occasionDay ? today : occasionDay);
}

/**
 * The e-mail due `today` for an occasion on `nextOn`, given the occasions whose e-mails went
 * already: the week's from seven to two days before (a missed day is made up), the day's on the
 * day before; each once per occasion. Null when none is.
 * @example reminderDue('2027-12-04', '2027-11-27', { week: null, day: null }) // 'week'
 */
export function reminderDue(nextOn: string, today: string, sent: { week: string | null; day: string | null }): ReminderEmail | null {
  if (today === addDays(nextOn, -REMINDER_EMAILS.day)) return sent.day === nextOn ? null : 'day';
  if (today >= addDays(nextOn, -REMINDER_EMAILS.week) && today < addDays(nextOn, -REMINDER_EMAILS.day) && sent.week !== nextOn) return 'week';
  return null;
}

/**
 * The days the e-mails for an occasion on `nextOn` go out, seen on `today` before any went: the
 * week's seven days before (today when that is past but the day before is not yet: the job makes
 * it up), then the day before. What the shopper is told on asking for a reminder.
 * @example reminderEmailDays('2027-12-04', '2027-06-01') // ['2027-11-27', '2027-12-03']
 * @example reminderEmailDays('2027-12-04', '2027-12-01') // ['2027-12-01', '2027-12-03']
 */
export function reminderEmailDays(nextOn: string, today: string): string[] {
  const week = addDays(nextOn, -REMINDER_EMAILS.week);
  const day = addDays(nextOn, -REMINDER_EMAILS.day);
  const days: string[] = [];
  if (today < day) days.push(today < week ? week : today);
  if (today <= day) days.push(day);
  return days;
}

/** The occasion's name for an order's purpose ('Other' and none: 'Occasion'). */
export function occasionOf(purpose: string): string {
  return purpose && purpose !== 'Other' ? purpose : 'Occasion';
}

/** Occasions that are the recipient's own ("Amaka's Birthday"); the others are days for them ("Mother's Day for Ngozi"). */
const OWN_OCCASIONS = new Set(['Birthday', 'Anniversary', 'Wedding']);

/**
 * A reminder's name as the shopper reads it, from its occasion (`occasionOf`) and recipient: the
 * recipient's own day in the possessive, any other day for them; 'Occasion' (no purpose given)
 * in lower case after a name.
 * @example reminderTitle('Birthday', 'Amaka') // "Amaka's Birthday"
 * @example reminderTitle("Mother's Day", 'Ngozi') // "Mother's Day for Ngozi"
 * @example reminderTitle('Occasion', '') // 'Your occasion'
 */
export function reminderTitle(occasion: string, recipientName: string): string {
  if (occasion === 'Occasion') return recipientName ? `${recipientName}'s occasion` : 'Your occasion';
  if (!recipientName) return occasion;
  return OWN_OCCASIONS.has(occasion) ? `${recipientName}'s ${occasion}` : `${occasion} for ${recipientName}`;
}

/**
 * The same name inside a sentence ("before Mother's Day for Ngozi", "about this occasion"): the
 * payment e-mail's offer, 'Remind me next year' and 'Send it again'.
 */
export function reminderPhrase(occasion: string, recipientName: string): string {
  return occasion === 'Occasion' && !recipientName ? 'this occasion' : reminderTitle(occasion, recipientName);
}
