/**
 * 'Order again' on an account order: the order's items at today's prices (msw answers the reorder
 * call in the contract's shape) are merged into the cart by SKU (quantities summed, kept in
 * browser storage), the cart panel opens, and a toast and a note beside the button say each
 * change in the shopper's currency; nothing still sold adds nothing; failures say so.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { ReorderButton } from '@/components/account/reorder-button';
import type { Reorder } from '@/lib/contracts/account';
import { MAX_ITEMS, type CartItem } from '@/lib/domain/cart';
import type { CurrencyCode } from '@/lib/domain/money';
import { useCart } from '@/lib/state/cart-context';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { useUser } from '@/lib/state/user-context';
import { notify } from '@/lib/ui/notify';
import { listenToMsw } from '../../helpers/msw';
import { fakeRouter } from '../../helpers/render';
import { answer, fail, ok } from '../auth/helpers';
import { record, renderInShop, storeVisit } from '../checkout/helpers';
import { chocolates, roses } from '../cart/helpers';

const mockRouter = fakeRouter('/account/orders/RF-100234');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));
jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();

const ADA = record('ada@example.com');
const REORDER = 'GET /v1/regal/account/orders/RF-100234/reorder';

/** The roses as the order had them, priced today (₦64,500 instead of ₦55,000), one of them. */
const rosesToday: CartItem = { ...roses, price: 64500, quantity: 1, design: { ...roses.design!, quantity: 1 } };
const lilies: CartItem = {
  productId: 'p-lilies',
  name: 'Pink Lilies',
  price: 30000,
  quantity: 2,
  image: { src: '/media/p/lilies.webp', alt: 'Pink lilies in a vase' },
  SKU: 'RF-LIL-0001',
};

function Probe() {
  const { open, items } = useCart();
  const { user } = useUser();
  return (
    <>
      <p data-testid="cart">{open ? 'open' : 'closed'}</p>
      <p data-testid="items">{items.map((i) => `${i.SKU}×${i.quantity}`).join(', ')}</p>
      <p data-testid="user">{user ? user.email : 'nobody'}</p>
    </>
  );
}

async function orderAgain(reply: ReturnType<typeof ok>, { cart = [], currency = 'NGN' }: { cart?: CartItem[]; currency?: CurrencyCode } = {}) {
  storeVisit({ user: ADA, cart });
  notified.mockClear();
  const seen = answer({ [REORDER]: reply });
  renderInShop(
    <>
      <ReorderButton orderNumber="RF-100234" />
      <Probe />
    </>,
    { currency },
  );
  await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent(ADA.email));
  if (cart.length) await waitFor(() => expect(screen.getByTestId('items')).not.toHaveTextContent(/^$/));
  await userEvent.click(screen.getByRole('button', { name: 'Order again' }));
  await waitFor(() => expect(notified).toHaveBeenCalled());
  return seen;
}

/** The toast's text, rendered on its own. */
function toastText(): string {
  const [, content] = notified.mock.calls.at(-1)!;
  const { container, unmount } = render(content as ReactElement);
  const text = container.textContent ?? '';
  unmount();
  return text;
}

const note = () => screen.getByRole('status', { name: '' });
const storedCart = () => (readStored<CartItem[]>(STORAGE_KEYS.cartItems) ?? []).map((i) => `${i.SKU}×${i.quantity}`);

describe('Order again', () => {
  it('merges the items into the cart by SKU, opens the cart, and lists each new price, each item no longer sold and each design no longer offered', async () => {
    const reorder: Reorder = {
      cartItems: [rosesToday, chocolates],
      changes: [
        { kind: 'price', name: 'Red Velvet Romance', size: 'Deluxe', was: 55000, now: 64500 },
        { kind: 'unavailable', name: 'Pink Lilies' },
        { kind: 'design', name: 'Chocolate Box', design: 'Gift wrap' },
      ],
    };
    const seen = await orderAgain(ok(reorder), { cart: [roses] });

    expect(seen[0]!.authorization).toBe(`Bearer ${ADA.authToken}`);
    // Two roses were in the cart already: now three; the chocolates are new.
    expect(storedCart()).toEqual(['RF-ROS-0001-DLX×3', 'RF-CHO-0001×1']);
    expect(screen.getByTestId('items')).toHaveTextContent('RF-ROS-0001-DLX×3, RF-CHO-0001×1');
    expect(screen.getByTestId('cart')).toHaveTextContent('open');

    const lines = [
      'Red Velvet Romance (Deluxe) now costs ₦64,500 (was ₦55,000)',
      'Pink Lilies is no longer sold and was not added',
      'Chocolate Box was added without “Gift wrap”, which is no longer offered',
    ];
    const shown = within(screen.getByText("2 items from order RF-100234 added to your cart at today's prices.").parentElement!);
    expect(shown.getByText('What changed since you ordered:')).toBeInTheDocument();
    expect(shown.getAllByRole('listitem').map((li) => li.textContent)).toEqual(lines);

    expect(notified).toHaveBeenCalledTimes(1);
    expect(notified.mock.calls[0]![0]).toBe('info');
    const toast = toastText();
    for (const line of lines) expect(toast).toContain(line);
  });

  it('says the prices in the currency the shopper chose', async () => {
    await orderAgain(ok({ cartItems: [rosesToday], changes: [{ kind: 'price', name: 'Red Velvet Romance', size: 'Deluxe', was: 55000, now: 64500 }] }), { currency: 'USD' });
    expect(screen.getByText('Red Velvet Romance (Deluxe) now costs $93 (was $79)')).toBeInTheDocument();
  });

  it('says plainly that everything was added when nothing changed', async () => {
    await orderAgain(ok({ cartItems: [{ ...lilies }], changes: [] }));
    expect(storedCart()).toEqual(['RF-LIL-0001×2']);
    expect(screen.getByTestId('cart')).toHaveTextContent('open');
    expect(note()).toHaveTextContent("2 items from order RF-100234 added to your cart at today's prices.");
    expect(within(note()).queryByRole('list')).not.toBeInTheDocument();
    expect(notified.mock.calls[0]![0]).toBe('success');
    expect(toastText()).toBe("2 items from order RF-100234 added to your cart at today's prices.");
  });

  it('adds nothing and says so when nothing of the order is still sold', async () => {
    await orderAgain(
      ok({
        cartItems: [],
        changes: [
          { kind: 'unavailable', name: 'Pink Lilies' },
          { kind: 'unavailable', name: 'Red Velvet Romance', size: 'Deluxe' },
        ],
      }),
      { cart: [chocolates] },
    );
    expect(storedCart()).toEqual(['RF-CHO-0001×1']);
    expect(screen.getByTestId('cart')).toHaveTextContent('closed');
    expect(note()).toHaveTextContent('Nothing from order RF-100234 is still sold, so nothing was added to your cart.');
    expect(within(note()).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Pink Lilies is no longer sold and was not added',
      'Red Velvet Romance (Deluxe) is no longer sold and was not added',
    ]);
    expect(notified.mock.calls[0]![0]).toBe('info');
    expect(toastText()).toContain('Nothing from order RF-100234 is still sold');
  });

  it('names an item a full cart had no room for', async () => {
    const full = Array.from({ length: MAX_ITEMS }, (_, i): CartItem => ({ ...chocolates, SKU: `FILL-${i}`, productId: `fill-${i}` }));
    await orderAgain(ok({ cartItems: [{ ...lilies }], changes: [] }), { cart: full });
    expect(storedCart()).toHaveLength(MAX_ITEMS);
    expect(storedCart()).not.toContain('RF-LIL-0001×2');
    expect(note()).toHaveTextContent(`Pink Lilies was not added: a cart holds at most ${MAX_ITEMS} different items`);
    expect(note()).toHaveTextContent('Nothing from order RF-100234 was added to your cart.');
    expect(screen.getByTestId('cart')).toHaveTextContent('closed');
  });
});

describe('Order again failing', () => {
  it('says why and changes nothing', async () => {
    storeVisit({ user: ADA, cart: [chocolates] });
    answer({ [REORDER]: fail(503, 'The shop is briefly unavailable') });
    renderInShop(<><ReorderButton orderNumber="RF-100234" /><Probe /></>);
    await userEvent.click(screen.getByRole('button', { name: 'Order again' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Could not order again: The shop is briefly unavailable');
    expect(storedCart()).toEqual(['RF-CHO-0001×1']);
    expect(screen.getByTestId('cart')).toHaveTextContent('closed');
  });

  it('drops the user on a 401', async () => {
    storeVisit({ user: ADA });
    answer({ [REORDER]: fail(401, 'Please log in again') });
    renderInShop(<><ReorderButton orderNumber="RF-100234" /><Probe /></>);
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent(ADA.email));
    await userEvent.click(screen.getByRole('button', { name: 'Order again' }));
    await waitFor(() => expect(screen.getByTestId('user')).toHaveTextContent('nobody'));
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
  });
});
