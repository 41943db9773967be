import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { deliveryChangeBody } from '@/lib/contracts/backoffice';
import { now } from '@/lib/server/security/clock';
import { authorizeStaff, signedInStaff } from '@/lib/server/services/staff/access';
import { changeDelivery } from '@/lib/server/services/backoffice/delivery-change';

export const config = { api: { bodyParser: false } };

/**
 * POST /admin/api/orders/{id}/delivery {deliveryDate?, zone?, recipientAddress?, residenceType?,
 * note?} (owners, managers): changes a paid door delivery in Lagos or Abuja before it leaves; the
 * fee difference is e-mailed to the sender as a pay link, or recorded as owed back. Answers the
 * order as the member sees it, and a message saying which.
 */
export default route(
  {
    POST: endpoint({
      authorize: authorizeStaff(['owner', 'manager']),
      query: z.object({ id: z.string().max(100) }),
      body: deliveryChangeBody,
      handle: async ({ db, req, query, body }) => {
        const { answer, message } = await changeDelivery(db, query.id, body, signedInStaff(req), now());
        return { data: answer, message };
      },
    }),
  },
  { ownOrigin: true },
);
