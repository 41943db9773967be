/**
 * The shop's audit for its owner: every lifecycle transition of every order (`order_audit`,
 * append-only), newest first, with the order's number, the actor's name and the client address
 * the change came from (staff and API-token calls), paged in the database. Owners only.
 */
import { count, desc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderAudit, orders } from '@/lib/server/db/schema';
import { actorNames, historyLine } from '@/lib/server/services/backoffice/staff-order';
import type { AuditPage } from '@/lib/contracts/backoffice';

export const AUDIT_PAGE_SIZE = 50;

export async function readAuditLog(db: Db, page: number, pageSize = AUDIT_PAGE_SIZE): Promise<AuditPage> {
  const [{ total }] = (await db.select({ total: count() }).from(orderAudit)) as [{ total: number }];
  const rows = await db
    .select({ audit: orderAudit, orderNumber: orders.orderNumber })
    .from(orderAudit)
    .innerJoin(orders, eq(orders.id, orderAudit.orderId))
    .orderBy(desc(orderAudit.at), desc(orderAudit.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  const nameOf = await actorNames(
    db,
    rows.map((r) => r.audit),
  );
  return {
    rows: rows.map(({ audit, orderNumber }) => ({ ...historyLine(audit, nameOf), orderId: audit.orderId, orderNumber, address: audit.address })),
    total: Number(total),
    page,
    pageSize,
  };
}
