/** One labelled input of a back-office form (label above, optional hint below it). */
import { useId, type InputHTMLAttributes } from 'react';
import styles from './admin.module.css';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className' | 'onChange'> & {
  label: string;
  hint?: string;
  onValue: (value: string) => void;
  codeStyle?: boolean;
};

export function TextField({ label, hint, onValue, codeStyle, ...input }: Props) {
  const id = useId();
  return (
    <div className={styles.field}>
      <label className={styles.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className={styles.hint} id={`${id}-hint`}>
          {hint}
        </span>
      )}
      <input
        id={id}
        className={codeStyle ? `${styles.input} ${styles.code}` : styles.input}
        aria-describedby={hint ? `${id}-hint` : undefined}
        onChange={(event) => onValue(event.target.value)}
        {...input}
      />
    </div>
  );
}
