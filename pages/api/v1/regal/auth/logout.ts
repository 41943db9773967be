import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { emptyBody } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { logout } from '@/lib/server/services/accounts/auth';

export const config = { api: { bodyParser: false } };

/** Not in the spec's table: ends the session of the bearer token sent, so a logout is real. */
export default route({
  POST: endpoint({
    query: businessQuery,
    body: emptyBody,
    handle: async ({ db, req }) => {
      await logout(db, req, now());
      return { data: { loggedOut: true }, message: 'Logged out' };
    },
  }),
});
