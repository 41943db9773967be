import { z } from 'zod';
import { route, endpoint } from '@/lib/server/http/route';
import { BadRequestError } from '@/lib/server/http/errors';
import { businessQuery } from '@/lib/contracts/envelope';
import { multiLine } from '@/lib/contracts/text';
import { PAYMENT_METHODS } from '@/lib/domain/checkout';
import { ORDER_STATUSES } from '@/lib/domain/order-lifecycle';
import { now } from '@/lib/server/security/clock';
import { apiTokenActor, assertStaff, moveOrder } from '@/lib/server/services/orders/staff';
import { transferAmount, transferReference } from '@/lib/contracts/backoffice';

export const config = { api: { bodyParser: false } };

const PAYMENT_WORDING_MESSAGE =
  'paymentStatus cannot be set: the payment wording follows the payment state (a provider payment, a transfer staff confirm with status "paid" and optionally paymentMethod, or not paid)';

const MANUAL_METHODS = PAYMENT_METHODS.filter((m) => m.kind === 'manual').map((m) => m.key) as [string, ...string[]];

/**
 * What staff send to move an order: the new status, a note, and when confirming a transfer
 * (status paid) which manual method the money came by, the amount received (decimal text or a
 * number in the order's currency, '20000', 62.5; short of what is due, the order is part paid and
 * keeps its status) and the bank's reference. Without an amount the whole amount still due is
 * recorded (the order is paid), without a reference 'api token <ISO time>'. Nothing else: the
 * payment wording is derived from the payment state, so a `paymentStatus` (or any other field)
 * is refused, never ignored.
 */
const moveBody = z.strictObject({
  status: z.enum(ORDER_STATUSES, { message: `status must be one of ${ORDER_STATUSES.join(', ')}` }),
  paymentMethod: z.enum(MANUAL_METHODS, { message: `paymentMethod must be one of ${MANUAL_METHODS.join(', ')} (card payments are confirmed by their provider)` }).optional(),
  note: multiLine(1000).optional(),
  amount: transferAmount.optional(),
  reference: transferReference.optional(),
  paymentStatus: z.undefined({ message: PAYMENT_WORDING_MESSAGE }).optional(),
});

/** Staff only (Authorization: Bearer ADMIN_TOKEN, recorded as the actor 'api token'): moves an order along its statuses. */
export default route({
  PUT: endpoint({
    authorize: assertStaff,
    query: businessQuery.extend({ id: z.string().max(100) }),
    body: moveBody,
    handle: async ({ db, req, query, body }) => {
      if (body.paymentMethod && body.status !== 'paid') throw new BadRequestError('paymentMethod names how a transfer was paid: send it only with status "paid"');
      if ((body.amount !== undefined || body.reference !== undefined) && body.status !== 'paid') throw new BadRequestError('amount and reference describe a transfer received: send them only with status "paid"');
      const paidWith = body.paymentMethod ? { method: body.paymentMethod } : undefined;
      const transfer = { ...(body.amount !== undefined && { amount: body.amount }), ...(body.reference !== undefined && { reference: body.reference }) };
      const order = await moveOrder(db, query.id, body.status, { paidWith, transfer, note: body.note, actor: apiTokenActor(req), at: now() });
      const part = order.paymentState === 'part_paid';
      return { data: order, message: part ? `Order ${order.orderNumber} is part paid: the transfer is recorded, the rest is still due` : `Order ${order.orderNumber} is now ${body.status}` };
    },
  }),
});
