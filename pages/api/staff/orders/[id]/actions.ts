import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { staffActionBody } from '@/lib/contracts/backoffice';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { applyStaffAction } from '@/lib/server/services/backoffice/staff-order';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/orders/{id}/actions {type, …}: one lifecycle event by the signed-in member
 * (403 for their role, 404 outside their branch, 409 when the order's state refuses it).
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(),
      query: z.object({ id: z.string().max(100) }),
      body: staffActionBody,
      handle: async ({ db, req, query, body }) => {
        const result = await applyStaffAction(db, query.id, body, signedInStaff(req), now());
        return { data: result, message: `Order ${result.order.orderNumber}: ${body.type.replace(/_/g, ' ')} done` };
      },
    }),
  },
  { ownOrigin: true },
);
