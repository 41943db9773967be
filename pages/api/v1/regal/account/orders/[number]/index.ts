import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { requireUser } from '@/lib/server/services/accounts/auth';
import { readAccountOrder } from '@/lib/server/services/accounts/account-orders';
import { orderReminder } from '@/lib/server/services/reminders';

export const config = { api: { bodyParser: false } };

// Any number is accepted here: one that is not the shopper's is a 404.
const query = businessQuery.extend({ number: singleLine(100) });

/** One order of the logged-in shopper, every detail (no e-mail asked), with its occasion reminder if set. */
export default route({
  GET: endpoint({
    query,
    handle: async ({ db, req, query }) => {
      const { user } = await requireUser(db, req, now());
      const order = await readAccountOrder(db, user.id, query.number);
      return { data: { ...order, reminder: await orderReminder(db, order.id) }, headers: { 'Cache-Control': 'private, no-store' } };
    },
  }),
});
