/**
 * Where uploaded pictures live, behind one small interface so that a later backend (S3-compatible
 * storage, issue 16) can replace the local disk without touching its callers. Keys are made here
 * and checked on every call: a caller's text never becomes a path.
 *
 * Local disk: `DATA_DIR/media/<key>`, written to a temporary file and renamed, so that a reader
 * never sees half a picture.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { getConfig } from '@/lib/server/config';

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

/** The shop's media storage: the local disk under `DATA_DIR/media`. */
export function mediaStorage(): MediaStorage {
  return diskStorage(path.join(getConfig().dataDir, 'media'));
}
