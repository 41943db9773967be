/**
 * The words of the account's occasion reminders, shared by the reminders page
 * (./reminder-list.tsx) and the order page's 'Remind me next year' (./remind-button.tsx). Days
 * are the shop's (Lagos) calendar days, written in words with their weekday.
 */
import type { ReminderView } from '@/lib/contracts/reminders';
import { formatLongDay } from '@/lib/domain/long-day';
import { reminderPhrase, reminderTitle } from '@/lib/domain/reminders';

/** "Amaka's Birthday", "Mother's Day for Ngozi", 'Your occasion' (lib/domain/reminders.ts). */
export const titleOf = (r: Pick<ReminderView, 'occasion' | 'recipientName'>) => reminderTitle(r.occasion, r.recipientName);
/** The same inside a sentence: 'this occasion' for one without a purpose or a name. */
export const phraseOf = (r: Pick<ReminderView, 'occasion' | 'recipientName'>) => reminderPhrase(r.occasion, r.recipientName);

/** 'A', 'A and B' (the e-mails' days in words). */
const daysText = (days: string[]) => days.map(formatLongDay).join(' and ');

export const REMINDERS_TEXT = {
  heading: 'Your reminders',
  loading: 'Loading your reminders…',
  nextOn: (day: string) => `Next on ${formatLongDay(day)}`,
  muted: 'You unsubscribed from these e-mails, so none will be sent.',
  empty:
    "You have no occasion reminders. Choose 'Remind me next year' on a paid order and we will e-mail you a week and a day before the day comes round again, with what you sent last time and a link to send it again.",
  stopped: (title: string, orderNumber: string) =>
    `Reminder stopped: we will not e-mail you about ${title} again. To start it again, choose 'Remind me next year' on order ${orderNumber}.`,
  remind: 'Remind me next year',
  reminding: 'Setting your reminder…',
  set: 'Reminder set',
  /** What a new reminder will do: `days` from `reminderEmailDays`. */
  willEmail: (days: string[], title: string) => (days.length ? `We will e-mail you on ${daysText(days)} before ${title}.` : `We will remind you before ${title} next year.`),
  couldNot: (message: string) => `Could not set the reminder: ${message}`,
} as const;
