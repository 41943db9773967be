/**
 * The lookup form: order number (required) and the checkout e-mail (optional). It is a plain GET
 * form to /order-tracker, so it works without JavaScript (the browser's own checks then apply);
 * with JavaScript it shows the shop's messages ('Order number is required' on blur) and hands the
 * cleaned values to `onLookup` instead of reloading the page.
 */
import { useId, useState, type FormEvent } from 'react';
import { EMAIL_PATTERN, TRACKER_TEXT, type OrderViewTexts } from './texts';
import styles from './order-tracker.module.css';

type Props = {
  number: string;
  email: string;
  busy: boolean;
  onLookup(number: string, email: string): void;
  texts: OrderViewTexts;
};

type Key = 'number' | 'email';

export function TrackerForm({ number, email, busy, onLookup, texts }: Props) {
  const id = useId();
  const [values, setValues] = useState({ number, email });
  const [touched, setTouched] = useState<Partial<Record<Key, boolean>>>({});

  const problem = (k: Key): string | null => {
    const value = values[k].trim();
    if (k === 'number') return value ? null : TRACKER_TEXT.required('Order number');
    return value && !EMAIL_PATTERN.test(value) ? TRACKER_TEXT.badEmail : null;
  };
  const touch = (k: Key) => setTouched((all) => ({ ...all, [k]: true }));

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched({ number: true, email: true });
    const bad = (['number', 'email'] as const).find((k) => problem(k));
    if (bad) document.getElementById(`${id}${bad}`)?.focus();
    else if (!busy) onLookup(values.number, values.email.trim());
  }

  const field = (k: Key) => {
    const error = touched[k] ? problem(k) : null;
    return {
      id: `${id}${k}`,
      name: k,
      value: values[k],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${id}${k}-error` : k === 'email' ? `${id}email-hint` : undefined,
      onChange: (e: { target: { value: string } }) => setValues((all) => ({ ...all, [k]: e.target.value })),
      onBlur: () => touch(k),
      // With JavaScript the shop's message replaces the browser's bubble (which also focused).
      onInvalid: (e: { preventDefault(): void; currentTarget: HTMLInputElement }) => {
        e.preventDefault();
        touch(k);
        const input = e.currentTarget;
        const firstBad = Array.from(input.form?.elements ?? []).find((el) => !(el as HTMLInputElement).validity.valid);
        if (firstBad === input) input.focus();
      },
      error,
    };
  };
  const { error: numberError, ...numberProps } = field('number');
  const { error: emailError, ...emailProps } = field('email');

  return (
    <form className={styles.form} method="get" action="/order-tracker" onSubmit={submit} aria-busy={busy}>
      <div className={styles.field}>
        <label htmlFor={numberProps.id}>
          Order number<span aria-hidden="true"> *</span>
        </label>
        <input {...numberProps} required maxLength={40} placeholder="RF-100234" autoComplete="off" autoCapitalize="characters" spellCheck={false} />
        {numberError && (
          <p id={`${id}number-error`} className={styles.error}>
            {numberError}
          </p>
        )}
      </div>
      <div className={styles.field}>
        <label htmlFor={emailProps.id}>
          E-mail <span className={styles.optional}>(optional)</span>
        </label>
        <input {...emailProps} type="email" maxLength={254} autoComplete="email" inputMode="email" />
        {emailError ? (
          <p id={`${id}email-error`} className={styles.error}>
            {emailError}
          </p>
        ) : (
          <p id={`${id}email-hint`} className={styles.hint}>
            {texts.emailHint}
          </p>
        )}
      </div>
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? 'Tracking…' : 'Track order'}
      </button>
    </form>
  );
}
