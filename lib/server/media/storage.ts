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
export type MediaKind = 'deliveries';

/** A stored delivery photo's key: `deliveries/<32 hex>.webp`; the random part is the link's secret. */
const KEY = /^deliveries\/[0-9a-f]{32}\.webp$/;

/** Whether `key` is one this module could have made. */
export function isMediaKey(key: string): boolean {
  return KEY.test(key);
}

/** A new random key for a picture of `kind` (128 bits: the key is also the sender's link to it). */
export function newMediaKey(kind: MediaKind): string {
  return `${kind}/${randomBytes(16).toString('hex')}.webp`;
}

/** The address of a stored delivery photo (pages/api/media/d/[file].ts): the key's random part is the link's secret. */
export function deliveryPhotoPath(key: string | null): string | null {
  return key && isMediaKey(key) ? `/media/d/${key.slice('deliveries/'.length)}` : null;
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
