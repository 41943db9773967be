/** The product pages' short notes: one line each, added and removed in place (at most 10). */
import styles from './settings.module.css';
import admin from '../admin.module.css';

export const MAX_PRODUCT_ALERTS = 10;

export function ProductAlerts({ notes, onNotes }: { notes: string[]; onNotes: (notes: string[]) => void }) {
  const set = (index: number, text: string) => onNotes(notes.map((note, i) => (i === index ? text : note)));
  return (
    <fieldset className={styles.group}>
      <legend className={admin.label}>Product alerts</legend>
      <p className={admin.hint}>Short notes shown on every product page, e.g. about same-day delivery.</p>
      {notes.length === 0 && <p className={styles.muted}>No notes.</p>}
      <ol className={styles.notes}>
        {notes.map((note, index) => (
          <li key={index} className={styles.note}>
            <input className={admin.input} aria-label={`Product alert ${index + 1}`} maxLength={200} value={note} onChange={(e) => set(index, e.target.value)} />
            <button type="button" className={styles.small} onClick={() => onNotes(notes.filter((_, i) => i !== index))} aria-label={`Remove product alert ${index + 1}`}>
              Remove
            </button>
          </li>
        ))}
      </ol>
      {notes.length < MAX_PRODUCT_ALERTS && (
        <button type="button" className={styles.small} onClick={() => onNotes([...notes, ''])}>
          Add a note
        </button>
      )}
    </fieldset>
  );
}
