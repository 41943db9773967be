/**
 * One labelled input of the settings forms: the label above, an optional hint under it and an
 * optional note under the input (both read out as its description, not as its name); `amount`
 * makes it a narrow field for naira.
 */
import { useId, type InputHTMLAttributes } from 'react';
import admin from '../admin.module.css';
import styles from './settings.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange'> & {
  label: string;
  hint?: string;
  note?: string;
  amount?: boolean;
  onValue: (value: string) => void;
};

export function SettingField({ label, hint, note, amount = false, onValue, ...input }: Props) {
  const id = useId();
  const described = [hint && `${id}-hint`, note && `${id}-note`].filter(Boolean).join(' ');
  return (
    <div className={admin.field}>
      <label className={admin.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className={admin.hint} id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <input
        id={id}
        className={amount ? `${admin.input} ${styles.amount}` : admin.input}
        inputMode={amount ? 'numeric' : undefined}
        aria-describedby={described || undefined}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
      {note && (
        <span className={admin.hint} id={`${id}-note`}>
          {note}
        </span>
      )}
    </div>
  );
}
