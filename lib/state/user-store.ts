/**
 * The working part of the shopper's account (lib/state/user-context.tsx ships only a shell with
 * every page): the stored record, its transitions (`userReducer`), the one-time token check with
 * the handshake, and logout. Loaded when a user is stored at start, or on the first login.
 */
import type { UserRecord } from '@/lib/contracts/auth';
import { getHandshake, logout as revoke } from '@/lib/api/calls';
import { browserApi } from '@/lib/state/browser-api';
import { migrateStorage, readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import { userReducer, type UserAction } from '@/lib/state/user-reducer';
import { notify } from '@/lib/ui/notify';

export const LOGGED_OUT_MESSAGE = 'Logged out successfully';

type Show = (user: UserRecord | null) => void;
let show: Show = () => {};
let current: UserRecord | null = null;

/** A stored value counts only when it looks like a user record; recipients default to []. */
function parse(value: Partial<UserRecord> | null): UserRecord | null {
  return value?.authToken && value.email ? ({ ...value, recipients: value.recipients ?? [] } as UserRecord) : null;
}

/** Reads the stored user (after the sync-version wipe) and shows it. */
export function start(onChange: Show): void {
  show = onChange;
  migrateStorage();
  current = parse(readStored<Partial<UserRecord>>(STORAGE_KEYS.user));
  show(current);
}

/** Applies a user action to the record in memory and in storage, and shows the result. */
export function dispatch(action: UserAction): void {
  const next = userReducer(current, action);
  if (next === current) return;
  writeStored(STORAGE_KEYS.user, (current = next));
  show(next);
}

export const currentUser = (): UserRecord | null => current;

/** Stores a record answered by login, signup, OTP validation or password change. */
export const login = (record: UserRecord) => dispatch({ type: 'login', record });

/**
 * Merges what the account area changed (name, phone, saved recipients) into the stored record,
 * keeping its token; nothing when nobody is logged in.
 */
export const update = (changes: UserChanges) => current && dispatch({ type: 'login', record: { ...current, ...changes } });
export type UserChanges = Partial<Omit<UserRecord, 'authToken' | 'email'>>;

/** Drops the user without calling the server (a call answered 401 'Please log in again'). */
export const dropUser = () => dispatch({ type: 'logout' });

/**
 * Checks the stored token once with the handshake: `user: null` means it is dead (expired, or
 * revoked by a password change or a logout elsewhere) and the user is dropped. A failure is
 * logged only (spec section 8); the user stays.
 */
export async function checkToken(business: string): Promise<void> {
  const sent = current?.authToken;
  if (!sent) return;
  try {
    dispatch({ type: 'handshake', sentToken: sent, user: (await getHandshake(await browserApi(business))).user });
  } catch (error) {
    console.warn('Handshake failed', error);
  }
}

/** Drops the user at once, says so, and ends the session on the server (errors ignored). */
export async function logout(business: string): Promise<void> {
  const token = current?.authToken;
  if (!token) return;
  dropUser();
  notify('success', LOGGED_OUT_MESSAGE);
  try {
    await revoke(await browserApi(business), token);
  } catch {
    // The token expires on its own; the shopper is logged out here either way.
  }
}
