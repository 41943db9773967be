/**
 * The cart's working parts, loaded by the cart provider on first need (a cart in storage, or the
 * first change), so that a page's first load carries only the provider's shell:
 *
 * - the stored cart (`cartItems`, `deliveryDate`), read after the sync-version wipe and checked
 *   item by item (storage is not trusted), and read again when another tab changes it (a tab
 *   that has not loaded this yet reads storage when it does, so it never writes an old cart);
 * - actions through the pure reducer, each change saved back to storage;
 * - the server copy of a logged-in shopper's cart (spec section 4, cart persistence): after item
 *   changes made with a token, `PUT /v1/cart-item/update` with the whole cart. One request at a
 *   time, each with the newest cart (the call replaces the server cart, so requests must not
 *   overtake each other); errors are swallowed (spec section 8): the cart stays in the browser
 *   and the next change sends it whole.
 */
import type { ApiClient } from '@/lib/api/client';
// A static import: a dynamic one would keep every call of calls.ts in the pages that share it.
import { updateCartItems } from '@/lib/api/calls';
import { cartCount, cartTotals, storedCartItems, storedDay } from '@/lib/domain/cart';
import { cartReducer, type CartAction, type CartState } from '@/lib/state/cart-reducer';
import type { CartItem } from '@/lib/domain/cart';
import { migrateStorage, readStored, STORAGE_KEYS, writeStored } from '@/lib/state/storage';

export type CartSnapshot = CartState & {
  /** Total quantity (the badge and 'My Cart (n)'). */
  count: number;
  /** Naira: Σ (price + design price) × quantity. */
  subtotal: number;
  /** Item changes made on this page so far (the provider syncs when this moves). */
  changes: number;
};

let state: CartState = { items: [], deliveryDate: null };
let changes = 0;
let publish: (snapshot: CartSnapshot) => void = () => undefined;
type Sending = { token: string | null; sent: number; running: boolean };
let sending: Sending = { token: null, sent: 0, running: false };
let client: Promise<ApiClient> | null = null;

function emit(): void {
  publish({ ...state, count: cartCount(state.items), subtotal: cartTotals(state.items).subtotal, changes });
}

/** Reads the stored cart again and publishes it (another tab changed it). */
export function reload(): void {
  migrateStorage();
  state = { items: storedCartItems(readStored(STORAGE_KEYS.cartItems)), deliveryDate: storedDay(readStored(STORAGE_KEYS.deliveryDate)) };
  emit();
}

function onStorage({ key }: StorageEvent): void {
  if (key === null || key === STORAGE_KEYS.cartItems || key === STORAGE_KEYS.deliveryDate) reload();
}

/** Starts over from storage, publishing every change with `onChange`. */
export function start(onChange: (snapshot: CartSnapshot) => void): void {
  publish = onChange;
  changes = 0;
  // A new object: a request still running from before sends no more (tests start over often).
  sending = { token: null, sent: 0, running: false };
  window.removeEventListener('storage', onStorage);
  window.addEventListener('storage', onStorage);
  reload();
}

/** Applies an action and saves what changed; false when nothing changed (e.g. a full cart). */
export function apply(action: CartAction): boolean {
  const before = state;
  state = cartReducer(before, action);
  if (state === before) return false;
  if (state.items !== before.items) {
    changes++;
    writeStored(STORAGE_KEYS.cartItems, state.items.length ? state.items : null);
  }
  if (state.deliveryDate !== before.deliveryDate) writeStored(STORAGE_KEYS.deliveryDate, state.deliveryDate);
  emit();
  return true;
}

/** The cart's actions (useCart() answers each with a promise); each is false when nothing changed. */
export const actions = {
  /** Adds one of the item's SKU, or appends it with quantity 1; false when the cart is full. */
  add: (item: CartItem) => apply({ type: 'add', item }),
  /** Plus and minus (never below 1) also change the design quantity. */
  increment: (sku: string) => apply({ type: 'increment', sku }),
  decrement: (sku: string) => apply({ type: 'decrement', sku }),
  remove: (sku: string) => apply({ type: 'remove', sku }),
  clear: () => apply({ type: 'clear' }),
  /** A YYYY-MM-DD day in Lagos, or null. */
  setDeliveryDate: (date: string | null) => apply({ type: 'setDeliveryDate', date }),
  /** The login flow: merges the server cart into this one (quantities summed by SKU); it is then sent. */
  mergeServerItems: (items: CartItem[]) => apply({ type: 'merge', items }),
};

/** Sends the cart until the server has the newest change; a null token stops sending. */
export async function syncCart(token: string | null, business: string): Promise<void> {
  const s = sending;
  s.token = token;
  if (s.running) return;
  s.running = true;
  try {
    while (s === sending && s.token && s.sent !== changes) {
      const change = changes;
      try {
        // axios comes with the client, on the first sync.
        client ??= import('@/lib/api/client').then(({ createApiClient }) => createApiClient({ baseURL: '', business, getToken: () => sending.token }));
        await updateCartItems(await client, state.items);
      } catch {
        // Swallowed, as the spec says: nothing is lost locally and the next change sends the whole cart.
      }
      s.sent = change;
    }
  } finally {
    s.running = false;
  }
}
