import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { profileBody } from '@/lib/contracts/account';
import { now } from '@/lib/server/security/clock';
import { requireUser } from '@/lib/server/services/accounts/auth';
import { readProfile, updateProfile } from '@/lib/server/services/accounts/account';

export const config = { api: { bodyParser: false } };

const headers = { 'Cache-Control': 'private, no-store' };

/** The account's profile: name, phone (they pre-fill the checkout's sender), marketing opt-in. */
export default route({
  GET: endpoint({
    query: businessQuery,
    handle: async ({ db, req }) => {
      const { user } = await requireUser(db, req, now());
      return { data: readProfile(user), headers };
    },
  }),
  PUT: endpoint({
    query: businessQuery,
    body: profileBody,
    handle: async ({ db, req, body }) => {
      const at = now();
      const { user } = await requireUser(db, req, at);
      return { data: await updateProfile(db, user, body, at), message: 'Profile saved', headers };
    },
  }),
});
