/**
 * The password-reset sub-screens (spec sections 2, 4, 5 and 8): Forgot password → Enter OTP →
 * Set new password → Password reset → Continue, their toasts and errors, 'Passwords do not match'
 * with nothing sent, and 'Back to log in' on every sub-screen.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { notify } from '@/lib/ui/notify';
import { answer, fail, freshStorage, ok, record, renderShop, section, type Seen } from './helpers';
import { listenToMsw } from '../../helpers/msw';

jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();
beforeEach(() => {
  freshStorage();
  notified.mockClear();
});

const EMAIL = 'ada@example.com';

function resetCalls(overrides: Parameters<typeof answer>[0] = {}): Seen[] {
  return answer({
    'POST /v1/regal/auth/otp/request': ok({ email: EMAIL }, `If an account exists for ${EMAIL}, a one-time password has been sent`),
    'POST /v1/regal/auth/otp/validate': (seen) => (seen.body?.code === '123456' ? ok(record(EMAIL, 'token-otp')) : fail(400, 'This code is not correct.')),
    'PUT /v1/regal/auth/change-password': ok(record(EMAIL, 'token-after-change'), 'Password changed successfully and user logged in'),
    ...overrides,
  });
}

/** Opens Login, types the e-mail, and follows 'Reset your password'. */
async function toForgot() {
  await userEvent.click(screen.getByRole('button', { name: 'LOGIN / REGISTER' }));
  await screen.findByRole('dialog');
  await userEvent.type(section('Login').getByLabelText(/^Email/), EMAIL);
  await userEvent.click(section('Login').getByRole('button', { name: 'Reset your password' }));
  return screen.getByRole('dialog', { name: 'Forgot password?' });
}

async function toOtp() {
  const dialog = await toForgot();
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
  return screen.findByRole('dialog', { name: 'Enter OTP' });
}

async function toNewPassword() {
  const dialog = await toOtp();
  await userEvent.type(within(dialog).getByLabelText(/^One-time password/), '123456');
  await userEvent.click(within(dialog).getByRole('button', { name: 'Submit OTP' }));
  return screen.findByRole('dialog', { name: 'Set new password' });
}

async function setPasswords(dialog: HTMLElement, password: string, confirm: string) {
  await userEvent.type(within(dialog).getByLabelText(/^Password/), password);
  await userEvent.type(within(dialog).getByLabelText(/^Confirm password/), confirm);
  await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
}

describe('the reset path', () => {
  it('walks Forgot password → Enter OTP → Set new password → Password reset → Continue, with every toast', async () => {
    const seen = resetCalls();
    const onLoggedIn = jest.fn();
    renderShop(onLoggedIn);

    const forgot = await toForgot();
    const email = within(forgot).getByLabelText(/^Email/);
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveValue(EMAIL); // carried over from Login
    expect(email).toHaveFocus();
    await userEvent.click(within(forgot).getByRole('button', { name: 'Reset Password' }));

    const otp = await screen.findByRole('dialog', { name: 'Enter OTP' });
    expect(notified).toHaveBeenLastCalledWith('success', `One-time password has been sent to ${EMAIL}`);
    expect(seen[0]).toMatchObject({ path: '/v1/regal/auth/otp/request', body: { email: EMAIL, business: 'regal' } });
    await userEvent.type(within(otp).getByLabelText(/^One-time password/), '123456');
    await userEvent.click(within(otp).getByRole('button', { name: 'Submit OTP' }));

    const newPassword = await screen.findByRole('dialog', { name: 'Set new password' });
    expect(notified).toHaveBeenLastCalledWith('success', 'OTP validated successfully');
    expect(seen[1]).toMatchObject({ path: '/v1/regal/auth/otp/validate', body: { email: EMAIL, code: '123456', business: 'regal' } });
    // Logged in by the OTP: stored, shown in the header, and the cart hand-over ran.
    expect(readStored(STORAGE_KEYS.user)).toMatchObject({ authToken: 'token-otp' });
    expect(screen.getByRole('button', { name: `Account of ${EMAIL}` })).toBeInTheDocument();
    expect(onLoggedIn).toHaveBeenCalledTimes(1);

    await setPasswords(newPassword, 'new-petals-1', 'new-petals-1');
    const done = await screen.findByRole('dialog', { name: 'Password reset' });
    expect(notified).toHaveBeenLastCalledWith('success', 'Password changed successfully and user logged in');
    // The change is sent with the OTP session's token; its answer's new token is kept.
    expect(seen[2]).toMatchObject({
      method: 'PUT',
      path: '/v1/regal/auth/change-password',
      body: { password: 'new-petals-1', business: 'regal' },
      authorization: 'Bearer token-otp',
    });
    expect(readStored(STORAGE_KEYS.user)).toMatchObject({ authToken: 'token-after-change' });
    expect(onLoggedIn).toHaveBeenCalledTimes(1); // the same session: no second cart merge

    await userEvent.click(within(done).getByRole('button', { name: 'Continue' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(seen).toHaveLength(3);
  });

  it("'Passwords do not match' and nothing is sent", async () => {
    const seen = resetCalls();
    renderShop();
    const dialog = await toNewPassword();
    await setPasswords(dialog, 'new-petals-1', 'new-petals-2');
    expect(notified).toHaveBeenLastCalledWith('error', 'Passwords do not match');
    expect(seen.map((s) => s.path)).not.toContain('/v1/regal/auth/change-password');
    expect(screen.getByRole('dialog', { name: 'Set new password' })).toBeInTheDocument();
  });

  it('requires the OTP and the new passwords', async () => {
    resetCalls();
    renderShop();
    const otp = await toOtp();
    await userEvent.click(within(otp).getByRole('button', { name: 'Submit OTP' }));
    expect(within(otp).getByText('One-time password is required')).toBeInTheDocument();
    await userEvent.type(within(otp).getByLabelText(/^One-time password/), '123456');
    await userEvent.click(within(otp).getByRole('button', { name: 'Submit OTP' }));
    const dialog = await screen.findByRole('dialog', { name: 'Set new password' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Confirm password is required')).toBeInTheDocument();
  });
});

describe('errors', () => {
  it("'Unable to request OTP: {message}' keeps the Forgot password screen", async () => {
    resetCalls({ 'POST /v1/regal/auth/otp/request': fail(429, 'Too many attempts. Please wait 15 minutes and try again.') });
    renderShop();
    const dialog = await toForgot();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Reset Password' }));
    await waitFor(() => expect(notified).toHaveBeenLastCalledWith('error', 'Unable to request OTP: Too many attempts. Please wait 15 minutes and try again.'));
    expect(screen.getByRole('dialog', { name: 'Forgot password?' })).toBeInTheDocument();
  });

  it("'Unable to validate OTP: {message}' keeps the Enter OTP screen and nobody is logged in", async () => {
    resetCalls();
    renderShop();
    const dialog = await toOtp();
    await userEvent.type(within(dialog).getByLabelText(/^One-time password/), '999999');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Submit OTP' }));
    await waitFor(() => expect(notified).toHaveBeenLastCalledWith('error', 'Unable to validate OTP: This code is not correct.'));
    expect(screen.getByRole('dialog', { name: 'Enter OTP' })).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
  });

  it("'Unable to reset password: {message}' keeps the Set new password screen", async () => {
    resetCalls({ 'PUT /v1/regal/auth/change-password': fail(400, 'password must be at most 200 characters') });
    renderShop();
    const dialog = await toNewPassword();
    await setPasswords(dialog, 'new-petals-1', 'new-petals-1');
    await waitFor(() => expect(notified).toHaveBeenLastCalledWith('error', 'Unable to reset password: password must be at most 200 characters'));
    expect(screen.getByRole('dialog', { name: 'Set new password' })).toBeInTheDocument();
  });
});

describe("'Back to log in'", () => {
  it.each([
    ['Forgot password?', toForgot],
    ['Enter OTP', toOtp],
    ['Set new password', toNewPassword],
    [
      'Password reset',
      async () => {
        await setPasswords(await toNewPassword(), 'new-petals-1', 'new-petals-1');
        return screen.findByRole('dialog', { name: 'Password reset' });
      },
    ],
  ])('on %s returns to Login', async (_title, reach) => {
    resetCalls();
    renderShop();
    const dialog = await reach();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Back to log in' }));
    const choices = screen.getByRole('dialog', { name: 'WELCOME TO REGAL FLOWERS' });
    expect(within(choices).getByRole('button', { name: 'Login' })).toHaveAttribute('aria-expanded', 'true');
  });
});
