import { route, endpoint } from '@/lib/server/http/route';
import { contentAuditQuery } from '@/lib/contracts/backoffice';
import { authorizeStaff } from '@/lib/server/services/staff/access';
import { readContentAudit } from '@/lib/server/services/backoffice/content-audit';

/**
 * GET /admin/api/content-audit?page=&entity= (owners only): every change to what shoppers see
 * (products, pictures, categories, featured groups, settings, rates, coupons), newest first, 50 a
 * page, with the fields each changed before and after.
 */
export default route(
  {
    GET: endpoint({
      authorize: authorizeStaff(['owner']),
      query: contentAuditQuery,
      handle: async ({ db, query }) => ({ data: await readContentAudit(db, query.page ?? 1, query.entity) }),
    }),
  },
  { ownOrigin: true },
);
