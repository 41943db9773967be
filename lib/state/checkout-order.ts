/**
 * The order being checked out (spec sections 3 and 4): the order, its id (kept in browser
 * storage) and the checkout stage (1 delivery, 2 payment, 3 done). A module-level store read
 * with `useOrder()`; it ships only with the code that uses it (checkout, the cart panel), not
 * with every page. Once loaded it applies the route-change rule: on leaving for a page that is
 * not checkout with no order id, the order is cleared and the stage goes back to 1.
 *
 * Also here: the coupon code kept in storage (`coupon`), and `forgetCheckout()`, the rule for a
 * paid order or a 404 on fetching it (the stored order id, coupon, cart and date are cleared).
 */
import { useSyncExternalStore } from 'react';
import Router from 'next/router';
import type { Order } from '@/lib/contracts/orders';
import { isCheckoutUrl, type CheckoutStage } from '@/lib/domain/order';
import { cartActions } from '@/lib/state/cart-context';
import { readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';

export type OrderState = { order: Order | null; orderId: string | null; stage: CheckoutStage };

export type OrderAction =
  | { type: 'setOrder'; order: Order | null }
  | { type: 'setOrderId'; orderId: string | null }
  | { type: 'setStage'; stage: CheckoutStage }
  /** The cart changed the order's items: the checkout starts again at stage 1 (spec section 4). */
  | { type: 'orderUpdated'; order: Order }
  | { type: 'reset' };

export const INITIAL_ORDER_STATE: OrderState = { order: null, orderId: null, stage: 1 };

/** The pure transition of the order state. */
export function orderReducer(state: OrderState, action: OrderAction): OrderState {
  switch (action.type) {
    case 'setOrder':
      return { ...state, order: action.order };
    case 'setOrderId':
      return action.orderId === state.orderId ? state : { ...state, orderId: action.orderId };
    case 'setStage':
      return action.stage === state.stage ? state : { ...state, stage: action.stage };
    case 'orderUpdated':
      return { ...state, order: action.order, stage: 1 };
    case 'reset':
      return { ...INITIAL_ORDER_STATE };
  }
}

let state: OrderState | null = null;
const listeners = new Set<() => void>();

function current(): OrderState {
  state ??= { ...INITIAL_ORDER_STATE, orderId: readStored<string>(STORAGE_KEYS.orderId) };
  return state;
}

/** The order state now, outside React (e.g. inside an effect's callback). */
export const orderSnapshot = (): OrderState => current();

/** Applies an action, keeps the order id in storage, and tells the subscribers. */
export function dispatchOrder(action: OrderAction): void {
  const next = orderReducer(current(), action);
  if (next === state) return;
  if (next.orderId !== current().orderId) writeStored(STORAGE_KEYS.orderId, next.orderId);
  state = next;
  listeners.forEach((l) => l());
}

/** The route-change rule of spec section 4 for the order: see the module comment. */
export function onRouteChange(url: string): void {
  if (!current().orderId && !isCheckoutUrl(url)) dispatchOrder({ type: 'reset' });
}

if (typeof window !== 'undefined') Router.events?.on('routeChangeComplete', onRouteChange);

/** The coupon code the shopper applied last (storage key `coupon`), or null. */
export function storedCoupon(): string | null {
  const code = readStored<unknown>(STORAGE_KEYS.coupon);
  return typeof code === 'string' && code ? code : null;
}

/** Keeps (or, with null, forgets) the applied coupon code. */
export function storeCoupon(code: string | null): void {
  writeStored(STORAGE_KEYS.coupon, code);
}

/**
 * Forgets the checkout on this device (spec section 4: the order turned out paid, or fetching it
 * answered 404): the stored order id, coupon, cart items and delivery date. The order in memory
 * stays, so that the done stage can show it; the route-change rule clears it on leaving.
 */
export async function forgetCheckout(): Promise<void> {
  dispatchOrder({ type: 'setOrderId', orderId: null });
  storeCoupon(null);
  await cartActions.clear();
  await cartActions.setDeliveryDate(null);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the in-memory state (tests). */
export function resetOrderStore(): void {
  state = null;
}

/** The order state; the server renders the empty one. */
export function useOrder(): OrderState {
  return useSyncExternalStore(subscribe, current, () => INITIAL_ORDER_STATE);
}
