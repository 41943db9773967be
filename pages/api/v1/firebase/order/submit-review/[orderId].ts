import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { orderIdParam, reviewBody } from '@/lib/contracts/orders';
import { now } from '@/lib/server/security/clock';
import { submitReview } from '@/lib/server/services/orders/reviews';

export const config = { api: { bodyParser: false } };

/** Reviews a delivered order (once): 201 with the review. */
export default route({
  POST: endpoint({
    query: businessQuery.extend({ orderId: orderIdParam }),
    body: reviewBody,
    handle: async ({ db, query, body }) => {
      const review = await submitReview(db, query.orderId, body, now());
      return { data: review, status: 201, message: 'Thank you for your review' };
    },
  }),
});
