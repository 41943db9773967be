import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { requireUser } from '@/lib/server/services/accounts/auth';
import { reorder } from '@/lib/server/services/accounts/account-orders';

export const config = { api: { bodyParser: false } };

const query = businessQuery.extend({ number: singleLine(100) });

/** 'Order again': the order's items as cart items at today's prices and what changed. Writes nothing. */
export default route({
  GET: endpoint({
    query,
    handle: async ({ db, req, query }) => {
      const { user } = await requireUser(db, req, now());
      return { data: await reorder(db, user.id, query.number), headers: { 'Cache-Control': 'private, no-store' } };
    },
  }),
});
