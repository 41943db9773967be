/**
 * The stored user record's transitions (spec sections 3, 4 and 6), pure and tested without
 * rendering. The auth dialog's own modes are in components/auth/auth-reducer.ts (they load with
 * the dialog).
 */
import type { UserRecord } from '@/lib/contracts/auth';

export type UserAction =
  /** Login, signup, OTP validation or password change answered a user record. */
  | { type: 'login'; record: UserRecord }
  /** Logout, or a call answered 401 'Please log in again'. */
  | { type: 'logout' }
  /** The handshake was sent with `sentToken` and answered `user` (null: the token is dead). */
  | { type: 'handshake'; sentToken: string; user: UserRecord | null };

/** The three choices the auth dialog can open on; 'guestCheckout' is the checkout page's mode. */
export type AuthChoice = 'login' | 'signup' | 'guestCheckout';

/**
 * The next user record. A handshake verdict only counts for the token it was sent with, so a
 * shopper who logged in again meanwhile stays logged in; a live token refreshes the record.
 */
export function userReducer(user: UserRecord | null, action: UserAction): UserRecord | null {
  switch (action.type) {
    case 'login':
      return action.record;
    case 'logout':
      return null;
    case 'handshake':
      return user?.authToken === action.sentToken ? action.user && { ...action.user, authToken: action.sentToken } : user;
  }
}
