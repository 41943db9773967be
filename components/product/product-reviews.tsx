/**
 * The product's reviews: average rating, count and the latest reviews. Plain markup with no
 * state or effects and two class names (the product page's JavaScript budget is nearly spent);
 * stars are CSS over a text glyph, and comments are shoppers' text, escaped by React.
 */
import type { CSSProperties } from 'react';
import type { ProductRating, ProductReview } from '@/lib/contracts/catalogue';
import { onFirstUse } from '@/lib/domain/first-use';
import styles from './product-reviews.module.css';

/** One formatter for every review's date ('4 February 2027', in Lagos), not one per review per render. */
const reviewDate = onFirstUse(() => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' }));

const stars = (value: number) => (
  <span className={styles.stars} style={{ '--rating': value } as CSSProperties} role="img" aria-label={`Rated ${value} out of 5`} />
);

export function ProductReviews({ reviews, rating }: { reviews: ProductReview[]; rating: ProductRating | null }) {
  if (!rating) return null;
  return (
    <section className={styles.box} aria-labelledby="reviews-heading">
      <h2 id="reviews-heading">Reviews</h2>
      <p>
        {stars(rating.average)}
        {` ${rating.average.toFixed(1)} out of 5 from ${rating.count} ${rating.count === 1 ? 'review' : 'reviews'}`}
      </p>
      <ul>
        {reviews.map((review, i) => (
          <li key={i}>
            <p>
              {stars(review.rating)} <strong>{review.authorName}</strong>{' '}
              <time dateTime={review.createdAt}>{reviewDate().format(new Date(review.createdAt))}</time>
            </p>
            {review.comment && <p>{review.comment}</p>}
          </li>
        ))}
      </ul>
    </section>
  );
}
