/**
 * The calendar of a peak config's dates: react-day-picker over the coming twelve months (this
 * month first), so that each day of the year appears once with its next weekday. A click adds or
 * removes the day; the config keeps month and day only (MM-DD), repeating every year. Loaded when
 * a peak config is opened.
 */
import { useMemo } from 'react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { isMonthDay } from '@/lib/contracts/settings-admin';

const pad = (n: number) => String(n).padStart(2, '0');
const monthDayOf = (date: Date) => `${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

export function PeakCalendar({ dates, onDates }: { dates: string[]; onDates: (dates: string[]) => void }) {
  const start = useMemo(() => {
    const today = new Date();
    return new Date(today.getFullYear(), today.getMonth(), 1);
  }, []);
  const end = new Date(start.getFullYear(), start.getMonth() + 11, 1);

  /** The day's date in the window, or null when the window has no such day (29 February outside a leap year). */
  const inWindow = (monthDay: string): Date | null => {
    if (!isMonthDay(monthDay)) return null;
    const month = Number(monthDay.slice(0, 2)) - 1;
    const date = new Date(month >= start.getMonth() ? start.getFullYear() : start.getFullYear() + 1, month, Number(monthDay.slice(3)));
    return date.getMonth() === month ? date : null;
  };
  const shown = dates.flatMap((d) => {
    const date = inWindow(d);
    return date ? [date] : [];
  });
  // Days the window cannot show stay chosen whatever is clicked.
  const unseen = dates.filter((d) => !inWindow(d));

  return (
    <DayPicker
      mode="multiple"
      selected={shown}
      onSelect={(days: Date[] | undefined) => onDates([...new Set([...unseen, ...(days ?? []).map(monthDayOf)])].sort())}
      startMonth={start}
      endMonth={end}
      defaultMonth={shown.length > 0 ? new Date(Math.min(...shown.map((d) => d.getTime()))) : start}
      weekStartsOn={1}
    />
  );
}
