import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { paymentStartBody } from '@/lib/contracts/payments';
import { orderIdParam } from '@/lib/contracts/orders';
import { now } from '@/lib/server/security/clock';
import { markTransferSent } from '@/lib/server/payments/manual';

export const config = { api: { bodyParser: false } };

/**
 * POST /v1/payments/manual/{orderId}/sent {} → `Order` with payment status 'awaiting
 * confirmation': the shopper says the transfer was sent; staff confirm it.
 */
export default route({
  POST: endpoint({
    query: businessQuery.extend({ orderId: orderIdParam }),
    body: paymentStartBody,
    handle: async ({ db, query }) => {
      return { data: await markTransferSent(db, query.orderId, now()), message: 'Thank you: we will confirm your order once the transfer arrives' };
    },
  }),
});
