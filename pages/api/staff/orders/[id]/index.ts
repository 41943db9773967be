import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { readStaffOrder } from '@/lib/server/services/backoffice/staff-order';

/** GET /admin/api/orders/{id} (any staff member of the order's branch): the order, its payments, its history and the actions open to the member. */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(),
      query: z.object({ id: z.string().max(100) }),
      handle: async ({ db, req, query }) => ({ data: await readStaffOrder(db, query.id, signedInStaff(req)) }),
    }),
  },
  { ownOrigin: true },
);
