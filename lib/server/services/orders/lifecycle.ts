/**
 * The only code that writes an order's `status` and payment state. `transition()` applies one
 * event of `lib/domain/order-lifecycle.ts` inside the caller's transaction: it locks the order's
 * row, asks `decide()` (state, actor, guards), writes the new state, one timeline line and one
 * audit row (who, what, from, to, the client address of a staff or API-token call), and applies
 * the event's side effects (a cancellation frees the order's coupon use; a confirmed transfer
 * records its receipt). A refusal throws before anything is written, so the caller's transaction
 * rolls back whole. Checkout, payments, staff calls and the back office all come here.
 *
 * A confirmed transfer (`confirm_transfer`) carries the amount staff saw arrive and the bank's
 * reference. It is stored as a `transfer_receipts` row; the sum of the order's receipts against
 * its total (in its currency, minor units) decides between part paid (short: the line says what
 * is still due) and paid (the line says paid in full, and any excess as a refund due, like a
 * provider's overpayment). A reference already recorded for the order is a 409 that writes nothing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { couponRedemptions, orderAudit, orderCharges, orderItems, orders, paymentAttempts, transferReceipts } from '@/lib/server/db/schema';
import { BadRequestError, HttpError } from '@/lib/server/http/errors';
import { decimalsFor, decimalToMinor, minorToDecimal, orderAmountMinor } from '@/lib/server/payments/provider';
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
import { TRANSFER_AMOUNT_MESSAGE } from '@/lib/contracts/backoffice';
import { formatMinor, minorAmountText, type CurrencyCode } from '@/lib/domain/money';

export const TRANSFER_SENT_NOTE = 'The shopper says the transfer was sent';

export type Transitioned = { before: LifecycleState; after: LifecycleState; order: OrderRow };

/**
 * A transfer staff confirm, as callers give it to `transition()`: the bank's `reference`, the
 * amount received in the order's currency (minor units; absent: all that is still due), and
 * optionally the manual method it came by and a note. Whether it covers the total is worked out
 * here from the order's receipts.
 */
export type TransferConfirmation = { type: 'confirm_transfer'; reference: string; amountMinor?: bigint; method?: string; note?: string };

/** The events `transition()` takes: the lifecycle's, with a confirmed transfer as above. */
export type TransitionEvent = Exclude<OrderEvent, { type: 'confirm_transfer' }> | TransferConfirmation;

/** One transfer staff confirmed for an order. */
export type TransferReceipt = typeof transferReceipts.$inferSelect;

/** The receipts of an order, oldest first. */
export async function transferReceiptsOf(tx: Db, orderId: string): Promise<TransferReceipt[]> {
  return tx.select().from(transferReceipts).where(eq(transferReceipts.orderId, orderId)).orderBy(sql`${transferReceipts.at}, ${transferReceipts.id}`);
}

/** The sum of receipts in minor units. */
export function receivedMinor(receipts: Pick<TransferReceipt, 'amountMinor'>[]): bigint {
  return receipts.reduce((sum, r) => sum + r.amountMinor, 0n);
}


/**
 * A transfer's amount as staff typed it (decimal text in the currency's major units, checked by
 * the contract: '20000', '62.50') in minor units, exactly; 400 when it is not one.
 * @example transferAmountMinor('62.50', 'USD') // 6250n
 */
export function transferAmountMinor(amount: string, currency: string): bigint {
  const minor = decimalToMinor(amount, decimalsFor(currency));
  if (minor === null || minor <= 0n) throw new BadRequestError(TRANSFER_AMOUNT_MESSAGE);
  return minor;
}

/**
 * Money received by an order's confirmed transfers against its total ('₦20,000' of '₦55,000',
 * '₦35,000' outstanding, and the outstanding amount as decimal text, '35000', for a form).
 */
export function transferSummary(order: Pick<OrderRow, 'totalInCurrency' | 'currency'>, receipts: Pick<TransferReceipt, 'amountMinor'>[]) {
  const due = orderAmountMinor(order.totalInCurrency, order.currency as CurrencyCode);
  const received = receivedMinor(receipts);
  const outstanding = received >= due ? 0n : due - received;
  return {
    received: minorAmountText(received, order.currency),
    total: minorAmountText(due, order.currency),
    outstanding: minorAmountText(outstanding, order.currency),
    outstandingAmount: minorToDecimal(outstanding, decimalsFor(order.currency)).replace(/\.0+$/, ''),
  };
}

export const DUPLICATE_REFERENCE_MESSAGE = (reference: string, amount: string) =>
  `A transfer with the reference ${reference} is already recorded for this order (${amount}): check the reference on the bank statement`;

/** A confirmed transfer as the lifecycle decides it, and what its line says. */
type TransferFacts = { event: Extract<OrderEvent, { type: 'confirm_transfer' }>; receipts: TransferReceipt[]; dueMinor: bigint; receivedBefore: bigint };

/** What a confirmation adds up to with the order's earlier receipts. */
async function transferFacts(tx: Db, order: OrderRow, input: TransferConfirmation): Promise<TransferFacts> {
  const receipts = await transferReceiptsOf(tx, order.id);
  const dueMinor = orderAmountMinor(order.totalInCurrency, order.currency as CurrencyCode);
  // Every receipt is in the order's currency: the shopper can no longer change it once one is recorded.
  const receivedBefore = receivedMinor(receipts);
  const amountMinor = input.amountMinor ?? dueMinor - receivedBefore;
  const event = { ...input, reference: input.reference.trim(), amountMinor, coversTotal: receivedBefore + amountMinor >= dueMinor };
  return { event, receipts, dueMinor, receivedBefore };
}

/** The line of a confirmed transfer: what came, with its reference, and what is still due, paid in full, or overpaid. */
function transferLine({ event, dueMinor, receivedBefore }: TransferFacts, currency: string): string {
  const money = (minor: bigint) => minorAmountText(minor, currency);
  const received = receivedBefore + event.amountMinor;
  const head = `Transfer received: ${money(event.amountMinor)} (ref ${event.reference})`;
  if (received < dueMinor) return `${head}; ${money(dueMinor - received)} still due`;
  const whole = receivedBefore > 0n ? ` (${money(received)} received)` : '';
  if (received === dueMinor) return `${head}: paid in full${whole}`;
  return `${head}: paid in full; refund due: ${money(received - dueMinor)} overpaid (received ${money(received)} for ${money(dueMinor)})`;
}

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
  // Only a dispatch looks at extra charges: one still due holds it.
  const [due] =
    event.type === 'dispatch'
      ? await tx.select({ id: orderCharges.id }).from(orderCharges).where(and(eq(orderCharges.orderId, order.id), eq(orderCharges.status, 'due'))).limit(1)
      : [];
  return { hasItems, missingDetail: missingDetail(order), currency: order.currency, paymentMethod: order.paymentMethod, chargeDue: Boolean(due) };
}

/** The line a cancellation adds about money the shop holds or may hold (`received`: by transfers confirmed so far), or null. */
function cancelledMoneyLine(order: OrderRow, received: bigint): string | null {
  if (order.paymentState === 'part_paid') return `Cancelled after part payment: refund due: ${minorAmountText(received, order.currency)} received by transfer`;
  if (order.paymentState === 'paid') {
    if (order.paymentTest) return `Cancelled after a test payment: nothing to refund (${TEST_PAYMENT_MARK})`;
    const amount = formatMinor(orderAmountMinor(order.totalInCurrency, order.currency as CurrencyCode), order.currency);
    return `Cancelled after payment: refund due: ${amount}`;
  }
  if (order.paymentState === 'awaiting_confirmation') return 'Cancelled while a transfer the shopper says was sent awaits confirmation: refund it if it arrives';
  return null;
}

/** The timeline line of an event: what the shopper and staff read of it. */
function lineOf(event: OrderEvent, order: OrderRow, transfer: TransferFacts | null, received: bigint): string {
  const note = 'note' in event ? (event.note?.trim() ?? '') : '';
  switch (event.type) {
    case 'choose_method':
      return `Payment method chosen: ${methodLabel(event.method)} (${event.currency})`;
    case 'transfer_sent':
      return TRANSFER_SENT_NOTE;
    case 'cancel':
      return [note, cancelledMoneyLine(order, received)].filter(Boolean).join(' — ');
    case 'confirm_transfer':
      return [transfer ? transferLine(transfer, order.currency) : '', note].filter(Boolean).join(' — ');
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
export async function assertAllowed(tx: Db, orderId: string, input: TransitionEvent, actor: Actor): Promise<void> {
  const order = await loadOrder(tx, orderId, true);
  const event = input.type === 'confirm_transfer' ? (await transferFacts(tx, order, input)).event : input;
  const decision = decide(lifecycleState(order), event, actor, await factsOf(tx, order, event));
  if (!decision.ok) throw refusal(decision.status, decision.message);
}

/** What a confirmed transfer may not be, once the state allows it: nothing, or a reference recorded already. */
function transferRefusal({ event, receipts }: TransferFacts, currency: string): HttpError | null {
  if (!event.reference) return new BadRequestError('reference is required: the bank reference of the transfer');
  if (event.amountMinor <= 0n) return new BadRequestError('amount must be more than 0');
  const same = receipts.find((r) => r.reference.toLowerCase() === event.reference.toLowerCase());
  return same ? new HttpError(409, DUPLICATE_REFERENCE_MESSAGE(same.reference, minorAmountText(same.amountMinor, currency))) : null;
}

/** The client address a staff, API-token or statement-import call came from, for the audit ('' for the others). */
function addressOf(actor: Actor): string {
  return (actor.kind === 'staff' || actor.kind === 'api_token' || actor.kind === 'statement' ? (actor.address ?? '') : '').slice(0, 100);
}

/** The id the audit keeps of an actor: the provider's name, the staff member's (for a statement import, the member who uploaded it), else ''. */
function actorIdOf(actor: Actor): string {
  if (actor.kind === 'provider') return actor.provider;
  if (actor.kind === 'staff') return actor.id;
  return actor.kind === 'statement' ? actor.staffId : '';
}

/** The staff member a receipt or audit row names, if any. */
function staffIdOf(actor: Actor): string | null {
  return actor.kind === 'staff' ? actor.id : actor.kind === 'statement' ? actor.staffId : null;
}

/**
 * Applies `event` to the order `orderId` on behalf of `actor` at `at`, in the caller's
 * transaction (the row is locked here if the caller has not already). Throws the decision's
 * refusal (409 state, 403 actor, 400 details; for a confirmed transfer also 400 for no amount or
 * reference and 409 for a reference already recorded) without writing anything; otherwise writes
 * the state, the timeline line and the audit row (and a transfer's receipt) and answers the state
 * before and after.
 */
export async function transition(tx: Db, orderId: string, input: TransitionEvent, actor: Actor, at: Date): Promise<Transitioned> {
  const order = await loadOrder(tx, orderId, true);
  const before = lifecycleState(order);
  const transfer = input.type === 'confirm_transfer' ? await transferFacts(tx, order, input) : null;
  const event: OrderEvent = transfer ? transfer.event : (input as Exclude<TransitionEvent, TransferConfirmation>);
  const decision = decide(before, event, actor, await factsOf(tx, order, event));
  if (!decision.ok) throw refusal(decision.status, decision.message);
  const refusedTransfer = transfer && transferRefusal(transfer, order.currency);
  if (refusedTransfer) throw refusedTransfer;
  // A part-paid order's cancellation names the money to give back.
  const received = event.type === 'cancel' && before.payment === 'part_paid' ? receivedMinor(await transferReceiptsOf(tx, orderId)) : 0n;

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
  const line = lineOf(event, order, transfer, received);
  await addEvent(tx, orderId, after.status, line, at);
  await tx.insert(orderAudit).values({
    orderId,
    event: event.type,
    actorKind: actor.kind,
    actorId: actorIdOf(actor),
    fromStatus: before.status,
    toStatus: after.status,
    fromPayment: before.payment,
    toPayment: after.payment,
    note: line.slice(0, 1000),
    address: addressOf(actor),
    at,
  });
  if (transfer) {
    await tx.insert(transferReceipts).values({
      orderId,
      amountMinor: transfer.event.amountMinor,
      currency: order.currency,
      reference: transfer.event.reference,
      staffId: staffIdOf(actor),
      at,
    });
  }
  // A cancelled order no longer counts against its coupon's limit (it keeps the code and discount as a record).
  if (event.type === 'cancel') await tx.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
  // The transfer the shopper announced is the one staff confirmed: once it is paid in full, its
  // attempt (the latest claimed one, as one order has at most one succeeded attempt) is succeeded.
  if (event.type === 'confirm_transfer' && after.payment === 'paid') {
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

/**
 * Staff actions on an order that do not move its state (a delivery change, an extra charge asked
 * or settled by hand, a note), as the audit names them; `transition()` records the others.
 */
export type StaffAuditEvent = 'change_delivery' | 'ask_charge' | 'charge_mark_paid' | 'charge_waive' | 'charge_record_refund' | 'add_note';

/**
 * Writes the audit row of a staff action that leaves the order's state as it is (from = to), in
 * the caller's transaction: who, what, the line, the client address, when. Append-only like the rest.
 */
export async function recordStaffAction(tx: Db, order: Pick<OrderRow, 'id' | 'status' | 'paymentState'>, event: StaffAuditEvent, actor: Actor, note: string, at: Date): Promise<void> {
  await tx.insert(orderAudit).values({
    orderId: order.id,
    event,
    actorKind: actor.kind,
    actorId: staffIdOf(actor) ?? '',
    fromStatus: order.status,
    toStatus: order.status,
    fromPayment: order.paymentState,
    toPayment: order.paymentState,
    note: note.slice(0, 1000),
    address: addressOf(actor),
    at,
  });
}

/** The audit of an order, oldest first (tests and, later, the back office read it). */
export async function auditOf(tx: Db, orderId: string): Promise<(typeof orderAudit.$inferSelect)[]> {
  return tx.select().from(orderAudit).where(eq(orderAudit.orderId, orderId)).orderBy(sql`${orderAudit.at}, ${orderAudit.id}`);
}
