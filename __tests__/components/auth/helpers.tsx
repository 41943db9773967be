/**
 * The account side of the shop for component tests: the user provider with the real header
 * account button and AuthRoot (as the layout wires them), msw answers for the `/v1` account calls
 * that record every request, and user records.
 */
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AuthRoot } from '@/components/auth';
import { UserButton } from '@/components/layout/header/user-button';
import type { UserRecord } from '@/lib/contracts/auth';
import { resetUserStore, UserProvider, useUser } from '@/lib/state/user-context';
import { STORAGE_KEYS, SYNC_VERSION, writeStored } from '@/lib/state/storage';
import { server } from '../../helpers/msw';
import { renderWithShell } from '../../helpers/render';

export const record = (email: string, authToken = `token-${email}`, overrides: Partial<UserRecord> = {}): UserRecord => ({
  authToken,
  email,
  name: '',
  cartItems: [],
  recipients: [],
  ...overrides,
});

/** Fresh browser storage (already at the current sync version), optionally with a stored user. */
export function freshStorage(user: UserRecord | null = null): void {
  localStorage.clear();
  writeStored(STORAGE_KEYS.syncVersion, SYNC_VERSION);
  if (user) writeStored(STORAGE_KEYS.user, user);
  resetUserStore();
}

export type Seen = { method: string; path: string; query: URLSearchParams; body: Record<string, unknown> | undefined; authorization: string | null };
type Reply = { ok: true; data: unknown; message?: string } | { ok: false; status: number; message: string };
export const ok = (data: unknown, message = 'OK'): Reply => ({ ok: true, data, message });
export const fail = (status: number, message: string): Reply => ({ ok: false, status, message });

/**
 * Answers the given calls ('POST /v1/regal/auth/login': reply or (request) => reply) the way the
 * API does, and returns the list of requests seen.
 */
export function answer(routes: Record<string, Reply | ((seen: Seen) => Reply)>): Seen[] {
  const seen: Seen[] = [];
  server.use(
    ...Object.entries(routes).map(([key, reply]) => {
      const [method = 'GET', path = ''] = key.split(' ');
      const verb = method.toLowerCase() as 'get' | 'post' | 'put';
      return http[verb](`*${path}`, async ({ request }) => {
        const text = await request.text();
        const entry: Seen = {
          method,
          path,
          query: new URL(request.url).searchParams,
          body: text ? (JSON.parse(text) as Record<string, unknown>) : undefined,
          authorization: request.headers.get('authorization'),
        };
        seen.push(entry);
        const r = typeof reply === 'function' ? reply(entry) : reply;
        return r.ok
          ? HttpResponse.json({ data: r.data, error: false, message: r.message ?? 'OK' })
          : HttpResponse.json({ data: null, error: true, message: r.message, status: r.status }, { status: r.status });
      });
    }),
  );
  return seen;
}

/** The header's account button and a checkout-page trigger, wired as the layout wires them. */
function Shop({ onLoggedIn }: { onLoggedIn?: (record: UserRecord) => void }) {
  const { user, openAuth, logout } = useUser();
  return (
    <>
      <UserButton user={user} onLogin={() => openAuth('login')} onLogout={logout} />
      <button type="button" onClick={() => openAuth('guestCheckout')}>
        Go to checkout
      </button>
      <AuthRoot onLoggedIn={onLoggedIn} />
    </>
  );
}

export function renderShop(onLoggedIn?: (record: UserRecord) => void) {
  return renderWithShell(
    <UserProvider>
      <Shop onLoggedIn={onLoggedIn} />
    </UserProvider>,
  );
}

/** The open dialog's section of a choice (Guest Checkout, Register, Login), for queries inside it. */
export function section(name: 'Guest Checkout' | 'Register' | 'Login') {
  const button = within(screen.getByRole('dialog')).getByRole('button', { name });
  return within(document.getElementById(button.getAttribute('aria-controls')!)!);
}
