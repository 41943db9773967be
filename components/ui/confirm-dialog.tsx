/**
 * The confirm dialog (spec section 2): 'Are you sure?' / 'This action is irreversible' with Yes
 * and No by default. A native modal <dialog>: focus moves in and is trapped, Escape answers No.
 */
import { useRef } from 'react';
import { useModal } from './use-modal';
import styles from './confirm-dialog.module.css';

type Props = {
  open: boolean;
  title?: string;
  body?: string;
  onYes(): void;
  onNo(): void;
};

export function ConfirmDialog({ open, title = 'Are you sure?', body = 'This action is irreversible', onYes, onNo }: Props) {
  const ref = useRef<HTMLDialogElement>(null);

  useModal(ref, open);

  return (
    <dialog
      ref={ref}
      className={styles.dialog}
      aria-labelledby="confirm-title"
      aria-describedby="confirm-body"
      onCancel={(event) => {
        event.preventDefault();
        onNo();
      }}
    >
      <h2 id="confirm-title" className={styles.title}>
        {title}
      </h2>
      <p id="confirm-body">{body}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.no} onClick={onNo} autoFocus>
          No
        </button>
        <button type="button" className={styles.yes} onClick={onYes}>
          Yes
        </button>
      </div>
    </dialog>
  );
}
