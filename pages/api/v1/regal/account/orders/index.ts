import { route, endpoint } from '@/lib/server/http/route';
import { accountOrdersQuery } from '@/lib/contracts/account';
import { now } from '@/lib/server/security/clock';
import { requireUser } from '@/lib/server/services/accounts/auth';
import { listAccountOrders } from '@/lib/server/services/accounts/account-orders';

export const config = { api: { bodyParser: false } };

/** The logged-in shopper's orders that reached checkout, newest first, a page at a time. */
export default route({
  GET: endpoint({
    query: accountOrdersQuery,
    handle: async ({ db, req, query }) => {
      const { user } = await requireUser(db, req, now());
      return { data: await listAccountOrders(db, user.id, query.page), headers: { 'Cache-Control': 'private, no-store' } };
    },
  }),
});
