import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { chargeView } from '@/lib/server/payments/charges';

/** GET /v1/charges/{token} → `ChargeView`: what the pay link asks for (404 for an unknown link). Private: the link is a secret. */
export default route({
  GET: endpoint({
    query: businessQuery.extend({ token: z.string().max(100) }),
    handle: async ({ db, query }) => ({ data: await chargeView(db, query.token) }),
  }),
});
