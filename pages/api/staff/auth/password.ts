import { route, endpoint } from '@/lib/server/http/route';
import { staffPasswordBody } from '@/lib/contracts/staff';
import { requestContext } from '@/lib/server/services/accounts/context';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { setStaffPassword } from '@/lib/server/services/staff/auth';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/auth/password {password, currentPassword?}: sets the signed-in member's
 * password (the current one is needed once one was set); every other session ends.
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(),
      body: staffPasswordBody,
      handle: async ({ db, req, body }) => {
        const member = await setStaffPassword(db, signedInStaff(req), body, requestContext(req));
        return { data: member, message: 'Your password is saved' };
      },
    }),
  },
  { ownOrigin: true },
);
