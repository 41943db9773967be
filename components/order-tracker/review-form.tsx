/**
 * The review form (loaded on demand by review-section.tsx): a 1-5 star rating as a native radio
 * group (arrow keys move between stars), an optional comment of up to 2,000 characters, and
 * submit → `submitReview`. Success toasts 'Thank you for your review' and hands the review up;
 * a failure toasts 'Unable to submit review: {message}'.
 */
import { useId, useRef, useState, type FormEvent } from 'react';
import type { Review } from '@/lib/contracts/orders';
import { browserApi } from '@/lib/state/browser-api';
import { useShell } from '@/lib/state/shell-context';
import { notify } from '@/lib/ui/notify';
import { TRACKER_TEXT } from './texts';

export const REVIEW_TEXT = {
  thanks: 'Thank you for your review',
  failed: (message: string) => `Unable to submit review: ${message}`,
} as const;
import styles from './order-tracker.module.css';

export const MAX_COMMENT = 2000;
const MAX_RATING = 5;

function Star({ filled }: { filled: boolean }) {
  return (
    <svg className={styles.star} data-filled={filled || undefined} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
    </svg>
  );
}

type Props = { orderId: string; onReviewed(review: Review): void };

export function ReviewForm({ orderId, onReviewed }: Props) {
  const id = useId();
  const { businessId } = useShell();
  const firstStar = useRef<HTMLInputElement>(null);
  const [rating, setRating] = useState(0);
  const [hover, setHover] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const shown = hover || rating;

  async function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!rating) {
      setMissing(true);
      firstStar.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const [{ submitReview }, api] = await Promise.all([import('@/lib/api/calls'), browserApi(businessId)]);
      const review = await submitReview(api, orderId, { rating, comment: comment.trim() });
      notify('success', REVIEW_TEXT.thanks);
      onReviewed(review);
    } catch (error) {
      notify('error', REVIEW_TEXT.failed(error instanceof Error ? error.message : 'please try again'));
      setBusy(false);
    }
  }

  return (
    <form className={styles.form} noValidate onSubmit={(e) => void send(e)}>
      <fieldset className={styles.rating} role="radiogroup" aria-describedby={missing ? `${id}rating-error` : undefined}>
        <legend>
          Your rating<span aria-hidden="true"> *</span>
        </legend>
        <div className={styles.starChoices} onMouseLeave={() => setHover(0)}>
          {Array.from({ length: MAX_RATING }, (_, i) => i + 1).map((n) => (
            <label key={n} onMouseEnter={() => setHover(n)}>
              <input
                ref={n === 1 ? firstStar : undefined}
                type="radio"
                name={`${id}rating`}
                value={n}
                checked={rating === n}
                onChange={() => {
                  setRating(n);
                  setMissing(false);
                }}
              />
              <Star filled={n <= shown} />
              <span className="visually-hidden">
                {n} {n === 1 ? 'star' : 'stars'}
              </span>
            </label>
          ))}
        </div>
        {missing && (
          <p id={`${id}rating-error`} className={styles.error}>
            {TRACKER_TEXT.required('Rating')}
          </p>
        )}
      </fieldset>
      <div className={styles.field}>
        <label htmlFor={`${id}comment`}>
          Comment <span className={styles.optional}>(optional)</span>
        </label>
        <textarea
          id={`${id}comment`}
          rows={6}
          maxLength={MAX_COMMENT}
          value={comment}
          aria-describedby={`${id}count`}
          onChange={(e) => setComment(e.target.value)}
        />
        <p id={`${id}count`} className={styles.hint}>
          {comment.length.toLocaleString('en-US')} of {MAX_COMMENT.toLocaleString('en-US')} characters
        </p>
      </div>
      <button type="submit" className={styles.button} disabled={busy}>
        {busy ? 'Sending…' : 'Submit review'}
      </button>
    </form>
  );
}
