/**
 * What the account pages' component tests share: the router their `jest.mock('next/router')`
 * answers with (Link prefetches through it), Ada's profile as the profile call answers it, the
 * user record stored in the browser, the notify mock cleared before each test, and
 * /account/profile opened for a stored visit. A file that uses `notificationsCleared()` mocks
 * '@/lib/ui/notify' itself (jest.mock stays in the test file, where Jest hoists it).
 */
import { screen } from '@testing-library/react';
import ProfilePage from '@/pages/account/profile';
import type { Profile } from '@/lib/contracts/account';
import type { UserRecord } from '@/lib/contracts/auth';
import type { CartItem } from '@/lib/domain/cart';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { notify } from '@/lib/ui/notify';
import { fakeRouter } from '../../helpers/render';
import { answer, ok, record, renderInShop, storeVisit, type Seen } from '../checkout/helpers';

/** Answers for `answer()`: 'METHOD /path' → a reply. */
export type Routes = Parameters<typeof answer>[0];

/** A fake router at `pathname` that also prefetches (the account pages' links do). */
export const accountRouter = (pathname: string) => Object.assign(fakeRouter(pathname), { prefetch: jest.fn(() => Promise.resolve()) });

/** Ada's profile: a proven e-mail, a password, no phone and no opt-in unless told. */
export const adaProfile = (overrides: Partial<Profile> = {}): Profile => ({
  email: 'ada@example.com',
  name: 'Ada Obi',
  phone: '',
  phoneCountryCode: '+234',
  marketingOptIn: false,
  emailProven: true,
  createdAt: '2027-01-05T10:00:00.000Z',
  hasPassword: true,
  ...overrides,
});

/** The user record kept in browser storage. */
export const storedUser = () => readStored<UserRecord>(STORAGE_KEYS.user);

/** The mocked `notify`, its calls cleared before each test. Call once at the top of a test file. */
export function notificationsCleared() {
  const notified = jest.mocked(notify);
  beforeEach(() => notified.mockClear());
  return notified;
}

/**
 * Opens /account/profile for a visit stored with `user` (Ada by default) and `cart`, the profile
 * call answering `profile` and the calls in `routes` as given; waits for the section `heading`.
 * Answers every request seen.
 */
export async function openProfilePage(
  heading: string,
  { profile = adaProfile(), routes = {}, user = record('ada@example.com'), cart = [] }: { profile?: Profile; routes?: Routes; user?: UserRecord; cart?: CartItem[] } = {},
): Promise<Seen[]> {
  storeVisit({ user, cart });
  const seen = answer({ 'GET /v1/regal/account/profile': ok(profile), ...routes });
  renderInShop(<ProfilePage />);
  await screen.findByRole('heading', { name: heading });
  return seen;
}
