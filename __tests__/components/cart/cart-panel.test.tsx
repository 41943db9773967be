/** The cart panel of spec section 2. */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartPanel } from '@/components/cart/cart-panel';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { setCartOpen, useCart } from '@/lib/state/cart-context';
import type { CartItem } from '@/lib/domain/cart';
import { http, HttpResponse } from 'msw';
import type { DeliveryCalendar } from '@/lib/domain/capacity';
import { listenToMsw, server } from '../../helpers/msw';
import { fakeRouter } from '../../helpers/render';
import { chocolates, renderWithCart, roses, storeCart } from './helpers';

const mockRouter = fakeRouter('/');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));

listenToMsw();

function OpenCart() {
  const { open } = useCart();
  return (
    <>
      <p data-testid="state">{open ? 'open' : 'closed'}</p>
      <CartPanel />
    </>
  );
}

async function openPanel(items: CartItem[], options: Parameters<typeof renderWithCart>[1] = {}, deliveryDate: string | null = null) {
  storeCart(items, deliveryDate);
  setCartOpen(true);
  renderWithCart(<OpenCart />, options);
  const count = items.reduce((n, i) => n + i.quantity, 0);
  return screen.findByRole('dialog', { name: `My Cart (${count})` });
}

const row = (name: string) => screen.getByRole('heading', { name }).closest('li')!;

afterEach(() => act(() => setCartOpen(false)));

describe('CartPanel', () => {
  it('shows the title with the total quantity, the date line, the rows with size and design lines, and the totals', async () => {
    const dialog = await openPanel([roses, chocolates]);
    expect(within(dialog).getByText('Pickup/Delivery date')).toBeInTheDocument();
    expect(within(dialog).getByText('Not set yet')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Select date' })).toBeInTheDocument();

    const first = row('Red Velvet Romance');
    expect(within(first).getByRole('img', { name: 'Red roses, front view' })).toHaveAttribute('src', '/media/p/roses.webp?w=200');
    expect(first).toHaveTextContent('24 red roses');
    expect(first).toHaveTextContent('₦55,000');
    expect(first).toHaveTextContent('Size: Deluxe');
    expect(first).toHaveTextContent('Design: In a Vase + ₦15,000 x 2');
    expect(within(first).getByRole('group', { name: 'Quantity of Red Velvet Romance (Deluxe)' })).toHaveTextContent('2');

    const second = row('Ferrero Box');
    expect(second).not.toHaveTextContent('Size:');
    expect(second).not.toHaveTextContent('Design:');

    // (55,000 + 15,000) × 2 + 21,000
    expect(within(dialog).getByText('Subtotal').nextSibling).toHaveTextContent('₦161,000');
    expect(within(dialog).getByText('Total').nextSibling).toHaveTextContent('₦161,000');
    const checkout = within(dialog).getByRole('link', { name: 'Proceed to checkout (₦161,000)' });
    expect(checkout).toHaveAttribute('href', '/checkout');
  });

  it('shows prices and totals in the current currency', async () => {
    const dialog = await openPanel([roses, chocolates], { currency: 'USD' });
    // 161,000 / 700 = 230; 55,000 / 700 = 78.6 → 79; 15,000 / 700 = 21.4 → 22
    expect(row('Red Velvet Romance')).toHaveTextContent('$79');
    expect(row('Red Velvet Romance')).toHaveTextContent('Design: In a Vase + $22 x 2');
    expect(within(dialog).getByText('Total').nextSibling).toHaveTextContent('$230');
    expect(within(dialog).getByRole('link', { name: 'Proceed to checkout ($230)' })).toBeInTheDocument();
  });

  it('plus adds one and changes the design quantity; minus never goes below 1', async () => {
    const user = userEvent.setup();
    await openPanel([{ ...roses, quantity: 1, design: { ...roses.design!, quantity: 1 } }]);
    const minus = screen.getByRole('button', { name: 'Decrease quantity of Red Velvet Romance (Deluxe)' });
    const plus = screen.getByRole('button', { name: 'Increase quantity of Red Velvet Romance (Deluxe)' });
    expect(minus).toBeDisabled();

    await user.click(plus);
    await screen.findByRole('dialog', { name: 'My Cart (2)' });
    expect(row('Red Velvet Romance')).toHaveTextContent('Design: In a Vase + ₦15,000 x 2');
    expect(screen.getByText('Total').nextSibling).toHaveTextContent('₦140,000');
    expect(minus).toBeEnabled();

    await user.click(minus);
    await screen.findByRole('dialog', { name: 'My Cart (1)' });
    expect(row('Red Velvet Romance')).toHaveTextContent('Design: In a Vase + ₦15,000 x 1');
    expect(minus).toBeDisabled();
    await user.click(minus);
    expect(screen.getByRole('dialog', { name: 'My Cart (1)' })).toBeInTheDocument();
    expect(readStored<CartItem[]>(STORAGE_KEYS.cartItems)?.[0]).toMatchObject({ quantity: 1, design: { quantity: 1 } });
  });

  it('asks before deleting, keeps the item on No, removes it on Yes, and shows Empty Cart at the end', async () => {
    const user = userEvent.setup();
    await openPanel([roses, chocolates]);
    await user.click(screen.getByRole('button', { name: 'Remove Ferrero Box' }));
    const confirm = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(confirm).toHaveAccessibleDescription('This action is irreversible');
    await user.click(within(confirm).getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Ferrero Box' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Ferrero Box' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    await screen.findByRole('dialog', { name: 'My Cart (2)' });
    expect(screen.queryByRole('heading', { name: 'Ferrero Box' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove Red Velvet Romance (Deluxe)' }));
    await user.click(screen.getByRole('button', { name: 'Yes' }));
    const dialog = await screen.findByRole('dialog', { name: 'My Cart (0)' });
    expect(within(dialog).getByText('Empty Cart')).toBeInTheDocument();
    expect(within(dialog).getByText('Total').nextSibling).toHaveTextContent('₦0');
    expect(within(dialog).getByRole('button', { name: 'Proceed to checkout (₦0)' })).toBeDisabled();
    expect(readStored(STORAGE_KEYS.cartItems)).toBeNull();
  });

  it('shows Empty Cart for an empty cart', async () => {
    const dialog = await openPanel([]);
    expect(within(dialog).getByText('Empty Cart')).toBeInTheDocument();
    expect(within(dialog).queryByRole('listitem')).not.toBeInTheDocument();
  });

  it('closes with the close button and on Escape, but not when Escape answers the confirm dialog', async () => {
    const user = userEvent.setup();
    const dialog = await openPanel([chocolates]);
    expect(screen.getByRole('button', { name: 'Close cart' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Remove Ferrero Box' }));
    fireEvent(screen.getByRole('dialog', { name: 'Are you sure?' }), new Event('cancel', { cancelable: true }));
    expect(screen.queryByRole('dialog', { name: 'Are you sure?' })).not.toBeInTheDocument();
    expect(screen.getByTestId('state')).toHaveTextContent('open');

    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    act(() => setCartOpen(true));
    await user.click(await screen.findByRole('button', { name: 'Close cart' }));
    expect(screen.getByTestId('state')).toHaveTextContent('closed');
  });

  it('shows a chosen day as D MMM YYYY, without the picker', async () => {
    const dialog = await openPanel([chocolates], {}, '2027-02-04');
    expect(within(dialog).getByText('4 Feb 2027')).toBeInTheDocument();
    expect(within(dialog).queryByText('Not set yet')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Select date' })).not.toBeInTheDocument();
  });
});

describe('the delivery date picker', () => {
  // Loaded before the clock is faked: its time-zone dates extend the Date class they find.
  beforeAll(() => import('@/components/cart/date-picker'));
  beforeEach(() => {
    // 23:30 UTC on 13 February is 00:30 on 14 February in Lagos: the shop's today is the 14th.
    jest.useFakeTimers({ now: new Date('2027-02-13T23:30:00Z'), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'clearImmediate', 'queueMicrotask', 'nextTick', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'performance', 'hrtime'] });
  });
  afterEach(() => jest.useRealTimers());

  /** The delivery calendar the picker asks for when it opens: no full days unless told. */
  let full: DeliveryCalendar['full'] = { lagos: [], abuja: [] };
  beforeEach(() => {
    full = { lagos: [], abuja: [] };
    server.use(http.get('*/v1/delivery/calendar', () => HttpResponse.json({ data: { today: '2027-02-14', until: '2027-04-16', full }, error: false, message: 'OK' })));
  });

  it('disables the days every branch is fully booked, with the reason; a day one branch is full says which and stays open', async () => {
    full = { lagos: ['2027-02-17', '2027-02-18'], abuja: ['2027-02-18'] };
    const user = userEvent.setup();
    const dialog = await openPanel([chocolates]);
    await user.click(within(dialog).getByRole('button', { name: 'Select date' }));
    const calendar = await within(dialog).findByRole('grid');
    const both = await within(calendar).findByRole('button', { name: /February 18th, 2027, fully booked$/ });
    expect(both).toBeDisabled();
    expect(both).toHaveTextContent('18Full');
    expect(both).toHaveAttribute('title', 'Fully booked');
    const lagosOnly = within(calendar).getByRole('button', { name: /February 17th, 2027, fully booked in lagos$/ });
    expect(lagosOnly).toBeEnabled();
    expect(lagosOnly).toHaveAttribute('title', 'Fully booked in Lagos');
    expect(within(calendar).getByRole('button', { name: /February 19th, 2027$/ })).toBeEnabled();
    expect(within(dialog).getByText('Days marked Full are fully booked in every branch; choose another day.')).toBeInTheDocument();
  });

  it('after the same-day cut-off (16:00 in Lagos) disables today and says so above the picker', async () => {
    jest.setSystemTime(new Date('2027-02-14T15:30:00Z')); // 16:30 in Lagos
    const user = userEvent.setup();
    const dialog = await openPanel([chocolates]);
    expect(await within(dialog).findByText('Earliest delivery: tomorrow')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Select date' }));
    const calendar = await within(dialog).findByRole('grid');
    expect(within(calendar).getByRole('button', { name: /February 14th, 2027/ })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: /February 15th, 2027/ })).toBeEnabled();
  });

  it('opens a calendar with days before today in Lagos disabled, and stores the chosen day', async () => {
    const user = userEvent.setup();
    const dialog = await openPanel([chocolates]);
    const toggle = within(dialog).getByRole('button', { name: 'Select date' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const calendar = await within(dialog).findByRole('grid');
    expect(calendar).toHaveAccessibleName(/February 2027/);
    expect(within(calendar).getByRole('button', { name: /February 13th, 2027/ })).toBeDisabled();
    expect(within(calendar).getByRole('button', { name: /February 14th, 2027/ })).toBeEnabled();

    await user.click(within(calendar).getByRole('button', { name: /February 16th, 2027/ }));
    expect(await within(dialog).findByText('16 Feb 2027')).toBeInTheDocument();
    expect(within(dialog).queryByRole('grid')).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Select date' })).not.toBeInTheDocument();
    await waitFor(() => expect(readStored(STORAGE_KEYS.deliveryDate)).toBe('2027-02-16'));
  });

  it('closes the calendar on Escape and leaves the cart open', async () => {
    const user = userEvent.setup();
    const dialog = await openPanel([chocolates]);
    await user.click(within(dialog).getByRole('button', { name: 'Select date' }));
    await within(dialog).findByRole('grid');
    await user.keyboard('{Escape}');
    expect(within(dialog).queryByRole('grid')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Select date' })).toHaveFocus();
    expect(screen.getByTestId('state')).toHaveTextContent('open');
  });
});
