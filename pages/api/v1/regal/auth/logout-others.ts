import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { emptyBody } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { logoutOthers, requireUser } from '@/lib/server/services/accounts/auth';

export const config = { api: { bodyParser: false } };

/** Not in the spec's table: ends every other session of the account; the token sent stays. */
export default route({
  POST: endpoint({
    query: businessQuery,
    body: emptyBody,
    handle: async ({ db, req }) => {
      const at = now();
      const data = await logoutOthers(db, await requireUser(db, req, at), at);
      return { data, message: data.loggedOut === 1 ? 'Logged out of 1 other device' : `Logged out of ${data.loggedOut} other devices`, headers: { 'Cache-Control': 'private, no-store' } };
    },
  }),
});
