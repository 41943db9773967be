/**
 * Browser storage behind one module: the spec's keys (section 3), JSON values, and the one-time
 * wipe when the stored sync version is below 3. Every function is safe on the server and when
 * storage is unavailable (private mode, quota): it then reads nothing and writes nothing.
 */

export const STORAGE_KEYS = {
  currency: 'currency',
  user: 'userData',
  cartItems: 'cartItems',
  redirect: 'redirectTarget',
  orderId: 'orderId',
  deliveryDate: 'deliveryDate',
  coupon: 'coupon',
  addonDialogLastOpened: 'addonDialogLastOpened',
  syncVersion: 'syncVersion',
  reloadCount: 'errorReloadCount',
} as const;
export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

export const SYNC_VERSION = 3;

function store(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

/** Reads a JSON value; null when absent, unreadable or on the server. */
export function readStored<T>(key: StorageKey): T | null {
  const raw = store()?.getItem(key);
  if (raw == null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

/** Writes a JSON value; `null` removes the key. */
export function writeStored(key: StorageKey, value: unknown): void {
  const s = store();
  if (!s) return;
  try {
    if (value === null || value === undefined) s.removeItem(key);
    else s.setItem(key, JSON.stringify(value));
  } catch {
    // Quota exceeded or storage disabled: the value lives in memory only.
  }
}

/**
 * Whether storage holds a shopper's session this version of the shop wrote (the user record with
 * its token): what the session mark (lib/ui/session-mark.mjs) checks before the first paint.
 */
export function hasStoredSession(): boolean {
  const version = readStored<number>(STORAGE_KEYS.syncVersion);
  return typeof version === 'number' && version >= SYNC_VERSION && Boolean(readStored<{ authToken?: string }>(STORAGE_KEYS.user)?.authToken);
}

/** Wipes the shop's storage once when it was written by an older version (spec: below 3). */
export function migrateStorage(): void {
  const s = store();
  if (!s) return;
  const version = readStored<number>(STORAGE_KEYS.syncVersion);
  if (typeof version === 'number' && version >= SYNC_VERSION) return;
  for (const key of Object.values(STORAGE_KEYS)) s.removeItem(key);
  writeStored(STORAGE_KEYS.syncVersion, SYNC_VERSION);
}
