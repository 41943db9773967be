/** The cart provider: storage after mount, saving every change, and the server copy for a logged-in shopper. */
import { act, render, screen, waitFor } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import type { CartItem } from '@/lib/domain/cart';
import { cartActions as cart, CartProvider, resetCartStore, setCartOpen, useCart } from '@/lib/state/cart-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import { listenToMsw, server } from '../../helpers/msw';
import { SHELL } from '../../helpers/render';

listenToMsw();

const item = (SKU: string, quantity = 1): CartItem => ({
  productId: `p-${SKU}`,
  name: `Bouquet ${SKU}`,
  description: 'hand-tied',
  price: 20000,
  quantity,
  image: { src: `/media/p/${SKU}.webp`, alt: SKU },
  SKU,
});

function Probe() {
  const { count, subtotal, deliveryDate, open } = useCart();
  return (
    <p data-testid="cart">
      {count} items, ₦{subtotal}, {deliveryDate ?? 'no date'}, {open ? 'open' : 'closed'}
    </p>
  );
}

const tree = (token: string | null = null, children: ReactNode = <Probe />) => (
  <ShellProvider value={SHELL}>
    <CartProvider authToken={token}>{children}</CartProvider>
  </ShellProvider>
);

type Sent = { auth: string | null; business: string | null; skus: string[] };
/** Answers the cart update call after 20 ms (optionally failing), recording what was sent and the most requests open at once. */
function cartUpdates(fail: false | 'server' | 'network' = false) {
  const sent: Sent[] = [];
  let open = 0;
  const peak = { value: 0 };
  server.use(
    http.put('*/v1/cart-item/update', async ({ request }) => {
      open++;
      peak.value = Math.max(peak.value, open);
      const body = (await request.json()) as { cartItems: CartItem[] };
      await new Promise((resolve) => setTimeout(resolve, 20));
      open--;
      sent.push({ auth: request.headers.get('authorization'), business: new URL(request.url).searchParams.get('business'), skus: body.cartItems.map((i) => `${i.SKU}×${i.quantity}`) });
      if (fail === 'network') return HttpResponse.error();
      if (fail === 'server') return HttpResponse.json({ data: null, error: true, message: 'Database is resting', status: 503 }, { status: 503 });
      return HttpResponse.json({ data: { cartItems: body.cartItems }, error: false, message: 'OK' });
    }),
  );
  return { sent, peak };
}

beforeEach(() => {
  localStorage.clear();
  writeStored(STORAGE_KEYS.syncVersion, 3);
  resetCartStore();
});

describe('CartProvider', () => {
  it('renders an empty cart on the server and the stored one after hydration, without a mismatch', async () => {
    writeStored(STORAGE_KEYS.cartItems, [item('A', 2), item('B')]);
    writeStored(STORAGE_KEYS.deliveryDate, '2027-02-14');
    const html = renderToString(tree());
    expect(html.replace(/<!-- -->/g, '')).toContain('0 items, ₦0, no date, closed');
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const recoverable = jest.fn();
    const root = await act(async () => hydrateRoot(container, tree(), { onRecoverableError: recoverable }));
    await waitFor(() => expect(container).toHaveTextContent('3 items, ₦60000, 2027-02-14'));
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    errors.mockRestore();
    act(() => root.unmount());
    container.remove();
  });

  it('drops stored items that are not cart items, and a day that is not YYYY-MM-DD', async () => {
    writeStored(STORAGE_KEYS.cartItems, [item('A', 2), { SKU: 'B' }, 'junk']);
    writeStored(STORAGE_KEYS.deliveryDate, 'tomorrow');
    render(tree());
    expect(await screen.findByText('2 items, ₦40000, no date, closed')).toBeInTheDocument();
  });

  it('wipes a cart stored by an older version (sync version below 3) before reading it', async () => {
    writeStored(STORAGE_KEYS.syncVersion, 2);
    writeStored(STORAGE_KEYS.cartItems, [item('A', 2)]);
    render(tree());
    await waitFor(() => expect(readStored(STORAGE_KEYS.syncVersion)).toBe(3));
    expect(screen.getByTestId('cart')).toHaveTextContent('0 items');
    expect(readStored(STORAGE_KEYS.cartItems)).toBeNull();
  });

  it('saves every change: items and the day, and forgets an emptied cart', async () => {
    render(tree());
    await act(() => cart.add(item('A')));
    await act(() => cart.add(item('A')));
    await act(() => cart.add(item('B', 9)));
    expect(screen.getByTestId('cart')).toHaveTextContent('3 items, ₦60000');
    expect(readStored<CartItem[]>(STORAGE_KEYS.cartItems)?.map((i) => [i.SKU, i.quantity])).toEqual([
      ['A', 2],
      ['B', 1],
    ]);
    await act(() => cart.setDeliveryDate('2027-02-14'));
    expect(readStored(STORAGE_KEYS.deliveryDate)).toBe('2027-02-14');
    await act(() => cart.decrement('A'));
    await act(() => cart.decrement('A'));
    expect(readStored<CartItem[]>(STORAGE_KEYS.cartItems)?.[0]?.quantity).toBe(1);
    await act(() => cart.remove('A'));
    await act(() => cart.remove('B'));
    expect(localStorage.getItem(STORAGE_KEYS.cartItems)).toBeNull();
    await act(() => cart.setDeliveryDate(null));
    expect(localStorage.getItem(STORAGE_KEYS.deliveryDate)).toBeNull();
  });

  it('answers whether an action changed anything', async () => {
    render(tree());
    expect(await act(() => cart.decrement('A'))).toBe(false);
    expect(await act(() => cart.add(item('A')))).toBe(true);
    expect(await act(() => cart.decrement('A'))).toBe(false);
  });

  it('opens and closes the panel', () => {
    render(tree());
    expect(screen.getByTestId('cart')).toHaveTextContent('closed');
    act(() => setCartOpen(true));
    expect(screen.getByTestId('cart')).toHaveTextContent('open');
    act(() => setCartOpen(false));
    expect(screen.getByTestId('cart')).toHaveTextContent('closed');
  });

  it('follows a change made in another tab', async () => {
    writeStored(STORAGE_KEYS.cartItems, [item('A')]);
    render(tree());
    await screen.findByText(/^1 items/);
    writeStored(STORAGE_KEYS.cartItems, [item('A'), item('B', 4)]);
    act(() => {
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.cartItems }));
    });
    expect(await screen.findByText(/^5 items/)).toBeInTheDocument();
  });

  it('sends nothing to the server for a guest', async () => {
    const { sent } = cartUpdates();
    render(tree(null));
    await act(() => cart.add(item('A')));
    await act(() => cart.increment('A'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);
  });

  it('sends the whole cart after each change with the token, one request at a time, the newest last', async () => {
    const { sent, peak } = cartUpdates();
    writeStored(STORAGE_KEYS.cartItems, [item('A')]);
    render(tree('token-1'));
    await screen.findByText(/^1 items/);
    // Loading the stored cart is not a change: nothing is sent.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toEqual([]);

    await act(() => cart.add(item('B')));
    await act(() => cart.increment('B'));
    await act(() => cart.increment('A'));
    await waitFor(() => expect(sent.at(-1)?.skus).toEqual(['A×2', 'B×2']));
    expect(peak.value).toBe(1);
    expect(sent[0]).toEqual({ auth: 'Bearer token-1', business: 'regal', skus: ['A×1', 'B×1'] });
    // The day is not part of the server cart.
    const before = sent.length;
    await act(() => cart.setDeliveryDate('2027-02-14'));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(before);
  });

  it.each(['server', 'network'] as const)('keeps the local cart when the sync fails (%s error), and sends it whole with the next change', async (fail) => {
    const failing = cartUpdates(fail);
    render(tree('token-1'));
    await act(() => cart.add(item('A')));
    await act(() => cart.add(item('B')));
    await waitFor(() => expect(failing.sent.at(-1)?.skus).toEqual(['A×1', 'B×1']));
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(screen.getByTestId('cart')).toHaveTextContent('2 items, ₦40000');
    expect(readStored<CartItem[]>(STORAGE_KEYS.cartItems)).toHaveLength(2);

    server.resetHandlers();
    const working = cartUpdates();
    await act(() => cart.increment('A'));
    await waitFor(() => expect(working.sent).toEqual([{ auth: 'Bearer token-1', business: 'regal', skus: ['A×2', 'B×1'] }]));
  });

  it('at login merges the server cart and sends the result once the token arrives', async () => {
    const { sent } = cartUpdates();
    writeStored(STORAGE_KEYS.cartItems, [item('A', 2), item('B')]);
    const { rerender } = render(tree(null));
    await screen.findByText(/^3 items/);
    // The login flow: the user record (with its token) and the merge land in the same moment.
    await act(() => cart.mergeServerItems([item('A', 3), item('C')]));
    rerender(tree('token-2'));
    await waitFor(() => expect(sent).toEqual([{ auth: 'Bearer token-2', business: 'regal', skus: ['A×5', 'B×1', 'C×1'] }]));
    expect(screen.getByTestId('cart')).toHaveTextContent('7 items');
  });

  it('stops sending after logout', async () => {
    const { sent } = cartUpdates();
    const { rerender } = render(tree('token-3'));
    await act(() => cart.add(item('A')));
    await waitFor(() => expect(sent).toHaveLength(1));
    rerender(tree(null));
    await act(() => cart.add(item('B')));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sent).toHaveLength(1);
  });

  it('useCart needs the provider', () => {
    const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<Probe />)).toThrow('useCart must be used inside CartProvider');
    errors.mockRestore();
  });
});
