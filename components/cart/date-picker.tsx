/**
 * The calendar of the cart's and the checkout's date pickers: react-day-picker in the shop's time
 * zone, days before `today` (the first bookable day, YYYY-MM-DD in Lagos: tomorrow after the
 * same-day cut-off) disabled, and the days the branch is fully booked (the delivery calendar,
 * GET /v1/delivery/calendar) disabled with the reason on the day ('Full', its title and its
 * label) and under the calendar. Without a branch (the cart: the shopper has not said where it
 * goes) a day is disabled only when every branch is full, and a day full in one branch says so
 * but stays open. Loaded only when a picker opens.
 */
import { createContext, useContext, useEffect, useRef } from 'react';
import { DayPicker, labelDayButton, type DayButtonProps } from 'react-day-picker';
import 'react-day-picker/style.css';
import { dayOf } from '@/lib/domain/cart';
import { SHOP_TIME_ZONE } from '@/lib/domain/dates';
import { FULLY_BOOKED, fullReason, partlyFull, type CapacityBranch } from '@/lib/domain/capacity';
import { useDeliveryCalendar } from './use-delivery-calendar';
import styles from './date-picker.module.css';

type Props = {
  today: string;
  branch?: CapacityBranch | null;
  onSelect(day: string): void;
};

/** Why a day cannot (or, in the cart, not everywhere) be booked; a context keeps DayButton one stable component. */
const ReasonOf = createContext<(date: Date) => string | null>(() => null);

/** react-day-picker's day button (it focuses itself when focused by the keyboard), plus the reason of a full day. */
function DayButton({ day, modifiers, children, ...button }: DayButtonProps) {
  const ref = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (modifiers.focused) ref.current?.focus();
  }, [modifiers.focused]);
  const why = useContext(ReasonOf)(day.date);
  return (
    <button ref={ref} {...button} title={why ?? undefined}>
      {why ? (
        <>
          <span className={modifiers.full ? styles.struck : undefined}>{children}</span>
          <span className={styles.mark} aria-hidden="true">
            {modifiers.full ? 'Full' : '•'}
          </span>
        </>
      ) : (
        children
      )}
    </button>
  );
}

export function DatePicker({ today, branch = null, onSelect }: Props) {
  const calendar = useDeliveryCalendar();
  // The calendar's days are dates in Lagos, so their own year, month and day are the shop's day.
  const full = (date: Date) => fullReason(calendar, dayOf(date), branch) !== null;
  const reason = (date: Date) => fullReason(calendar, dayOf(date), branch) ?? (branch ? null : partlyFull(calendar, dayOf(date)));
  const anyFull = calendar !== null && (calendar.full.lagos.length > 0 || calendar.full.abuja.length > 0);
  return (
    <ReasonOf.Provider value={reason}>
      <DayPicker
        mode="single"
        timeZone={SHOP_TIME_ZONE}
        autoFocus
        disabled={(date: Date) => dayOf(date) < today || full(date)}
        modifiers={{ full }}
        modifiersClassNames={{ full: styles.full! }}
        labels={{
          labelDayButton: (date, modifiers, options, dateLib) => {
            const why = reason(date);
            return why ? `${labelDayButton(date, modifiers, options, dateLib)}, ${why.toLowerCase()}` : labelDayButton(date, modifiers, options, dateLib);
          },
        }}
        components={{ DayButton }}
        footer={
          anyFull ? (
            <p className={styles.legend}>
              Days marked Full are {FULLY_BOOKED.toLowerCase()}
              {branch ? '' : ' in every branch'}; choose another day.
            </p>
          ) : undefined
        }
        onSelect={(date: Date | undefined) => {
          if (date) onSelect(dayOf(date));
        }}
      />
    </ReasonOf.Provider>
  );
}
