/**
 * The back office's shop details (issue 14, settings): the branches and the payment details, kept
 * as the settings document `shop` (lib/contracts/shop-details.ts). Reading answers the stored
 * document, or the environment's values until the first save; a save replaces the whole document
 * in one transaction (the row locked, a `content_audit` line 'settings'/'shop' with every field
 * before and after), then `contentChanged()` after the commit, so that the next handshake, page
 * and transfer instructions show the new values here and on the other instances.
 *
 * @example
 * await saveShopDetails(db, member, { ...details, branches: { ...details.branches, lagos: { ...lagos, whatsapp: '+234 809 555 0101' } } }, now());
 */
import { eq } from 'drizzle-orm';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { settings } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { contentChanged } from '@/lib/server/live/content';
import { readShopDetails, SHOP_DETAILS_KEY } from '@/lib/server/services/settings';
import { recordContentChange } from '@/lib/server/services/backoffice/content-audit';
import type { ShopDetails, ShopDetailsAnswer } from '@/lib/contracts/shop-details';

export const SAVED_MESSAGE = 'The shop details are saved';
export const NOTHING_TO_CHANGE = 'Nothing to change';
export const SAVED_AT_ONCE_MESSAGE = 'Someone else saved the shop details at the same moment; reload the page and try again';

const lagosTime = new Intl.DateTimeFormat('en-GB', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/** The 409 when the details were saved by someone since the page read them. */
export function changedSinceMessage(at: Date): string {
  return `Someone saved the shop details at ${lagosTime.format(at)} (Lagos) since you opened them. Reload the page to see their change, then make yours again.`;
}

/**
 * A document as flat fields ('branches.lagos.whatsapp' → '+234 …'), so that the content audit
 * lists each changed field on its own.
 * @example flatFields({ a: { b: 'x' }, c: 'y' }) // { 'a.b': 'x', c: 'y' }
 */
export function flatFields(value: Record<string, unknown>, prefix = ''): Record<string, unknown> {
  const flat: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) Object.assign(flat, flatFields(inner as Record<string, unknown>, path));
    else flat[path] = inner;
  }
  return flat;
}

function sameFields(a: Record<string, unknown>, b: Record<string, unknown>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => key in b && a[key] === b[key]);
}

function answerOf(read: Awaited<ReturnType<typeof readShopDetails>>): ShopDetailsAnswer {
  return { details: read.details, stored: read.stored, updatedAt: read.updatedAt?.toISOString() ?? null };
}

/** The shop details as the shop uses them now, and whether they are stored yet. */
export async function getShopDetails(db: Db): Promise<ShopDetailsAnswer> {
  return answerOf(await readShopDetails(db));
}

/**
 * Replaces the shop details with `details` (already checked by the contract's schema). `basedOn`
 * is what the page read (`updatedAt`, or 'environment' before the first save): a save by someone
 * else since then is a 409. The same values as now write nothing ('Nothing to change'; before the
 * first save, the environment's values count as now). Otherwise one transaction stores the whole
 * document and its audit line.
 */
export async function saveShopDetails(
  db: Db,
  actor: { id: string; address?: string },
  details: ShopDetails,
  basedOn: string | undefined,
  at: Date,
): Promise<{ answer: ShopDetailsAnswer; changed: boolean }> {
  const changed = await db.transaction(async (tx) => {
    // Lock the stored row (when there is one) so that two saves queue up; read what stands now.
    const [row] = await tx.select({ key: settings.key, updatedAt: settings.updatedAt }).from(settings).where(eq(settings.key, SHOP_DETAILS_KEY)).for('update');
    if (row && basedOn && (basedOn === 'environment' || row.updatedAt.getTime() !== new Date(basedOn).getTime())) {
      throw new HttpError(409, changedSinceMessage(row.updatedAt));
    }
    const before = flatFields((await readShopDetails(tx)).details);
    const after = flatFields(details);
    if (sameFields(before, after)) return false;
    if (row) {
      await tx.update(settings).set({ value: details, updatedAt: at }).where(eq(settings.key, SHOP_DETAILS_KEY));
    } else {
      // The first save: nothing to lock yet, so a save racing this one makes the insert find a row.
      const inserted = await tx.insert(settings).values({ key: SHOP_DETAILS_KEY, value: details, updatedAt: at }).onConflictDoNothing().returning({ key: settings.key });
      if (inserted.length === 0) throw new HttpError(409, SAVED_AT_ONCE_MESSAGE);
    }
    await recordContentChange(tx, { entity: 'settings', entityId: SHOP_DETAILS_KEY, action: 'updated', before, after, actor }, at);
    return true;
  });
  // After the commit: this process's caches drop their entries and the other instances are told.
  if (changed) await contentChanged(await getDatabase());
  return { answer: await getShopDetails(db), changed };
}
