/**
 * Staff moves of an order along its statuses (PUT /v1/admin/order/{id}/status), and the staff
 * token check. `moveOrder` is the one place an order changes status after checkout (the payment
 * confirmations reuse it): only along ORDER_TRANSITIONS, with the payment wording derived from
 * the payment state (never free text: a cancelled order cannot read as paid unless it was, and
 * then says the refund due), the coupon's use released on cancellation, and a timeline line per
 * move, in one transaction.
 * Staff calls exist only when ADMIN_TOKEN is set; the token is compared in constant time.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { formatMinor, orderAmountMinor } from '@/lib/server/payments/provider';
import { sha256 } from '@/lib/server/security/tokens';
import { addEvent, loadOrder, readOrder, type OrderRow } from '@/lib/server/services/orders/store';
import { releaseCoupon } from '@/lib/server/services/orders/coupons';
import { PAYMENT_STATUS, TEST_PAYMENT_MARK, canTransition, paidStatusFor, type OrderStatus } from '@/lib/domain/checkout';
import { isPaidStatus, isTestPaymentStatus } from '@/lib/domain/order';
import type { CurrencyCode } from '@/lib/domain/money';
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
  /**
   * How the money came, for a move to paid: a provider's confirmed payment (its key, and `test`
   * when it was the built-in sandbox's), or the manual method staff name when confirming a
   * transfer. Without it a move to paid records the order's own method.
   */
  paidWith?: { method: string; test?: boolean };
  /** Shown on the timeline line of the move. */
  note?: string;
  at: Date;
};

/**
 * The payment status a move records, derived from the payment state, never from free text:
 * - to paid: 'PAID - GO AHEAD (<method>)' (the test mark for a sandbox payment);
 * - to cancelled: a paid order keeps its paid wording (the money was taken: `refund` says how
 *   much is due back); an unpaid one reads 'not paid';
 * - any other move keeps what the order has.
 */
function paymentStatusFor(to: OrderStatus, order: Pick<OrderRow, 'paymentStatus' | 'paymentMethod'>, paidWith: MoveOptions['paidWith']): string {
  if (to === 'paid') return paidStatusFor(paidWith?.method ?? order.paymentMethod, { test: paidWith?.test });
  if (to === 'cancelled' && !isPaidStatus(order.paymentStatus)) return PAYMENT_STATUS.notPaid;
  return order.paymentStatus;
}

/** The timeline line a cancellation adds about money the shop holds or may hold, or null. */
function cancelledMoneyLine(order: Pick<OrderRow, 'paymentStatus' | 'currency' | 'totalInCurrency'>): string | null {
  if (isPaidStatus(order.paymentStatus)) {
    if (isTestPaymentStatus(order.paymentStatus)) return `Cancelled after a test payment: nothing to refund (${TEST_PAYMENT_MARK})`;
    const amount = formatMinor(orderAmountMinor(order.totalInCurrency, order.currency as CurrencyCode), order.currency);
    return `Cancelled after payment: refund due: ${amount}`;
  }
  if (order.paymentStatus === PAYMENT_STATUS.awaitingConfirmation) return 'Cancelled while a transfer the shopper says was sent awaits confirmation: refund it if it arrives';
  return null;
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
  const paymentStatus = paymentStatusFor(to, order, options.paidWith);
  await tx.update(orders).set({ status: to, paymentStatus, updatedAt: options.at }).where(eq(orders.id, id));
  if (to === 'cancelled' && order.couponCode) await releaseCoupon(tx, id);
  const note = options.note?.trim() ?? '';
  await addEvent(tx, id, to, note, options.at);
  const money = to === 'cancelled' ? cancelledMoneyLine(order) : null;
  // A millisecond after the move's own line, so that the timeline (ordered by time) lists it second.
  if (money) await addEvent(tx, id, to, money, new Date(options.at.getTime() + 1));
  return readOrder(tx, id);
}
