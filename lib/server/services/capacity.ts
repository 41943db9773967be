/**
 * Delivery capacity over the database (issue 18; the rules are lib/domain/capacity.ts's): the
 * limits from the settings document `capacity`, the orders holding a place per branch and day,
 * the public calendar of full days, and `takeSlot`, which every path that puts a checked-out order
 * on a day goes through (checkout, the cart's update, choosing how to pay, a payment start, staff
 * moving a delivery).
 *
 * The race for the last place: `takeSlot` takes a transaction-scoped advisory lock for the
 * branch and day before it counts, and the caller writes the order's day in the same transaction,
 * so two checkouts for the last place on PostgreSQL's concurrent connections run one after the
 * other: the second counts the first (READ COMMITTED reads what committed before each statement)
 * and gets the 409. The lock is released at commit or rollback. Callers lock their order's row
 * first (changeOrder, visibleOrder), then this: always in that order, so no two wait on each other.
 */
import { and, eq, gte, isNotNull, lte, ne, or, gt, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders, settings } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { capacitySettingsSchema } from '@/lib/contracts/capacity';
import {
  branchOfOrder,
  CAPACITY_BRANCHES,
  capacityFor,
  fullyBookedMessage,
  isFull,
  NO_CAPACITY_LIMITS,
  SLOT_HOLD_MS,
  type CapacityBranch,
  type CapacitySettings,
  type DeliveryCalendar,
} from '@/lib/domain/capacity';
import { addDays, PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';

/** The settings document that holds the limits. */
export const CAPACITY_KEY = 'capacity';

/** The limits; none (no limit anywhere) while the document is missing or unreadable (logged). */
export async function readCapacity(db: Db): Promise<{ capacity: CapacitySettings; updatedAt: Date | null }> {
  const [row] = await db.select({ value: settings.value, updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, CAPACITY_KEY));
  if (!row) return { capacity: NO_CAPACITY_LIMITS, updatedAt: null };
  const parsed = capacitySettingsSchema.safeParse(row.value);
  if (!parsed.success) {
    log().error({ area: 'settings', key: CAPACITY_KEY }, 'stored capacity settings are invalid; no limits apply');
    return { capacity: NO_CAPACITY_LIMITS, updatedAt: null };
  }
  return { capacity: parsed.data, updatedAt: row.updatedAt };
}

/** The Abuja pick-up points as SQL literals (our own constant codes): no parameters, so the same expression can be selected and grouped by. */
const abujaPoints = sql.raw(
  PICKUP_LOCATIONS.filter((p) => p.branch === 'abuja')
    .map((p) => `'${p.code}'`)
    .join(', '),
);

/** `branchOfOrder` in SQL. */
const branchSql = sql<CapacityBranch>`CASE WHEN ${orders.deliveryMethod} = 'pick-up'
  THEN (CASE WHEN ${orders.despatchLocation} IN (${abujaPoints}) THEN 'abuja' ELSE 'lagos' END)
  WHEN ${orders.state} = 'abuja' THEN 'abuja' ELSE 'lagos' END`;

/** `holdsSlot` in SQL, at `at`. */
function holdingAt(at: Date): SQL {
  return and(isNotNull(orders.checkedOutAt), ne(orders.status, 'cancelled'), or(ne(orders.paymentState, 'unpaid'), gt(orders.slotHeldAt, new Date(at.getTime() - SLOT_HOLD_MS))))!;
}

type Booked = { day: string; branch: CapacityBranch; taken: number };

/** How many orders hold a place per day and branch from `from` to `to` (YYYY-MM-DD, inclusive). */
export async function bookings(db: Db, from: string, to: string, at: Date): Promise<Booked[]> {
  const rows = await db
    .select({
      day: orders.deliveryDate,
      branch: branchSql,
      taken: sql<number>`count(*)::int`,
    })
    .from(orders)
    .where(and(gte(orders.deliveryDate, from), lte(orders.deliveryDate, to), holdingAt(at)))
    .groupBy(orders.deliveryDate, branchSql);
  return rows.flatMap((r) => (r.day ? [{ day: r.day, branch: r.branch, taken: r.taken }] : []));
}

const hasLimits = (capacity: CapacitySettings) => CAPACITY_BRANCHES.some((b) => capacity.defaults[b] !== null) || capacity.days.length > 0;

/**
 * The days from today (Lagos) over the next `days` days that each branch cannot take another
 * order for. Public and the same for everyone (no order is named), so it may be cached briefly.
 */
export async function deliveryCalendar(db: Db, at: Date, days: number): Promise<DeliveryCalendar> {
  const today = shopDay(at);
  const until = addDays(today, days - 1);
  const full: DeliveryCalendar['full'] = { lagos: [], abuja: [] };
  const { capacity } = await readCapacity(db);
  if (!hasLimits(capacity)) return { today, until, full };
  const taken = new Map((await bookings(db, today, until, at)).map((b) => [`${b.branch}:${b.day}`, b.taken]));
  for (let day = today; day <= until; day = addDays(day, 1)) {
    for (const branch of CAPACITY_BRANCHES) {
      if (isFull(capacityFor(capacity, branch, day), taken.get(`${branch}:${day}`) ?? 0)) full[branch].push(day);
    }
  }
  return { today, until, full };
}

/** The orders other than `exceptId` holding a place on a branch's day. */
async function takenBy(tx: Db, branch: CapacityBranch, day: string, at: Date, exceptId: string | null): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(orders)
    .where(and(eq(orders.deliveryDate, day), sql`${branchSql} = ${branch}`, holdingAt(at), exceptId ? ne(orders.id, exceptId) : undefined));
  return row?.n ?? 0;
}

/** Waits for, then holds until the transaction ends, the lock of one branch's day. */
async function lockDay(tx: Db, branch: CapacityBranch, day: string): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('delivery-capacity'), hashtext(${`${branch}:${day}`}))`);
}

export type SlotOrder = {
  id: string;
  deliveryMethod: string | null;
  despatchLocation: string | null;
  state: string | null;
};

/**
 * Puts a checked-out order (its branch as it is about to be saved) on `day`: 409 with the
 * shopper's message when the branch's other orders already fill the day, else the order's hold
 * starts again at `at`. Call it in the transaction that writes the order's day and place.
 */
export async function takeSlot(tx: Db, order: SlotOrder, day: string, at: Date, reader: 'shopper' | 'staff' = 'shopper'): Promise<void> {
  const branch = branchOfOrder(order);
  const limit = capacityFor((await readCapacity(tx)).capacity, branch, day);
  if (limit !== null) {
    await lockDay(tx, branch, day);
    if (isFull(limit, await takenBy(tx, branch, day, at, order.id))) throw new HttpError(409, fullyBookedMessage(day, branch, reader));
  }
  await tx.update(orders).set({ slotHeldAt: at }).where(eq(orders.id, order.id));
}

/**
 * For an order whose branch is not known yet (the cart, before checkout): 409 when no branch can
 * take another order on `day`. Takes no place: the checkout does.
 */
export async function assertDayOpen(tx: Db, day: string, at: Date): Promise<void> {
  const { capacity } = await readCapacity(tx);
  for (const branch of CAPACITY_BRANCHES) {
    const limit = capacityFor(capacity, branch, day);
    if (limit === null || !isFull(limit, await takenBy(tx, branch, day, at, null))) return;
  }
  throw new HttpError(409, fullyBookedMessage(day, null));
}
