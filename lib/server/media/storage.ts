/**
 * Where uploaded pictures live (delivery photos, product pictures), behind one small interface:
 * callers never know which backend holds them. Keys are made here and checked on every call: a
 * caller's text never becomes a path or an object name.
 *
 * - Local disk (the default): `DATA_DIR/media/<key>`, written to a temporary file and renamed, so
 *   that a reader never sees half a picture. One instance only: another machine does not see it.
 * - An S3-compatible bucket when MEDIA_S3_BUCKET is set (lib/server/media/s3-storage.ts): every
 *   instance stores and reads the same objects, so a picture uploaded through one is served by all.
 *
 * Either way pictures are served by the shop's own /media routes (pages/api/media/**), which read
 * them through `mediaStorage()`: same addresses and caching headers, and a delivery photo stays
 * behind its secret address rather than a bucket's.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '@/lib/server/config';
import { log } from '@/lib/server/log';
import { errorClassOf, s3Storage } from '@/lib/server/media/s3-storage';

export interface MediaStorage {
  /** Stores `bytes` under `key` (replacing nothing: keys are random). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes under `key`, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  /** Removes `key`; nothing when it is not there. */
  remove(key: string): Promise<void>;
}

/** The kinds of uploaded media and their folders. */
export type MediaKind = 'deliveries' | 'products';

/**
 * The keys this module makes, per kind:
 * - a delivery photo: `deliveries/<32 hex>.webp`; the random part is the link's secret;
 * - a product picture: one file per width beside its stem `products/<32 hex>`, named
 *   `products/<32 hex>-<width>.webp` (widths: lib/server/media/product-images.ts).
 */
const KEYS: Record<MediaKind, RegExp> = {
  deliveries: /^deliveries\/[0-9a-f]{32}\.webp$/,
  products: /^products\/[0-9a-f]{32}-[1-9][0-9]{1,3}\.webp$/,
};
const PRODUCT_STEM = /^products\/[0-9a-f]{32}$/;

/** Whether `key` is one this module could have made (of `kind`, when given). */
export function isMediaKey(key: string, kind?: MediaKind): boolean {
  return kind ? KEYS[kind].test(key) : Object.values(KEYS).some((pattern) => pattern.test(key));
}

/** A new random key for a delivery photo (128 bits: the key is also the sender's link to it). */
export function newMediaKey(kind: 'deliveries'): string {
  return `${kind}/${randomBytes(16).toString('hex')}.webp`;
}

/** Whether `stem` is a product picture's stem this module could have made (`products/<32 hex>`). */
export function isProductPictureStem(stem: string): boolean {
  return PRODUCT_STEM.test(stem);
}

/** A new random stem for an uploaded product picture, `products/<32 hex>`: its widths are stored beside it. */
export function newProductPictureStem(): string {
  return `products/${randomBytes(16).toString('hex')}`;
}

/**
 * The key of one width of a product picture: `products/<32 hex>-<width>.webp`.
 * @example productPictureKey('products/0123456789abcdef0123456789abcdef', 800) // 'products/0123456789abcdef0123456789abcdef-800.webp'
 */
export function productPictureKey(stem: string, width: number): string {
  const key = `${stem}-${width}.webp`;
  if (!isProductPictureStem(stem) || !isMediaKey(key, 'products')) throw new Error('Not a product picture key');
  return key;
}

/** The address of a stored delivery photo (pages/api/media/d/[file].ts): the key's random part is the link's secret. */
export function deliveryPhotoPath(key: string | null): string | null {
  return key && isMediaKey(key, 'deliveries') ? `/media/d/${key.slice('deliveries/'.length)}` : null;
}

function checked(key: string): string {
  if (!isMediaKey(key)) throw new Error('Not a media key');
  return key;
}

/** Media stored on this machine's disk under `root`. */
export function diskStorage(root: string): MediaStorage {
  const fileOf = (key: string) => path.join(root, ...checked(key).split('/'));
  return {
    async put(key, bytes) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      await fs.writeFile(temp, bytes, { mode: 0o640 });
      await fs.rename(temp, file);
    },
    async get(key) {
      return fs.readFile(fileOf(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return null;
        throw error;
      });
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

/** `inner` with every key checked before it is used. */
function keysChecked(inner: MediaStorage): MediaStorage {
  return {
    put: async (key, bytes) => inner.put(checked(key), bytes),
    get: async (key) => inner.get(checked(key)),
    remove: async (key) => inner.remove(checked(key)),
  };
}

/** The shop's media storage: the S3 bucket when MEDIA_S3_BUCKET is set, else the local disk under `DATA_DIR/media`. */
export function mediaStorage(): MediaStorage {
  const s3 = getConfig().mediaS3;
  return s3 ? keysChecked(s3Storage(s3)) : diskStorage(path.join(getConfig().dataDir, 'media'));
}

/**
 * Whether uploaded media are shared between instances (an S3 bucket). Then another instance may
 * have removed a picture this one still has in a local cache, so caches are checked against the
 * database (lib/server/media/product-images.ts).
 */
export function mediaIsShared(): boolean {
  return Boolean(getConfig().mediaS3);
}

/**
 * At start-up: with an S3 bucket configured, whether it answers with the configured credentials.
 * When it does not, one warning says so (bucket name, error class, status; never the credentials)
 * and the shop starts anyway: uploads and uploaded pictures fail (503, or 500 for refused
 * credentials or a missing bucket) until it answers.
 * Answers whether the storage is usable (true for the local disk).
 */
export async function checkMediaStorage(): Promise<boolean> {
  const s3 = getConfig().mediaS3;
  if (!s3) return true;
  try {
    await s3Storage(s3).check();
    log().info({ storage: 's3', bucket: s3.bucket }, 'media storage: S3 bucket reachable');
    return true;
  } catch (error) {
    const cause = error instanceof Error ? error.cause : error;
    const status = (cause as { $metadata?: { httpStatusCode?: number } } | undefined)?.$metadata?.httpStatusCode;
    log().warn(
      { storage: 's3', bucket: s3.bucket, error: errorClassOf(cause), status },
      'media storage: the S3 bucket (MEDIA_S3_BUCKET) cannot be reached with the configured endpoint and credentials; picture uploads and uploaded pictures will fail until it can',
    );
    return false;
  }
}
