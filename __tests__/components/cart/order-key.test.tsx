/**
 * 'Proceed to checkout' and the order's `Idempotency-Key` (issue 16): when the create call gets no
 * answer, the shopper's second press sends the same key (so the shop answers the order the first
 * press may have made rather than making another); once the cart changed, a new key.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CartPanel } from '@/components/cart/cart-panel';
import { setCartOpen } from '@/lib/state/cart-context';
import { resetOrderStore } from '@/lib/state/checkout-order';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { resetUserStore } from '@/lib/state/user-context';
import { notify } from '@/lib/ui/notify';
import { listenToMsw, server } from '../../helpers/msw';
import { fakeRouter } from '../../helpers/render';
import { chocolates, renderWithCart, storeCart } from './helpers';

const mockRouter = fakeRouter('/');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));
jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();

/** The create call fails at the network level until `up` is set; answers with the key each request carried. */
function orderCalls() {
  const state = { up: false, keys: [] as (string | null)[] };
  server.use(
    http.post('*/v1/firebase/order/create', ({ request }) => {
      state.keys.push(request.headers.get('idempotency-key'));
      if (!state.up) return HttpResponse.error();
      return HttpResponse.json({ data: { id: 'new-1', deliveryDate: '', orderNumber: 'RF-100300' }, error: false, message: 'Order created' }, { status: 201 });
    }),
  );
  return state;
}

async function openCart() {
  localStorage.clear();
  storeCart([chocolates]);
  resetOrderStore();
  resetUserStore();
  setCartOpen(true);
  renderWithCart(<CartPanel />);
  return within(await screen.findByRole('dialog', { name: 'My Cart (1)' }));
}

const proceed = (cart: ReturnType<typeof within>) => userEvent.click(cart.getByRole('link', { name: /^Proceed to checkout/ }));

it('a press after no answer sends the same key, and the order it answers is kept', async () => {
  const calls = orderCalls();
  const cart = await openCart();
  await proceed(cart);
  await waitFor(() => expect(notified).toHaveBeenCalledWith('error', 'Unable to create order: Cannot reach the shop. Check your connection and try again.'));
  calls.up = true;
  await proceed(cart);
  await waitFor(() => expect(mockRouter.push).toHaveBeenCalledWith('/checkout?orderId=new-1'));
  expect(calls.keys).toHaveLength(2);
  expect(calls.keys[0]).toMatch(/^[0-9a-f-]{36}$/);
  expect(calls.keys[1]).toBe(calls.keys[0]);
  expect(readStored(STORAGE_KEYS.orderId)).toBe('new-1');
});

it('a changed cart after no answer gets a new key', async () => {
  const calls = orderCalls();
  const cart = await openCart();
  await proceed(cart);
  await waitFor(() => expect(notified).toHaveBeenCalled());
  await userEvent.click(cart.getByRole('button', { name: 'Increase quantity of Ferrero Box' }));
  await screen.findByRole('dialog', { name: 'My Cart (2)' });
  await proceed(within(screen.getByRole('dialog', { name: 'My Cart (2)' })));
  await waitFor(() => expect(calls.keys).toHaveLength(2));
  expect(calls.keys[1]).toMatch(/^[0-9a-f-]{36}$/);
  expect(calls.keys[1]).not.toBe(calls.keys[0]);
});
