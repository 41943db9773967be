import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { changePasswordBody } from '@/lib/contracts/auth';
import { getDb } from '@/lib/server/db/client';
import { now } from '@/lib/server/security/clock';
import { assertBusiness, changePassword, requireUser } from '@/lib/server/services/accounts';

export const config = { api: { bodyParser: false } };

export default route({
  PUT: endpoint({
    query: businessQuery,
    body: changePasswordBody,
    handle: async ({ req, body }) => {
      assertBusiness(body.business);
      const db = await getDb();
      const at = now();
      const user = await changePassword(db, await requireUser(db, req, at), body.password, at);
      return { data: user, message: 'Password changed successfully and user logged in' };
    },
  }),
});
