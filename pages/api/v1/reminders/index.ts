import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { reminderCreateBody } from '@/lib/contracts/reminders';
import { now } from '@/lib/server/security/clock';
import { createReminder, orderOfRemindLink } from '@/lib/server/services/reminders';

export const config = { api: { bodyParser: false } };

/** POST /v1/reminders `{ orderId }` or `{ token }`: 'Remind me next year' (lib/contracts/reminders.ts). */
export default route({
  POST: endpoint({
    query: businessQuery,
    body: reminderCreateBody,
    handle: async ({ db, body }) => {
      const orderId = body.orderId ?? (await orderOfRemindLink(db, body.token!));
      const reminder = await createReminder(db, orderId, now());
      return { data: reminder, status: 201, message: `We will remind you before ${reminder.occasion === 'Occasion' ? 'the day' : reminder.occasion} next year` };
    },
  }),
});
