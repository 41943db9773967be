import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { now } from '@/lib/server/security/clock';
import { requireUser } from '@/lib/server/services/accounts/auth';
import { accountReminders } from '@/lib/server/services/reminders';

export const config = { api: { bodyParser: false } };

/** GET /v1/regal/account/reminders: the account's occasion reminders, newest first. */
export default route({
  GET: endpoint({
    query: businessQuery,
    handle: async ({ db, req }) => {
      const { user } = await requireUser(db, req, now());
      return { data: await accountReminders(db, user), headers: { 'Cache-Control': 'private, no-store' } };
    },
  }),
});
