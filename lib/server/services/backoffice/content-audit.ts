/**
 * The content audit: every change to what shoppers see (products now; categories, pictures and
 * settings as the back office learns to change them), with the thing's fields before and after,
 * the member and their address, written in the change's own transaction (`content_audit`,
 * append-only: triggers refuse UPDATE, DELETE and TRUNCATE).
 *
 * @example
 * await db.transaction(async (tx) => {
 *   await tx.update(products).set({ price: 50000 }).where(eq(products.id, id));
 *   await recordContentChange(tx, { entity: 'product', entityId: id, action: 'updated', before, after, actor: member }, at);
 * });
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { contentAudit } from '@/lib/server/db/schema';

/** What changed: a product, one of its pictures, a category, a featured group, a settings document, a currency's rate, a coupon. */
export type ContentEntity = 'product' | 'picture' | 'category' | 'featured-group' | 'settings' | 'currency' | 'coupon';
export type ContentAction = 'created' | 'updated' | 'duplicated' | 'deleted' | 'reordered' | 'imported';

export type ContentChange = {
  entity: ContentEntity;
  entityId: string;
  action: ContentAction;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  /** The member (with the address `authorizeStaff` found), or null for a command. */
  actor: { id: string; address?: string } | null;
};

/** Writes one line, in the caller's transaction. */
export async function recordContentChange(tx: Db, change: ContentChange, at: Date): Promise<void> {
  await tx.insert(contentAudit).values({
    entity: change.entity,
    entityId: change.entityId,
    action: change.action,
    before: change.before,
    after: change.after,
    actorId: change.actor?.id ?? null,
    address: (change.actor?.address ?? '').slice(0, 100),
    at,
  });
}

/** The lines about one thing, oldest first (tests; the audit page comes later). */
export function contentChangesOf(db: Db, entity: ContentEntity, entityId: string) {
  return db
    .select()
    .from(contentAudit)
    .where(and(eq(contentAudit.entity, entity), eq(contentAudit.entityId, entityId)))
    .orderBy(asc(contentAudit.at), asc(contentAudit.id));
}
