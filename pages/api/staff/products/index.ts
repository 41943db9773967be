import { route, endpoint } from '@/lib/server/http/route';
import { adminProductsQuery } from '@/lib/contracts/catalogue-admin';
import { authorizeStaff } from '@/lib/server/services/staff/access';
import { listAdminProducts } from '@/lib/server/services/backoffice/products';

/** GET /admin/api/products?q=&page= (owners, managers): products by name, inactive ones included, 25 a page. */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: adminProductsQuery,
      handle: async ({ db, query }) => ({ data: await listAdminProducts(db, query) }),
    }),
  },
  { ownOrigin: true },
);
