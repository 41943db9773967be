/**
 * Product pictures, of two kinds (`product_images`: `art` XOR `storage_key`):
 *
 * - **Drawn** (the seed's samples): drawn from the image's stored `art` description as SVG,
 *   rendered to WebP with sharp at one of the allowed widths, and cached on disk under
 *   `DATA_DIR/media` so that each size is rendered once (per instance: the cache is local even
 *   when uploads are in an S3 bucket). Nothing is downloaded.
 * - **Uploaded** (the back office, lib/server/services/backoffice/product-pictures.ts): cut once
 *   at upload into every width the storefront asks for, each stored through the media storage
 *   (lib/server/media/storage.ts) as `<stem>-<width>.webp`, and served from there.
 *
 * An upload is shown square, like every picture of the shop: it is cropped to a square around its
 * most striking part (sharp's attention strategy: skin tones, saturated colour, contrast — the
 * flowers rather than the table), turned upright from its EXIF orientation, stripped of every
 * metadata block, and written as WebP. It is never enlarged: a width larger than the square's
 * side is stored at the side itself (a 1,800 px photo's 2500 file is 1,800 px wide; the
 * storefront's box sizes it), so every width the storefront may ask for exists. Pictures whose
 * short side is under PRODUCT_PICTURE_MIN_SIDE are refused.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { productImages } from '@/lib/server/db/schema';
import { BadRequestError } from '@/lib/server/http/errors';
import { renderArtSvg } from '@/lib/samples/bouquet-art';
import { checkImage, decodeFailure, PRODUCT_PICTURE, uprightImage } from '@/lib/server/media/upload';
import { isProductPictureStem, newProductPictureStem, productPictureKey, type MediaStorage } from '@/lib/server/media/storage';
import { PRODUCT_PICTURE_MIN_SIDE } from '@/lib/contracts/product-pictures';

/** Widths a picture is served at: the spec's 800 (mobile) and 2500, plus thumbnails. */
export const IMAGE_WIDTHS = [200, 400, 800, 1200, 2500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 800;

/** Pictures are square. */
const aspect = 1;

/** WebP quality of uploaded pictures' widths (photographs: a little above the drawn ones'). */
const UPLOAD_QUALITY = 80;

const rendering = new Map<string, Promise<Buffer | null>>();

async function render(art: NonNullable<typeof productImages.$inferSelect.art>, width: ImageWidth): Promise<Buffer> {
  const height = Math.round(width * aspect);
  const svg = renderArtSvg(art, width, height);
  const sharp = (await import('sharp')).default;
  return sharp(Buffer.from(svg)).resize(width, height).webp({ quality: 76, effort: 4 }).toBuffer();
}

/** A drawn picture at a width, from the disk cache or rendered now; concurrent requests share one render. */
async function drawnWebp(art: NonNullable<typeof productImages.$inferSelect.art>, cacheDir: string, imageId: string, width: ImageWidth): Promise<Buffer> {
  const file = path.join(cacheDir, `${imageId}-${width}.webp`);
  const key = `${imageId}-${width}`;
  let pending = rendering.get(key);
  if (!pending) {
    pending = render(art, width).then(async (bytes) => {
      await fs.mkdir(cacheDir, { recursive: true });
      const temp = `${file}.${process.pid}.tmp`;
      await fs.writeFile(temp, bytes);
      await fs.rename(temp, file);
      return bytes;
    });
    rendering.set(key, pending);
    void pending.finally(() => rendering.delete(key)).catch(() => undefined);
  }
  return (await pending) as Buffer;
}

/**
 * The WebP bytes of a product image at a width; null when there is no such image. A drawn picture
 * comes from the disk cache under `cacheDir` (rendered the first time); an uploaded one from
 * `storage`, where its widths were stored at upload.
 *
 * The disk cache is this machine's. With one instance a removal clears it, so a drawn picture found
 * there is served without a query. With `shared` storage (several instances: mediaIsShared())
 * another instance may have removed the picture, so the row is read first and the cache only
 * spares the drawing.
 */
export async function productImageWebp(db: Db, where: { cacheDir: string; storage: MediaStorage; shared?: boolean }, imageId: string, width: ImageWidth): Promise<Buffer | null> {
  const cacheFile = path.join(where.cacheDir, `${imageId}-${width}.webp`);
  if (!where.shared) {
    const cached = await fs.readFile(cacheFile).catch(() => null);
    if (cached) return cached;
  }
  const [row] = await db.select({ art: productImages.art, storageKey: productImages.storageKey }).from(productImages).where(eq(productImages.id, imageId)).limit(1);
  if (!row) return null;
  // A stem this shop did not make (a hand-edited row) names no file: the same as no picture.
  if (row.storageKey) return isProductPictureStem(row.storageKey) ? where.storage.get(productPictureKey(row.storageKey, width)) : null;
  if (!row.art) return null;
  if (where.shared) {
    const cached = await fs.readFile(cacheFile).catch(() => null);
    if (cached) return cached;
  }
  return drawnWebp(row.art, where.cacheDir, imageId, width);
}

/** Removes a drawn picture's rendered widths from the disk cache (after its row is deleted), so that its address answers 404. */
export async function forgetDrawnPicture(cacheDir: string, imageId: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((width) => fs.rm(path.join(cacheDir, `${imageId}-${width}.webp`), { force: true })));
}

/** One stored width of an uploaded picture. */
export type PictureWidth = { width: ImageWidth; bytes: Buffer };

export const pictureTooSmallMessage = (width: number, height: number) =>
  `file: the picture is ${width} × ${height} px; it needs at least ${PRODUCT_PICTURE_MIN_SIDE} px on its shorter side (pictures are shown square, up to 2500 px)`;

/**
 * The uploaded picture in `file` as the storefront's widths: checked by its content (415 not a
 * JPEG, PNG, WebP, HEIC or AVIF; 413 over 50 megapixels, read from the header before decoding;
 * 400 shorter side under PRODUCT_PICTURE_MIN_SIDE), decoded once, turned upright, cropped to a
 * square around its most striking part at the largest width needed, then scaled down for each
 * smaller width. Never enlarged (see the module's note).
 */
export async function pictureWidths(file: string): Promise<PictureWidth[]> {
  const checked = await checkImage(file, PRODUCT_PICTURE);
  const side = Math.min(checked.width, checked.height);
  if (side < PRODUCT_PICTURE_MIN_SIDE) throw new BadRequestError(pictureTooSmallMessage(checked.width, checked.height));
  const sharp = (await import('sharp')).default;
  const largest = Math.min(side, IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!);
  try {
    // The square at the largest width needed, kept as raw pixels so that each width is only a
    // scale of it (the source is decoded once, however large).
    const square = await (
      await uprightImage(file)
    )
      .resize(largest, largest, { fit: 'cover', position: sharp.strategy.attention })
      .toColourspace('srgb')
      .raw({ depth: 'uchar' })
      .toBuffer({ resolveWithObject: true });
    const raw = { width: square.info.width, height: square.info.height, channels: square.info.channels };
    const encoded = new Map<number, Promise<Buffer>>();
    const at = (size: number) => {
      let bytes = encoded.get(size);
      if (!bytes) {
        bytes = sharp(square.data, { raw }).resize(size, size).webp({ quality: UPLOAD_QUALITY, effort: 4 }).toBuffer();
        encoded.set(size, bytes);
      }
      return bytes;
    };
    return await Promise.all(IMAGE_WIDTHS.map(async (width) => ({ width, bytes: await at(Math.min(width, largest)) })));
  } catch (error) {
    throw decodeFailure(error, PRODUCT_PICTURE);
  }
}

/** Removes every width of the uploaded picture `stem` (nothing for widths already gone). */
export async function removeStoredPicture(storage: MediaStorage, stem: string): Promise<void> {
  await Promise.all(IMAGE_WIDTHS.map((width) => storage.remove(productPictureKey(stem, width))));
}

/**
 * Stores `widths` under a new random stem and answers it; if any write fails, what was written is
 * removed again and the error thrown.
 */
export async function storePicture(storage: MediaStorage, widths: PictureWidth[]): Promise<string> {
  const stem = newProductPictureStem();
  try {
    for (const { width, bytes } of widths) await storage.put(productPictureKey(stem, width), bytes);
  } catch (error) {
    await removeStoredPicture(storage, stem).catch(() => undefined);
    throw error;
  }
  return stem;
}
