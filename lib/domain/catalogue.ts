/**
 * Catalogue facts of the spec (sections 2 and 9): the default category, shop-by filter values,
 * featured groups, the en-dash name split and the featured pick. Pure data and functions. The
 * list of every category slug lives in categories.ts (server and tests need it; pages do not).
 */
import type { CategorySlug } from '@/lib/domain/categories';

/** The default category (spec section 2), also the See All target for best sellers. */
export const DEFAULT_CATEGORY: CategorySlug = 'anniversary-flowers';

/** Shop-by filter values of spec section 9, as stored on products and sent by the client. */
export const SHOP_BY_VALUES = {
  budget: ['vip', 'regular'],
  flowerType: ['forever roses', 'fresh flowers'],
  design: ['box arrangements', 'bouquets', 'others', 'wrapped bouquet'],
  packages: ['bundled products'],
  delivery: ['same day delivery'],
  flowerName: ['roses', 'chrysanthemums', 'lilies', 'million stars', 'gerberas', 'carnations'],
} as const;
export type ShopByField = keyof typeof SHOP_BY_VALUES;

/** Featured-product groups of spec section 9. */
export const FEATURED_GROUP_KEYS = ['birthday', 'gift', 'product', 'romance', 'occasion', 'valentine'] as const;

/**
 * Splits a product name on its first en dash into title and subtitle.
 * @example splitProductName('Red Velvet – 24 red roses') // { title: 'Red Velvet', subtitle: '24 red roses' }
 */
export function splitProductName(name: string): { title: string; subtitle: string } {
  const at = name.indexOf('\u2013');
  if (at < 0) return { title: name.trim(), subtitle: '' };
  return { title: name.slice(0, at).trim(), subtitle: name.slice(at + 1).trim() };
}

/**
 * Picks featured items the spec's way: relevanceOrder groups in ascending order, items drawn at
 * random inside each group, until `count` are chosen. `random` returns [0, 1) (Math.random by default).
 * @example pickFeatured([{ relevanceOrder: 2 }, { relevanceOrder: 1 }], 1) // [{ relevanceOrder: 1 }]
 */
export function pickFeatured<T extends { relevanceOrder: number }>(items: readonly T[], count: number, random: () => number = Math.random): T[] {
  const groups = new Map<number, T[]>();
  for (const item of items) groups.set(item.relevanceOrder, [...(groups.get(item.relevanceOrder) ?? []), item]);
  const picked: T[] = [];
  for (const order of [...groups.keys()].sort((a, b) => a - b)) {
    const group = [...groups.get(order)!];
    while (group.length > 0 && picked.length < count) {
      picked.push(group.splice(Math.floor(random() * group.length), 1)[0]!);
    }
  }
  return picked;
}
