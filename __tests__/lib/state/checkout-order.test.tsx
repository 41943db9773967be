import { act, render, screen, waitFor } from '@testing-library/react';
import {
  dispatchOrder,
  forgetCheckout,
  INITIAL_ORDER_STATE,
  onRouteChange,
  orderReducer,
  orderSnapshot,
  resetOrderStore,
  storeCoupon,
  storedCoupon,
  useOrder,
} from '@/lib/state/checkout-order';
import { CartProvider, resetCartStore, useCart } from '@/lib/state/cart-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { readStored, STORAGE_KEYS, SYNC_VERSION, writeStored } from '@/lib/state/storage';
import type { Order } from '@/lib/contracts/orders';
import { SHELL } from '../../helpers/render';

const order = { id: 'o-1', deliveryDate: '2027-02-14', paymentStatus: 'not paid' } as Order;

function Show() {
  const { order: o, orderId, stage } = useOrder();
  return <p>{`${o?.id ?? '-'} ${orderId ?? '-'} ${stage}`}</p>;
}

beforeEach(() => {
  localStorage.clear();
  resetOrderStore();
});

describe('orderReducer', () => {
  it('sets the order, its id and the stage, and resets to the start', () => {
    let s = orderReducer(INITIAL_ORDER_STATE, { type: 'setOrder', order });
    s = orderReducer(s, { type: 'setOrderId', orderId: 'o-1' });
    s = orderReducer(s, { type: 'setStage', stage: 2 });
    expect(s).toEqual({ order, orderId: 'o-1', stage: 2 });
    expect(orderReducer(s, { type: 'reset' })).toEqual(INITIAL_ORDER_STATE);
  });

  it('an order changed from the cart goes back to stage 1', () => {
    const atPayment = { order: null, orderId: 'o-1', stage: 2 as const };
    expect(orderReducer(atPayment, { type: 'orderUpdated', order })).toEqual({ order, orderId: 'o-1', stage: 1 });
  });

  it('keeps the same state object when nothing changes', () => {
    expect(orderReducer(INITIAL_ORDER_STATE, { type: 'setStage', stage: 1 })).toBe(INITIAL_ORDER_STATE);
  });
});

describe('order store', () => {
  it('keeps the order id in storage and shows changes', () => {
    render(<Show />);
    expect(screen.getByText('- - 1')).toBeInTheDocument();
    act(() => {
      dispatchOrder({ type: 'setOrder', order });
      dispatchOrder({ type: 'setOrderId', orderId: 'o-1' });
      dispatchOrder({ type: 'setStage', stage: 3 });
    });
    expect(screen.getByText('o-1 o-1 3')).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.orderId)).toBe('o-1');
  });

  it('reads a stored order id', () => {
    writeStored(STORAGE_KEYS.orderId, 'o-9');
    render(<Show />);
    expect(screen.getByText('- o-9 1')).toBeInTheDocument();
  });

  it('clears the order and the stage when leaving for another page without an order id', () => {
    dispatchOrder({ type: 'setOrder', order });
    dispatchOrder({ type: 'setStage', stage: 2 });
    render(<Show />);
    act(() => onRouteChange('/checkout?step=2'));
    expect(screen.getByText('o-1 - 2')).toBeInTheDocument();
    act(() => onRouteChange('/product-category/roses'));
    expect(screen.getByText('- - 1')).toBeInTheDocument();
  });

  it('keeps everything while an order id exists', () => {
    dispatchOrder({ type: 'setOrderId', orderId: 'o-1' });
    dispatchOrder({ type: 'setStage', stage: 2 });
    render(<Show />);
    act(() => onRouteChange('/'));
    expect(screen.getByText('- o-1 2')).toBeInTheDocument();
  });
});

describe('coupon code', () => {
  it('is kept in storage under `coupon` and forgotten with null', () => {
    expect(storedCoupon()).toBeNull();
    storeCoupon('ROSES10');
    expect(readStored(STORAGE_KEYS.coupon)).toBe('ROSES10');
    expect(storedCoupon()).toBe('ROSES10');
    storeCoupon(null);
    expect(storedCoupon()).toBeNull();
  });

  it('ignores a stored value that is not a code', () => {
    writeStored(STORAGE_KEYS.coupon, { code: 'X' });
    expect(storedCoupon()).toBeNull();
  });
});

describe('forgetCheckout', () => {
  function Cart() {
    const { items, deliveryDate } = useCart();
    return <p>{`${items.length} items, ${deliveryDate ?? 'no day'}`}</p>;
  }

  it('forgets the stored order id, coupon, cart and day, and keeps the order in memory', async () => {
    writeStored(STORAGE_KEYS.syncVersion, SYNC_VERSION);
    writeStored(STORAGE_KEYS.cartItems, [{ productId: 'p', name: 'Roses', price: 1000, quantity: 1, image: { src: '', alt: '' }, SKU: 'A' }]);
    writeStored(STORAGE_KEYS.deliveryDate, '2030-03-05');
    writeStored(STORAGE_KEYS.orderId, 'o-1');
    writeStored(STORAGE_KEYS.coupon, 'ROSES10');
    resetCartStore();
    render(
      <ShellProvider value={SHELL}>
        <CartProvider>
          <Cart />
        </CartProvider>
      </ShellProvider>,
    );
    await screen.findByText('1 items, 2030-03-05');
    dispatchOrder({ type: 'setOrder', order });
    await act(() => forgetCheckout());
    await waitFor(() => expect(screen.getByText('0 items, no day')).toBeInTheDocument());
    expect(readStored(STORAGE_KEYS.orderId)).toBeNull();
    expect(readStored(STORAGE_KEYS.coupon)).toBeNull();
    expect(readStored(STORAGE_KEYS.cartItems)).toBeNull();
    expect(readStored(STORAGE_KEYS.deliveryDate)).toBeNull();
    expect(orderSnapshot()).toMatchObject({ order, orderId: null });
  });
});
