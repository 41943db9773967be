/**
 * What 'Order again' and an occasion reminder's 'Send it again' answer: last time's items as the
 * cart holds them today, and what could not be repeated exactly. Below lib/contracts/account.ts
 * and lib/contracts/reminders.ts, which both answer it (an account's order also carries its
 * reminder).
 */
import type { CartItem } from '@/lib/domain/cart';

/** One thing 'Order again' could not repeat exactly. */
export type ReorderChange =
  | { kind: 'price'; name: string; size?: string; was: number; now: number }
  | { kind: 'unavailable'; name: string; size?: string }
  /** The item was added without its design (`design`: the design's title), which the product no longer offers. */
  | { kind: 'design'; name: string; size?: string; design: string }
  /** Sold out: `instead` (the closest match in `category`, at `now` naira) comes in its place (occasion reminders' refill only). */
  | { kind: 'swapped'; name: string; size?: string; instead: string; category: string; now: number };

export type Reorder = {
  /** The items still sold, priced today (naira, as the cart holds them), in the order's order. */
  cartItems: CartItem[];
  /** Price changes (naira per unit), items no longer sold and designs no longer offered. */
  changes: ReorderChange[];
};
