/**
 * Staff moves of an order along its statuses (PUT /v1/admin/order/{id}/status), and the staff
 * token check. `moveOrder` is the one place an order changes status after checkout (the payment
 * confirmations reuse it): only along ORDER_TRANSITIONS, with the paid rule on the payment status,
 * the coupon's use released on cancellation, and a timeline line per move, in one transaction.
 * Staff calls exist only when ADMIN_TOKEN is set; the token is compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { sha256 } from '@/lib/server/security/tokens';
import { addEvent, loadOrder, readOrder } from '@/lib/server/services/orders/store';
import { releaseCoupon } from '@/lib/server/services/orders/coupons';
import { PAYMENT_STATUS, canTransition, isEditableStatus, paidStatusFor, type OrderStatus } from '@/lib/domain/checkout';
import { isPaidStatus } from '@/lib/domain/order';
import type { Order } from '@/lib/contracts/orders';
import { sendPaidConfirmation } from '@/lib/server/payments/confirmation';

export const STAFF_TOKEN_MESSAGE = 'A valid staff token is required';

/**
 * Lets a staff call through: 404 (as for any unknown call) when ADMIN_TOKEN is unset, 401 when
 * the bearer token is missing or wrong. Both sides are hashed first so that the comparison takes
 * the same time whatever the token's length or content.
 */
export function assertStaff(req: Pick<IncomingMessage, 'headers' | 'method' | 'url'>): void {
  const expected = getConfig().adminToken;
  if (!expected) throw new NotFoundError(`There is no call ${req.method ?? 'GET'} ${(req.url ?? '').split('?')[0]?.replace(/^\/api/, '')}`);
  const header = req.headers.authorization ?? '';
  const given = /^Bearer\s+(.+)$/i.exec(header)?.[1]?.trim() ?? '';
  const ok = timingSafeEqual(Buffer.from(sha256(given), 'hex'), Buffer.from(sha256(expected), 'hex'));
  if (!given || !ok) throw new HttpError(401, STAFF_TOKEN_MESSAGE, { 'WWW-Authenticate': 'Bearer' });
}

export type MoveOptions = {
  /** The payment status to record; moving to paid without one records PAID - GO AHEAD (method). */
  paymentStatus?: string;
  /** Shown on the timeline line of the move. */
  note?: string;
  at: Date;
};

/** The payment status a move records, or a 400 when the given one contradicts the move. */
function paymentStatusFor(to: OrderStatus, current: string, method: string | null, given: string | undefined): string {
  if (to === 'paid') {
    if (given === undefined) return paidStatusFor(method);
    if (!isPaidStatus(given)) throw new BadRequestError(`paymentStatus must read as paid (start with "paid" or contain "go ahead"), e.g. "${PAYMENT_STATUS.paid('bank transfer')}"`);
    return given;
  }
  // An unpaid order must never look paid to the shopper's browser (which then forgets it).
  if (given !== undefined && isEditableStatus(to) && isPaidStatus(given)) {
    throw new BadRequestError(`paymentStatus must not read as paid for an order moving to ${to}`);
  }
  // Past payment (preparing, out for delivery, delivered) the order must keep reading as paid, or
  // the shopper's browser would offer to change an order the server refuses to change.
  if (given !== undefined && to !== 'cancelled' && !isEditableStatus(to) && !isPaidStatus(given)) {
    throw new BadRequestError(`paymentStatus must read as paid for an order moving to ${to}`);
  }
  return given ?? current;
}

/**
 * Moves an order to `to` along ORDER_TRANSITIONS and answers it: 404 unknown order, 400 for a
 * move the table does not allow ('Cannot move an order from delivered to paid') or a payment
 * status that contradicts it. Cancelling releases the order's coupon use (the order keeps the
 * code and discount it had, as a record). A move to paid e-mails the sender a confirmation once
 * the move is committed.
 */
export async function moveOrder(db: Db, id: string, to: OrderStatus, options: MoveOptions): Promise<Order> {
  const order = await db.transaction((tx) => moveOrderIn(tx, id, to, options));
  if (to === 'paid') sendPaidConfirmation(order);
  return order;
}

/**
 * `moveOrder` inside a transaction the caller already holds (the payment settlement locks the
 * order and its attempt, then moves the order in the same transaction). Sends no e-mail: the
 * caller does that after its commit.
 */
export async function moveOrderIn(tx: Db, id: string, to: OrderStatus, options: MoveOptions): Promise<Order> {
  const order = await loadOrder(tx, id, true);
  const from = order.status as OrderStatus;
  if (!canTransition(from, to)) throw new BadRequestError(`Cannot move an order from ${from} to ${to}`);
  const paymentStatus = paymentStatusFor(to, order.paymentStatus, order.paymentMethod, options.paymentStatus?.trim() || undefined);
  await tx.update(orders).set({ status: to, paymentStatus, updatedAt: options.at }).where(eq(orders.id, id));
  if (to === 'cancelled' && order.couponCode) await releaseCoupon(tx, id);
  const note = options.note?.trim() ?? '';
  await addEvent(tx, id, to, note, options.at);
  return readOrder(tx, id);
}
