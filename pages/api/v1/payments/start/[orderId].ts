import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { paymentStartBody } from '@/lib/contracts/payments';
import { orderIdParam } from '@/lib/contracts/orders';
import { getDb } from '@/lib/server/db/client';
import { now } from '@/lib/server/security/clock';
import { assertBusiness } from '@/lib/server/services/accounts';
import { startPayment } from '@/lib/server/payments/service';

export const config = { api: { bodyParser: false } };

/**
 * POST /v1/payments/start/{orderId} {} → `PaymentStart`: a new attempt and the provider's hosted
 * page for a card method, or the transfer instructions for a manual one.
 */
export default route({
  POST: endpoint({
    query: businessQuery.extend({ orderId: orderIdParam }),
    body: paymentStartBody,
    handle: async ({ query, body }) => {
      assertBusiness(body.business);
      const started = await startPayment(await getDb(), query.orderId, now());
      return { data: started, message: started.kind === 'redirect' ? 'Payment started' : 'Transfer instructions' };
    },
  }),
});
