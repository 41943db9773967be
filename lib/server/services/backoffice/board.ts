/**
 * The back office's board: the orders staff work on, by delivery day, branch and board state,
 * with a count per state for the same day and branch, a search by order number, e-mail, phone
 * (any format) or recipient name, paginated in the database. Only orders that reached checkout
 * show (a cart that never got delivery details is not work for the shop). A staff member tied to
 * a branch sees only that branch's orders; a rider only their deliveries.
 */
import { and, asc, eq, ilike, inArray, ne, notInArray, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderAudit, orderItems, orders } from '@/lib/server/db/schema';
import { BOARD_STATES, boardSearch, boardStateOf, cityOf, recoveryStateOf, type BoardBranch, type BoardState } from '@/lib/domain/backoffice';
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import type { Board } from '@/lib/contracts/backoffice';

export const BOARD_PAGE_SIZE = 25;

export type BoardQuery = {
  /** A delivery day (YYYY-MM-DD), or null for every day. */
  day: string | null;
  branch: BoardBranch | null;
  state: BoardState | null;
  q: string;
  /** 1-based. */
  page: number;
  pageSize?: number;
  /** The staff member's own branch: they see nothing else. Null: every branch. */
  scope: 'lagos' | 'abuja' | null;
  /** A rider's id: only their deliveries show (door deliveries being prepared, ready to take out, and the ones they took). */
  rider?: string;
};

/** A rider's deliveries: door deliveries being prepared (theirs to take out), and every order they took out. */
function riderCondition(riderId: string): SQL {
  return or(and(eq(orders.status, 'preparing'), eq(orders.deliveryMethod, 'delivery')), eq(orders.riderId, riderId))!;
}

export type { Board, BoardRow } from '@/lib/contracts/backoffice';

const pickupCodes = (city: 'lagos' | 'abuja') => PICKUP_LOCATIONS.filter((p) => p.branch === city).map((p) => p.code);

/** Orders of a city branch: its deliveries and its pickup points. */
function cityCondition(city: 'lagos' | 'abuja'): SQL {
  return or(
    and(eq(orders.deliveryMethod, 'delivery'), eq(orders.state, city)),
    and(eq(orders.deliveryMethod, 'pick-up'), inArray(orders.despatchLocation, pickupCodes(city))),
  )!;
}

function branchCondition(branch: BoardBranch): SQL {
  if (branch === 'lagos' || branch === 'abuja') return cityCondition(branch);
  if (branch === 'other') return and(eq(orders.deliveryMethod, 'delivery'), sql`coalesce(${orders.state}, '') NOT IN ('lagos', 'abuja')`)!;
  return and(eq(orders.deliveryMethod, 'pick-up'), eq(orders.despatchLocation, branch))!;
}

/** Payment states that are a board column of their own whatever the status (but cancelled). */
const PAYMENT_COLUMNS = ['awaiting_confirmation', 'part_paid'] as const;

/** Whether the order's delivery failed once (it is back in preparing only after one: the lifecycle's table). */
// An IN over the (few) failed deliveries is one hashed lookup per order, where a correlated EXISTS
// in every state's count filter would be a subquery per order (bench/board.ts: every day's counts).
const failedOnce = sql`${orders.id} IN (SELECT ${orderAudit.orderId} FROM ${orderAudit} WHERE ${orderAudit.event} = 'delivery_failed')`;

/** The SQL of a board state; the same rule as `boardStateOf`. */
function stateCondition(state: BoardState): SQL {
  switch (state) {
    case 'failed':
      return and(eq(orders.status, 'preparing'), notInArray(orders.paymentState, [...PAYMENT_COLUMNS]), failedOnce)!;
    case 'preparing':
      return and(eq(orders.status, 'preparing'), notInArray(orders.paymentState, [...PAYMENT_COLUMNS]), sql`NOT ${failedOnce}`)!;
    case 'cancelled':
      return eq(orders.status, 'cancelled');
    case 'awaiting_confirmation':
    case 'part_paid':
      return and(ne(orders.status, 'cancelled'), eq(orders.paymentState, state))!;
    case 'awaiting_payment':
      return and(inArray(orders.status, ['created', 'awaiting_payment']), notInArray(orders.paymentState, [...PAYMENT_COLUMNS]))!;
    default:
      return and(eq(orders.status, state), notInArray(orders.paymentState, [...PAYMENT_COLUMNS]))!;
  }
}

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function searchCondition(q: string): SQL | undefined {
  const search = boardSearch(q);
  if (!search) return undefined;
  switch (search.kind) {
    case 'number':
      return eq(orders.orderNumber, search.orderNumber);
    case 'email':
      return eq(orders.senderEmail, search.email);
    case 'phone':
      return or(eq(orders.senderPhone, search.phone), eq(orders.recipientPhone, search.phone), eq(orders.recipientAltPhone, search.phone));
    case 'name':
      return ilike(orders.recipientName, `%${escapeLike(search.name)}%`);
  }
}

/** The board for a query: one page of rows, the total, and the count per state (same day, branch and search). */
export async function readBoard(db: Db, query: BoardQuery): Promise<Board> {
  const pageSize = Math.min(Math.max(query.pageSize ?? BOARD_PAGE_SIZE, 1), 100);
  const page = Math.max(1, query.page);
  const common = and(
    sql`${orders.checkedOutAt} IS NOT NULL`,
    query.scope ? cityCondition(query.scope) : undefined,
    query.rider ? riderCondition(query.rider) : undefined,
    query.day ? eq(orders.deliveryDate, query.day) : undefined,
    query.branch ? branchCondition(query.branch) : undefined,
    searchCondition(query.q),
  );
  const where = and(common, query.state ? stateCondition(query.state) : undefined);

  const countColumns = Object.fromEntries(BOARD_STATES.map((s) => [s, sql<number>`count(*) filter (where ${stateCondition(s)})::int`])) as Record<BoardState, SQL<number>>;
  const [counted] = await db.select(countColumns).from(orders).where(common);
  const counts = Object.fromEntries(BOARD_STATES.map((s) => [s, Number(counted?.[s] ?? 0)])) as Record<BoardState, number>;
  // The states split the orders: the total is one state's count, or all of them together.
  const total = query.state ? counts[query.state] : BOARD_STATES.reduce((sum, s) => sum + counts[s], 0);

  const itemCount = sql<number>`(select count(*)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;
  const rows = await db
    .select({
      id: orders.id,
      orderNumber: orders.orderNumber,
      status: orders.status,
      paymentState: orders.paymentState,
      deliveryDate: orders.deliveryDate,
      deliveryMethod: orders.deliveryMethod,
      despatchLocation: orders.despatchLocation,
      state: orders.state,
      zone: orders.zone,
      recipientName: orders.recipientName,
      senderName: orders.senderName,
      currency: orders.currency,
      totalInCurrency: orders.totalInCurrency,
      createdAt: orders.createdAt,
      recoveryMailedAt: orders.recoveryMailedAt,
      itemCount,
      failedDelivery: sql<boolean>`${orders.status} = 'preparing' AND ${failedOnce}`,
    })
    .from(orders)
    .where(where)
    .orderBy(asc(orders.deliveryDate), asc(orders.createdAt), asc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);

  return {
    rows: rows.map((r) => ({
      id: r.id,
      orderNumber: r.orderNumber,
      boardState: boardStateOf({ status: r.status, payment: r.paymentState, failedDelivery: Boolean(r.failedDelivery) }),
      deliveryDate: r.deliveryDate ?? '',
      deliveryMethod: r.deliveryMethod,
      city: cityOf(r),
      pickupPoint: r.deliveryMethod === 'pick-up' ? r.despatchLocation : null,
      zone: r.zone ?? '',
      recipientName: r.recipientName,
      senderName: r.senderName,
      itemCount: Number(r.itemCount),
      currency: r.currency,
      totalInCurrency: r.totalInCurrency,
      createdAt: r.createdAt.toISOString(),
      recovery: recoveryStateOf(r),
    })),
    total,
    page,
    pageSize,
    counts,
  };
}
