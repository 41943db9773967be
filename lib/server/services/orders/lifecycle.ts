/**
 * The only code that writes an order's `status` and payment state. `transition()` applies one
 * event of `lib/domain/order-lifecycle.ts` inside the caller's transaction: it locks the order's
 * row, asks `decide()` (state, actor, guards), writes the new state, one timeline line and one
 * audit row (who, what, from, to), and applies the event's side effects (a cancellation frees
 * the order's coupon use). A refusal throws before anything is written, so the caller's
 * transaction rolls back whole. Checkout, payments, staff calls and the back office all come here.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions, orderAudit, orderItems, orders, paymentAttempts } from '@/lib/server/db/schema';
import { BadRequestError, HttpError } from '@/lib/server/http/errors';
import { orderAmountMinor } from '@/lib/server/payments/provider';
import { addEvent, lifecycleState, loadOrder, type OrderRow } from '@/lib/server/services/orders/rows';
import {
  decide,
  TEST_PAYMENT_MARK,
  type Actor,
  type LifecycleState,
  type OrderEvent,
  type OrderFacts,
} from '@/lib/domain/order-lifecycle';
import { methodLabel } from '@/lib/domain/checkout';
import { formatMinor, type CurrencyCode } from '@/lib/domain/money';

export const TRANSFER_SENT_NOTE = 'The shopper says the transfer was sent';

export type Transitioned = { before: LifecycleState; after: LifecycleState; order: OrderRow };

/** What a payment needs that the order may lack: 'checkout' before the delivery details were saved, else the first empty sender field. */
function missingDetail(order: OrderRow): string | null {
  if (!order.checkedOutAt || !order.deliveryMethod) return 'checkout';
  const fields = [
    ['senderName', order.senderName],
    ['senderEmail', order.senderEmail],
    ['senderPhoneNumber', order.senderPhone],
  ] as const;
  return fields.find(([, value]) => !value)?.[0] ?? null;
}

async function factsOf(tx: Db, order: OrderRow, event: OrderEvent): Promise<OrderFacts> {
  // Only the payment-method choice looks at the items: other events do not pay the query.
  const hasItems = event.type === 'choose_method' ? (await tx.select({ sku: orderItems.sku }).from(orderItems).where(eq(orderItems.orderId, order.id)).limit(1)).length > 0 : true;
  return { hasItems, missingDetail: missingDetail(order), currency: order.currency, paymentMethod: order.paymentMethod };
}

/** The line a cancellation adds about money the shop holds or may hold, or null. */
function cancelledMoneyLine(order: OrderRow): string | null {
  if (order.paymentState === 'paid') {
    if (order.paymentTest) return `Cancelled after a test payment: nothing to refund (${TEST_PAYMENT_MARK})`;
    const amount = formatMinor(orderAmountMinor(order.totalInCurrency, order.currency as CurrencyCode), order.currency);
    return `Cancelled after payment: refund due: ${amount}`;
  }
  if (order.paymentState === 'awaiting_confirmation') return 'Cancelled while a transfer the shopper says was sent awaits confirmation: refund it if it arrives';
  return null;
}

/** The timeline line of an event: what the shopper and staff read of it. */
function lineOf(event: OrderEvent, order: OrderRow): string {
  const note = 'note' in event ? (event.note?.trim() ?? '') : '';
  switch (event.type) {
    case 'choose_method':
      return `Payment method chosen: ${methodLabel(event.method)} (${event.currency})`;
    case 'transfer_sent':
      return TRANSFER_SENT_NOTE;
    case 'cancel':
      return [note, cancelledMoneyLine(order)].filter(Boolean).join(' — ');
    case 'record_refund':
      return `Refund recorded: ${note}`;
    default:
      return note;
  }
}

function refusal(status: 400 | 403 | 409, message: string): HttpError {
  return status === 400 ? new BadRequestError(message) : new HttpError(status, message);
}

/**
 * Throws the refusal `transition()` would for `event`, without writing anything: for a caller
 * that re-checks an order that stays as it is (the same payment method chosen again).
 */
export async function assertAllowed(tx: Db, orderId: string, event: OrderEvent, actor: Actor): Promise<void> {
  const order = await loadOrder(tx, orderId, true);
  const decision = decide(lifecycleState(order), event, actor, await factsOf(tx, order, event));
  if (!decision.ok) throw refusal(decision.status, decision.message);
}

/**
 * Applies `event` to the order `orderId` on behalf of `actor` at `at`, in the caller's
 * transaction (the row is locked here if the caller has not already). Throws the decision's
 * refusal (409 state, 403 actor, 400 details) without writing anything; otherwise writes the
 * state, the timeline line and the audit row and answers the state before and after.
 */
export async function transition(tx: Db, orderId: string, event: OrderEvent, actor: Actor, at: Date): Promise<Transitioned> {
  const order = await loadOrder(tx, orderId, true);
  const before = lifecycleState(order);
  const decision = decide(before, event, actor, await factsOf(tx, order, event));
  if (!decision.ok) throw refusal(decision.status, decision.message);

  const after: LifecycleState = { status: decision.status, payment: decision.payment, paidWith: before.paidWith, paymentTest: before.paymentTest };
  if (event.type === 'payment_confirmed') Object.assign(after, { paidWith: event.method, paymentTest: event.test });
  if (event.type === 'confirm_transfer') Object.assign(after, { paidWith: event.method ?? order.paymentMethod, paymentTest: false });
  if (event.type === 'late_payment') Object.assign(after, { paidWith: event.method, paymentTest: false });

  const [updated] = await tx
    .update(orders)
    .set({
      status: after.status,
      paymentState: after.payment,
      paidWith: after.paidWith,
      paymentTest: after.paymentTest,
      ...(event.type === 'dispatch' && event.riderId && { riderId: event.riderId }),
      updatedAt: at,
    })
    .where(eq(orders.id, orderId))
    .returning();
  const line = lineOf(event, order);
  await addEvent(tx, orderId, after.status, line, at);
  await tx.insert(orderAudit).values({
    orderId,
    event: event.type,
    actorKind: actor.kind,
    actorId: actor.kind === 'provider' ? actor.provider : actor.kind === 'staff' ? actor.id : '',
    fromStatus: before.status,
    toStatus: after.status,
    fromPayment: before.payment,
    toPayment: after.payment,
    note: line.slice(0, 1000),
    at,
  });
  // A cancelled order no longer counts against its coupon's limit (it keeps the code and discount as a record).
  if (event.type === 'cancel') await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
  // The transfer the shopper announced is the one staff confirmed: its attempt (the latest
  // claimed one, as one order has at most one succeeded attempt) is now succeeded.
  if (event.type === 'confirm_transfer') {
    await tx
      .update(paymentAttempts)
      .set({ status: 'succeeded', updatedAt: at })
      .where(
        eq(
          paymentAttempts.id,
          sql`(select ${paymentAttempts.id} from ${paymentAttempts} where ${paymentAttempts.orderId} = ${orderId} and ${paymentAttempts.status} = 'claimed' order by ${paymentAttempts.updatedAt} desc limit 1)`,
        ),
      );
  }
  return { before, after, order: updated! };
}

/**
 * An order awaiting payment whose total, currency or method changed goes back to 'created', so
 * that the payment method (and with it a new payment) is chosen again; `note` says why. An order
 * in any other state is left alone. Answers whether it was reopened.
 */
export async function reopenIfAwaitingPayment(tx: Db, orderId: string, note: string, actor: Actor, at: Date): Promise<boolean> {
  const [row] = await tx
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.status, 'awaiting_payment'), eq(orders.paymentState, 'unpaid')))
    .for('update');
  if (!row) return false;
  await transition(tx, orderId, { type: 'reopen', note }, actor, at);
  return true;
}

/** The audit of an order, oldest first (tests and, later, the back office read it). */
export async function auditOf(tx: Db, orderId: string): Promise<(typeof orderAudit.$inferSelect)[]> {
  return tx.select().from(orderAudit).where(eq(orderAudit.orderId, orderId)).orderBy(sql`${orderAudit.at}, ${orderAudit.id}`);
}
