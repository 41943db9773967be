/**
 * Login and Register (spec sections 4, 7 and 8): payloads, the stored user and the header, the
 * toasts, the legacy-upgrade path, fields cleared after success, and the cart hand-over.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { notify } from '@/lib/ui/notify';
import { LEGACY_UPGRADE_MESSAGE } from '@/components/auth/messages';
import { answer, fail, freshStorage, ok, record, renderShop, section } from './helpers';
import { listenToMsw } from '../../helpers/msw';

jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();
beforeEach(() => {
  freshStorage();
  notified.mockClear();
});

const roses = { productId: 'p-roses', name: 'Red Roses', price: 45000, quantity: 2, image: { src: '/media/p/roses.webp', alt: 'Red roses' }, SKU: 'RR-1' };

async function openLogin() {
  await userEvent.click(screen.getByRole('button', { name: 'LOGIN / REGISTER' }));
  await screen.findByRole('dialog', { name: 'WELCOME TO REGAL FLOWERS' });
  return section('Login');
}

async function fillLogin(email: string, password: string) {
  const login = await openLogin();
  await userEvent.type(login.getByLabelText(/^Email/), email);
  await userEvent.type(login.getByLabelText(/^Password/), password);
  await userEvent.click(login.getByRole('button', { name: 'Log in' }));
}

describe('Login', () => {
  it('sends email, password and business; stores the user; closes; toasts; hands the server cart over; the header shows the user', async () => {
    const seen = answer({ 'POST /v1/regal/auth/login': ok(record('ada@example.com', 'token-1', { name: 'Ada Obi', cartItems: [roses] })) });
    const onLoggedIn = jest.fn();
    renderShop(onLoggedIn);
    await fillLogin(' ada@example.com ', 'petals-123');

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.map((s) => s.body)).toEqual([{ email: 'ada@example.com', password: 'petals-123', business: 'regal' }]);
    expect(notified).toHaveBeenLastCalledWith('success', 'Logged in successfully as ada@example.com');
    expect(readStored(STORAGE_KEYS.user)).toMatchObject({ authToken: 'token-1', email: 'ada@example.com' });
    expect(onLoggedIn).toHaveBeenCalledTimes(1);
    expect(onLoggedIn.mock.calls[0]![0].cartItems).toEqual([roses]);

    const account = screen.getByRole('button', { name: 'Account of ada@example.com' });
    expect(account).toHaveTextContent('A');
    await userEvent.click(account);
    expect(screen.getByText(/Logged in as/)).toHaveTextContent('Logged in as ada@example.com');
  });

  it('starts with empty fields the next time (after a logout)', async () => {
    const seen = answer({ 'POST /v1/regal/auth/login': ok(record('ada@example.com')), 'POST /v1/regal/auth/logout': ok({ loggedOut: true }) });
    renderShop();
    await fillLogin('ada@example.com', 'petals-123');
    await userEvent.click(await screen.findByRole('button', { name: 'Account of ada@example.com' }));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(seen.map((s) => s.path)).toContain('/v1/regal/auth/logout'));
    const login = await openLogin();
    expect(login.getByLabelText(/^Email/)).toHaveValue('');
    expect(login.getByLabelText(/^Password/)).toHaveValue('');
  });

  it("shows 'Unable to login: {server message}' and stays open", async () => {
    answer({ 'POST /v1/regal/auth/login': fail(401, 'Incorrect email or password') });
    const onLoggedIn = jest.fn();
    renderShop(onLoggedIn);
    await fillLogin('ada@example.com', 'wrong-password');
    await waitFor(() => expect(notified).toHaveBeenLastCalledWith('error', 'Unable to login: Incorrect email or password'));
    // The page around the modal dialog is inert, so the dialog repeats the message itself.
    expect(within(screen.getByRole('dialog')).getByRole('alert')).toHaveTextContent('Unable to login: Incorrect email or password');
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
    expect(onLoggedIn).not.toHaveBeenCalled();
    expect(section('Login').getByRole('button', { name: 'Log in' })).toBeEnabled();
  });

  it('a legacy account goes to the OTP step with the info toast', async () => {
    answer({ 'POST /v1/regal/auth/login': fail(403, `${LEGACY_UPGRADE_MESSAGE}. A one-time password has been sent to your e-mail.`) });
    renderShop();
    await fillLogin('old@example.com', 'old-password');
    const dialog = await screen.findByRole('dialog', { name: 'Enter OTP' });
    expect(notified).toHaveBeenLastCalledWith('info', 'Your password has expired. Please enter the OTP sent to your inbox');
    expect(notified).not.toHaveBeenCalledWith('error', expect.anything());
    expect(within(dialog).getByText('old@example.com')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit OTP' })).toBeInTheDocument();
  });

  it('recognises the spec’s legacy text', () => {
    expect(LEGACY_UPGRADE_MESSAGE).toBe('Upgrade is required for legacy user');
  });
});

describe('Register', () => {
  async function fillSignup({ optIn = false } = {}) {
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN / REGISTER' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Register' }));
    const register = section('Register');
    await userEvent.type(register.getByLabelText(/^First name/), 'Ada');
    await userEvent.type(register.getByLabelText(/^Last name/), 'Obi');
    await userEvent.type(register.getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.type(register.getByLabelText(/^Password/), 'petals-123');
    if (optIn) await userEvent.click(register.getByRole('checkbox', { name: 'Send me news and offers by e-mail' }));
    await userEvent.click(register.getByRole('button', { name: 'Create account' }));
  }

  it('sends only email and password; stores the user; closes; toasts; no subscription when not ticked', async () => {
    const seen = answer({ 'POST /v1/regal/auth/signup': ok(record('ada@example.com', 'token-new'), 'User signed up successfully') });
    const onLoggedIn = jest.fn();
    renderShop(onLoggedIn);
    await fillSignup();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(seen.map((s) => s.body)).toEqual([{ email: 'ada@example.com', password: 'petals-123', business: 'regal' }]);
    expect(notified).toHaveBeenLastCalledWith('success', 'User signed up successfully');
    expect(readStored(STORAGE_KEYS.user)).toMatchObject({ authToken: 'token-new' });
    expect(onLoggedIn).toHaveBeenCalledWith(expect.objectContaining({ email: 'ada@example.com', cartItems: [] }));
    expect(screen.getByRole('button', { name: 'Account of ada@example.com' })).toHaveTextContent('A');
  });

  it('a ticked opt-in also subscribes the address to the newsletter', async () => {
    const seen = answer({
      'POST /v1/regal/auth/signup': ok(record('ada@example.com')),
      'POST /v1/regal/subscribe': ok({ email: 'ada@example.com', alreadySubscribed: false }),
    });
    renderShop();
    await fillSignup({ optIn: true });
    await waitFor(() => expect(seen.map((s) => s.path)).toEqual(['/v1/regal/auth/signup', '/v1/regal/subscribe']));
    expect(seen[0]!.body).toEqual({ email: 'ada@example.com', password: 'petals-123', business: 'regal' });
    expect(seen[1]!.query.get('email')).toBe('ada@example.com');
    expect(seen[1]!.query.get('business')).toBe('regal');
    expect(notified).toHaveBeenLastCalledWith('success', 'User signed up successfully');
  });

  it("shows 'Unable to register: {server message}'", async () => {
    answer({ 'POST /v1/regal/auth/signup': fail(409, 'An account with this e-mail already exists') });
    renderShop();
    await fillSignup({ optIn: true });
    await waitFor(() => expect(notified).toHaveBeenLastCalledWith('error', 'Unable to register: An account with this e-mail already exists'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
  });

  it('asks for at least 8 characters before sending', async () => {
    renderShop();
    await userEvent.click(screen.getByRole('button', { name: 'LOGIN / REGISTER' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Register' }));
    const password = section('Register').getByLabelText(/^Password/);
    expect(password).toHaveAccessibleDescription('At least 8 characters');
    await userEvent.type(password, 'short');
    await userEvent.tab();
    expect(password).toHaveAccessibleDescription('Password must be at least 8 characters');
  });
});
