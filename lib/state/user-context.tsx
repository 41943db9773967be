/**
 * The shopper's account (spec sections 3, 4 and 6): the user record kept in browser storage under
 * `STORAGE_KEYS.user` (its `authToken` is the bearer token `lib/state/browser-api.ts` sends), and the
 * requests to open the auth dialog (`openAuth()`), which AuthRoot (components/auth) serves.
 *
 * Only this shell ships with every page. The working part (lib/state/user-store.ts: storage, the
 * reducer, the token check, logout) loads at start when a user is stored, otherwise on the first
 * login. The server renders a guest; a stored user shows once the store has read it, after
 * hydration, and is then checked once with the handshake (a dead token drops the user).
 */
import { createContext, useContext, useEffect, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import type { UserRecord } from '@/lib/contracts/auth';
import { useShell } from '@/lib/state/shell-context';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import type { AuthChoice } from '@/lib/state/user-reducer';
import type * as UserStore from '@/lib/state/user-store';

/** A request to open the auth dialog; `n` counts the requests, so that each one opens it. */
/** `checkout`: the checkout's dialog (its title and the Guest Checkout choice) on any choice. */
export type AuthRequest = { mode: AuthChoice; n: number; checkout?: boolean };

type UserState = {
  /** The logged-in user's record; null for a guest (and until the store has read storage). */
  user: UserRecord | null;
  /** Stores a user record answered by login, signup, OTP validation or password change. */
  login(record: UserRecord): void;
  /** Drops the user at once, says so, and tells the server to end the session (errors ignored). */
  logout(): void;
  /** Drops the user without calling the server: for a call that answered 401 'Please log in again'. */
  dropUser(): void;
  /** Opens the auth dialog on a choice (default login); 'guestCheckout' is the checkout page's mode. */
  openAuth(mode?: AuthChoice, options?: { checkout?: boolean }): void;
  /** The latest request to open the dialog (AuthRoot serves it). */
  authRequest: AuthRequest | null;
};

let view: UserRecord | null = null;
let store: Promise<typeof UserStore> | null = null;
const listeners = new Set<() => void>();

function load(business: string): Promise<typeof UserStore> {
  return import('@/lib/state/user-store').then((m) => {
    m.start((user) => {
      view = user;
      listeners.forEach((l) => l());
    });
    void m.checkToken(business);
    return m;
  });
}

/** The working part, loaded once (it reads storage and checks a stored token when it loads). */
export const userStore = (business: string) =>
  (store ??= load(business).catch((error: unknown) => {
    store = null; // offline: the next need tries again
    throw error;
  }));

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the user in memory; the next need reads storage again (tests). */
export function resetUserStore(): void {
  view = null;
  store = null;
}

const readView = () => view;
const serverView = () => null;

const UserContext = createContext<UserState | null>(null);

export function UserProvider({ children }: { children: ReactNode }) {
  const user = useSyncExternalStore(subscribe, readView, serverView);
  const { businessId } = useShell();
  const [authRequest, setAuthRequest] = useState<AuthRequest | null>(null);

  useEffect(() => {
    if (readStored(STORAGE_KEYS.user)) void userStore(businessId);
  }, [businessId]);

  // The actions keep their identity while the user changes, so hooks that depend on them (an
  // account page's reads) do not run again when the record is refreshed.
  const actions = useMemo(() => {
    const withStore = (run: (m: typeof UserStore) => unknown) => void userStore(businessId).then(run);
    return {
      login: (record: UserRecord) => withStore((m) => m.login(record)),
      logout: () => withStore((m) => m.logout(businessId)),
      dropUser: () => withStore((m) => m.dropUser()),
      openAuth: (mode: AuthChoice = 'login', options?: { checkout?: boolean }) => setAuthRequest((last) => ({ mode, n: (last?.n ?? 0) + 1, checkout: options?.checkout })),
    };
  }, [businessId]);
  const value = useMemo<UserState>(() => ({ user, authRequest, ...actions }), [user, authRequest, actions]);

  return <UserContext.Provider value={value}>{children}</UserContext.Provider>;
}

export function useUser(): UserState {
  const value = useContext(UserContext);
  if (!value) throw new Error('useUser must be used inside UserProvider');
  return value;
}
