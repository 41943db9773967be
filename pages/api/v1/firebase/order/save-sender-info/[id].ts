import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { saveSenderInfoBody, orderIdParam } from '@/lib/contracts/orders';
import { now } from '@/lib/server/security/clock';
import { saveSenderInfo } from '@/lib/server/services/orders/orders';

export const config = { api: { bodyParser: false } };

/** Saves the sender fields of the checkout form as the shopper fills them. */
export default route({
  PUT: endpoint({
    query: businessQuery.extend({ id: orderIdParam }),
    body: saveSenderInfoBody,
    handle: async ({ db, query, body }) => {
      return { data: await saveSenderInfo(db, query.id, body, now()), message: 'Sender details saved' };
    },
  }),
});
