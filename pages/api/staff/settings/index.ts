import { route, endpoint } from '@/lib/server/http/route';
import { authorizeStaff } from '@/lib/server/services/staff/access';
import { adminSettings } from '@/lib/server/services/backoffice/settings';

/**
 * GET /admin/api/settings (owners, managers): the alert and delivery settings with the time each
 * last changed, the currency rates with theirs, and the zone keys orders carry.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      handle: async ({ db }) => ({ data: await adminSettings(db) }),
    }),
  },
  { ownOrigin: true },
);
