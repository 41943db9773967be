/**
 * What 'Order again' and the reminder's refill link (/send-again) say about an old order's items
 * today, kept apart from the button (reorder-button.tsx) so that a page showing the words does
 * not carry the button's code and the API calls with it.
 */
import type { ReorderChange } from '@/lib/contracts/account';
import { MAX_ITEMS } from '@/lib/domain/cart';

export const named = (item: { name: string; size?: string }) => (item.size ? `${item.name} (${item.size})` : item.name);
const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export const REORDER_TEXT = {
  added: (n: number, orderNumber: string) => `${itemsText(n)} from order ${orderNumber} added to your cart at today's prices.`,
  changed: 'What changed since you ordered:',
  nothing: (orderNumber: string) => `Nothing from order ${orderNumber} is still sold, so nothing was added to your cart.`,
  noRoom: (orderNumber: string) => `Nothing from order ${orderNumber} was added to your cart.`,
  price: (item: string, now: string, was: string) => `${item} now costs ${now} (was ${was})`,
  gone: (item: string) => `${item} is no longer sold and was not added`,
  design: (item: string, design: string) => `${item} was added without “${design}”, which is no longer offered`,
  full: (item: string) => `${item} was not added: a cart holds at most ${MAX_ITEMS} different items`,
  swapped: (item: string, instead: string, category: string, now: string) => `${item} is sold out, so we put in ${instead} instead: the closest match in ${category}, at ${now}`,
} as const;

/** One change in words, prices in the shopper's currency (`price`). */
export function reorderChangeText(change: ReorderChange, price: (naira: number) => string): string {
  if (change.kind === 'price') return REORDER_TEXT.price(named(change), price(change.now), price(change.was));
  if (change.kind === 'swapped') return REORDER_TEXT.swapped(named(change), change.instead, change.category, price(change.now));
  return change.kind === 'design' ? REORDER_TEXT.design(named(change), change.design) : REORDER_TEXT.gone(named(change));
}

