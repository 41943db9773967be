/** The same-day cut-off of the delivery page: the last hour (Lagos time) at which today can still be chosen. */
import { useState, type FormEvent } from 'react';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { useDeliverySave, type DeliverySaved } from './use-delivery-save';
import { hourText } from './settings-text';
import admin from '../admin.module.css';
import styles from './settings.module.css';

type Props = { settings: DeliverySettings; updatedAt: string | null; onSaved: (saved: DeliverySaved) => void };

const HOURS = Array.from({ length: 24 }, (_, hour) => hour);

export function CutoffForm({ settings, updatedAt, onSaved }: Props) {
  const [hour, setHour] = useState(settings.sameDayCutoffHour);
  const { busy, error, notice, save } = useDeliverySave(updatedAt, onSaved);
  const changed = hour !== settings.sameDayCutoffHour;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save({ ...settings, sameDayCutoffHour: hour });
  };

  return (
    <form className={`${admin.card} ${admin.form}`} onSubmit={submit} aria-labelledby="cutoff-title">
      <h2 className={styles.cardTitle} id="cutoff-title">
        Same-day delivery
      </h2>
      <div className={admin.field}>
        <label className={admin.label} htmlFor="cutoff-hour">
          Cut-off (Lagos time)
        </label>
        <span className={admin.hint} id="cutoff-hint">
          Orders placed before this hour can be delivered the same day; from it on, tomorrow is the first day shoppers can choose.
        </span>
        <select id="cutoff-hour" className={`${admin.input} ${styles.hour}`} aria-describedby="cutoff-hint" value={hour} onChange={(e) => setHour(Number(e.target.value))}>
          {HOURS.map((h) => (
            <option key={h} value={h}>
              {hourText(h)}
            </option>
          ))}
        </select>
      </div>
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      {notice && !changed && (
        <p className={admin.notice} role="status">
          {notice}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={busy || !changed}>
          {busy ? 'Saving…' : 'Save cut-off'}
        </button>
      </div>
    </form>
  );
}
