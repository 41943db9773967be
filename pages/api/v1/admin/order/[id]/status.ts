import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { ORDER_STATUSES } from '@/lib/domain/checkout';
import { getDb } from '@/lib/server/db/client';
import { now } from '@/lib/server/security/clock';
import { assertStaff, moveOrder } from '@/lib/server/services/orders/staff';

export const config = { api: { bodyParser: false } };

/** What staff send to move an order: the new status, optionally the payment status and a note. */
const moveBody = z.object({
  status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
  paymentStatus: z.string().trim().min(1, 'must not be empty').max(200, 'must be at most 200 characters').optional(),
  note: z.string().trim().max(1000, 'must be at most 1000 characters').optional(),
});

/** Staff only (Authorization: Bearer ADMIN_TOKEN): moves an order along its statuses. */
export default route({
  PUT: endpoint({
    authorize: assertStaff,
    query: businessQuery.extend({ id: z.string().max(100) }),
    body: moveBody,
    handle: async ({ query, body }) => {
      const order = await moveOrder(await getDb(), query.id, body.status, { paymentStatus: body.paymentStatus, note: body.note, at: now() });
      return { data: order, message: `Order ${order.orderNumber} is now ${body.status}` };
    },
  }),
});
