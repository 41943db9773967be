import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { paymentStartBody } from '@/lib/contracts/payments';
import { orderIdParam } from '@/lib/contracts/orders';
import { now } from '@/lib/server/security/clock';
import { startPayment } from '@/lib/server/payments/service';

export const config = { api: { bodyParser: false } };

/**
 * POST /v1/payments/start/{orderId} {} → `PaymentStart`: a new attempt and the provider's hosted
 * page for a card method, or the transfer instructions for a manual one. With an `Idempotency-Key`
 * a retry gets the first answer instead of a second attempt.
 */
export default route({
  POST: endpoint({
    idempotent: 'payment-start',
    query: businessQuery.extend({ orderId: orderIdParam }),
    body: paymentStartBody,
    handle: async ({ db, query }) => {
      const started = await startPayment(db, query.orderId, now());
      return { data: started, message: started.kind === 'redirect' ? 'Payment started' : 'Transfer instructions' };
    },
  }),
});
