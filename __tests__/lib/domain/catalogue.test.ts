import { splitProductName } from '@/lib/domain/catalogue';
import { pickFeatured } from '@/lib/domain/featured';

describe('splitProductName', () => {
  it.each([
    ['Red Velvet – 24 red roses', 'Red Velvet', '24 red roses'],
    ['Peace Lily', 'Peace Lily', ''],
    ['A – b – c', 'A', 'b – c'],
    ['Well-Wishes - with a hyphen', 'Well-Wishes - with a hyphen', ''],
  ])('%s', (name, title, subtitle) => {
    expect(splitProductName(name)).toEqual({ title, subtitle });
  });
});

describe('pickFeatured', () => {
  const items = [
    { id: 'a', relevanceOrder: 2 },
    { id: 'b', relevanceOrder: 1 },
    { id: 'c', relevanceOrder: 3 },
    { id: 'd', relevanceOrder: 1 },
    { id: 'e', relevanceOrder: 2 },
  ];

  it('takes lower relevance groups first', () => {
    const picked = pickFeatured(items, 3, () => 0);
    expect(picked.slice(0, 2).map((i) => i.id).sort()).toEqual(['b', 'd']);
    expect(['a', 'e']).toContain(picked[2]!.id);
  });

  it('draws at random inside a group', () => {
    expect(pickFeatured(items, 1, () => 0)[0]!.id).toBe('b');
    expect(pickFeatured(items, 1, () => 0.99)[0]!.id).toBe('d');
  });

  it('never repeats an item and stops at what there is', () => {
    const all = pickFeatured(items, 10);
    expect(all).toHaveLength(5);
    expect(new Set(all.map((i) => i.id)).size).toBe(5);
  });
});
