import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { now } from '@/lib/server/security/clock';
import { reminderOffer } from '@/lib/server/services/reminders';

export const config = { api: { bodyParser: false } };

/** GET /v1/reminders/order?t={token}: what the payment e-mail's 'Remind me next year' link offers (lib/contracts/reminders.ts). */
export default route({
  GET: endpoint({
    query: z.object({ t: z.string({ message: 't is required' }).min(1, 't is required').max(600, 't is too long') }),
    handle: async ({ db, query }) => ({ data: await reminderOffer(db, query.t, now()) }),
  }),
});
