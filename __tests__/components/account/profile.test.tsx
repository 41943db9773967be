/**
 * /account/profile for a logged-in shopper, msw answering the profile, password and sessions
 * calls in the contract's shapes: the details form (filled from the profile, checked like the
 * checkout's sender, saved with the phone normalised; the stored user record gets the new name
 * and phone), the password change (the new token is stored and used by the next call; mismatch
 * and the server's 403 said beside the form), and 'Log out of other devices' saying how many
 * sessions ended.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { Profile } from '@/lib/contracts/account';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok, record } from '../checkout/helpers';
import { accountRouter, adaProfile, notificationsCleared, openProfilePage, storedUser, type Routes } from './helpers';

const mockRouter = accountRouter('/account/profile');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { get router() { return mockRouter; } } }));
jest.mock('@/lib/server/account-page', () => ({ accountPage: () => () => Promise.resolve({ props: {} }) }));
jest.mock('@/lib/ui/notify');

listenToMsw();
const notified = notificationsCleared();

const SAVE = 'PUT /v1/regal/account/profile';
const CHANGE = 'PUT /v1/regal/auth/change-password';

const ADA_PROFILE = adaProfile({ phone: '+2348031234567' });

/** The profile page for Ada with her phone, the profile call answering `profile`'s changes. */
const openProfile = (profile: Partial<Profile> = {}, routes: Routes = {}) =>
  openProfilePage('Your details', { profile: { ...ADA_PROFILE, ...profile }, routes, user: record('ada@example.com', { phone: '+2348031234567', phoneCountryCode: '+234' }) });

const details = () => screen.getByRole('region', { name: 'Your details' });
const password = () => screen.getByRole('region', { name: /password/ });

describe('your details', () => {
  it('start from the profile, save name, phone (with its code once) and the opt-in, and update the stored user record', async () => {
    const saved: Profile = { ...ADA_PROFILE, name: 'Ada Obi-Bello', phone: '+447700900123', phoneCountryCode: '+44', marketingOptIn: true };
    const seen = await openProfile({}, { [SAVE]: ok(saved) });
    const region = details();
    expect(region).toHaveTextContent('You log in with ada@example.com');
    expect(within(region).getByLabelText(/^Name/)).toHaveValue('Ada Obi');
    expect(within(region).getByLabelText(/^Country code/)).toHaveValue('+234');
    expect(within(region).getByLabelText(/^Phone number/)).toHaveValue('08031234567');
    const optIn = within(region).getByRole('checkbox', { name: 'Send me offers and occasion reminders by e-mail' });
    expect(optIn).not.toBeChecked();

    const user = userEvent.setup();
    await user.clear(within(region).getByLabelText(/^Name/));
    await user.type(within(region).getByLabelText(/^Name/), 'Ada Obi-Bello');
    await user.clear(within(region).getByLabelText(/^Country code/));
    await user.type(within(region).getByLabelText(/^Country code/), '44');
    await user.clear(within(region).getByLabelText(/^Phone number/));
    await user.type(within(region).getByLabelText(/^Phone number/), '07700 900123');
    await user.click(optIn);
    await user.click(within(region).getByRole('button', { name: 'Save details' }));

    await waitFor(() => expect(notified).toHaveBeenCalledWith('success', 'Your details have been saved'));
    expect(seen.find((s) => s.method === 'PUT')?.body).toEqual({ name: 'Ada Obi-Bello', phone: '+447700900123', phoneCountryCode: '+44', marketingOptIn: true });
    await waitFor(() => expect(storedUser()).toMatchObject({ name: 'Ada Obi-Bello', phone: '+447700900123', phoneCountryCode: '+44', authToken: 'token-ada@example.com' }));
  });

  it('are checked before sending: a name is needed and a phone must be a phone, each said beside its field', async () => {
    const seen = await openProfile();
    const region = details();
    const user = userEvent.setup();
    await user.clear(within(region).getByLabelText(/^Name/));
    await user.clear(within(region).getByLabelText(/^Phone number/));
    await user.type(within(region).getByLabelText(/^Phone number/), '123');
    await user.click(within(region).getByRole('button', { name: 'Save details' }));
    expect(within(region).getByLabelText(/^Name/)).toHaveFocus();
    expect(within(region).getByLabelText(/^Name/)).toHaveAccessibleDescription('Name is required');
    expect(within(region).getByLabelText(/^Phone number/)).toHaveAccessibleDescription('Enter a valid phone number');
    expect(seen.filter((s) => s.method === 'PUT')).toHaveLength(0);
  });

  it("show the server's refusal beside the form and keep the stored record", async () => {
    await openProfile({}, { [SAVE]: fail(400, 'name must be at most 100 characters') });
    const user = userEvent.setup();
    await user.click(within(details()).getByRole('button', { name: 'Save details' }));
    expect(await within(details()).findByRole('alert')).toHaveTextContent('name must be at most 100 characters');
    expect(storedUser()?.name).toBe('Ada Obi');
    expect(notified).not.toHaveBeenCalled();
  });

  it('say that guest orders join once the e-mail is proven by a one-time password, while it is not', async () => {
    await openProfile({ emailProven: false });
    expect(details()).toHaveTextContent("Those orders join 'My orders' once you have logged in with a one-time password");
  });
});

describe('the password', () => {
  it('changes with the current one; the new token is stored and sent by the next call; the fields empty and the page stays', async () => {
    const fresh = record('ada@example.com', { authToken: 'token-after-change', phone: '+2348031234567', phoneCountryCode: '+234' });
    const seen = await openProfile({}, { [CHANGE]: ok(fresh) });
    const sentWith: (string | null)[] = [];
    server.use(
      http.post('*/v1/regal/auth/logout-others', ({ request }) => {
        sentWith.push(request.headers.get('authorization'));
        return HttpResponse.json({ data: { loggedOut: 0 }, error: false, message: 'OK' });
      }),
    );
    const user = userEvent.setup();
    const region = password();
    expect(within(region).getByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
    expect(region).toHaveTextContent("Forgot your current password? Log out, then choose 'Reset your password' when logging in");
    await user.type(within(region).getByLabelText(/^Current password/), 'old-password-1');
    await user.type(within(region).getByLabelText(/^New password/), 'new-password-22');
    await user.type(within(region).getByLabelText(/^Confirm new password/), 'new-password-22');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));

    await waitFor(() => expect(storedUser()?.authToken).toBe('token-after-change'));
    expect(seen.find((s) => s.path.endsWith('change-password'))?.body).toEqual({ password: 'new-password-22', currentPassword: 'old-password-1', business: 'regal' });
    expect(notified).toHaveBeenCalledWith('success', 'Your password has been changed. Any other device you were logged in on has been logged out.');
    expect(within(password()).getByLabelText(/^New password/)).toHaveValue('');
    expect(seen.filter((s) => s.path.endsWith('/profile'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Log out of other devices' }));
    await waitFor(() => expect(sentWith).toEqual(['Bearer token-after-change']));
  });

  it('says when the two new passwords differ, beside the second, and sends nothing', async () => {
    const seen = await openProfile();
    const user = userEvent.setup();
    const region = password();
    await user.type(within(region).getByLabelText(/^New password/), 'new-password-22');
    await user.type(within(region).getByLabelText(/^Confirm new password/), 'new-password-23');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(within(region).getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription('Passwords do not match');
    expect(seen.filter((s) => s.path.endsWith('change-password'))).toHaveLength(0);
  });

  it("shows the server's 403 (wrong current password) and keeps the token", async () => {
    const wrong = 'Your current password is not correct. Please try again, or log in with a one-time password to set a new one.';
    await openProfile({}, { [CHANGE]: fail(403, wrong) });
    const user = userEvent.setup();
    const region = password();
    await user.type(within(region).getByLabelText(/^Current password/), 'nope');
    await user.type(within(region).getByLabelText(/^New password/), 'new-password-22');
    await user.type(within(region).getByLabelText(/^Confirm new password/), 'new-password-22');
    await user.click(within(region).getByRole('button', { name: 'Change password' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(wrong);
    expect(storedUser()?.authToken).toBe('token-ada@example.com');
  });

  it('for an account without one, offers to set one without asking for a current password', async () => {
    const seen = await openProfile({ hasPassword: false }, { [CHANGE]: ok(record('ada@example.com', { authToken: 'token-2' })) });
    const user = userEvent.setup();
    const region = password();
    expect(within(region).getByRole('heading', { name: 'Set a password' })).toBeInTheDocument();
    expect(within(region).queryByLabelText(/^Current password/)).not.toBeInTheDocument();
    await user.type(within(region).getByLabelText(/^New password/), 'new-password-22');
    await user.type(within(region).getByLabelText(/^Confirm new password/), 'new-password-22');
    await user.click(within(region).getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(storedUser()?.authToken).toBe('token-2'));
    expect(seen.find((s) => s.path.endsWith('change-password'))?.body).toEqual({ password: 'new-password-22', business: 'regal' });
    expect(await within(password()).findByRole('heading', { name: 'Change your password' })).toBeInTheDocument();
  });
});

describe('other devices', () => {
  it.each([
    [3, 'Done: 3 other sessions have been logged out.'],
    [1, 'Done: 1 other session has been logged out.'],
    [0, 'You were not logged in anywhere else.'],
  ])('logging them out (%i ended) says so', async (loggedOut, said) => {
    await openProfile({}, { 'POST /v1/regal/auth/logout-others': ok({ loggedOut }) });
    await userEvent.click(screen.getByRole('button', { name: 'Log out of other devices' }));
    expect(await within(screen.getByRole('region', { name: 'Other devices' })).findByText(said)).toHaveAttribute('role', 'status');
    expect(storedUser()?.authToken).toBe('token-ada@example.com');
  });
});
