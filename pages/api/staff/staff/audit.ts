import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { authorizeStaff } from '@/lib/server/services/staff/access';
import { readStaffAudit } from '@/lib/server/services/staff/audit';

/** GET /admin/api/staff/audit?page= (owners): who added, changed, deactivated or re-invited which member, newest first. */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner']),
      query: z.object({ page: z.coerce.number().int().min(1, 'page must be 1 or more').max(100_000).optional() }),
      handle: async ({ db, query }) => ({ data: await readStaffAudit(db, query.page ?? 1) }),
    }),
  },
  { ownOrigin: true },
);
