import { route, endpoint } from '@/lib/server/http/route';
import { trackQuery } from '@/lib/contracts/orders';
import { requestContext } from '@/lib/server/services/accounts/context';
import { trackOrder } from '@/lib/server/services/orders/tracking';

export const config = { api: { bodyParser: false } };

/** The order tracker: status and items by number; personal details only with the sender's e-mail. */
export default route({
  GET: endpoint({
    query: trackQuery,
    handle: async ({ db, req, query }) => ({
      data: await trackOrder(db, query.number, query.email, requestContext(req)),
      headers: { 'Cache-Control': 'private, no-store' },
    }),
  }),
});
