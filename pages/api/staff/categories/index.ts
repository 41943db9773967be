import { route, endpoint } from '@/lib/server/http/route';
import { authorizeStaff } from '@/lib/server/services/staff/access';
import { listAdminCategories } from '@/lib/server/services/backoffice/categories';

/** GET /admin/api/categories (owners, managers): every category with its texts, by navigation group and order. */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      handle: async ({ db }) => ({ data: await listAdminCategories(db) }),
    }),
  },
  { ownOrigin: true },
);
