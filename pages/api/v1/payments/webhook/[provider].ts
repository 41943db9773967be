import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { now } from '@/lib/server/security/clock';
import { receiveWebhook } from '@/lib/server/payments/service';

export const config = { api: { bodyParser: false } };

/**
 * POST /v1/payments/webhook/{provider}: a provider's webhook, read raw (its signature covers the
 * exact bytes; at most 100 KB). 401 without a valid signature; 200 for events the shop ignores.
 */
export default route({
  POST: endpoint({
    query: z.object({ provider: z.string().max(40) }),
    rawBody: true,
    handle: async ({ db, req, query, rawBody }) => {
      const { data, message } = await receiveWebhook(db, query.provider, rawBody, req.headers, now());
      return { data, message };
    },
  }),
});
