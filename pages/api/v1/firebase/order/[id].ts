import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { orderIdParam, orderUpdateBody } from '@/lib/contracts/orders';
import { now } from '@/lib/server/security/clock';
import { getOrder, updateOrder } from '@/lib/server/services/orders/orders';

export const config = { api: { bodyParser: false } };

// Any id is accepted here: an unknown or malformed one is 404 'Order not found'.
const query = businessQuery.extend({ id: orderIdParam });

/** Reads an order, or changes its items, date and currency while it is unpaid. */
export default route({
  GET: endpoint({
    query,
    handle: async ({ db, query }) => ({ data: await getOrder(db, query.id) }),
  }),
  PUT: endpoint({
    query,
    body: orderUpdateBody,
    handle: async ({ db, query, body }) => {
      return { data: await updateOrder(db, query.id, body, now()), message: 'Order updated' };
    },
  }),
});
