/**
 * The checkout form's fields (spec section 5): a label (with '*' when required), the control, and
 * under it the field's message (tied with aria-describedby, aria-invalid set) or a hint. A valid
 * non-empty field is marked completed (a tick and a green border). Text areas have 6 rows.
 */
import type { InputHTMLAttributes, ReactNode } from 'react';
import styles from './checkout.module.css';

/** What the form hook gives each field (see ./use-checkout-form.ts). */
export type FieldProps = {
  id: string;
  label: string;
  required: boolean;
  value: string;
  error: string | null;
  completed: boolean;
  onChange(value: string): void;
  onBlur(): void;
};

type Extra = {
  hint?: ReactNode;
  className?: string;
  /** A shorter text shown instead of the label (which stays the accessible name), e.g. 'Country code'. */
  shortLabel?: string;
};

export const describedBy = (id: string, error: string | null, hint?: ReactNode) => (error ? `${id}-error` : hint ? `${id}-hint` : undefined);

/** The label, the message or hint, and the completed marker around a control. */
export function FieldFrame({ id, label, required, error, completed, hint, className, shortLabel, children }: Omit<FieldProps, 'value' | 'onChange' | 'onBlur'> & Extra & { children: ReactNode }) {
  return (
    <div className={`${styles.field} ${className ?? ''}`} data-completed={completed || undefined}>
      <label htmlFor={id} className={styles.label}>
        {shortLabel ? (
          <>
            <span className="visually-hidden">{label}</span>
            <span aria-hidden="true">{shortLabel}</span>
          </>
        ) : (
          label
        )}
        {required && <span aria-hidden="true"> *</span>}
        {completed && (
          <span className={styles.tick} aria-hidden="true">
            ✓
          </span>
        )}
      </label>
      {children}
      <FieldMessage id={id} error={error} hint={hint} />
    </div>
  );
}

export function FieldMessage({ id, error, hint }: { id: string; error: string | null; hint?: ReactNode }) {
  if (error) {
    return (
      <p id={`${id}-error`} className={styles.error}>
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={`${id}-hint`} className={styles.hint}>
      {hint}
    </p>
  ) : null;
}

type InputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'maxLength'>;

export function TextInput({ id, label, required, value, error, completed, onChange, onBlur, hint, className, shortLabel, ...input }: FieldProps & Extra & InputProps) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} completed={completed} hint={hint} className={className} shortLabel={shortLabel}>
      <input
        {...input}
        id={id}
        className={styles.input}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}

export function TextArea({ id, label, required, value, error, completed, onChange, onBlur, hint, className, rows = 6, maxLength }: FieldProps & Extra & { rows?: number; maxLength?: number }) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} completed={completed} hint={hint} className={className}>
      <textarea
        id={id}
        className={styles.input}
        rows={rows}
        maxLength={maxLength}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      />
    </FieldFrame>
  );
}

export type Option = { value: string; label: string };

export function Select({ id, label, required, value, error, completed, onChange, onBlur, hint, className, options, placeholder }: FieldProps & Extra & { options: Option[]; placeholder: string }) {
  return (
    <FieldFrame id={id} label={label} required={required} error={error} completed={completed} hint={hint} className={className}>
      <select
        id={id}
        className={styles.input}
        value={value}
        required={required}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
      >
        <option value="">{placeholder}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function Checkbox({ label, checked, onChange, hint }: { label: string; checked: boolean; onChange(checked: boolean): void; hint?: string }) {
  return (
    <label className={styles.check}>
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>
        {label}
        {hint && <span className={styles.hint}> {hint}</span>}
      </span>
    </label>
  );
}
