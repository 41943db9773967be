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
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { contentAudit, products, staff } from '@/lib/server/db/schema';
import type { ContentAuditEntity, ContentAuditLine, ContentAuditPage, ContentFieldChange } from '@/lib/contracts/backoffice';
import { STAFF_ROLE_LABELS } from '@/lib/domain/staff';

/** What changed: a product, one of its pictures, a category, a featured group, a settings document, a currency's rate, a coupon. */
export type ContentEntity = ContentAuditEntity;
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

/** The lines about one thing, oldest first. */
export function contentChangesOf(db: Db, entity: ContentEntity, entityId: string) {
  return db
    .select()
    .from(contentAudit)
    .where(and(eq(contentAudit.entity, entity), eq(contentAudit.entityId, entityId)))
    .orderBy(asc(contentAudit.at), asc(contentAudit.id));
}

export const CONTENT_AUDIT_PAGE_SIZE = 50;

/** The longest value text a line shows; longer values (a description, a zone list) end in '…'. */
const VALUE_TEXT_MAX = 160;

function valueText(value: unknown): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > VALUE_TEXT_MAX ? `${text.slice(0, VALUE_TEXT_MAX - 1)}…` : text;
}

/** The deepest a change is followed into nested values (a peak's zone fee: `overrideConfigs.0.stateDeliveryZones.0.zones.0.amount`). */
const MAX_DEPTH = 8;

/** The most field changes one line lists; the rest are counted in a last line. */
const MAX_FIELD_CHANGES = 30;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isComposite = (value: unknown) => isPlainObject(value) || (Array.isArray(value) && value.some((item) => typeof item === 'object' && item !== null));

/**
 * Each leaf of `value` by its dotted path: objects and lists of objects are followed (a size's
 * price is `variants.1.price`), lists of plain values stay one leaf (`categories`).
 */
function leaves(value: unknown, path: string, depth: number, into: Map<string, unknown>): Map<string, unknown> {
  if (depth < MAX_DEPTH && isComposite(value)) {
    const entries = Array.isArray(value) ? value.map((item, index) => [String(index), item] as const) : Object.entries(value as Record<string, unknown>);
    for (const [key, item] of entries) leaves(item, path ? `${path}.${key}` : key, depth + 1, into);
  } else {
    into.set(path, value);
  }
  return into;
}

/**
 * The fields whose values differ between `before` and `after` (all of one side's when the other
 * is null), followed into nested values so that a changed size's price or a zone's fee is named
 * by its path, in the order they appear; at most 30, then a line counting the rest.
 */
export function fieldChanges(before: Record<string, unknown> | null, after: Record<string, unknown> | null): ContentFieldChange[] {
  const old = leaves(before ?? {}, '', 0, new Map());
  const now = leaves(after ?? {}, '', 0, new Map());
  const paths = [...new Set([...old.keys(), ...now.keys()])].filter((path) => JSON.stringify(old.get(path)) !== JSON.stringify(now.get(path)));
  const changes = paths.slice(0, MAX_FIELD_CHANGES).map((field) => ({ field, before: valueText(old.get(field)), after: valueText(now.get(field)) }));
  if (paths.length > MAX_FIELD_CHANGES) changes.push({ field: `${paths.length - MAX_FIELD_CHANGES} more fields`, before: '', after: '' });
  return changes;
}

/**
 * One page of the content audit, newest first, optionally of one kind of thing: products and
 * pictures named by their product's current name, members by name and role ('Command' when a
 * command made the change).
 */
export async function readContentAudit(db: Db, page: number, entity?: ContentEntity, pageSize = CONTENT_AUDIT_PAGE_SIZE): Promise<ContentAuditPage> {
  const where = entity ? eq(contentAudit.entity, entity) : undefined;
  const [totals, rows] = await Promise.all([
    db.select({ total: count() }).from(contentAudit).where(where),
    db
      .select()
      .from(contentAudit)
      .where(where)
      .orderBy(desc(contentAudit.at), desc(contentAudit.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
  ]);
  const productIdOf = (row: (typeof rows)[number]): string | null => {
    if (row.entity === 'product') return row.entityId;
    const productId = (row.after ?? row.before)?.productId;
    return row.entity === 'picture' && typeof productId === 'string' ? productId : null;
  };
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  const productIds = [...new Set(rows.map(productIdOf).filter((id): id is string => id !== null && uuid.test(id)))];
  const actorIds = [...new Set(rows.map((r) => r.actorId).filter((id): id is string => id !== null))];
  const [named, members] = await Promise.all([
    productIds.length ? db.select({ id: products.id, name: products.name }).from(products).where(inArray(products.id, productIds)) : [],
    actorIds.length ? db.select({ id: staff.id, name: staff.name, role: staff.role }).from(staff).where(inArray(staff.id, actorIds)) : [],
  ]);
  const productNames = new Map(named.map((p) => [p.id, p.name]));
  const memberNames = new Map(members.map((m) => [m.id, `${m.name} (${STAFF_ROLE_LABELS[m.role]})`]));
  return {
    rows: rows.map((row): ContentAuditLine => {
      const productId = productIdOf(row);
      const productName = productId ? productNames.get(productId) : undefined;
      return {
        entity: row.entity as ContentEntity,
        entityId: row.entityId,
        label: productName ? (row.entity === 'picture' ? `Picture of ${productName}` : productName) : row.entityId,
        action: row.action,
        actorName: row.actorId ? (memberNames.get(row.actorId) ?? 'A former member') : 'Command',
        address: row.address,
        at: row.at.toISOString(),
        changes: fieldChanges(row.before, row.after),
      };
    }),
    total: Number(totals[0]?.total ?? 0),
    page,
    pageSize,
  };
}
