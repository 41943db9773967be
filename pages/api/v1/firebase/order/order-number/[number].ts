import { route, endpoint } from '@/lib/server/http/route';
import { trackQuery } from '@/lib/contracts/orders';
import { getDb } from '@/lib/server/db/client';
import { requestContext } from '@/lib/server/services/accounts/context';
import { trackOrder } from '@/lib/server/services/orders/tracking';

export const config = { api: { bodyParser: false } };

/** The order tracker: status and items by number; personal details only with the sender's e-mail. */
export default route({
  GET: endpoint({
    query: trackQuery,
    handle: async ({ req, query }) => ({
      data: await trackOrder(await getDb(), query.number, query.email, requestContext(req)),
      headers: { 'Cache-Control': 'private, no-store' },
    }),
  }),
});
