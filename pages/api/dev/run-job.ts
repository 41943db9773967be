import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { NotFoundError } from '@/lib/server/http/errors';
import { isLiveProduction } from '@/lib/server/operator';
import { now } from '@/lib/server/security/clock';
import { sendRecoveryMails } from '@/lib/server/services/orders/recovery';
import { sendDueReminders } from '@/lib/server/services/reminders';

export const config = { api: { bodyParser: false } };

/**
 * POST /api/dev/run-job `{ job: 'checkout-recovery' | 'occasion-reminders', at?: ISO time }`: runs a scheduled job's work
 * now, as if the clock said `at` (default: now), and answers what it did. Browser tests use it to
 * see an hour pass without waiting for it and for the schedule. 404 when the operator runs the
 * shop in production (`isLiveProduction()`), like the dev outbox.
 */
export default route({
  POST: endpoint({
    body: z.object({
      job: z.enum(['checkout-recovery', 'occasion-reminders'], { message: 'job must be checkout-recovery or occasion-reminders' }),
      at: z.string().datetime({ offset: true, message: 'at must be an ISO date and time' }).optional(),
    }),
    handle: async ({ db, body }) => {
      if (isLiveProduction()) throw new NotFoundError('Not found');
      const at = body.at ? new Date(body.at) : now();
      return { data: body.job === 'checkout-recovery' ? await sendRecoveryMails(db, at) : await sendDueReminders(db, at) };
    },
  }),
});
