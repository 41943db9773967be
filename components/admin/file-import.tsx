/**
 * What the file-import pages share (the catalogue file, the bank statement): the form's 'Check'
 * button (a dry run), and the last question before a checked file is imported: what the import
 * will do, 'Yes, import' and 'Cancel', as a group named 'Confirm the import'.
 *
 * @example
 * <ImportConfirm question="Import these 3 changes?" busy={busy} onImport={() => void importIt()} onCancel={back} />
 */
import admin from './admin.module.css';
import styles from './file-import.module.css';

type Props = { question: string; busy: boolean; onImport: () => void; onCancel: () => void };

export function ImportConfirm({ question, busy, onImport, onCancel }: Props) {
  return (
    <div className={styles.confirm} role="group" aria-label="Confirm the import">
      <p>{question}</p>
      <div className={styles.buttons}>
        <button type="button" className={admin.primary} disabled={busy} onClick={onImport}>
          {busy ? 'Importing…' : 'Yes, import'}
        </button>
        <button type="button" className={admin.secondary} disabled={busy} onClick={onCancel}>
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The import form's submit button: 'Check' (a dry run), 'Checking…' while one runs. */
export function CheckButton({ busy, disabled }: { busy: boolean; disabled: boolean }) {
  return (
    <button type="submit" className={admin.secondary} disabled={disabled}>
      {busy ? 'Checking…' : 'Check'}
    </button>
  );
}
