/**
 * The cart panel and the order (spec sections 4, 5 and 8): 'Proceed to checkout' creates the
 * order (items without prices, the day only for a logged-in shopper) and goes to
 * /checkout?orderId=…; with an order id kept it updates that order; on the checkout page it reads
 * 'Update Cart' and updates in place (back to stage 1); removing the last item empties the order
 * (and leaves the checkout page for '/'); failures are toasts.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartPanel } from '@/components/cart/cart-panel';
import { orderItemsFrom } from '@/components/cart/use-cart-order';
import type { CartItem } from '@/lib/domain/cart';
import { setCartOpen, useCart } from '@/lib/state/cart-context';
import { dispatchOrder, resetOrderStore, useOrder } from '@/lib/state/checkout-order';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import { resetUserStore } from '@/lib/state/user-context';
import { notify } from '@/lib/ui/notify';
import { listenToMsw } from '../../helpers/msw';
import { fakeRouter } from '../../helpers/render';
import { answer, fail, makeOrder, ok, record, type Seen } from '../checkout/helpers';
import { chocolates, renderWithCart, roses, storeCart } from './helpers';

let mockRouter = fakeRouter('/');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));
jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();

const CREATE = 'POST /v1/firebase/order/create';

function Probe() {
  const { open } = useCart();
  const { orderId, stage, order } = useOrder();
  return (
    <>
      <p data-testid="cart">{open ? 'open' : 'closed'}</p>
      <p data-testid="order">{`${orderId ?? '-'} stage ${stage} ${order ? order.orderProducts.length : '-'} items`}</p>
      <CartPanel />
    </>
  );
}

type Visit = { items: CartItem[]; day?: string | null; orderId?: string | null; pathname?: string; query?: Record<string, string>; loggedIn?: boolean };

async function openCart({ items, day = null, orderId = null, pathname = '/', query = {}, loggedIn = false }: Visit) {
  localStorage.clear();
  storeCart(items, day);
  resetOrderStore();
  resetUserStore();
  writeStored(STORAGE_KEYS.orderId, orderId);
  const user = loggedIn ? record('ada@example.com') : null;
  if (user) {
    writeStored(STORAGE_KEYS.user, user);
    answer({ 'GET /v1/regal/handshake': ok({ user, currencies: [], deliveryZoneAmount: {}, settings: {} }), 'PUT /v1/cart-item/update': ok({ cartItems: items }) });
  }
  mockRouter = Object.assign(fakeRouter(pathname), { query });
  notified.mockClear();
  setCartOpen(true);
  renderWithCart(<Probe />, { authToken: user?.authToken ?? null });
  const count = items.reduce((n, i) => n + i.quantity, 0);
  const dialog = await screen.findByRole('dialog', { name: `My Cart (${count})` });
  if (user) await waitFor(() => expect(readStored(STORAGE_KEYS.user)).toEqual(user));
  return within(dialog);
}

afterEach(() => act(() => setCartOpen(false)));

const bodyOf = (seen: Seen[], method: string) => seen.find((s) => s.method === method)?.body;

describe('Proceed to checkout', () => {
  it('creates the order from the cart (no prices; no day for a guest), keeps its id, closes the cart and goes to checkout', async () => {
    const seen = answer({ [CREATE]: ok({ id: 'new-1', deliveryDate: '', orderNumber: 'RF-100300' }) });
    const cart = await openCart({ items: [roses, chocolates], day: '2030-03-05' });
    const link = cart.getByRole('link', { name: 'Proceed to checkout (₦161,000)' });
    expect(link).toHaveAttribute('href', '/checkout');
    await userEvent.click(link);
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/checkout?orderId=new-1'));
    expect(bodyOf(seen, 'POST')).toEqual({
      deliveryDate: '',
      currency: 'NGN',
      business: 'regal',
      cartItems: [
        { productId: 'p-roses', design: 'in-a-vase', size: 'Deluxe', quantity: 2, image: roses.image, SKU: 'RF-ROS-0001-DLX' },
        { productId: 'p-choc', quantity: 1, image: chocolates.image, SKU: 'RF-CHO-0001' },
      ],
    });
    expect(readStored(STORAGE_KEYS.orderId)).toBe('new-1');
    expect(screen.getByTestId('cart')).toHaveTextContent('closed');
  });

  it("sends the cart's day for a logged-in shopper, and the current currency", async () => {
    const seen = answer({ [CREATE]: ok({ id: 'new-2', deliveryDate: '2030-03-05', orderNumber: 'RF-100301' }) });
    const cart = await openCart({ items: [chocolates], day: '2030-03-05', loggedIn: true });
    await userEvent.click(cart.getByRole('link', { name: /^Proceed to checkout/ }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/checkout?orderId=new-2'));
    expect(bodyOf(seen, 'POST')).toMatchObject({ deliveryDate: '2030-03-05', currency: 'NGN' });
  });

  it("says 'Unable to create order: {message}' and keeps the cart open when the shop refuses", async () => {
    answer({ [CREATE]: fail(400, 'cartItems.0.SKU RF-CHO-0001 is no longer sold') });
    const cart = await openCart({ items: [chocolates] });
    await userEvent.click(cart.getByRole('link', { name: /^Proceed to checkout/ }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('error', 'Unable to create order: cartItems.0.SKU RF-CHO-0001 is no longer sold'));
    expect(screen.getByTestId('cart')).toHaveTextContent('open');
    expect(readStored(STORAGE_KEYS.orderId)).toBeNull();
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('updates the kept order instead of creating one, then goes to its checkout', async () => {
    const seen = answer({ 'PUT /v1/firebase/order/o-1': ok(makeOrder({ id: 'o-1' })) });
    const cart = await openCart({ items: [chocolates], orderId: 'o-1' });
    await userEvent.click(cart.getByRole('link', { name: 'Proceed to checkout (₦21,000)' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/checkout?orderId=o-1'));
    expect(seen.map((s) => s.method)).toEqual(['PUT']);
    expect(bodyOf(seen, 'PUT')).toMatchObject({ cartItems: orderItemsFrom([chocolates]), deliveryDate: '', currency: 'NGN' });
  });

  it('starts a new order when the kept one is gone (404)', async () => {
    const seen = answer({
      'PUT /v1/firebase/order/o-gone': fail(404, 'Order not found'),
      [CREATE]: ok({ id: 'new-3', deliveryDate: '', orderNumber: 'RF-100302' }),
    });
    const cart = await openCart({ items: [chocolates], orderId: 'o-gone' });
    await userEvent.click(cart.getByRole('link', { name: /^Proceed to checkout/ }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/checkout?orderId=new-3'));
    expect(seen.map((s) => s.method)).toEqual(['PUT', 'POST']);
    expect(readStored(STORAGE_KEYS.orderId)).toBe('new-3');
    expect(notified).not.toHaveBeenCalled();
  });
});

describe('on the checkout page', () => {
  const checkout = { pathname: '/checkout', query: { orderId: 'o-1' }, orderId: 'o-1' };

  it("reads 'Update Cart (amount)', updates the order in place and goes back to stage 1", async () => {
    const updated = makeOrder({ id: 'o-1' });
    const seen = answer({ 'PUT /v1/firebase/order/o-1': ok(updated) });
    const cart = await openCart({ items: [roses, chocolates], ...checkout });
    act(() => dispatchOrder({ type: 'setStage', stage: 2 }));
    expect(cart.queryByRole('link', { name: /^Proceed to checkout/ })).not.toBeInTheDocument();
    await userEvent.click(cart.getByRole('button', { name: 'Update Cart (₦161,000)' }));
    await waitFor(() => expect(screen.getByTestId('order')).toHaveTextContent('o-1 stage 1 1 items'));
    expect(bodyOf(seen, 'PUT')).toMatchObject({ cartItems: orderItemsFrom([roses, chocolates]), currency: 'NGN' });
    expect(screen.getByTestId('cart')).toHaveTextContent('closed');
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it("says 'Unable to update order: {message}' when the update is refused", async () => {
    answer({ 'PUT /v1/firebase/order/o-1': fail(409, 'This order can no longer be changed') });
    const cart = await openCart({ items: [chocolates], ...checkout });
    await userEvent.click(cart.getByRole('button', { name: 'Update Cart (₦21,000)' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('error', 'Unable to update order: This order can no longer be changed'));
    expect(screen.getByTestId('cart')).toHaveTextContent('open');
  });

  it('removing the last item updates the order with no items and goes back to /', async () => {
    const seen = answer({ 'PUT /v1/firebase/order/o-1': ok(makeOrder({ id: 'o-1', orderProducts: [] })) });
    const cart = await openCart({ items: [chocolates], ...checkout });
    await userEvent.click(cart.getByRole('button', { name: 'Remove Ferrero Box' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/'));
    expect(bodyOf(seen, 'PUT')).toMatchObject({ cartItems: [] });
    expect(readStored(STORAGE_KEYS.cartItems)).toBeNull();
  });
});

describe('removing items elsewhere', () => {
  it('empties a kept order when the last item goes, staying on the page', async () => {
    const seen = answer({ 'PUT /v1/firebase/order/o-1': ok(makeOrder({ id: 'o-1', orderProducts: [] })) });
    const cart = await openCart({ items: [chocolates], orderId: 'o-1', pathname: '/product/ferrero-box' });
    await userEvent.click(cart.getByRole('button', { name: 'Remove Ferrero Box' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(bodyOf(seen, 'PUT')).toMatchObject({ cartItems: [] }));
    expect(mockRouter.push).not.toHaveBeenCalled();
    expect(cart.getByText('Empty Cart')).toBeInTheDocument();
  });

  const removeChocolates = async () => {
    await userEvent.click(screen.getByRole('button', { name: 'Remove Ferrero Box' }));
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
  };
  const anyCall = () => answer({ 'PUT /v1/firebase/order/o-1': ok(makeOrder({ id: 'o-1' })), [CREATE]: ok({ id: 'x', deliveryDate: '', orderNumber: 'RF-1' }) });
  // Gives a stray request time to show.
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

  it('leaves the order alone while items remain', async () => {
    const seen = anyCall();
    await openCart({ items: [roses, chocolates], orderId: 'o-1' });
    await removeChocolates();
    await screen.findByRole('dialog', { name: 'My Cart (2)' });
    await settle();
    expect(seen).toEqual([]);
  });

  it('calls nothing when the last item goes without an order', async () => {
    const seen = anyCall();
    await openCart({ items: [chocolates] });
    await removeChocolates();
    await screen.findByRole('dialog', { name: 'My Cart (0)' });
    await settle();
    expect(seen).toEqual([]);
  });
});

describe('orderItemsFrom', () => {
  it('keeps what was chosen and never a price', () => {
    const items = orderItemsFrom([roses]);
    expect(items).toEqual([{ productId: 'p-roses', design: 'in-a-vase', size: 'Deluxe', quantity: 2, image: roses.image, SKU: 'RF-ROS-0001-DLX' }]);
    expect(JSON.stringify(items)).not.toMatch(/price/i);
  });
});
