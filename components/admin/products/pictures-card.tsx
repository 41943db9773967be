/**
 * One picture of a product in the back office: its thumbnail, place and alt text, and what can be
 * done with it. 'Move earlier' and 'Move later' are plain buttons (keyboard and touch alike; no
 * dragging); after a move the parent asks for focus back on the same button (`focus`), so that a
 * keyboard user can press it again. 'Edit alt text' opens a small form in the card, 'Remove' asks
 * first. Escape closes either.
 */
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ALT_MAX_LENGTH, type ProductPicture } from '@/lib/contracts/product-pictures';
import { useStaffCall } from '../use-staff-call';
import admin from '../admin.module.css';
import styles from './pictures.module.css';

export type MoveButton = 'earlier' | 'later';

type Props = {
  productId: string;
  picture: ProductPicture;
  count: number;
  /** A move of any picture is under way: the move buttons wait. */
  moving: boolean;
  /** The move button to give focus to once this card shows its new place (`n` counts the moves, so each one asks anew). */
  focus: { to: MoveButton; n: number } | null;
  onMove: (picture: ProductPicture, to: MoveButton) => void;
  onAltSaved: (picture: ProductPicture, message: string) => void;
  onRemoved: (pictures: ProductPicture[], removed: ProductPicture) => void;
};

export function PicturesCard({ productId, picture, count, moving, focus, onMove, onAltSaved, onRemoved }: Props) {
  const id = useId();
  const [mode, setMode] = useState<'view' | 'alt' | 'remove'>('view');
  const [alt, setAlt] = useState(picture.alt);
  const { busy, error, setError, run } = useStaffCall();
  const earlier = useRef<HTMLButtonElement>(null);
  const later = useRef<HTMLButtonElement>(null);
  const place = picture.position + 1;
  const first = picture.position === 0;
  const last = picture.position === count - 1;

  useEffect(() => {
    if (!focus || moving) return;
    // At the first or last place its own button is disabled: the other one takes the focus.
    const wanted = focus.to === 'earlier' ? (first ? later : earlier) : last ? earlier : later;
    wanted.current?.focus();
  }, [focus, moving, first, last]);

  function open(next: 'view' | 'alt' | 'remove') {
    setError(null);
    setAlt(picture.alt);
    setMode(next);
  }
  async function saveAlt(event: FormEvent) {
    event.preventDefault();
    if (!alt.trim()) return setError('Write the alt text: what the picture shows');
    const answer = await run((api) => api.staffChangePictureAlt(productId, picture.id, alt.trim()));
    if (!answer) return;
    setMode('view');
    onAltSaved(answer.picture, answer.message);
  }
  async function remove() {
    const left = await run((api) => api.staffRemovePicture(productId, picture.id));
    if (left) onRemoved(left, picture);
  }
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') open('view');
  };
  const named = (text: string) => (
    <>
      {text}
      <span className={styles.hidden}>{` (picture ${place})`}</span>
    </>
  );

  return (
    <li className={styles.card} aria-labelledby={`${id}-place`}>
      <img className={styles.thumb} src={`${picture.src}?w=400`} alt={picture.alt} width={400} height={400} loading="lazy" />
      <div className={styles.body}>
        <p id={`${id}-place`} className={styles.place}>
          {`Picture ${place} of ${count}`}
          {/* The leading spaces part the words for screen readers; each tag is its own box, so they do not show. */}
          {first && <span className={styles.tag}> First: on product cards</span>}
          {!picture.uploaded && <span className={`${styles.tag} ${styles.sample}`}> Sample</span>}
        </p>
        {mode === 'alt' ? (
          <form className={styles.altForm} onSubmit={saveAlt} onKeyDown={escape} aria-label={`Alt text of picture ${place}`} noValidate>
            <label className={admin.label} htmlFor={`${id}-alt`}>
              Alt text
            </label>
            <input id={`${id}-alt`} className={admin.input} maxLength={ALT_MAX_LENGTH} autoComplete="off" value={alt} onChange={(e) => setAlt(e.target.value)} autoFocus />
            {error && (
              <p className={admin.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.buttons}>
              <button type="submit" className={styles.small} disabled={busy}>
                {busy ? 'Saving…' : 'Save'}
              </button>
              <button type="button" className={styles.small} onClick={() => open('view')}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <p className={styles.alt}>
            <span className={styles.altLabel}>Alt text</span>
            {picture.alt}
          </p>
        )}
        {mode === 'remove' && (
          <div className={styles.confirm} role="group" aria-label={`Remove picture ${place}?`} onKeyDown={escape}>
            <p>Remove this picture? It leaves the shop at once.</p>
            {error && (
              <p className={admin.error} role="alert">
                {error}
              </p>
            )}
            <div className={styles.buttons}>
              <button type="button" className={`${styles.small} ${styles.danger}`} disabled={busy} onClick={() => void remove()} autoFocus>
                {busy ? 'Removing…' : named('Yes, remove')}
              </button>
              <button type="button" className={styles.small} onClick={() => open('view')}>
                Keep it
              </button>
            </div>
          </div>
        )}
        {mode === 'view' && (
          <div className={styles.buttons}>
            {/* Short words on the buttons; their names say it all ('Move earlier (picture 2)'). */}
            <button ref={earlier} type="button" className={styles.small} aria-label={`Move earlier (picture ${place})`} disabled={first || moving} onClick={() => onMove(picture, 'earlier')}>
              ← Earlier
            </button>
            <button ref={later} type="button" className={styles.small} aria-label={`Move later (picture ${place})`} disabled={last || moving} onClick={() => onMove(picture, 'later')}>
              Later →
            </button>
            <button type="button" className={styles.small} onClick={() => open('alt')}>
              {named('Edit alt text')}
            </button>
            <button type="button" className={`${styles.small} ${styles.danger}`} onClick={() => open('remove')}>
              {named('Remove')}
            </button>
          </div>
        )}
      </div>
    </li>
  );
}
