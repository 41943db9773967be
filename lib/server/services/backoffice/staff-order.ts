/**
 * One order as staff see and move it in the back office: the order, its payment attempts (not
 * for riders: they see no money), who did what (the lifecycle's audit), and the actions the
 * viewer may take now. Actions go through the lifecycle's `transition()` with the staff member as
 * the actor, after the role check (403). An order outside a branch-bound staff member's branch is
 * simply not found (404), so ids cannot be probed across branches.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { type orderAudit, paymentAttempts, staff } from '@/lib/server/db/schema';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { sendPaidConfirmation } from '@/lib/server/payments/confirmation';
import { sendProgressMail } from '@/lib/server/services/orders/notices';
import { auditOf, transition } from '@/lib/server/services/orders/lifecycle';
import { lifecycleState, loadOrder, type OrderRow } from '@/lib/server/services/orders/rows';
import { readOrder } from '@/lib/server/services/orders/store';
import { ORDER_NOT_FOUND_MESSAGE, type Order } from '@/lib/contracts/orders';
import type { StaffHistoryEntry, StaffOrder } from '@/lib/contracts/backoffice';
import { cityOf, roleMay, roleSeesMoney } from '@/lib/domain/backoffice';
import { STAFF_ROLE_LABELS, type StaffRole } from '@/lib/domain/staff';
import { decide, type OrderEvent, type OrderEventType } from '@/lib/domain/order-lifecycle';
import { formatMinor } from '@/lib/domain/money';

/** Who is looking: the signed-in staff member. */
export type StaffViewer = { id: string; role: StaffRole; branch: 'lagos' | 'abuja' | null };

export type StaffAction =
  | { type: 'confirm_transfer'; method?: string; note?: string }
  | { type: 'prepare'; note?: string }
  | { type: 'dispatch'; note?: string; riderId?: string }
  | { type: 'deliver'; note?: string }
  | { type: 'delivery_failed'; note: string }
  | { type: 'cancel'; note?: string }
  | { type: 'record_refund'; reference: string; note?: string };

export type { StaffOrder } from '@/lib/contracts/backoffice';

const STAFF_EVENTS: OrderEventType[] = ['confirm_transfer', 'prepare', 'dispatch', 'deliver', 'delivery_failed', 'cancel', 'record_refund'];

/** The order row when the viewer may see it; 404 otherwise (unknown, or another branch's). */
async function visibleOrder(tx: Db, id: string, viewer: StaffViewer, lock = false): Promise<OrderRow> {
  const order = await loadOrder(tx, id, lock);
  if (viewer.branch && cityOf(order) !== viewer.branch) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/** An order answer without money, for a viewer who may not see it. */
function withoutMoney(order: Order): Order {
  const zero = { subtotal: 0, deliveryFee: 0, discount: 0, total: 0 };
  return { ...order, amounts: zero, amountsInCurrency: zero, coupon: null, orderProducts: order.orderProducts.map((p) => ({ ...p, price: 0, lineTotal: 0, ...(p.design && { design: { ...p.design, price: 0 } }) })) };
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

const ACTOR_NAMES: Record<string, string> = { shopper: 'Shopper', system: 'The shop', provider: 'Payment provider', staff: 'Staff', 'api token': 'API token' };

/** Who the history's lines name, for people: a member's name and role ('Ada Obi (Manager)'), else the kind of actor. */
export async function actorNames(db: Db, audit: { actorKind: string; actorId: string }[]): Promise<(entry: { actorKind: string; actorId: string }) => string> {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const ids = [...new Set(audit.filter((a) => a.actorKind === 'staff' && uuid.test(a.actorId)).map((a) => a.actorId))];
  const members = ids.length ? await db.select({ id: staff.id, name: staff.name, role: staff.role }).from(staff).where(inArray(staff.id, ids)) : [];
  const names = new Map(members.map((m) => [m.id, `${m.name} (${STAFF_ROLE_LABELS[m.role]})`]));
  return (entry) => (entry.actorId && names.get(entry.actorId)) || ACTOR_NAMES[entry.actorKind] || entry.actorKind;
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
  const [order, audit, attempts] = await Promise.all([
    readOrder(db, id),
    auditOf(db, id),
    money ? db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, id)).orderBy(asc(paymentAttempts.createdAt)) : Promise.resolve([]),
  ]);
  const nameOf = await actorNames(db, audit);
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
    history: audit.map((a) => historyLine(a, nameOf)),
    actions: actionsFor(row, viewer),
    rider: row.riderId ? ((await db.select({ id: staff.id, name: staff.name }).from(staff).where(eq(staff.id, row.riderId)))[0] ?? null) : null,
    riders: viewer.role === 'owner' || viewer.role === 'manager' ? await ridersOf(db, cityOf(row)) : [],
  };
}

/**
 * Applies a staff action: 404 outside the viewer's branch, 403 for a role that may not, then the
 * lifecycle's own refusals (409). A confirmed transfer e-mails the sender once committed.
 */
export async function applyStaffAction(db: Db, id: string, action: StaffAction, viewer: StaffViewer, at: Date): Promise<StaffOrder> {
  if (!roleMay(viewer.role, action.type)) throw new HttpError(403, `A ${viewer.role} cannot ${action.type.replace(/_/g, ' ')} orders`);
  await db.transaction(async (tx) => {
    const order = await visibleOrder(tx, id, viewer, true);
    const refused = otherRidersDelivery(order, viewer, action.type);
    if (refused) throw new HttpError(403, refused);
    const event: OrderEvent =
      action.type === 'dispatch'
        ? { type: 'dispatch', note: action.note, riderId: await dispatchRider(tx, order, viewer, action.riderId) }
        : action.type === 'record_refund'
        ? { type: 'record_refund', note: [`reference ${action.reference}`, action.note?.trim()].filter(Boolean).join('; ') }
        : action.type === 'delivery_failed'
          ? { type: 'delivery_failed', note: `Delivery failed: ${action.note}` }
          : action;
    await transition(tx, id, event, { kind: 'staff', id: viewer.id }, at);
  });
  const result = await readStaffOrder(db, id, viewer);
  if (action.type === 'confirm_transfer') sendPaidConfirmation(await readOrder(db, id));
  else sendProgressMail(await readOrder(db, id), action.type);
  return result;
}
