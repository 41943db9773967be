import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { updatePaymentDetailsBody, orderIdParam } from '@/lib/contracts/orders';
import { now } from '@/lib/server/security/clock';
import { updatePaymentDetails } from '@/lib/server/services/orders/orders';

export const config = { api: { bodyParser: false } };

/** Records the payment method chosen for the order's currency; the order then awaits payment. */
export default route({
  PUT: endpoint({
    query: businessQuery.extend({ id: orderIdParam }),
    body: updatePaymentDetailsBody,
    handle: async ({ db, query, body }) => {
      return { data: await updatePaymentDetails(db, query.id, body, now()), message: 'Payment method saved' };
    },
  }),
});
