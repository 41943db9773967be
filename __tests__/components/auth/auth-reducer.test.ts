/** The auth dialog's modes and the transitions of spec section 4, as a state machine. */
import { authReducer, initialAuthState, isChoice, type AuthAction, type AuthMode, type AuthState } from '@/components/auth/auth-reducer';

const at = (mode: AuthMode, extra: Partial<AuthState> = {}): AuthState => ({ ...initialAuthState, open: true, mode, ...extra });
const ALL_MODES: AuthMode[] = ['login', 'signup', 'guestCheckout', 'forgotPassword', 'validateOtp', 'newPassword', 'successful'];

describe('authReducer', () => {
  it('opens on the header choices without guest checkout, and on checkout with it', () => {
    expect(authReducer(initialAuthState, { type: 'open', mode: 'login' })).toMatchObject({ open: true, mode: 'login', checkout: false, expanded: true });
    expect(authReducer(initialAuthState, { type: 'open', mode: 'signup' })).toMatchObject({ open: true, mode: 'signup', checkout: false });
    expect(authReducer(initialAuthState, { type: 'open', mode: 'guestCheckout' })).toMatchObject({
      open: true,
      mode: 'guestCheckout',
      checkout: true,
      expanded: true,
    });
  });

  it('re-opening from a reset sub-screen starts again on the chosen choice', () => {
    expect(authReducer(at('validateOtp', { open: false, email: 'a@b.co' }), { type: 'open', mode: 'login' })).toMatchObject({ open: true, mode: 'login' });
  });

  it('closes without forgetting where it was', () => {
    expect(authReducer(at('signup'), { type: 'close' })).toEqual(at('signup', { open: false }));
  });

  it('toggles the choices: another one expands, the open one collapses', () => {
    const login = at('login');
    expect(authReducer(login, { type: 'toggle', choice: 'signup' })).toMatchObject({ mode: 'signup', expanded: true });
    const collapsed = authReducer(login, { type: 'toggle', choice: 'login' });
    expect(collapsed).toMatchObject({ mode: 'login', expanded: false });
    expect(authReducer(collapsed, { type: 'toggle', choice: 'login' })).toMatchObject({ mode: 'login', expanded: true });
  });

  it('offers Guest Checkout only in checkout mode', () => {
    const header = at('login');
    expect(authReducer(header, { type: 'toggle', choice: 'guestCheckout' })).toBe(header);
    expect(authReducer(at('login', { checkout: true }), { type: 'toggle', choice: 'guestCheckout' })).toMatchObject({ mode: 'guestCheckout', expanded: true });
  });

  // Every transition of section 4, and what it does from every other mode: nothing.
  const transitions: [AuthAction, AuthMode | AuthMode[], Partial<AuthState>][] = [
    [{ type: 'forgot', email: 'ada@example.com' }, 'login', { mode: 'forgotPassword', email: 'ada@example.com', open: true }],
    [{ type: 'otpSent', email: 'ada@example.com' }, 'forgotPassword', { mode: 'validateOtp', email: 'ada@example.com', open: true }],
    [{ type: 'upgradeRequired', email: 'old@example.com' }, 'login', { mode: 'validateOtp', email: 'old@example.com', open: true }],
    [{ type: 'otpValidated' }, 'validateOtp', { mode: 'newPassword', open: true }],
    [{ type: 'passwordChanged' }, 'newPassword', { mode: 'successful', open: true }],
    [{ type: 'continue' }, 'successful', { mode: 'login', open: false, expanded: true }],
    [{ type: 'backToLogin' }, ['forgotPassword', 'validateOtp', 'newPassword', 'successful'], { mode: 'login', open: true, expanded: true }],
    [{ type: 'loggedIn' }, ['login', 'signup'], { mode: 'login', open: false, resets: 1 }],
  ];

  describe.each(transitions)('%o', (action, from, expected) => {
    const sources = ([] as AuthMode[]).concat(from);
    it.each(sources)('from %s', (mode) => {
      expect(authReducer(at(mode), action)).toMatchObject(expected);
    });
    it.each(ALL_MODES.filter((m) => !sources.includes(m)))('is ignored in %s', (mode) => {
      const state = at(mode);
      expect(authReducer(state, action)).toBe(state);
    });
  });

  it('walks the whole reset path: forgot → OTP → new password → success → Continue → closed on login', () => {
    const steps: AuthAction[] = [
      { type: 'open', mode: 'login' },
      { type: 'forgot', email: '' },
      { type: 'otpSent', email: 'ada@example.com' },
      { type: 'otpValidated' },
      { type: 'passwordChanged' },
      { type: 'continue' },
    ];
    const modes = steps.reduce<AuthState[]>((seen, action) => [...seen, authReducer(seen[seen.length - 1] ?? initialAuthState, action)], []);
    expect(modes.map((s) => [s.mode, s.open])).toEqual([
      ['login', true],
      ['forgotPassword', true],
      ['validateOtp', true],
      ['newPassword', true],
      ['successful', true],
      ['login', false],
    ]);
  });

  it('tells the choices from the sub-screens', () => {
    expect(ALL_MODES.filter(isChoice)).toEqual(['login', 'signup', 'guestCheckout']);
  });
});
