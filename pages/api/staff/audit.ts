import { route, endpoint } from '@/lib/server/http/route';
import { auditQuery } from '@/lib/contracts/backoffice';
import { authorizeStaff } from '@/lib/server/services/staff/access';
import { readAuditLog } from '@/lib/server/services/backoffice/audit';

/** GET /admin/api/audit?page= (owners only): every order transition, newest first, 50 a page. */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner']),
      query: auditQuery,
      handle: async ({ db, query }) => ({ data: await readAuditLog(db, query.page ?? 1) }),
    }),
  },
  { ownOrigin: true },
);
