/**
 * The calendar of the cart's date picker: react-day-picker in the shop's time zone, days before
 * `today` (YYYY-MM-DD in Lagos) disabled. Loaded only when the picker opens.
 */
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { dayOf } from '@/lib/domain/cart';
import { SHOP_TIME_ZONE } from '@/lib/domain/dates';

export function DatePicker({ today, onSelect }: { today: string; onSelect(day: string): void }) {
  return (
    <DayPicker
      mode="single"
      timeZone={SHOP_TIME_ZONE}
      autoFocus
      // The calendar's days are dates in Lagos, so their own year, month and day are the shop's day.
      disabled={(date: Date) => dayOf(date) < today}
      onSelect={(date: Date | undefined) => {
        if (date) onSelect(dayOf(date));
      }}
    />
  );
}
