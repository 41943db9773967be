/**
 * The cart (spec sections 3 and 4): items and the pickup/delivery day, kept in browser storage
 * and, for a logged-in shopper, on the server (with an `authToken`, every item change is also
 * sent with `PUT /v1/cart-item/update`), and whether the cart panel is open. The cart does not
 * know about users: the app passes the token (`useUser().user?.authToken`).
 *
 * Only this shell ships with every page. The working parts (lib/state/cart-store.ts: storage,
 * the reducer, the server sync) load on first need: at start when a cart is stored, otherwise
 * on the first change; the actions therefore answer with a promise. The server renders an
 * empty cart and the stored one shows after hydration (`useSyncExternalStore`). Actions and
 * `setCartOpen` are plain functions,
 * usable outside React too (e.g. from a toast).
 */
import { createContext, useContext, useEffect, useSyncExternalStore, type ReactNode } from 'react';
import type * as CartStore from '@/lib/state/cart-store';
import type { CartSnapshot } from '@/lib/state/cart-store';
import { useShell } from '@/lib/state/shell-context';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';

type CartView = CartSnapshot & {
  /** Whether the cart panel is open. */
  open: boolean;
};

const EMPTY: CartView = { items: [], deliveryDate: null, count: 0, subtotal: 0, changes: 0, open: false };
let view = EMPTY;
let store: Promise<typeof CartStore> | null = null;
const listeners = new Set<() => void>();

function show(next: Partial<CartView>): void {
  view = { ...view, ...next };
  listeners.forEach((l) => l());
}

/** Opens or closes the cart panel. */
export const setCartOpen = (open: boolean) => show({ open });

function loadStore() {
  return (store ??= import('@/lib/state/cart-store').then((m) => {
    m.start(show);
    return m;
  }));
}

function subscribe(listener: () => void): () => void {
  if (!listeners.size && (readStored(STORAGE_KEYS.cartItems) ?? readStored(STORAGE_KEYS.deliveryDate))) void loadStore();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Forgets the cart in memory; the next need reads storage again (tests). */
export function resetCartStore(): void {
  view = EMPTY;
  store = null;
}

type StoreActions = typeof CartStore.actions;
/**
 * The actions of lib/state/cart-store.ts (documented there), each answering with a promise of
 * whether anything changed: add(item), increment(sku), decrement(sku), remove(sku), clear(),
 * setDeliveryDate(YYYY-MM-DD | null), mergeServerItems(items).
 */
export type CartActions = { [K in keyof StoreActions]: (...args: Parameters<StoreActions[K]>) => Promise<boolean> };

const NAMES: (keyof StoreActions)[] = ['add', 'increment', 'decrement', 'remove', 'clear', 'setDeliveryDate', 'mergeServerItems'];
export const cartActions = Object.fromEntries(
  NAMES.map((name) => [name, (...args: unknown[]) => loadStore().then((m) => (m.actions[name] as (...a: unknown[]) => boolean)(...args))]),
) as CartActions;

export type CartContextValue = CartView & CartActions & { setOpen: typeof setCartOpen };

const CartContext = createContext<CartContextValue | null>(null);

export function CartProvider({ authToken = null, children }: { authToken?: string | null; children: ReactNode }) {
  const { businessId } = useShell();
  const cart = useSyncExternalStore(subscribe, () => view, () => EMPTY);

  useEffect(() => {
    if (cart.changes) void loadStore().then((m) => m.syncCart(authToken, businessId));
  }, [cart.changes, authToken, businessId]);

  // No memo: the provider renders only when the cart changes or a new page comes (which renders everything anyway).
  return <CartContext.Provider value={{ ...cart, ...cartActions, setOpen: setCartOpen }}>{children}</CartContext.Provider>;
}

export function useCart(): CartContextValue {
  const value = useContext(CartContext);
  if (!value) throw new Error('useCart must be used inside CartProvider');
  return value;
}
