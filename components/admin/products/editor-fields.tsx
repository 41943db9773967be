/**
 * The product editor's building blocks: a section (a titled card), a labelled field with its hint
 * and its error right under it (the control is told about both: aria-describedby, aria-invalid),
 * and a list of ticks (categories, shop-by values, design options).
 */
import { useId, type ReactNode } from 'react';
import admin from '../admin.module.css';
import styles from './product-editor.module.css';

export function EditorSection({ title, intro, children }: { title: string; intro?: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.section} aria-labelledby={id}>
      <h2 className={styles.sectionTitle} id={id}>
        {title}
      </h2>
      {intro && <p className={styles.muted}>{intro}</p>}
      {children}
    </section>
  );
}

/** The message under a field, or nothing. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  if (!error) return null;
  return (
    <span className={styles.fieldError} id={id}>
      {error}
    </span>
  );
}

type ControlProps = { id: string; 'aria-describedby'?: string; 'aria-invalid'?: true };

/** A label, an optional hint, the control (given its id and descriptions) and the field's error. */
export function Field({ label, hint, error, className, children }: { label: string; hint?: string; error?: string; className?: string; children: (control: ControlProps) => ReactNode }) {
  const id = useId();
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <div className={`${admin.field} ${className ?? ''}`}>
      <label className={admin.label} htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className={admin.hint} id={`${id}-hint`}>
          {hint}
        </span>
      )}
      {children({ id, 'aria-describedby': described || undefined, 'aria-invalid': error ? true : undefined })}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export type Tick = { value: string; label: string; note?: string };

/** A group of ticks for a list field, with its error under the group. */
export function TickList({ legend, hint, ticks, chosen, error, onChange }: { legend: string; hint?: string; ticks: Tick[]; chosen: string[]; error?: string; onChange: (next: string[]) => void }) {
  const id = useId();
  const toggle = (value: string, on: boolean) => onChange(on ? [...chosen, value] : chosen.filter((v) => v !== value));
  return (
    <fieldset className={styles.ticks} aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className={admin.label}>{legend}</legend>
      {hint && <span className={admin.hint}>{hint}</span>}
      <div className={styles.tickGrid}>
        {ticks.map((tick) => (
          <label key={tick.value} className={styles.tick}>
            <input type="checkbox" checked={chosen.includes(tick.value)} onChange={(e) => toggle(tick.value, e.target.checked)} />
            <span>
              {tick.label}
              {tick.note && <span className={styles.tickNote}>{` ${tick.note}`}</span>}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} error={error} />
    </fieldset>
  );
}
