/**
 * A product's pictures in the back office (issue 14): list, upload, new alt text, removal and a
 * new order. Positions are 0, 1, 2… with no gap (the storefront's cards take positions 0 and 1,
 * the back office's list position 0), kept so by every change; a unique index on (product,
 * position) backs them, so a move parks the pictures that change place on negative positions
 * before giving them their new ones.
 *
 * Every change runs in one transaction that locks the product's row (two managers' uploads to one
 * product never take the same position), writes the pictures, touches the product's `updatedAt`,
 * and writes one `content_audit` line per picture changed (entity 'picture', before/after: the
 * product, alt text, position and stored file); after the commit `contentChanged()` tells every
 * cache of shopper-facing content, here and on the other instances.
 *
 * Files: an upload is cut into its widths and stored first (lib/server/media/product-images.ts),
 * then the row is written; if the transaction fails the files are removed again. A removal
 * deletes the files after its commit, and only when no other picture row (a duplicated product's)
 * still names them.
 *
 * @example
 * const picture = await addPicture(db, member, productId, { alt: 'Red roses in a box', file }, now());
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { and, asc, count, eq, inArray, max, ne, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { productImages, products } from '@/lib/server/db/schema';
import { errorFields, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { contentChanged } from '@/lib/server/live/content';
import { log } from '@/lib/server/log';
import { mediaStorage, type MediaStorage } from '@/lib/server/media/storage';
import { forgetDrawnPicture, pictureWidths, removeStoredPicture, storePicture } from '@/lib/server/media/product-images';
import { imageSrc } from '@/lib/server/services/catalogue';
import { recordContentChange } from '@/lib/server/services/backoffice/content-audit';
import { PRODUCT_NOT_FOUND } from '@/lib/server/services/backoffice/products';
import { MAX_PICTURES_PER_PRODUCT, type ProductPicture, type ProductPictures } from '@/lib/contracts/product-pictures';

export const PICTURE_NOT_FOUND = 'This product has no such picture';
export const TOO_MANY_PICTURES = `A product has at most ${MAX_PICTURES_PER_PRODUCT} pictures; remove one before adding another`;
export const orderMismatchMessage = (missing: number, foreign: number) =>
  `pictureIds must list exactly this product's pictures${missing ? `: ${missing} ${missing === 1 ? 'is' : 'are'} missing` : ''}${foreign ? `${missing ? ',' : ':'} ${foreign} ${foreign === 1 ? 'is not one of them' : 'are not among them'}` : ''}; reload the page to see them as they are now`;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Actor = { id: string; address?: string };
type PictureRow = typeof productImages.$inferSelect;

const toPicture = (row: Pick<PictureRow, 'id' | 'alt' | 'position' | 'storageKey'>): ProductPicture => ({
  id: row.id,
  src: imageSrc(row.id),
  alt: row.alt,
  position: row.position,
  uploaded: row.storageKey !== null,
});

/** What the audit keeps of a picture. */
const audited = (row: Pick<PictureRow, 'productId' | 'alt' | 'position' | 'storageKey'>) => ({
  productId: row.productId,
  alt: row.alt,
  position: row.position,
  storageKey: row.storageKey,
});

/** The product's row, locked for the rest of the transaction; 404 for an unknown id. */
async function lockedProduct(tx: Db, productId: string, at: Date) {
  if (!UUID.test(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [row] = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  // The product page changes with its pictures.
  await tx.update(products).set({ updatedAt: at }).where(eq(products.id, productId));
}

const picturesOf = (db: Db, productId: string) => db.select().from(productImages).where(eq(productImages.productId, productId)).orderBy(asc(productImages.position));

/** A product's pictures, first first; 404 for an unknown product. */
export async function listPictures(db: Db, productId: string): Promise<ProductPictures> {
  const [product] = UUID.test(productId) ? await db.select({ id: products.id, name: products.name, slug: products.slug }).from(products).where(eq(products.id, productId)) : [];
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return { product, pictures: (await picturesOf(db, productId)).map(toPicture) };
}

/**
 * Refuses an upload before its bytes are read: 404 for an unknown product, 409 when it already
 * has MAX_PICTURES_PER_PRODUCT pictures (checked again, under the lock, when the row is written).
 */
export async function assertMayAddPicture(db: Db, productId: string): Promise<void> {
  if (!UUID.test(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [product] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId));
  if (!product) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const [pictures] = await db.select({ n: count() }).from(productImages).where(eq(productImages.productId, productId));
  if (Number(pictures?.n ?? 0) >= MAX_PICTURES_PER_PRODUCT) throw new HttpError(409, TOO_MANY_PICTURES);
}

/**
 * Adds the uploaded picture in `upload.file` (a temporary file) as the product's last picture:
 * its widths made and stored, then the row and its audit line in one transaction (404 unknown
 * product, 409 full); if that fails, the stored files are removed and the error thrown.
 */
export async function addPicture(db: Db, actor: Actor, productId: string, upload: { alt: string; file: string }, at: Date, storage: MediaStorage = mediaStorage()): Promise<ProductPicture> {
  if (!UUID.test(productId)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const stem = await storePicture(storage, await pictureWidths(upload.file));
  let row: PictureRow;
  try {
    row = await db.transaction(async (tx) => {
      await lockedProduct(tx, productId, at);
      const [taken] = await tx
        .select({ n: count(), last: max(productImages.position) })
        .from(productImages)
        .where(eq(productImages.productId, productId));
      if (Number(taken?.n ?? 0) >= MAX_PICTURES_PER_PRODUCT) throw new HttpError(409, TOO_MANY_PICTURES);
      const position = taken?.last === null || taken?.last === undefined ? 0 : Number(taken.last) + 1;
      const [created] = await tx.insert(productImages).values({ id: randomUUID(), productId, position, alt: upload.alt, art: null, storageKey: stem }).returning();
      await recordContentChange(tx, { entity: 'picture', entityId: created!.id, action: 'created', before: null, after: audited(created!), actor }, at);
      return created!;
    });
  } catch (error) {
    await removeStoredPicture(storage, stem).catch(() => undefined);
    throw error;
  }
  await contentChanged(await getDatabase());
  return toPicture(row);
}

/** The picture `pictureId` of the product, locked; 404 when the product has no such picture (another product's included). */
async function lockedPicture(tx: Db, productId: string, pictureId: string): Promise<PictureRow> {
  const [row] = UUID.test(pictureId)
    ? await tx
        .select()
        .from(productImages)
        .where(and(eq(productImages.id, pictureId), eq(productImages.productId, productId)))
        .for('update')
    : [];
  if (!row) throw new NotFoundError(PICTURE_NOT_FOUND);
  return row;
}

export type PictureChange = { picture: ProductPicture; changed: boolean };

/** Gives a picture a new alt text (nothing is written when it is the same). */
export async function changePictureAlt(db: Db, actor: Actor, productId: string, pictureId: string, alt: string, at: Date): Promise<PictureChange> {
  const result = await db.transaction(async (tx) => {
    await lockedProduct(tx, productId, at);
    const row = await lockedPicture(tx, productId, pictureId);
    if (row.alt === alt) return { row, changed: false };
    const [updated] = await tx.update(productImages).set({ alt }).where(eq(productImages.id, row.id)).returning();
    await recordContentChange(tx, { entity: 'picture', entityId: row.id, action: 'updated', before: audited(row), after: audited(updated!), actor }, at);
    return { row: updated!, changed: true };
  });
  if (result.changed) await contentChanged(await getDatabase());
  return { picture: toPicture(result.row), changed: result.changed };
}

/**
 * Puts the product's pictures in `order` (ids, first first). Pictures whose place changes are
 * parked on negative positions, then given their new ones, so that the unique (product, position)
 * index never sees two pictures on one place. Each moved picture gets a 'reordered' audit line.
 */
async function placeInOrder(tx: Db, actor: Actor, rows: PictureRow[], order: string[], at: Date): Promise<number> {
  const moved = order.flatMap((id, position) => {
    const row = rows.find((r) => r.id === id)!;
    return row.position === position ? [] : [{ row, position }];
  });
  if (moved.length === 0) return 0;
  await tx
    .update(productImages)
    .set({ position: sql`-1 - ${productImages.position}` })
    .where(
      inArray(
        productImages.id,
        moved.map((m) => m.row.id),
      ),
    );
  for (const { row, position } of moved) {
    await tx.update(productImages).set({ position }).where(eq(productImages.id, row.id));
    await recordContentChange(tx, { entity: 'picture', entityId: row.id, action: 'reordered', before: audited(row), after: audited({ ...row, position }), actor }, at);
  }
  return moved.length;
}

/**
 * The product's pictures in a new order: `pictureIds` must name exactly its pictures (409
 * otherwise: another product's picture, one removed meanwhile, one left out). Answers the
 * pictures afterwards and how many moved.
 */
export async function reorderPictures(db: Db, actor: Actor, productId: string, pictureIds: string[], at: Date): Promise<{ pictures: ProductPicture[]; moved: number }> {
  const moved = await db.transaction(async (tx) => {
    await lockedProduct(tx, productId, at);
    const rows = await picturesOf(tx, productId).for('update');
    const ids = new Set(rows.map((r) => r.id));
    const foreign = pictureIds.filter((id) => !ids.has(id.toLowerCase())).length;
    const missing = rows.filter((r) => !pictureIds.some((id) => id.toLowerCase() === r.id)).length;
    if (foreign || missing) throw new HttpError(409, orderMismatchMessage(missing, foreign));
    return placeInOrder(
      tx,
      actor,
      rows,
      pictureIds.map((id) => id.toLowerCase()),
      at,
    );
  });
  if (moved) await contentChanged(await getDatabase());
  return { pictures: (await picturesOf(db, productId)).map(toPicture), moved };
}

/**
 * Removes a picture; the ones after it move up a place. After the commit, an uploaded picture's
 * stored files are removed unless another picture row still names them (a duplicated product
 * shares its original's files); a drawn picture's rendered widths leave the disk cache. A file that cannot be removed is logged, never thrown: the
 * picture is gone from the shop either way.
 */
export async function removePicture(db: Db, actor: Actor, productId: string, pictureId: string, at: Date, storage: MediaStorage = mediaStorage()): Promise<ProductPicture[]> {
  const removed = await db.transaction(async (tx) => {
    await lockedProduct(tx, productId, at);
    const row = await lockedPicture(tx, productId, pictureId);
    await tx.delete(productImages).where(eq(productImages.id, row.id));
    await recordContentChange(tx, { entity: 'picture', entityId: row.id, action: 'deleted', before: audited(row), after: null, actor }, at);
    const rest = await picturesOf(tx, productId).for('update');
    await placeInOrder(
      tx,
      actor,
      rest,
      rest.map((r) => r.id),
      at,
    );
    return row;
  });
  await contentChanged(await getDatabase());
  if (!removed.storageKey) {
    // A drawn picture has no stored files, only its rendered widths in the disk cache.
    await forgetDrawnPicture(path.join(getConfig().dataDir, 'media'), removed.id).catch(() => undefined);
  } else {
    const [shared] = await db
      .select({ id: productImages.id })
      .from(productImages)
      .where(and(eq(productImages.storageKey, removed.storageKey), ne(productImages.id, removed.id)))
      .limit(1);
    if (!shared) {
      await removeStoredPicture(storage, removed.storageKey).catch((error: unknown) => {
        log().error({ area: 'media', pictureId: removed.id, ...errorFields(error) }, 'could not remove the files of a picture');
      });
    }
  }
  return (await picturesOf(db, productId)).map(toPicture);
}
