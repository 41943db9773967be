/**
 * The settings pages' words: when something last changed (Lagos time), amounts typed by people
 * ('45,000', '₦45,000'), hours of the day, and peak dates (MM-DD, recurring) as people read them.
 */
import { monthDayText } from '@/lib/contracts/settings-admin';
import { lagosDateTime } from '../order/order-text';

/**
 * @example changedText('2026-11-25T13:05:00Z') // 'Changed 25 Nov 2026, 14:05 (Lagos)'
 */
export function changedText(iso: string | null): string {
  return iso ? `Changed ${lagosDateTime(iso)} (Lagos)` : 'Not changed yet';
}

/**
 * A whole number of naira as typed (commas, spaces and the sign allowed), or NaN when it is not
 * one: sent as it is, the server's 400 then names the field.
 * @example typedNaira('₦45,000') // 45000
 * @example typedNaira('4.5k') // NaN
 */
export function typedNaira(text: string): number {
  const plain = text.replace(/[\s,₦]/g, '');
  return /^\d{1,12}$/.test(plain) ? Number(plain) : Number.NaN;
}

/** A naira amount as the inputs show it. @example nairaText(45000) // '45,000' */
export function nairaText(naira: number): string {
  return naira.toLocaleString('en-US');
}

/**
 * An hour (0–23) of the day as the cut-off list shows it.
 * @example hourText(16) // '16:00 (4 pm)'
 * @example hourText(0) // '00:00 (midnight)'
 */
export function hourText(hour: number): string {
  const clock = `${String(hour).padStart(2, '0')}:00`;
  if (hour === 0) return `${clock} (midnight)`;
  if (hour === 12) return `${clock} (noon)`;
  return `${clock} (${hour % 12} ${hour < 12 ? 'am' : 'pm'})`;
}

const joined = (words: string[]) => (words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);

/**
 * Peak dates in calendar order, days of one month together.
 * @example datesText(['02-15', '02-13', '02-14', '12-25']) // '13, 14 and 15 February; 25 December'
 */
export function datesText(dates: readonly string[]): string {
  const months = new Map<string, string[]>();
  for (const day of [...dates].sort()) {
    const [dayNumber, month] = monthDayText(day).split(' ');
    months.set(month ?? day, [...(months.get(month ?? day) ?? []), month ? dayNumber! : day]);
  }
  return [...months].map(([month, days]) => (days.length === 1 && days[0] === month ? month : `${joined(days)} ${month}`)).join('; ');
}
