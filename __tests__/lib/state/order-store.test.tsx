import { act, render, screen } from '@testing-library/react';
import { dispatchOrder, INITIAL_ORDER_STATE, onRouteChange, orderReducer, resetOrderStore, useOrder } from '@/lib/state/order-store';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';
import type { Order } from '@/lib/contracts/orders';

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
