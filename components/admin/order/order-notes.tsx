/**
 * Staff's internal notes on an order: the notes so far (who, when) and a box to add one. Shoppers
 * never see them. The note posts to the notes call and the order is shown again from its answer.
 */
import { useId, useState, type FormEvent } from 'react';
import type { StaffNote } from '@/lib/contracts/backoffice';
import { lagosDateTime } from './order-text';
import styles from './order.module.css';
import admin from '../admin.module.css';

type Props = { notes: StaffNote[]; busy: boolean; onAdd: (text: string) => Promise<boolean> };

export function OrderNotes({ notes, busy, onAdd }: Props) {
  const id = useId();
  const [text, setText] = useState('');

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await onAdd(text.trim())) setText('');
  }

  return (
    <section className={`${styles.card} ${styles.noPrint}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Staff notes
      </h2>
      {notes.length === 0 ? (
        <p className={styles.muted}>No notes yet. Only staff see them.</p>
      ) : (
        <ol className={styles.list}>
          {notes.map((n, index) => (
            <li key={`${n.at}-${index}`}>
              <p className={styles.historyNote}>{n.text}</p>
              <span className={styles.muted}>
                {n.by}, <time dateTime={n.at}>{lagosDateTime(n.at)} (Lagos)</time>
              </span>
            </li>
          ))}
        </ol>
      )}
      <form className={`${admin.form} ${styles.noteForm}`} onSubmit={submit} aria-label="Add a note">
        <div className={admin.field}>
          <label className={admin.label} htmlFor={`${id}-text`}>
            New note
          </label>
          <textarea id={`${id}-text`} className={`${admin.input} ${styles.textarea}`} required maxLength={1000} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
        </div>
        <div className={admin.actions}>
          <button type="submit" className={admin.secondary} disabled={busy || !text.trim()}>
            Add note
          </button>
        </div>
      </form>
    </section>
  );
}
