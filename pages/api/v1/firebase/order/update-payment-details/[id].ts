import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { updatePaymentDetailsBody, orderIdParam } from '@/lib/contracts/orders';
import { getDb } from '@/lib/server/db/client';
import { now } from '@/lib/server/security/clock';
import { assertBusiness } from '@/lib/server/services/accounts';
import { updatePaymentDetails } from '@/lib/server/services/orders/orders';

export const config = { api: { bodyParser: false } };

/** Records the payment method chosen for the order's currency; the order then awaits payment. */
export default route({
  PUT: endpoint({
    query: businessQuery.extend({ id: orderIdParam }),
    body: updatePaymentDetailsBody,
    handle: async ({ query, body }) => {
      assertBusiness(body.business);
      return { data: await updatePaymentDetails(await getDb(), query.id, body, now()), message: 'Payment method saved' };
    },
  }),
});
