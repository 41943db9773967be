import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { chargeMoveBody } from '@/lib/contracts/backoffice';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { moveStaffCharge } from '@/lib/server/services/backoffice/staff-order';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/orders/{id}/charges/{chargeId} {move: mark_paid | waive | record_refund, reference?, note?}
 * (owners, managers): settles an extra charge by hand (409 when its status refuses the move).
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: z.string().max(100), chargeId: z.uuid({ message: 'chargeId must be a charge id' }) }),
      body: chargeMoveBody,
      handle: async ({ db, req, query, body }) => {
        const result = await moveStaffCharge(db, query.id, query.chargeId, body, signedInStaff(req), now());
        return { data: result, message: 'Charge updated' };
      },
    }),
  },
  { ownOrigin: true },
);
