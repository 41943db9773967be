/**
 * Product pictures: drawn from each image's stored `art` description as SVG, rendered to WebP
 * with sharp at one of the allowed widths, and cached on disk under `DATA_DIR/media` so that
 * each size is rendered once. Nothing is downloaded.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { productImages } from '@/lib/server/db/schema';
import { renderArtSvg } from '@/lib/samples/bouquet-art';

/** Widths a picture is served at: the spec's 800 (mobile) and 2500, plus thumbnails. */
export const IMAGE_WIDTHS = [200, 400, 800, 1200, 2500] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];
export const DEFAULT_IMAGE_WIDTH: ImageWidth = 800;

/** Pictures are square. */
const aspect = 1;

const rendering = new Map<string, Promise<Buffer | null>>();

async function render(db: Db, imageId: string, width: ImageWidth): Promise<Buffer | null> {
  const [row] = await db.select({ art: productImages.art }).from(productImages).where(eq(productImages.id, imageId)).limit(1);
  if (!row?.art) return null;
  const height = Math.round(width * aspect);
  const svg = renderArtSvg(row.art, width, height);
  const sharp = (await import('sharp')).default;
  return sharp(Buffer.from(svg)).resize(width, height).webp({ quality: 76, effort: 4 }).toBuffer();
}

/**
 * The WebP bytes of a product image at a width, from the disk cache or rendered now;
 * null when there is no such image. Concurrent requests for the same picture share one render.
 */
export async function productImageWebp(db: Db, cacheDir: string, imageId: string, width: ImageWidth): Promise<Buffer | null> {
  const file = path.join(cacheDir, `${imageId}-${width}.webp`);
  const cached = await fs.readFile(file).catch(() => null);
  if (cached) return cached;
  const key = `${imageId}-${width}`;
  let pending = rendering.get(key);
  if (!pending) {
    pending = render(db, imageId, width).then(async (bytes) => {
      if (bytes) {
        await fs.mkdir(cacheDir, { recursive: true });
        const temp = `${file}.${process.pid}.tmp`;
        await fs.writeFile(temp, bytes);
        await fs.rename(temp, file);
      }
      return bytes;
    });
    rendering.set(key, pending);
    void pending.finally(() => rendering.delete(key)).catch(() => undefined);
  }
  return pending;
}
