import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { chargeVerifyBody } from '@/lib/contracts/charges';
import { now } from '@/lib/server/security/clock';
import { verifyChargePayment } from '@/lib/server/payments/charges';

export const config = { api: { bodyParser: false } };

/** POST /v1/charges/{token}/verify {reference, query?}: back from the provider; the provider is asked and the payment settled. */
export default route({
  POST: endpoint({
    query: businessQuery.extend({ token: z.string().max(100) }),
    body: chargeVerifyBody,
    handle: async ({ db, query, body }) => {
      const result = await verifyChargePayment(db, query.token, body.reference, body.query ?? {}, now());
      return { data: result, message: result.message };
    },
  }),
});
