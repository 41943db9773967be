import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { emptyBody } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { requireUser } from '@/lib/server/services/accounts/auth';
import { stopAccountReminder } from '@/lib/server/services/reminders';

export const config = { api: { bodyParser: false } };

/** DELETE /v1/regal/account/reminders/{id}: stops one of the account's reminders (404 another's or unknown). */
export default route({
  DELETE: endpoint({
    query: businessQuery.extend({ id: z.uuid({ message: 'Reminder not found' }) }),
    body: emptyBody,
    handle: async ({ db, req, query }) => {
      const at = now();
      const { user } = await requireUser(db, req, at);
      await stopAccountReminder(db, user, query.id, at);
      return { data: { stopped: true }, message: 'Reminder stopped' };
    },
  }),
});
