import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { checkoutOrderBody, orderIdParam } from '@/lib/contracts/orders';
import { requestContext } from '@/lib/server/services/accounts/auth';
import { optionalSession } from '@/lib/server/services/orders/orders';
import { checkoutOrder } from '@/lib/server/services/orders/checkout';

export const config = { api: { bodyParser: false } };

/** Saves the checkout details (delivery or pick-up, sender, message), optionally a new account and a saved address. */
export default route({
  PUT: endpoint({
    query: businessQuery.extend({ id: orderIdParam }),
    body: checkoutOrderBody,
    handle: async ({ db, req, query, body }) => {
      const ctx = requestContext(req);
      return { data: await checkoutOrder(db, query.id, body, await optionalSession(db, req, ctx.now), ctx), message: 'Delivery details saved' };
    },
  }),
});
