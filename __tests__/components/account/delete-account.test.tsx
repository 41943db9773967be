/**
 * 'Delete my account' on /account/profile, msw answering the delete call in the contract's shape:
 * the danger zone says what happens, a dialog confirms ('Keep my account' sends nothing), the
 * server's refusals show in the zone (403 without the current password, 409 while an order is on
 * its way) and keep the shopper logged in; success shows the goodbye, forgets the user in this
 * browser and keeps the browser's cart.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ORDERS_IN_PROGRESS_MESSAGE, type Profile } from '@/lib/contracts/account';
import type { CartItem } from '@/lib/domain/cart';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { listenToMsw } from '../../helpers/msw';
import { fail, ok, type Seen } from '../checkout/helpers';
import { accountRouter, adaProfile, openProfilePage, storedUser, type Routes } from './helpers';

const mockRouter = accountRouter('/account/profile');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { get router() { return mockRouter; } } }));
jest.mock('@/lib/server/account-page', () => ({ accountPage: () => () => Promise.resolve({ props: {} }) }));
jest.mock('@/lib/ui/notify');

listenToMsw();

const DELETE = 'POST /v1/regal/account/delete';
const NEEDED = 'Please enter your current password, or log in with a one-time password to set a new one.';

const roses: CartItem = { productId: 'p-roses', name: 'Red Velvet Romance', price: 55000, quantity: 1, image: { src: '/media/p/roses.webp', alt: 'Red roses' }, SKU: 'RF-ROS-0001' };

/** The profile page for Ada with the roses in her cart, once its 'Delete my account' zone shows. */
const openZone = (routes: Routes, overrides: Partial<Profile> = {}) => openProfilePage('Delete my account', { profile: adaProfile(overrides), routes, cart: [roses] });

const zone = () => screen.getByRole('region', { name: 'Delete my account' });
const deletions = (seen: Seen[]) => seen.filter((s) => s.path === '/v1/regal/account/delete');

/** Types the password (when given), presses 'Delete my account' and confirms in the dialog. */
async function deleteWith(currentPassword: string | null) {
  const user = userEvent.setup();
  if (currentPassword) await user.type(within(zone()).getByLabelText('Your current password'), currentPassword);
  await user.click(within(zone()).getByRole('button', { name: 'Delete my account' }));
  await user.click(within(screen.getByRole('dialog', { name: 'Delete your account for good?' })).getByRole('button', { name: 'Yes, delete my account' }));
}

it('says what deleting does, and asks again: keeping the account sends nothing', async () => {
  const seen = await openZone({});
  const text = zone().textContent;
  expect(text).toContain('your address book, the cart kept with your account and every login session are deleted');
  expect(text).toContain('your past orders stay in the shop’s books (numbers, items, amounts and dates) without your name, your contact details');
  expect(text).toContain('we send an e-mail to ada@example.com to confirm it');
  expect(within(zone()).getByLabelText('Your current password')).toHaveAccessibleDescription('Logged in with a one-time password in the last 15 minutes? You can leave this empty.');

  const user = userEvent.setup();
  await user.click(within(zone()).getByRole('button', { name: 'Delete my account' }));
  const dialog = screen.getByRole('dialog', { name: 'Delete your account for good?' });
  expect(within(dialog).getByRole('button', { name: 'Keep my account' })).toHaveFocus();
  await user.click(within(dialog).getByRole('button', { name: 'Keep my account' }));
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  expect(deletions(seen)).toHaveLength(0);
});

it("needs the current password: the server's 403 shows in the zone, tied to the field, and the shopper stays logged in", async () => {
  const seen = await openZone({ [DELETE]: (s) => (s.body?.currentPassword ? ok({ deleted: true, email: 'ada@example.com' }) : fail(403, NEEDED)) });
  await deleteWith(null);
  expect(await within(zone()).findByRole('alert')).toHaveTextContent(NEEDED);
  expect(within(zone()).getByLabelText('Your current password')).toHaveAccessibleDescription(expect.stringContaining(NEEDED));
  expect(deletions(seen)[0]?.body).toEqual({});
  expect(storedUser()).not.toBeNull();
  expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
});

it("shows the server's 409 while an order is on its way, and keeps the account", async () => {
  await openZone({ [DELETE]: fail(409, ORDERS_IN_PROGRESS_MESSAGE) });
  await deleteWith('sunflowers-24');
  expect(await within(zone()).findByRole('alert')).toHaveTextContent(ORDERS_IN_PROGRESS_MESSAGE);
  expect(storedUser()).not.toBeNull();
  expect(screen.getByRole('heading', { level: 1, name: 'Profile' })).toBeInTheDocument();
});

it('on success shows the goodbye (done, an e-mail confirms it), forgets the user and keeps the cart', async () => {
  const seen = await openZone({ [DELETE]: ok({ deleted: true, email: 'ada@example.com' }) });
  await deleteWith('sunflowers-24');
  const goodbye = await screen.findByRole('heading', { level: 1, name: 'Your account has been deleted' });
  expect(goodbye).toHaveFocus();
  expect(screen.getByRole('main')).toHaveTextContent('We have sent an e-mail to ada@example.com to confirm it.');
  expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/');
  expect(deletions(seen)[0]?.body).toEqual({ currentPassword: 'sunflowers-24' });
  await waitFor(() => expect(storedUser()).toBeNull());
  expect(readStored<CartItem[]>(STORAGE_KEYS.cartItems)).toEqual([roses]);
  expect(screen.queryByRole('heading', { name: /Log in/ })).not.toBeInTheDocument();
});

it('an account without a password is told that a fresh one-time password works, and sends none', async () => {
  const seen = await openZone({ [DELETE]: ok({ deleted: true, email: 'ada@example.com' }) }, { hasPassword: false });
  expect(within(zone()).queryByLabelText('Your current password')).not.toBeInTheDocument();
  expect(zone()).toHaveTextContent('log in with a one-time password, then delete it within 15 minutes');
  await deleteWith(null);
  await screen.findByRole('heading', { name: 'Your account has been deleted' });
  expect(deletions(seen)[0]?.body).toEqual({});
});
