/**
 * The review part of a tracked order, shown only with the checkout e-mail: the review once there
 * is one, otherwise the review form while the order can be reviewed (delivered). The form's code
 * loads only then, in the browser: most visitors never review.
 */
import { lazy, Suspense, useState } from 'react';
import type { Review, TrackedOrder } from '@/lib/contracts/orders';
import { useHydrated } from '@/lib/ui/use-hydrated';
import { lagosTime } from './texts';
import styles from './order-tracker.module.css';

const ReviewForm = lazy(() => import('./review-form').then((m) => ({ default: m.ReviewForm })));

export function ReviewSection({ order }: { order: TrackedOrder }) {
  const [review, setReview] = useState<Review | null>(order.review ?? null);
  const hydrated = useHydrated();
  if (!order.verified) return null;

  if (review) {
    return (
      <section className={styles.card} aria-labelledby="order-review">
        <h2 id="order-review">Your review</h2>
        <p className={styles.stars} role="img" aria-label={`Rated ${review.rating} out of 5`}>
          {'★'.repeat(review.rating)}
          <span>{'★'.repeat(Math.max(0, 5 - review.rating))}</span>
        </p>
        {review.comment && <p className={styles.comment}>{review.comment}</p>}
        <p className={styles.muted}>
          {review.authorName ? `${review.authorName}, ` : ''}
          <time dateTime={review.createdAt}>{lagosTime(review.createdAt)}</time>
        </p>
      </section>
    );
  }
  if (!order.canReview || !order.id) return null;

  return (
    <section className={styles.card} aria-labelledby="order-review">
      <h2 id="order-review">Review your order</h2>
      <p className={styles.muted}>How were the flowers and the delivery? Your rating helps us and other shoppers.</p>
      {hydrated ? (
        <Suspense fallback={<p className={styles.muted}>Loading the review form…</p>}>
          <ReviewForm orderId={order.id} onReviewed={setReview} />
        </Suspense>
      ) : (
        <noscript>
          <p className={styles.muted}>Turn on JavaScript to leave a review.</p>
        </noscript>
      )}
    </section>
  );
}
