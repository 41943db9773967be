/**
 * Reviews (POST /v1/firebase/order/submit-review/{orderId}) and their read side for product
 * pages. One review per delivered order, signed with the sender's first name; it shows on the
 * page of every product the order held. The order id (a random UUID, given by the tracker only
 * with the sender's e-mail) is what allows a review. Comments are stored as typed: pages escape
 * them when rendering.
 */
import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderItems, reviews } from '@/lib/server/db/schema';
import { BadRequestError, HttpError } from '@/lib/server/http/errors';
import { loadOrder } from '@/lib/server/services/orders/store';
import type { Review } from '@/lib/contracts/orders';
import type { ProductRating } from '@/lib/contracts/catalogue';

export const REVIEW_MESSAGES = {
  notDelivered: 'You can review an order once it has been delivered',
  duplicate: 'This order has already been reviewed',
} as const;

/** How many reviews a product page shows. */
export const PRODUCT_REVIEWS_SHOWN = 10;

/** The name shown with a review: the sender's first name, or a neutral one. */
export function authorName(senderName: string): string {
  return senderName.trim().split(/\s+/)[0]?.slice(0, 60) || 'A customer';
}

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

const toReview = (row: { rating: number; comment: string; authorName: string; createdAt: Date }): Review => ({
  rating: row.rating,
  comment: row.comment,
  authorName: row.authorName,
  createdAt: row.createdAt.toISOString(),
});

/**
 * Records the review of a delivered order. 404 unknown order, 400 before delivery, 409 when the
 * order already has one (two submits at once: the order row lock queues them, and the unique
 * index settles anything that slips past; never a 500).
 */
export async function submitReview(db: Db, orderId: string, input: { rating: number; comment: string }, at: Date): Promise<Review> {
  try {
    return await db.transaction(async (tx) => {
      const order = await loadOrder(tx, orderId, true);
      if (order.status !== 'delivered') throw new BadRequestError(REVIEW_MESSAGES.notDelivered);
      const [existing] = await tx.select({ id: reviews.id }).from(reviews).where(eq(reviews.orderId, orderId));
      if (existing) throw new HttpError(409, REVIEW_MESSAGES.duplicate);
      const [row] = await tx
        .insert(reviews)
        .values({ orderId, rating: input.rating, comment: input.comment.trim(), authorName: authorName(order.senderName), createdAt: at })
        .returning();
      return toReview(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw new HttpError(409, REVIEW_MESSAGES.duplicate);
    throw error;
  }
}

/** Reviews of orders that held the product. */
const ofProduct = (productId: string) =>
  sql`exists (select 1 from ${orderItems} where ${orderItems.orderId} = ${reviews.orderId} and ${orderItems.productId} = ${productId})`;

/**
 * A product's latest reviews (newest first) and its rating (average to one decimal), or null
 * without reviews: one query, the average and count over all its reviews coming with each row
 * (window functions see every row before the limit).
 */
export async function productReviews(db: Db, productId: string): Promise<{ reviews: Review[]; rating: ProductRating | null }> {
  const rows = await db
    .select({
      rating: reviews.rating,
      comment: reviews.comment,
      authorName: reviews.authorName,
      createdAt: reviews.createdAt,
      average: sql<string>`avg(${reviews.rating}) over ()`,
      count: sql<number>`(count(*) over ())::int`,
    })
    .from(reviews)
    .where(ofProduct(productId))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PRODUCT_REVIEWS_SHOWN);
  const first = rows[0];
  const rating = first ? { average: Math.round(Number(first.average) * 10) / 10, count: Number(first.count) } : null;
  return { reviews: rows.map(toReview), rating };
}
