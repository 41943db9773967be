import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { changePasswordBody } from '@/lib/contracts/auth';
import { changePassword, requestContext, requireUser } from '@/lib/server/services/accounts/auth';

export const config = { api: { bodyParser: false } };

export default route({
  PUT: endpoint({
    query: businessQuery,
    body: changePasswordBody,
    handle: async ({ db, req, body }) => {
      const ctx = requestContext(req);
      // Needs the current password, or a token from a one-time password entered in the last 15 minutes.
      const user = await changePassword(db, await requireUser(db, req, ctx.now), body, ctx);
      return { data: user, message: 'Password changed successfully and user logged in' };
    },
  }),
});
