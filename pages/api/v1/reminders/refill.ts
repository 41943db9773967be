import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { reminderRefill } from '@/lib/server/services/reminders';

export const config = { api: { bodyParser: false } };

/** GET /v1/reminders/refill?t={token}: what the reminder e-mail's 'Send it again' puts in the cart (lib/contracts/reminders.ts). */
export default route({
  GET: endpoint({
    query: z.object({ t: z.string({ message: 't is required' }).min(1, 't is required').max(600, 't is too long') }),
    handle: async ({ db, query }) => ({ data: await reminderRefill(db, query.t) }),
  }),
});
