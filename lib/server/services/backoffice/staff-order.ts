/**
 * One order as staff see and move it in the back office: the order, its payment attempts (not
 * for riders: they see no money), who did what (the lifecycle's audit), and the actions the
 * viewer may take now. Actions go through the lifecycle's `transition()` with the staff member as
 * the actor, after the role check (403). An order outside a branch-bound staff member's branch is
 * simply not found (404), so ids cannot be probed across branches.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { type orderAudit, orders, paymentAttempts, staff } from '@/lib/server/db/schema';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { queuePaidConfirmation } from '@/lib/server/payments/confirmation';
import { queueProgressMail } from '@/lib/server/services/orders/notices';
import { auditOf, recordStaffAction, transferAmountMinor, transferReceiptsOf, transferSummary, transition, type TransitionEvent } from '@/lib/server/services/orders/lifecycle';
import { lifecycleState, loadOrder, type OrderRow } from '@/lib/server/services/orders/rows';
import { readOrder } from '@/lib/server/services/orders/store';
import { staffActor } from '@/lib/server/services/staff/access';
import { deliveryPhotoPath } from '@/lib/server/media/storage';
import { insertNote, notesOf } from '@/lib/server/services/backoffice/notes';
import { orderAmountMinor } from '@/lib/server/payments/provider';
import { askCharge, askRedeliveryFee, moveCharge, staffCharges } from '@/lib/server/services/orders/charges';
import { deliveryChangeOffer } from '@/lib/server/services/backoffice/delivery-offer';
import { statementReceiptReferences } from '@/lib/server/services/backoffice/bank-statement';
import type { ChargeMove } from '@/lib/domain/charges';
import { ORDER_NOT_FOUND_MESSAGE, type Order } from '@/lib/contracts/orders';
import type { StaffHistoryEntry, StaffOrder } from '@/lib/contracts/backoffice';
import { cityOf, recoveryStateOf, REFUND_METHOD_LABELS, roleHandlesCharges, roleMay, roleSeesMoney, type RefundMethod } from '@/lib/domain/backoffice';
import { STAFF_ROLE_LABELS, type StaffRole } from '@/lib/domain/staff';
import { decide, type OrderEvent, type OrderEventType } from '@/lib/domain/order-lifecycle';
import { formatMinor, minorAmountText } from '@/lib/domain/money';

/** Who is looking: the signed-in staff member (`address`: the client address of the request, for the audit). */
export type StaffViewer = { id: string; role: StaffRole; branch: 'lagos' | 'abuja' | null; address?: string };

export type StaffAction =
  /** `amount`: received, as decimal text in the order's currency ('20000', '62.50'); `reference`: the bank's. */
  | { type: 'confirm_transfer'; amount: string; reference: string; method?: string; note?: string }
  | { type: 'prepare'; note?: string }
  | { type: 'dispatch'; note?: string; riderId?: string }
  /** `recipientName`: who took it; `photo`: the stored photo's key (lib/server/media/storage.ts), needed for a door delivery. */
  | { type: 'deliver'; recipientName: string; note?: string; photo?: string }
  | { type: 'delivery_failed'; note: string }
  | { type: 'cancel'; note?: string }
  /** `amount`: what went back (absent: all that was received); `method`: how (absent: bank transfer). */
  | { type: 'record_refund'; reference: string; amount?: string; method?: RefundMethod; note?: string };

export type { StaffOrder } from '@/lib/contracts/backoffice';

const STAFF_EVENTS: OrderEventType[] = ['confirm_transfer', 'prepare', 'dispatch', 'deliver', 'delivery_failed', 'cancel', 'record_refund'];

/** The order row when the viewer may see it; 404 otherwise (unknown, or another branch's). */
export async function visibleOrder(tx: Db, id: string, viewer: StaffViewer, lock = false): Promise<OrderRow> {
  const order = await loadOrder(tx, id, lock);
  if (viewer.branch && cityOf(order) !== viewer.branch) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** An order answer without money, for a viewer who may not see it. */
function withoutMoney(order: Order): Order {
  const zero = { subtotal: 0, deliveryFee: 0, discount: 0, total: 0 };
  return {
    ...order,
    amounts: zero,
    amountsInCurrency: zero,
    coupon: null,
    orderProducts: order.orderProducts.map((p) => ({ ...p, price: 0, lineTotal: 0, ...(p.design && { design: { ...p.design, price: 0 } }) })),
    timeline: order.timeline.map((e) => ({ ...e, note: moneyless(e.note) })),
  };
}

/** A line that names an amount (a transfer received, a refund, a fee asked) is left out for a viewer who sees no money. */
const MONEY_IN_TEXT = /[₦$£]\s?\d|\b(?:NGN|USD|GBP)\s?-?\d/;
function moneyless(note: string): string {
  return MONEY_IN_TEXT.test(note) ? '' : note;
}

/** Why a rider may not take this step: a delivery out with another rider is theirs. */
function otherRidersDelivery(order: OrderRow, viewer: StaffViewer, type: OrderEventType): string | null {
  const onTheRoad = type === 'deliver' || type === 'delivery_failed';
  return viewer.role === 'rider' && onTheRoad && order.riderId && order.riderId !== viewer.id ? 'This delivery is out with another rider' : null;
}

/** What the viewer may do to the order now: the role allows it and the lifecycle would accept it. */
function actionsFor(order: OrderRow, viewer: StaffViewer): OrderEventType[] {
  const facts = { hasItems: true, missingDetail: null, currency: order.currency, paymentMethod: order.paymentMethod };
  return STAFF_EVENTS.filter(
    (type) => roleMay(viewer.role, type) && !otherRidersDelivery(order, viewer, type) && decide(lifecycleState(order), { type, note: '' } as OrderEvent, { kind: 'staff', id: viewer.id }, facts).ok,
  );
}

export const DELIVERY_PHOTO_NEEDED_MESSAGE = 'A delivery needs a photo: take one of the bouquet with the recipient or at the door';

/**
 * Whether the viewer may mark the order delivered now (404 outside their branch, 403 for their
 * role or another rider's delivery, 409 for its state), checked before a photo is taken in so
 * that a refused caller stores nothing. Nothing is written.
 */
export async function assertMayDeliver(db: Db, id: string, viewer: StaffViewer): Promise<void> {
  if (!roleMay(viewer.role, 'deliver')) throw new HttpError(403, `A ${viewer.role} cannot deliver orders`);
  const order = await visibleOrder(db, id, viewer);
  const refused = otherRidersDelivery(order, viewer, 'deliver');
  if (refused) throw new HttpError(403, refused);
  const facts = { hasItems: true, missingDetail: null, currency: order.currency, paymentMethod: order.paymentMethod };
  const decision = decide(lifecycleState(order), { type: 'deliver' }, { kind: 'staff', id: viewer.id }, facts);
  if (!decision.ok) throw new HttpError(decision.status, decision.message);
}

/** Active riders of a branch, by name. */
async function ridersOf(db: Db, branch: 'lagos' | 'abuja' | null): Promise<{ id: string; name: string }[]> {
  if (!branch) return [];
  return db
    .select({ id: staff.id, name: staff.name })
    .from(staff)
    .where(and(eq(staff.role, 'rider'), eq(staff.branch, branch), eq(staff.active, true)))
    .orderBy(asc(staff.name));
}

/**
 * The rider a dispatch records: a rider takes it out themselves (naming anyone else is a 403); a
 * manager or owner may name an active rider of the order's branch (400 otherwise) or nobody.
 */
async function dispatchRider(tx: Db, order: OrderRow, viewer: StaffViewer, named: string | undefined): Promise<string | undefined> {
  if (viewer.role === 'rider') {
    if (named && named !== viewer.id) throw new HttpError(403, 'A rider can only take an order out themselves');
    return viewer.id;
  }
  if (!named) return undefined;
  if (!(await ridersOf(tx, cityOf(order))).some((r) => r.id === named)) throw new BadRequestError("riderId: choose an active rider of the order's branch");
  return named;
}

const ACTOR_NAMES: Record<string, string> = { shopper: 'Shopper', system: 'The shop', provider: 'Payment provider', staff: 'Staff', 'api token': 'API token', statement: 'Statement import' };

/**
 * Who the history's lines name, for people: a member's name and role ('Ada Obi (Manager)'), a
 * statement import with the member who uploaded it ('Statement import by Ada Obi (Manager)'),
 * else the kind of actor.
 */
export async function actorNames(db: Db, audit: { actorKind: string; actorId: string }[]): Promise<(entry: { actorKind: string; actorId: string }) => string> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = [...new Set(audit.filter((a) => (a.actorKind === 'staff' || a.actorKind === 'statement') && uuid.test(a.actorId)).map((a) => a.actorId))];
  const members = ids.length ? await db.select({ id: staff.id, name: staff.name, role: staff.role }).from(staff).where(inArray(staff.id, ids)) : [];
  const names = new Map(members.map((m) => [m.id, `${m.name} (${STAFF_ROLE_LABELS[m.role]})`]));
  return (entry) => {
    const member = entry.actorId ? names.get(entry.actorId) : undefined;
    if (entry.actorKind === 'statement') return member ? `Statement import by ${member}` : ACTOR_NAMES.statement!;
    return member || ACTOR_NAMES[entry.actorKind] || entry.actorKind;
  };
}

/** An audit row as staff read it: the event, who (by name), from and to, the line, when. */
export function historyLine(a: typeof orderAudit.$inferSelect, nameOf: (a: { actorKind: string; actorId: string }) => string): StaffHistoryEntry {
  return {
    event: a.event,
    actor: a.actorId ? `${a.actorKind}:${a.actorId}` : a.actorKind,
    actorName: nameOf(a),
    from: `${a.fromStatus}/${a.fromPayment}`,
    to: `${a.toStatus}/${a.toPayment}`,
    note: a.note,
    at: a.at.toISOString(),
  };
}

export async function readStaffOrder(db: Db, id: string, viewer: StaffViewer): Promise<StaffOrder> {
  const row = await visibleOrder(db, id, viewer);
  const money = roleSeesMoney(viewer.role);
  const [order, audit, attempts, receipts, notes, charges] = await Promise.all([
    readOrder(db, id),
    auditOf(db, id),
    money ? db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, id)).orderBy(asc(paymentAttempts.createdAt)) : Promise.resolve([]),
    money ? transferReceiptsOf(db, id) : Promise.resolve([]),
    notesOf(db, id),
    money ? staffCharges(db, id) : Promise.resolve([]),
  ]);
  // A transfer a statement import confirmed names it, with the member who uploaded the statement.
  const fromStatements = receipts.length > 0 ? await statementReceiptReferences(db, id) : new Set<string>();
  const receivers = receipts.map((r) => ({ actorKind: fromStatements.has(r.reference.toLowerCase()) ? 'statement' : r.staffId ? 'staff' : 'api token', actorId: r.staffId ?? '' }));
  const writers = notes.map((n) => ({ actorKind: n.staffId ? 'staff' : 'api token', actorId: n.staffId ?? '' }));
  const nameOf = await actorNames(db, [...audit, ...receivers, ...writers]);
  return {
    order: money ? order : withoutMoney(order),
    attempts: attempts.map((a) => ({
      provider: a.provider,
      reference: a.reference,
      amount: formatMinor(a.amountMinor, a.currency),
      status: a.status,
      sandbox: a.sandbox,
      note: a.note,
      at: a.createdAt.toISOString(),
    })),
    history: audit.map((a) => historyLine(a, nameOf)).map((h) => (money ? h : { ...h, note: moneyless(h.note) })),
    actions: actionsFor(row, viewer),
    rider: row.riderId ? ((await db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, row.riderId)))[0] ?? null) : null,
    riders: viewer.role === 'owner' || viewer.role === 'manager' ? await ridersOf(db, cityOf(row)) : [],
    delivery: { photo: deliveryPhotoPath(row.deliveryPhoto), receivedBy: row.deliveredTo },
    charges,
    notes: notes.map((n, i) => ({ text: n.text, by: nameOf(writers[i]!), at: n.at.toISOString() })),
    receipts: receipts.map((r, i) => ({ amount: minorAmountText(r.amountMinor, r.currency), reference: r.reference, by: nameOf(receivers[i]!), at: r.at.toISOString() })),
    transfers: money ? transferSummary(row, receipts) : null,
    deliveryChange: await deliveryChangeOffer(db, row, viewer.role),
    recovery: row.recoveryMailedAt ? { mailedAt: row.recoveryMailedAt.toISOString(), state: recoveryStateOf(row)! } : null,
  };
}

/**
 * The timeline line of a delivery: who received it ('Delivered to Ngozi Eze'), and the rider's
 * note.
 */
function deliveredLine(order: OrderRow, action: Extract<StaffAction, { type: 'deliver' }>): string {
  const who = action.recipientName.trim();
  const line = order.deliveryMethod === 'pick-up' ? `Collected by ${who}` : `Delivered to ${who}`;
  return [line, action.note?.trim()].filter(Boolean).join(': ');
}

/**
 * What a recorded refund says: the amount (all the order's money received unless given; more is
 * a 400), how it went back and its reference: '₦24,500 by bank transfer, reference GTB-88'.
 */
async function refundLine(tx: Db, order: OrderRow, action: Extract<StaffAction, { type: 'record_refund' }>): Promise<string> {
  const receipts = await transferReceiptsOf(tx, order.id);
  const received = receipts.length > 0 ? receipts.reduce((sum, r) => sum + r.amountMinor, 0n) : orderAmountMinor(order.totalInCurrency, order.currency);
  const amount = action.amount === undefined ? received : transferAmountMinor(action.amount, order.currency);
  if (amount > received) throw new BadRequestError(`amount: more than the ${minorAmountText(received, order.currency)} the shop received for this order`);
  const part = amount < received ? ` (of ${minorAmountText(received, order.currency)} received)` : '';
  const line = `${minorAmountText(amount, order.currency)}${part} by ${REFUND_METHOD_LABELS[action.method ?? 'bank_transfer']}, reference ${action.reference.trim()}`;
  return [line, action.note?.trim()].filter(Boolean).join('; ');
}

/**
 * Applies a staff action: 404 outside the viewer's branch, 403 for a role that may not, then the
 * lifecycle's own refusals (409). A confirmed transfer that pays the order in full e-mails the
 * sender once committed (a part payment does not).
 */
export async function applyStaffAction(db: Db, id: string, action: StaffAction, viewer: StaffViewer, at: Date): Promise<StaffOrder> {
  if (!roleMay(viewer.role, action.type)) throw new HttpError(403, `A ${viewer.role} cannot ${action.type.replace(/_/g, ' ')} orders`);
  await db.transaction(async (tx) => {
    const order = await visibleOrder(tx, id, viewer, true);
    const refused = otherRidersDelivery(order, viewer, action.type);
    if (refused) throw new HttpError(403, refused);
    const event: TransitionEvent =
      action.type === 'dispatch'
        ? { type: 'dispatch', note: action.note, riderId: await dispatchRider(tx, order, viewer, action.riderId) }
        : action.type === 'record_refund'
        ? { type: 'record_refund', note: await refundLine(tx, order, action) }
        : action.type === 'delivery_failed'
          ? { type: 'delivery_failed', note: `Delivery failed: ${action.note}` }
          : action.type === 'deliver'
            ? { type: 'deliver', note: deliveredLine(order, action) }
            : action.type === 'confirm_transfer'
              ? { type: 'confirm_transfer', reference: action.reference, amountMinor: transferAmountMinor(action.amount, order.currency), method: action.method, note: action.note }
              : action;
    await transition(tx, id, event, staffActor(viewer), at);
    // A door delivery needs its photo (400, after the state's own refusal); a collection does not.
    if (action.type === 'deliver' && order.deliveryMethod !== 'pick-up' && !action.photo) throw new BadRequestError(DELIVERY_PHOTO_NEEDED_MESSAGE);
    if (action.type === 'deliver') await tx.update(orders).set({ deliveryPhoto: action.photo ?? null, deliveredTo: action.recipientName.trim() }).where(eq(orders.id, id));
    // The shop's rule: a redelivery needs another delivery fee (the order's own), asked by a pay link.
    if (action.type === 'delivery_failed') await askRedeliveryFee(tx, order, action.note, viewer.id, at);
    const moved = await readOrder(tx, id);
    // The paid e-mail goes once the transfers cover the total, not for a part payment.
    if (action.type === 'confirm_transfer') {
      if (moved.paymentState === 'paid') await queuePaidConfirmation(tx, moved);
    } else await queueProgressMail(tx, moved, action.type, action.type === 'deliver' ? deliveryPhotoPath(action.photo ?? null) : null);
  });
  return readStaffOrder(db, id, viewer);
}

/** Adds an internal note to an order the viewer can see (404 otherwise) and answers the order as they see it. */
export async function addStaffNote(db: Db, id: string, text: string, viewer: StaffViewer, at: Date): Promise<StaffOrder> {
  await db.transaction(async (tx) => {
    const order = await visibleOrder(tx, id, viewer);
    await insertNote(tx, id, viewer.id, text, at);
    await recordStaffAction(tx, order, 'add_note', staffActor(viewer), '', at);
  });
  return readStaffOrder(db, id, viewer);
}

/**
 * Asks the sender of an order to another state for its quoted delivery fee (owners and managers):
 * 403 for other roles, 404 outside their branch, 409 for an order whose fee is not quoted by
 * staff or that is closed; the pay link is e-mailed (through the outbox, with the charge).
 */
export async function askQuote(db: Db, id: string, body: { amount: string; reason: string }, viewer: StaffViewer, at: Date): Promise<StaffOrder> {
  if (!roleHandlesCharges(viewer.role)) throw new HttpError(403, `A ${viewer.role} cannot ask for payments`);
  await db.transaction(async (tx) => {
    const order = await visibleOrder(tx, id, viewer, true);
    if (!order.deliveryFeeQuotedByStaff) throw new HttpError(409, "This order's delivery fee is not quoted by staff: it was part of its total");
    if (order.status === 'cancelled' || order.status === 'delivered') throw new HttpError(409, `This order is ${order.status}: nothing more can be asked`);
    const asked = await askCharge(tx, order, { kind: 'quote', amountMinor: transferAmountMinor(body.amount, order.currency), reason: body.reason.trim() }, viewer.id, at);
    await recordStaffAction(tx, order, 'ask_charge', staffActor(viewer), `Delivery fee (quoted) of ${minorAmountText(asked.charge.amountMinor, asked.charge.currency)} asked: ${asked.charge.reason}`, at);
  });
  return readStaffOrder(db, id, viewer);
}

/** A manager's move on an extra charge (mark paid, waive, record a refund): 403 for other roles, 404, 409 by its status. */
export async function moveStaffCharge(db: Db, id: string, chargeId: string, body: { move: ChargeMove; reference?: string; note?: string }, viewer: StaffViewer, at: Date): Promise<StaffOrder> {
  if (!roleHandlesCharges(viewer.role)) throw new HttpError(403, `A ${viewer.role} cannot settle payments`);
  await db.transaction(async (tx) => {
    const order = await visibleOrder(tx, id, viewer, true);
    const { line } = await moveCharge(tx, order, chargeId, body.move, body, at);
    await recordStaffAction(tx, order, `charge_${body.move}`, staffActor(viewer), line, at);
  });
  return readStaffOrder(db, id, viewer);
}
