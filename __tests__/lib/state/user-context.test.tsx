/**
 * UserProvider and its lazily loaded store (lib/state/user-store.ts): the stored user after
 * hydration, the one-time token check with the handshake, logout (server told, errors ignored),
 * and requests to open the auth dialog.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import type { UserRecord } from '@/lib/contracts/auth';
import { ShellProvider } from '@/lib/state/shell-context';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import { UserProvider, userStore, useUser } from '@/lib/state/user-context';
import { LOGGED_OUT_MESSAGE } from '@/lib/state/user-store';
import { notify } from '@/lib/ui/notify';
import { answer, fail, freshStorage, ok, record } from '../../components/auth/helpers';
import { http, HttpResponse } from 'msw';
import { listenToMsw, server } from '../../helpers/msw';
import { SHELL } from '../../helpers/render';

jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();
beforeEach(() => {
  freshStorage();
  notified.mockClear();
});

const ada = record('ada@example.com', 'token-ada', { name: 'Ada Obi' });
/** Stores a record the way the dialog does (through the loaded store). */
const loginAs = (record: UserRecord) => act(async () => (await userStore(SHELL.businessId)).login(record));
const handshake = (user: UserRecord | null) => ok({ user, currencies: [], deliveryZoneAmount: {}, settings: {} });

function Probe() {
  const { user, logout, openAuth, authRequest, dropUser } = useUser();
  return (
    <>
      <p>{user ? `user ${user.email} ${user.name}` : 'guest'}</p>
      <p>{authRequest ? `request ${authRequest.n} ${authRequest.mode}` : 'no request'}</p>
      <button type="button" onClick={logout}>
        Logout
      </button>
      <button type="button" onClick={dropUser}>
        Drop
      </button>
      <button type="button" onClick={() => openAuth()}>
        Login
      </button>
      <button type="button" onClick={() => openAuth('guestCheckout')}>
        Checkout
      </button>
    </>
  );
}

const app = (children: ReactNode = <Probe />) => (
  <ShellProvider value={SHELL}>
    <UserProvider>{children}</UserProvider>
  </ShellProvider>
);

describe('the stored user', () => {
  it('is a guest with nothing stored, and makes no call', async () => {
    const seen = answer({ 'GET /v1/regal/handshake': handshake(null) });
    render(app());
    expect(screen.getByText('guest')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toEqual([]);
  });

  it('renders a guest on the server and the stored user after hydration, without a mismatch', async () => {
    answer({ 'GET /v1/regal/handshake': handshake(ada) });
    const html = renderToString(app());
    expect(html).toContain('guest');
    freshStorage(ada);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const root = await act(async () => hydrateRoot(container, app()));
    await waitFor(() => expect(container).toHaveTextContent('user ada@example.com Ada Obi'));
    expect(errors).not.toHaveBeenCalled();
    act(() => root.unmount());
    container.remove();
    errors.mockRestore();
  });

  it('ignores a stored value that is not a user record', async () => {
    writeStored(STORAGE_KEYS.user, { email: 'no-token@example.com' });
    render(app());
    await act(() => userStore(SHELL.businessId));
    expect(screen.getByText('guest')).toBeInTheDocument();
  });

  it('defaults recipients to [] locally', async () => {
    answer({ 'GET /v1/regal/handshake': handshake(ada) });
    const { recipients: _dropped, ...withoutRecipients } = ada;
    freshStorage(withoutRecipients as UserRecord);
    function Read() {
      return <p>{JSON.stringify(useUser().user?.recipients)}</p>;
    }
    render(app(<Read />));
    expect(await screen.findByText('[]')).toBeInTheDocument();
    await waitFor(() => expect(readStored(STORAGE_KEYS.user)).toMatchObject({ recipients: [] }));
  });

  it('is wiped with the rest of storage when the sync version is below 3', async () => {
    localStorage.clear();
    writeStored(STORAGE_KEYS.syncVersion, 2);
    writeStored(STORAGE_KEYS.user, ada);
    render(app());
    await act(() => userStore(SHELL.businessId));
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
  });

  it('a login shows and is stored', async () => {
    render(app());
    await loginAs(ada);
    expect(screen.getByText('user ada@example.com Ada Obi')).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.user)).toEqual(ada);
  });

  it('dropUser forgets the user without calling the server (after a 401 elsewhere)', async () => {
    answer({ 'GET /v1/regal/handshake': handshake(ada) });
    freshStorage(ada);
    render(app());
    await screen.findByText(/user ada@example.com/);
    await userEvent.click(screen.getByRole('button', { name: 'Drop' }));
    await waitFor(() => expect(screen.getByText('guest')).toBeInTheDocument());
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
    expect(notified).not.toHaveBeenCalled();
  });
});

describe('the token check on load', () => {
  it('drops the stored user when the handshake answers user: null (dead token), having sent the token', async () => {
    const seen = answer({ 'GET /v1/regal/handshake': handshake(null) });
    freshStorage(ada);
    render(app());
    expect(await screen.findByText(/user ada@example.com/)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('guest')).toBeInTheDocument());
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.authorization).toBe('Bearer token-ada');
    expect(seen[0]!.query.get('business')).toBe('regal');
  });

  it('keeps a live user and refreshes the record', async () => {
    answer({ 'GET /v1/regal/handshake': handshake({ ...ada, name: 'Ada N. Obi' }) });
    freshStorage(ada);
    render(app());
    await waitFor(() => expect(screen.getByText('user ada@example.com Ada N. Obi')).toBeInTheDocument());
    expect(readStored(STORAGE_KEYS.user)).toMatchObject({ authToken: 'token-ada', name: 'Ada N. Obi' });
  });

  it('keeps the user when the handshake fails (logged only)', async () => {
    answer({ 'GET /v1/regal/handshake': fail(503, 'The shop is resting') });
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    freshStorage(ada);
    render(app());
    await waitFor(() => expect(warn).toHaveBeenCalledWith('Handshake failed', expect.objectContaining({ message: 'The shop is resting' })));
    expect(screen.getByText(/user ada@example.com/)).toBeInTheDocument();
    expect(notified).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('runs once per page load, even when the provider mounts twice (StrictMode)', async () => {
    const seen = answer({ 'GET /v1/regal/handshake': handshake(ada) });
    freshStorage(ada);
    const { unmount } = render(<StrictMode>{app()}</StrictMode>);
    await waitFor(() => expect(seen).toHaveLength(1));
    unmount();
    render(app());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(seen).toHaveLength(1);
  });

  it('a verdict on the old token does not log out a shopper who logged in again meanwhile', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let asked = false;
    server.use(
      http.get('*/v1/regal/handshake', async () => {
        asked = true;
        await gate;
        return HttpResponse.json({ data: { user: null }, error: false, message: 'OK' });
      }),
    );
    freshStorage(ada);
    render(app());
    await waitFor(() => expect(asked).toBe(true));
    await loginAs({ ...ada, authToken: 'token-new' });
    release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.getByText(/user ada@example.com/)).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.user)).toMatchObject({ authToken: 'token-new' });
  });
});

describe('logout', () => {
  it('drops the user at once, says so, and ends the session on the server with its token', async () => {
    const seen = answer({ 'GET /v1/regal/handshake': handshake(ada), 'POST /v1/regal/auth/logout': ok({ loggedOut: true }, 'Logged out') });
    freshStorage(ada);
    render(app());
    await waitFor(() => expect(seen).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByText('guest')).toBeInTheDocument());
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
    expect(notified).toHaveBeenCalledWith('success', LOGGED_OUT_MESSAGE);
    await waitFor(() => expect(seen).toHaveLength(2));
    expect(seen[1]).toMatchObject({ method: 'POST', path: '/v1/regal/auth/logout', authorization: 'Bearer token-ada' });
    expect(seen[1]!.query.get('business')).toBe('regal');
  });

  it('ignores a failing logout call', async () => {
    const seen = answer({ 'GET /v1/regal/handshake': handshake(ada), 'POST /v1/regal/auth/logout': fail(503, 'The shop is resting') });
    freshStorage(ada);
    render(app());
    await screen.findByText(/user ada@example.com/);
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(seen.map((s) => s.path)).toContain('/v1/regal/auth/logout'));
    expect(screen.getByText('guest')).toBeInTheDocument();
    expect(notified).toHaveBeenCalledTimes(1);
    expect(notified).toHaveBeenCalledWith('success', LOGGED_OUT_MESSAGE);
  });

  it('does nothing for a guest', async () => {
    render(app());
    await userEvent.click(screen.getByRole('button', { name: 'Logout' }));
    await act(() => userStore(SHELL.businessId));
    expect(notified).not.toHaveBeenCalled();
  });
});

describe('openAuth', () => {
  it('makes a new request each time (login by default, or the checkout mode)', async () => {
    render(app());
    expect(screen.getByText('no request')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('request 1 login')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Login' }));
    expect(screen.getByText('request 2 login')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Checkout' }));
    expect(screen.getByText('request 3 guestCheckout')).toBeInTheDocument();
  });
});

it('useUser outside UserProvider throws', () => {
  const error = jest.spyOn(console, 'error').mockImplementation(() => {});
  expect(() => render(<Probe />)).toThrow('useUser must be used inside UserProvider');
  error.mockRestore();
});
