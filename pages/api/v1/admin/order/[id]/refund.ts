import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { businessQuery } from '@/lib/contracts/envelope';
import { multiLine, singleLine } from '@/lib/contracts/text';
import { now } from '@/lib/server/security/clock';
import { apiTokenActor, assertStaff, recordRefund } from '@/lib/server/services/orders/staff';

export const config = { api: { bodyParser: false } };

/** The refund staff record: the bank's or provider's reference, and an optional note. */
const refundBody = z.strictObject({
  reference: singleLine(200).min(1, 'reference is required: the bank or provider reference of the refund'),
  note: multiLine(1000).optional(),
});

/**
 * Staff only (Authorization: Bearer ADMIN_TOKEN, recorded as the actor 'api token'): records that
 * the money of a cancelled, paid order went back (refund due → refunded); 409 when none is due.
 */
export default route({
  POST: endpoint({
    authorize: assertStaff,
    query: businessQuery.extend({ id: z.string().max(100) }),
    body: refundBody,
    handle: async ({ db, req, query, body }) => {
      const order = await recordRefund(db, query.id, body, apiTokenActor(req), now());
      return { data: order, message: `Refund recorded for order ${order.orderNumber}` };
    },
  }),
});
