/**
 * The auth dialog's modes and the transitions of spec section 4, pure and tested without
 * rendering. An action that does not apply to the current mode changes nothing.
 */
import type { AuthChoice } from '@/lib/state/user-reducer';

export type AuthMode = AuthChoice | 'forgotPassword' | 'validateOtp' | 'newPassword' | 'successful';

export type AuthState = {
  open: boolean;
  /** Opened on the checkout page: 'WELCOME TO SECURE CHECKOUT' and the Guest Checkout choice. */
  checkout: boolean;
  mode: AuthMode;
  /** Whether the current choice's section is expanded (collapsing it leaves none open). */
  expanded: boolean;
  /** The e-mail the reset or upgrade path is about. */
  email: string;
  /** Bumped after a login or signup: the forms start empty again. */
  resets: number;
};

export type AuthAction =
  /** `checkout`: the checkout's dialog whatever the choice (else only for 'guestCheckout'). */
  | { type: 'open'; mode: AuthChoice; checkout?: boolean }
  | { type: 'close' }
  /** A choice's header was pressed: expands it, or collapses it when it is the open one. */
  | { type: 'toggle'; choice: AuthChoice }
  /** 'Reset your password' (with the e-mail typed so far). */
  | { type: 'forgot'; email: string }
  /** The OTP request succeeded. */
  | { type: 'otpSent'; email: string }
  /** Login answered the legacy-upgrade error: the server has sent an OTP. */
  | { type: 'upgradeRequired'; email: string }
  | { type: 'otpValidated' }
  | { type: 'passwordChanged' }
  /** 'Continue' on the success screen. */
  | { type: 'continue' }
  | { type: 'backToLogin' }
  /** Login or signup succeeded. */
  | { type: 'loggedIn' };

export const initialAuthState: AuthState = { open: false, checkout: false, mode: 'login', expanded: true, email: '', resets: 0 };

const CHOICES: readonly AuthMode[] = ['login', 'signup', 'guestCheckout'];
const RESET_SCREENS: readonly AuthMode[] = ['forgotPassword', 'validateOtp', 'newPassword', 'successful'];

/** Whether a mode is one of the three choices (else a password-reset sub-screen). */
export const isChoice = (mode: AuthMode): mode is AuthChoice => CHOICES.includes(mode);

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  const from = (modes: AuthMode | readonly AuthMode[], next: Partial<AuthState>): AuthState =>
    (typeof modes === 'string' ? modes === state.mode : modes.includes(state.mode)) ? { ...state, ...next } : state;
  switch (action.type) {
    case 'open':
      return { ...state, open: true, checkout: action.checkout ?? action.mode === 'guestCheckout', mode: action.mode, expanded: true };
    case 'close':
      return { ...state, open: false };
    case 'toggle':
      if (action.choice === 'guestCheckout' && !state.checkout) return state;
      return from(CHOICES, { mode: action.choice, expanded: state.mode !== action.choice || !state.expanded });
    case 'forgot':
      return from('login', { mode: 'forgotPassword', email: action.email });
    case 'otpSent':
      return from('forgotPassword', { mode: 'validateOtp', email: action.email });
    case 'upgradeRequired':
      return from('login', { mode: 'validateOtp', email: action.email });
    case 'otpValidated':
      return from('validateOtp', { mode: 'newPassword' });
    case 'passwordChanged':
      return from('newPassword', { mode: 'successful' });
    case 'continue':
      return from('successful', { open: false, mode: 'login', expanded: true });
    case 'backToLogin':
      return from(RESET_SCREENS, { mode: 'login', expanded: true });
    case 'loggedIn':
      return from(['login', 'signup'], { open: false, mode: 'login', expanded: true, resets: state.resets + 1 });
  }
}
