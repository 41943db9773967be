/**
 * Form fields of the auth dialog (spec section 5): a required field that is left empty says
 * '{field name} is required' on blur (and on submit); an optional check may add its own message;
 * a valid non-empty field is marked completed. Password fields have a Show/Hide password toggle.
 */
import { useId, useState, type InputHTMLAttributes } from 'react';
import { PASSWORD_MIN_LENGTH } from '@/lib/domain/accounts';
import { AUTH_TEXT } from './messages';
import styles from './auth.module.css';

export type FieldSpec = {
  label: string;
  required?: boolean;
  /** An error message for a non-empty value, or null. */
  validate?: (value: string) => string | null;
};

export const EMAIL_FIELD: FieldSpec = {
  label: 'Email',
  required: true,
  validate: (v) => (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) ? null : 'Enter a valid e-mail address'),
};
export const PASSWORD_FIELD: FieldSpec = { label: 'Password', required: true };
/** The server's rule for a new password. */
export const NEW_PASSWORD_MIN_LENGTH = PASSWORD_MIN_LENGTH;
export const NEW_PASSWORD_HINT = `At least ${NEW_PASSWORD_MIN_LENGTH} characters`;
export const NEW_PASSWORD_FIELD: FieldSpec = {
  label: 'Password',
  required: true,
  validate: (v) => (v.length < NEW_PASSWORD_MIN_LENGTH ? `Password must be at least ${NEW_PASSWORD_MIN_LENGTH} characters` : null),
};

/** Values, per-field props and a submit-time check for a small form. */
export function useFields<K extends string>(specs: Record<K, FieldSpec>, initial: Partial<Record<K, string>> = {}) {
  const id = useId();
  const keys = Object.keys(specs) as K[];
  const [values, setValues] = useState(() => Object.fromEntries(keys.map((k) => [k, initial[k] ?? ''])) as Record<K, string>);
  const [touched, setTouched] = useState<Partial<Record<K, boolean>>>({});

  const problem = (k: K): string | null => {
    const value = values[k];
    if (!value.trim()) return specs[k].required ? AUTH_TEXT.required(specs[k].label) : null;
    return specs[k].validate?.(value) ?? null;
  };

  const field = (k: K): FieldProps => ({
    id: `${id}${k}`,
    label: specs[k].label,
    required: specs[k].required,
    value: values[k],
    error: touched[k] ? problem(k) : null,
    completed: values[k].trim() !== '' && !problem(k),
    onChange: (value) => setValues((all) => ({ ...all, [k]: value })),
    onBlur: () => setTouched((all) => ({ ...all, [k]: true })),
  });

  /** Shows every field's problem; true when there is none, else focuses the first bad field. */
  const check = (): boolean => {
    setTouched(Object.fromEntries(keys.map((k) => [k, true])) as Record<K, boolean>);
    const bad = keys.find((k) => problem(k));
    if (bad) document.getElementById(`${id}${bad}`)?.focus();
    return !bad;
  };

  return { values, field, check };
}

type FieldProps = {
  id: string;
  label: string;
  required?: boolean;
  value: string;
  error: string | null;
  completed: boolean;
  onChange(value: string): void;
  onBlur(): void;
};

type InputProps = Pick<InputHTMLAttributes<HTMLInputElement>, 'type' | 'autoComplete' | 'inputMode' | 'maxLength'> & {
  /** A short help text under the field. */
  hint?: string;
};

export function TextField({ id, label, required, value, error, completed, onChange, onBlur, hint, ...input }: FieldProps & InputProps) {
  const [shown, setShown] = useState(false);
  const password = input.type === 'password';
  return (
    <div className={styles.field} data-completed={completed || undefined}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className={styles.control}>
        <input
          {...input}
          id={id}
          type={password && shown ? 'text' : input.type}
          value={value}
          required={required}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : hint ? `${id}-hint` : undefined}
          onChange={(e) => onChange(e.target.value)}
          onBlur={onBlur}
        />
        {password && (
          <button
            type="button"
            className={styles.reveal}
            aria-label={shown ? 'Hide password' : 'Show password'}
            aria-controls={id}
            onClick={() => setShown(!shown)}
          >
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M12 5C6.5 5 2.7 9.2 1.5 12c1.2 2.8 5 7 10.5 7s9.3-4.2 10.5-7C21.3 9.2 17.5 5 12 5Zm0 11a4 4 0 1 1 0-8 4 4 0 0 1 0 8Z" />
              {shown && <path d="M3 3l18 18" strokeWidth="2" stroke="currentColor" />}
            </svg>
          </button>
        )}
      </div>
      {error ? (
        <p id={`${id}-error`} className={styles.error}>
          {error}
        </p>
      ) : (
        hint && (
          <p id={`${id}-hint`} className={styles.hint}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}
