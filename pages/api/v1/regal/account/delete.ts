import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { deleteAccountBody } from '@/lib/contracts/account';
import { requestContext, requireUser } from '@/lib/server/services/accounts/auth';
import { deleteAccount } from '@/lib/server/services/accounts/account-delete';

export const config = { api: { bodyParser: false } };

/**
 * Deletes the logged-in account: needs the current password (or a fresh one-time password's
 * token); refused while an order still needs the sender; anonymises the orders kept.
 */
export default route({
  POST: endpoint({
    query: businessQuery,
    body: deleteAccountBody,
    handle: async ({ db, req, body }) => {
      const ctx = requestContext(req);
      const data = await deleteAccount(db, await requireUser(db, req, ctx.now), body, ctx);
      return { data, message: 'Your account has been deleted', headers: { 'Cache-Control': 'private, no-store' } };
    },
  }),
});
