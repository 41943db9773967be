import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { askChargeBody } from '@/lib/contracts/backoffice';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { askQuote } from '@/lib/server/services/backoffice/staff-order';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/orders/{id}/charges {kind: 'quote', amount, reason} (owners, managers): asks the
 * sender of an other-states order for its quoted delivery fee; the pay link is e-mailed to them.
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: z.string().max(100) }),
      body: askChargeBody,
      handle: async ({ db, req, query, body }) => {
        const result = await askQuote(db, query.id, body, signedInStaff(req), now());
        return { data: result, status: 201, message: 'The sender has been e-mailed a link to pay the delivery fee' };
      },
    }),
  },
  { ownOrigin: true },
);
