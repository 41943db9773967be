import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { orderCreateBody } from '@/lib/contracts/orders';
import { now } from '@/lib/server/security/clock';
import { createOrder, optionalSession } from '@/lib/server/services/orders/orders';

export const config = { api: { bodyParser: false } };

/**
 * Creates an order from the cart (201 { id, deliveryDate, orderNumber }); a bearer token makes it the shopper's.
 * With an `Idempotency-Key` a retry gets the first answer instead of a second order.
 */
export default route({
  POST: endpoint({
    idempotent: 'order-create',
    query: businessQuery,
    body: orderCreateBody,
    handle: async ({ db, req, body }) => {
      const at = now();
      const session = await optionalSession(db, req, at);
      return { data: await createOrder(db, body, session?.user.id ?? null, at), message: 'Order created', status: 201 };
    },
  }),
});
