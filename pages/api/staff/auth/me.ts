import { route, endpoint } from '@/lib/server/http/route';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';

/** GET /admin/api/auth/me: the signed-in staff member; 401 'Please sign in'. */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(),
      handle: async ({ req }) => {
        const { sessionId: _sessionId, address: _address, ...member } = signedInStaff(req);
        return { data: member };
      },
    }),
  },
  { ownOrigin: true },
);
