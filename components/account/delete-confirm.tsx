/**
 * The last step before an account is deleted: a modal dialog (focus moves in and stays, Escape
 * keeps the account) whose buttons say what they do: 'Keep my account' (focused first) and
 * 'Yes, delete my account'.
 */
import { useId, useRef } from 'react';
import { useModal } from '@/components/ui/use-modal';
import frame from './account.module.css';
import styles from './forms.module.css';

type Props = { open: boolean; busy: boolean; email: string; onConfirm(): void; onCancel(): void };

export function DeleteConfirm({ open, busy, email, onConfirm, onCancel }: Props) {
  const ref = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useModal(ref, open, keep);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={titleId} className={styles.dialogTitle}>
        Delete your account for good?
      </h2>
      <p id={bodyId}>
        The account of <strong className={styles.email}>{email}</strong> goes now, with its address book and cart. This cannot be undone.
      </p>
      <div className={styles.dialogButtons}>
        <button ref={keep} type="button" className={frame.keep} onClick={onCancel} disabled={busy}>
          Keep my account
        </button>
        <button type="button" className={frame.danger} onClick={onConfirm} disabled={busy} aria-busy={busy || undefined}>
          {busy ? 'Deleting…' : 'Yes, delete my account'}
        </button>
      </div>
    </dialog>
  );
}
