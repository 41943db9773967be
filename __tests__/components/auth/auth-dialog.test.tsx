/**
 * The auth dialog's shell (spec sections 2 and 5): lazy loading, titles, the three collapsible
 * choices with guest checkout on checkout only, closing, focus, required fields and the password
 * toggle.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { freshStorage, renderShop, section } from './helpers';
import { listenToMsw } from '../../helpers/msw';

jest.mock('@/lib/ui/notify');

listenToMsw();
beforeEach(() => freshStorage());

async function openFromHeader() {
  await userEvent.click(screen.getByRole('button', { name: 'LOGIN / REGISTER' }));
  return screen.findByRole('dialog', { name: 'WELCOME TO REGAL FLOWERS' });
}

const toggle = (dialog: HTMLElement, name: string) => within(dialog).getByRole('button', { name });

describe('opening', () => {
  it('renders nothing until it is first opened', () => {
    renderShop();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.querySelector('dialog')).toBeNull();
  });

  it('from the header: a welcome line with the brand, Register and Login, Login open and focused', async () => {
    renderShop();
    const dialog = await openFromHeader();
    expect(within(dialog).queryByRole('button', { name: 'Guest Checkout' })).not.toBeInTheDocument();
    expect(toggle(dialog, 'Register')).toHaveAttribute('aria-expanded', 'false');
    expect(toggle(dialog, 'Login')).toHaveAttribute('aria-expanded', 'true');
    expect(section('Login').getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    await waitFor(() => expect(toggle(dialog, 'Login')).toHaveFocus());
  });

  it('on checkout: WELCOME TO SECURE CHECKOUT with Guest Checkout preselected; Continue as Guest closes', async () => {
    renderShop();
    await userEvent.click(screen.getByRole('button', { name: 'Go to checkout' }));
    const dialog = await screen.findByRole('dialog', { name: 'WELCOME TO SECURE CHECKOUT' });
    expect(toggle(dialog, 'Guest Checkout')).toHaveAttribute('aria-expanded', 'true');
    expect(toggle(dialog, 'Register')).toHaveAttribute('aria-expanded', 'false');
    expect(toggle(dialog, 'Login')).toHaveAttribute('aria-expanded', 'false');
    expect(toggle(dialog, 'Guest Checkout')).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue as Guest' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the header opens it without guest checkout even after a checkout visit', async () => {
    renderShop();
    await userEvent.click(screen.getByRole('button', { name: 'Go to checkout' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Continue as Guest' }));
    const dialog = await openFromHeader();
    expect(within(dialog).queryByRole('button', { name: 'Guest Checkout' })).not.toBeInTheDocument();
  });
});

describe('choices', () => {
  it('are buttons with aria-expanded controlling their section; one is open at a time and the open one collapses', async () => {
    renderShop();
    const dialog = await openFromHeader();
    const register = toggle(dialog, 'Register');
    const login = toggle(dialog, 'Login');
    const registerPanel = document.getElementById(register.getAttribute('aria-controls')!)!;
    const loginPanel = document.getElementById(login.getAttribute('aria-controls')!)!;
    expect(registerPanel).not.toBeVisible();
    expect(loginPanel).toBeVisible();

    await userEvent.click(register);
    expect(register).toHaveAttribute('aria-expanded', 'true');
    expect(login).toHaveAttribute('aria-expanded', 'false');
    expect(registerPanel).toBeVisible();
    expect(loginPanel).not.toBeVisible();
    expect(register).toHaveFocus();

    await userEvent.click(register);
    expect(register).toHaveAttribute('aria-expanded', 'false');
    expect(registerPanel).not.toBeVisible();
  });

  it('Register lists the benefits and asks for first name, last name, email, password and the opt-in (off)', async () => {
    renderShop();
    const dialog = await openFromHeader();
    await userEvent.click(toggle(dialog, 'Register'));
    expect(within(dialog).getByText('Access to your delivery history')).toBeVisible();
    expect(within(dialog).getByText(/Address book setup/)).toBeVisible();
    const panel = section('Register');
    expect(panel.getByLabelText(/^First name/)).toHaveAttribute('type', 'text');
    expect(panel.getByLabelText(/^Last name/)).toHaveAttribute('type', 'text');
    expect(panel.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    expect(panel.getByLabelText(/^Password/)).toHaveAttribute('type', 'password');
    expect(panel.getByRole('checkbox', { name: 'Send me news and offers by e-mail' })).not.toBeChecked();
  });
});

describe('closing', () => {
  it('Escape closes it (the native cancel event)', async () => {
    renderShop();
    const dialog = await openFromHeader();
    act(() => void fireEvent(dialog, new Event('cancel', { cancelable: true })));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('the Close button closes it; typed fields stay until a login clears them', async () => {
    renderShop();
    let dialog = await openFromHeader();
    await userEvent.type(section('Login').getByLabelText(/^Email/), 'ada@example.com');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    dialog = await openFromHeader();
    expect(section('Login').getByLabelText(/^Email/)).toHaveValue('ada@example.com');
  });
});

describe('validation', () => {
  it("says '{field} is required' on blur when empty, and clears it once filled", async () => {
    renderShop();
    const dialog = await openFromHeader();
    const email = section('Login').getByLabelText(/^Email/);
    const password = section('Login').getByLabelText(/^Password/);
    await userEvent.click(email);
    await userEvent.click(password);
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription('Email is required');
    expect(within(dialog).queryByText('Password is required')).not.toBeInTheDocument();
    await userEvent.type(email, 'ada@example.com');
    expect(within(dialog).queryByText('Email is required')).not.toBeInTheDocument();
    expect(email).not.toHaveAttribute('aria-invalid');
  });

  it('every signup field is required; submitting empty shows them all, focuses the first and sends nothing', async () => {
    renderShop();
    const dialog = await openFromHeader();
    await userEvent.click(toggle(dialog, 'Register'));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Create account' }));
    for (const text of ['First name is required', 'Last name is required', 'Email is required', 'Password is required']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    expect(section('Register').getByLabelText(/^First name/)).toHaveFocus();
    // onUnhandledRequest: 'error' — and no call was answered.
  });

  it('checks the e-mail shape', async () => {
    renderShop();
    const dialog = await openFromHeader();
    await userEvent.type(section('Login').getByLabelText(/^Email/), 'ada@');
    await userEvent.tab();
    expect(within(dialog).getByText('Enter a valid e-mail address')).toBeInTheDocument();
  });

  it('the password field toggles its visibility (Show password / Hide password)', async () => {
    renderShop();
    await openFromHeader();
    const login = section('Login');
    const password = login.getByLabelText(/^Password/);
    await userEvent.type(password, 'petals-and-stems');
    expect(password).toHaveAttribute('type', 'password');
    await userEvent.click(login.getByRole('button', { name: 'Show password' }));
    expect(password).toHaveAttribute('type', 'text');
    expect(password).toHaveValue('petals-and-stems');
    await userEvent.click(login.getByRole('button', { name: 'Hide password' }));
    expect(password).toHaveAttribute('type', 'password');
  });
});
