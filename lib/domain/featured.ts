/** Featured-product groups of spec section 9 and how their items are picked. */

/** The featured groups of spec section 9. */
export const FEATURED_GROUP_KEYS = ['birthday', 'gift', 'product', 'romance', 'occasion', 'valentine'] as const;

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
