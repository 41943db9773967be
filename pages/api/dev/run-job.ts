import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { NotFoundError } from '@/lib/server/http/errors';
import { isLiveProduction } from '@/lib/server/operator';
import { sendRecoveryMails } from '@/lib/server/services/orders/recovery';

/**
 * POST /api/dev/run-job `{ job: 'checkout-recovery', at?: ISO time }`: runs a scheduled job's work
 * now, as if the clock said `at` (default: now), and answers what it did. Browser tests use it to
 * see an hour pass without waiting for it and for the schedule. 404 when the operator runs the
 * shop in production (`isLiveProduction()`), like the dev outbox.
 */
export default route({
  POST: endpoint({
    body: z.object({
      job: z.enum(['checkout-recovery'], { message: 'job must be checkout-recovery' }),
      at: z.string().datetime({ offset: true, message: 'at must be an ISO date and time' }).optional(),
    }),
    handle: async ({ db, body }) => {
      if (isLiveProduction()) throw new NotFoundError('Not found');
      const at = body.at ? new Date(body.at) : new Date();
      return { data: await sendRecoveryMails(db, at) };
    },
  }),
});
