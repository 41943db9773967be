/**
 * Cart rules (spec sections 3 and 4): items are matched by SKU; adding an item already in the
 * cart adds one, a new item is appended with quantity 1; plus and minus also change the design
 * quantity; minus never goes below 1; on login the server cart is merged into the local one,
 * summing quantities by SKU. Every function returns the same array when nothing changes, so
 * callers can skip saving and syncing.
 */
import type { DesignOption, ProductSummary, ProductVariant } from '@/lib/domain/catalogue';
import { splitProductName } from '@/lib/domain/product-name';

/** The cart's limits; the cart update call's contract (lib/contracts/cart.ts) uses these same ones. */
export const MAX_QUANTITY = 99;
export const MAX_ITEMS = 50;

/**
 * A cart item as the client's cart holds it (`cartItemFrom`), stored whole by the cart update
 * call and answered back. `cartItemSchema` in lib/contracts/cart.ts is checked against this type.
 */
export type CartItem = {
  productId: string;
  name: string;
  description?: string;
  /** Naira, for one. */
  price: number;
  /** 1 to MAX_QUANTITY. */
  quantity: number;
  image: { src: string; alt: string };
  /** The chosen size's name, when the product has sizes. */
  size?: string;
  SKU: string;
  design?: { name: string; title: string; price: number; quantity: number };
};


const clamp = (n: number) => Math.min(MAX_QUANTITY, Math.max(1, n));

/** The item with `delta` added to its quantity and its design quantity, each kept in 1–99. */
function step(item: CartItem, delta: number): CartItem {
  const { design } = item;
  return { ...item, quantity: clamp(item.quantity + delta), ...(design && { design: { ...design, quantity: clamp(design.quantity + delta) } }) };
}

function update(items: CartItem[], sku: string, change: (item: CartItem) => CartItem): CartItem[] {
  let changed = false;
  const next = items.map((item) => {
    if (item.SKU !== sku) return item;
    const after = change(item);
    changed ||= after.quantity !== item.quantity || after.design?.quantity !== item.design?.quantity;
    return after;
  });
  return changed ? next : items;
}

/**
 * Adds one more of the item's SKU, or appends the item with quantity 1 (design quantity 1 too).
 * A full cart (50 different items) stays as it is.
 * @example addItem([{ SKU: 'A', quantity: 2, … }], { SKU: 'A', … }) // [{ SKU: 'A', quantity: 3, … }]
 */
export function addItem(items: CartItem[], item: CartItem): CartItem[] {
  if (items.some((i) => i.SKU === item.SKU)) return incrementItem(items, item.SKU);
  if (items.length >= MAX_ITEMS) return items;
  return [...items, { ...item, quantity: 1, ...(item.design && { design: { ...item.design, quantity: 1 } }) }];
}

/**
 * One more of a SKU (and of its design), at most 99.
 * @example incrementItem([{ SKU: 'A', quantity: 1, design: { quantity: 1, … }, … }], 'A') // quantity 2, design quantity 2
 */
export function incrementItem(items: CartItem[], sku: string): CartItem[] {
  return update(items, sku, (item) => step(item, 1));
}

/**
 * One fewer of a SKU (and of its design), never below 1: at 1 nothing changes (removing is a
 * separate, confirmed action).
 * @example decrementItem([{ SKU: 'A', quantity: 1, … }], 'A') // the same array
 */
export function decrementItem(items: CartItem[], sku: string): CartItem[] {
  return update(items, sku, (item) => (item.quantity > 1 ? step(item, -1) : item));
}

/**
 * The cart without a SKU.
 * @example removeItem([{ SKU: 'A', … }, { SKU: 'B', … }], 'A') // [{ SKU: 'B', … }]
 */
export function removeItem(items: CartItem[], sku: string): CartItem[] {
  const next = items.filter((item) => item.SKU !== sku);
  return next.length === items.length ? items : next;
}

/**
 * The login merge: local items first (their details win), then server-only items; items with
 * the same SKU sum their quantities and design quantities (capped at 99; a missing design
 * quantity counts as the item's quantity). At most 50 items.
 * @example mergeCarts([{ SKU: 'A', quantity: 2, … }], [{ SKU: 'A', quantity: 3, … }, { SKU: 'B', quantity: 1, … }]) // A × 5, B × 1
 */
export function mergeCarts(local: CartItem[], server: CartItem[]): CartItem[] {
  const merged = [...local];
  for (const theirs of server) {
    const at = merged.findIndex((item) => item.SKU === theirs.SKU);
    const ours = merged[at];
    if (!ours) {
      if (merged.length < MAX_ITEMS) merged.push(theirs);
      continue;
    }
    const { design } = ours;
    merged[at] = {
      ...ours,
      quantity: clamp(ours.quantity + theirs.quantity),
      ...(design && { design: { ...design, quantity: clamp(design.quantity + (theirs.design?.quantity ?? theirs.quantity)) } }),
    };
  }
  return server.length ? merged : local;
}

/**
 * Naira totals: subtotal = Σ (price + design price) × quantity; the total equals the subtotal
 * until delivery fees and coupons come with checkout.
 * @example cartTotals([{ price: 50000, quantity: 2, design: { price: 15000, … }, … }]) // { subtotal: 130000, total: 130000 }
 */
export function cartTotals(items: CartItem[]): { subtotal: number; total: number } {
  const subtotal = items.reduce((sum, item) => sum + (item.price + (item.design?.price ?? 0)) * item.quantity, 0);
  return { subtotal, total: subtotal };
}

/**
 * The number shown on the cart badge and in 'My Cart (n)': the total quantity.
 * @example cartCount([{ quantity: 2, … }, { quantity: 1, … }]) // 3
 */
export function cartCount(items: CartItem[]): number {
  return items.reduce((sum, item) => sum + item.quantity, 0);
}

/**
 * The cart item for a product as chosen: the size's SKU and price when a size is chosen (the
 * product's otherwise), the design with quantity 1, the first picture, quantity 1.
 * @example cartItemFrom(redVelvet, { name: 'Deluxe', sku: 'RV-DLX', price: 77000, … }, inAVase)
 * // { SKU: 'RV-DLX', price: 77000, size: 'Deluxe', design: { name: 'in-a-vase', title: 'In a Vase', price: 15000, quantity: 1 }, quantity: 1, … }
 */
export function cartItemFrom(
  product: ProductSummary & { description?: string },
  variant: ProductVariant | null = null,
  design: DesignOption | null = null,
): CartItem {
  const { title, subtitle } = splitProductName(product.name);
  const image = product.images[0];
  return {
    productId: product.id,
    name: title,
    description: (product.subtitle || subtitle || product.description || '').slice(0, 2000),
    price: variant?.price ?? product.price,
    quantity: 1,
    image: { src: image?.src ?? '', alt: image?.alt ?? title },
    ...(variant && { size: variant.name }),
    SKU: variant?.sku ?? product.sku,
    ...(design && { design: { name: design.name, title: design.title, price: design.price, quantity: 1 } }),
  };
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;
const isQuantity = (value: unknown): value is number => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= MAX_QUANTITY;

/**
 * The valid items of a stored cart (anything else is dropped): browser storage is not trusted.
 * @example storedCartItems('oops') // []
 */
export function storedCartItems(value: unknown): CartItem[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (item): item is CartItem =>
      isObject(item) &&
      typeof item.SKU === 'string' &&
      typeof item.productId === 'string' &&
      typeof item.name === 'string' &&
      typeof item.price === 'number' &&
      isQuantity(item.quantity) &&
      isObject(item.image) &&
      (item.design === undefined || (isObject(item.design) && typeof item.design.price === 'number' && isQuantity(item.design.quantity))),
  );
}

/**
 * A day written YYYY-MM-DD, or null for anything else.
 * @example storedDay('2027-02-14') // '2027-02-14'
 */
export function storedDay(value: unknown): string | null {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null;
}

/** The cart's date format lives with the other day rules; re-exported for the cart's callers. */
export { formatCartDate } from '@/lib/domain/dates';

/**
 * The calendar day (YYYY-MM-DD) of a date by its own year, month and day: a date picker's day
 * (in the picker's time zone) without any conversion.
 * @example dayOf(new Date(2027, 1, 4)) // '2027-02-04'
 */
export function dayOf(date: Pick<Date, 'getFullYear' | 'getMonth' | 'getDate'>): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
