import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { orderIdParam, reviewBody } from '@/lib/contracts/orders';
import { getDb } from '@/lib/server/db/client';
import { now } from '@/lib/server/security/clock';
import { assertBusiness } from '@/lib/server/services/accounts/context';
import { submitReview } from '@/lib/server/services/orders/reviews';

export const config = { api: { bodyParser: false } };

/** Reviews a delivered order (once): 201 with the review. */
export default route({
  POST: endpoint({
    query: businessQuery.extend({ orderId: orderIdParam }),
    body: reviewBody,
    handle: async ({ query, body }) => {
      assertBusiness(body.business);
      const review = await submitReview(await getDb(), query.orderId, body, now());
      return { data: review, status: 201, message: 'Thank you for your review' };
    },
  }),
});
