/**
 * Marking an order delivered: the photo taken with the phone's camera (needed for a door
 * delivery, optional for a collection at the pick-up point), who received it, and a note. The
 * photo is made smaller in the browser before it is sent (at most 1600 px, JPEG), so that a rider
 * on a slow network uploads a few hundred kilobytes instead of a camera's megabytes; where the
 * browser cannot, the original goes and the server makes it smaller.
 */
import { useEffect, useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import styles from './order.module.css';
import admin from '../admin.module.css';

type Props = {
  pickup: boolean;
  busy: boolean;
  onDeliver: (form: FormData) => Promise<boolean>;
  onBack: () => void;
};

const LONG_SIDE = 1600;
export const PHOTO_MISSING = 'Take a photo of the delivery first';

/** The photo at most LONG_SIDE px on its long side as a JPEG, or the file itself when the browser cannot redraw it. */
async function smaller(file: File): Promise<Blob> {
  try {
    if (typeof createImageBitmap !== 'function') return file;
    const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
    const scale = Math.min(1, LONG_SIDE / Math.max(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.85));
    return blob && blob.size < file.size ? blob : file;
  } catch {
    return file;
  }
}

/** A preview address for the chosen photo, where the browser can make one. */
function previewOf(file: File | null): string | null {
  try {
    return file ? URL.createObjectURL(file) : null;
  } catch {
    return null;
  }
}

export function DeliverForm({ pickup, busy, onDeliver, onBack }: Props) {
  const id = useId();
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [receivedBy, setReceivedBy] = useState('');
  const [note, setNote] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  // The previous preview's address is given back when another photo is chosen, and on leaving.
  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  function choose(file: File | null) {
    setPhoto(file);
    setPreview(previewOf(file));
    setProblem(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    // Checked here rather than by the browser's `required`, so that the words are ours on every phone.
    if (!pickup && !photo) return setProblem(PHOTO_MISSING);
    setProblem(null);
    const form = new FormData();
    form.set('recipientName', receivedBy.trim());
    if (note.trim()) form.set('note', note.trim());
    if (photo) form.set('photo', await smaller(photo), 'delivery.jpg');
    await onDeliver(form);
  }

  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onBack();
  };

  return (
    <form className={`${admin.form} ${styles.actionForm}`} onSubmit={submit} onKeyDown={escape} aria-label={pickup ? 'Mark collected' : 'Mark delivered'}>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-photo`}>
          {pickup ? 'Photo (optional)' : 'Photo of the delivery'}
        </label>
        <input
          id={`${id}-photo`}
          className={admin.input}
          type="file"
          accept="image/*"
          capture="environment"
          aria-required={!pickup}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(e) => choose(e.target.files?.[0] ?? null)}
        />
        {problem && (
          <p id={`${id}-problem`} className={admin.error} role="alert">
            {problem}
          </p>
        )}
        <p className={styles.muted}>{pickup ? 'A photo of the collection, if the customer agrees.' : 'The bouquet with the recipient, or at the door. Up to 10 MB.'}</p>
        {preview && <img className={styles.photoPreview} src={preview} alt="The photo you chose" />}
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-received`}>
          {pickup ? 'Collected by' : 'Received by'}
        </label>
        <input id={`${id}-received`} className={admin.input} required maxLength={120} autoComplete="off" value={receivedBy} onChange={(e) => setReceivedBy(e.target.value)} />
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-note`}>
          Note (optional)
        </label>
        <textarea id={`${id}-note`} className={`${admin.input} ${styles.textarea}`} maxLength={1000} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />
      </div>
      <div className={admin.actions}>
        <button type="submit" className={admin.primary} disabled={busy}>
          {busy ? 'Sending…' : pickup ? 'Mark collected' : 'Mark delivered'}
        </button>
        <button type="button" className={admin.secondary} onClick={onBack}>
          Back
        </button>
      </div>
    </form>
  );
}
