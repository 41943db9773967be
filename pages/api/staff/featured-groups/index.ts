import { route, endpoint } from '@/lib/server/http/route';
import { authorizeStaff } from '@/lib/server/services/staff/access';
import { listFeaturedGroups } from '@/lib/server/services/backoffice/categories';

/** GET /admin/api/featured-groups (owners, managers): every featured group with its products in order. */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      handle: async ({ db }) => ({ data: await listFeaturedGroups(db) }),
    }),
  },
  { ownOrigin: true },
);
