/**
 * The delivery or pickup day: the chosen day ('D MMM YYYY') on a button that opens the cart's
 * calendar (components/cart/date-picker.tsx, loaded when first opened) with the days that can no
 * longer be booked disabled, and those `branch` is fully booked (null: before the shopper says
 * where it goes, only days every branch is full). The field counts as left when the calendar closes.
 */
import { lazy, Suspense, useState } from 'react';
import { formatCartDate } from '@/lib/domain/cart';
import type { CapacityBranch } from '@/lib/domain/capacity';
import { FieldMessage, type FieldProps } from './form-fields';
import styles from './checkout.module.css';

const DatePicker = lazy(() => import('@/components/cart/date-picker').then((m) => ({ default: m.DatePicker })));

export function DateField({ id, label, required, value, error, completed, onChange, onBlur, firstDay, branch }: FieldProps & { firstDay: string; branch: CapacityBranch | null }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    setOpen(false);
    onBlur();
    document.getElementById(id)?.focus();
  };
  return (
    <div className={styles.field} data-completed={completed || undefined}>
      <span id={`${id}-label`} className={styles.label}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
        {completed && (
          <span className={styles.tick} aria-hidden="true">
            ✓
          </span>
        )}
      </span>
      <button
        id={id}
        type="button"
        className={`${styles.input} ${styles.dateButton}`}
        aria-labelledby={`${id}-label ${id}`}
        aria-describedby={error ? `${id}-error` : undefined}
        aria-expanded={open}
        aria-controls={`${id}-calendar`}
        onClick={() => (open ? close() : setOpen(true))}
      >
        {value ? formatCartDate(value) : 'Select date'}
      </button>
      <div
        id={`${id}-calendar`}
        className={styles.calendar}
        hidden={!open}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          event.stopPropagation();
          close();
        }}
      >
        {open && (
          <Suspense fallback={<p className={styles.hint}>Loading calendar…</p>}>
            <DatePicker
              today={firstDay}
              branch={branch}
              onSelect={(day) => {
                onChange(day);
                close();
              }}
            />
          </Suspense>
        )}
      </div>
      <FieldMessage id={id} error={error} />
    </div>
  );
}
