/**
 * The cart's state and its pure reducer: the items and the chosen pickup/delivery day. A change
 * that changes nothing returns the same state (nothing to save or sync). Loaded with
 * lib/state/cart-store.ts, not with the page.
 */
import type { CartItem } from '@/lib/domain/cart';
import { addItem, decrementItem, incrementItem, mergeCarts, removeItem } from '@/lib/domain/cart';

export type CartState = {
  items: CartItem[];
  /** YYYY-MM-DD (a day in Lagos), or null when not set yet. */
  deliveryDate: string | null;
};

export type CartAction =
  | { type: 'add'; item: CartItem }
  | { type: 'increment' | 'decrement' | 'remove'; sku: string }
  | { type: 'clear' }
  | { type: 'merge'; items: CartItem[] }
  | { type: 'setDeliveryDate'; date: string | null };

function itemsAfter(items: CartItem[], action: CartAction): CartItem[] {
  switch (action.type) {
    case 'add':
      return addItem(items, action.item);
    case 'increment':
      return incrementItem(items, action.sku);
    case 'decrement':
      return decrementItem(items, action.sku);
    case 'remove':
      return removeItem(items, action.sku);
    case 'clear':
      return items.length ? [] : items;
    case 'merge':
      return mergeCarts(items, action.items);
    default:
      return items;
  }
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  if (action.type === 'setDeliveryDate') return action.date === state.deliveryDate ? state : { ...state, deliveryDate: action.date };
  const items = itemsAfter(state.items, action);
  return items === state.items ? state : { ...state, items };
}
