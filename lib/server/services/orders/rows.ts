/**
 * The order's rows at the lowest level, shared by the lifecycle and the order store: ids and
 * numbers, reading (and locking) an order, its lifecycle state, and adding a timeline line.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderEvents, type orderItems, orders } from '@/lib/server/db/schema';
import { NotFoundError } from '@/lib/server/http/errors';
import { ORDER_NOT_FOUND_MESSAGE } from '@/lib/contracts/orders';
import type { LifecycleState } from '@/lib/domain/order-lifecycle';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a string can be an order id (anything else is simply not found, never a database error). */
export function isOrderId(id: string): boolean {
  return UUID.test(id);
}

/** A new order id: a random (version 4) UUID, 122 random bits. */
export function newOrderId(): string {
  return randomUUID();
}

/** A candidate order number, RF-100000 to RF-999999; callers retry on a clash. */
export function candidateOrderNumber(): string {
  return `RF-${randomInt(100_000, 1_000_000)}`;
}

/** The order row, optionally locked for the rest of the transaction; 404 when there is none. */
export async function loadOrder(tx: Db, id: string, lock = false): Promise<OrderRow> {
  if (!isOrderId(id)) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  const query = tx.select().from(orders).where(eq(orders.id, id));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new NotFoundError(ORDER_NOT_FOUND_MESSAGE);
  return row;
}

/** The lifecycle's view of an order row. */
export function lifecycleState(order: Pick<OrderRow, 'status' | 'paymentState' | 'paidWith' | 'paymentTest'>): LifecycleState {
  return { status: order.status, payment: order.paymentState, paidWith: order.paidWith, paymentTest: order.paymentTest };
}

/** Adds a line to the order's timeline (a line about the order that does not change its state; state changes write theirs through the lifecycle). */
export async function addEvent(tx: Db, orderId: string, status: string, note: string, at: Date): Promise<void> {
  await tx.insert(orderEvents).values({ orderId, status, note, at });
}
