/**
 * The cart's 'Pickup/Delivery date' line: the chosen day as 'D MMM YYYY' or 'Not set yet', the
 * same-day cut-off notice, and while no day is set the 'Select date' picker (react-day-picker,
 * loaded when first opened; days before the first bookable one disabled: today in Lagos until the
 * cut-off, tomorrow after it; days every branch is fully booked disabled too). Choosing a day
 * stores it as YYYY-MM-DD and closes the picker.
 */
import { lazy, Suspense, useId, useRef, useState } from 'react';
import { Icon } from '@/components/layout/header/icons';
import { formatCartDate } from '@/lib/domain/cart';
import { earliestDay } from '@/lib/domain/cutoff';
import { useCart } from '@/lib/state/cart-context';
import { useShell } from '@/lib/state/shell-context';
import { CutoffNotice } from './cutoff-notice';
import { CALENDAR } from './icons';
import styles from './delivery-date.module.css';

const DatePicker = lazy(() => import('./date-picker').then((m) => ({ default: m.DatePicker })));

export function DeliveryDate() {
  const { deliveryDate, setDeliveryDate } = useCart();
  const { sameDayCutoffHour } = useShell();
  const [picking, setPicking] = useState(false);
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const value = useRef<HTMLElement>(null);

  return (
    <div className={styles.date}>
      <p className={styles.line}>
        <span>Pickup/Delivery date</span>
        <strong ref={value} tabIndex={-1} aria-live="polite">
          {deliveryDate ? formatCartDate(deliveryDate) : 'Not set yet'}
        </strong>
      </p>
      <CutoffNotice />
      {!deliveryDate && (
        <div className={styles.edit}>
          <button ref={toggle} type="button" className={styles.field} aria-expanded={picking} aria-controls={`${id}p`} onClick={() => setPicking(!picking)}>
            <Icon d={CALENDAR} />
            Select date
          </button>
          <div
            id={`${id}p`}
            className={styles.dropdown}
            hidden={!picking}
            onKeyDown={(event) => {
              // Escape closes the calendar, not the cart around it.
              if (event.key !== 'Escape') return;
              event.preventDefault();
              event.stopPropagation();
              setPicking(false);
              toggle.current?.focus();
            }}
          >
            {picking && (
              <Suspense fallback={<p className={styles.loading}>Loading calendar…</p>}>
                <DatePicker
                  today={earliestDay(new Date(), sameDayCutoffHour)}
                  onSelect={(day) => {
                    void setDeliveryDate(day);
                    setPicking(false);
                    value.current?.focus();
                  }}
                />
              </Suspense>
            )}
          </div>
        </div>
      )}
    </div>
  );
}
