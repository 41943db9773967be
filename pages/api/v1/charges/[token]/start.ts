import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { chargeStartBody } from '@/lib/contracts/charges';
import { now } from '@/lib/server/security/clock';
import { startChargePayment } from '@/lib/server/payments/charges';

export const config = { api: { bodyParser: false } };

/** POST /v1/charges/{token}/start {method} → `ChargeStart`: a new attempt and the provider's page (409 when nothing is due); `Idempotency-Key` as for the order's payment start. */
export default route({
  POST: endpoint({
    idempotent: 'charge-start',
    query: businessQuery.extend({ token: z.string().max(100) }),
    body: chargeStartBody,
    handle: async ({ db, query, body }) => ({ data: await startChargePayment(db, query.token, body.method, now()), message: 'Payment started' }),
  }),
});
