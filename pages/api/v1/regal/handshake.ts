import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { now } from '@/lib/server/security/clock';
import { currentUserRecord } from '@/lib/server/services/accounts/auth';
import { handshake } from '@/lib/server/services/settings';

/** The handshake; `user` is the user record when a valid bearer token is sent, else null. */
export default route({
  GET: endpoint({
    query: businessQuery,
    handle: async ({ db, req }) => {
      const at = now();
      return { data: await handshake(db, at, await currentUserRecord(db, req, at)) };
    },
  }),
});
