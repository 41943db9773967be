import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { orderIdParam } from '@/lib/contracts/orders';
import { withoutControls } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { verifyPayment } from '@/lib/server/payments/service';

export const config = { api: { bodyParser: false } };

/**
 * GET /v1/payments/verify/{orderId}?reference=… (plus whatever the provider added to the return
 * URL) → `PaymentOutcome`. The provider is asked; the query alone never pays.
 */
export default route({
  GET: endpoint({
    query: z
      .object({
        orderId: orderIdParam,
        reference: withoutControls(z.string({ message: 'reference is required' }).trim().min(1, 'reference is required').max(100, 'reference must be at most 100 characters')),
        business: z.string().trim().max(64).optional(),
      })
      .catchall(withoutControls(z.string().max(500, 'must be at most 500 characters'))),
    handle: async ({ db, query }) => {
      const { orderId, reference, ...returnQuery } = query;
      delete returnQuery.business;
      const outcome = await verifyPayment(db, orderId, reference, returnQuery, now());
      return { data: outcome, message: outcome.message };
    },
  }),
});
