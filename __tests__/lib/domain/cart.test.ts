import { cartItemsSchema, type CartItem } from '@/lib/contracts/cart';
import {
  addItem,
  cartCount,
  cartItemFrom,
  cartTotals,
  dayOf,
  decrementItem,
  formatCartDate,
  incrementItem,
  MAX_ITEMS,
  MAX_QUANTITY,
  mergeCarts,
  removeItem,
  storedCartItems,
  storedDay,
} from '@/lib/domain/cart';
import { detail, summary } from '../../components/fixtures';

function item(SKU: string, quantity = 1, design?: { price: number; quantity: number }): CartItem {
  return {
    productId: `p-${SKU}`,
    name: `Bouquet ${SKU}`,
    description: 'hand-tied',
    price: 10000,
    quantity,
    image: { src: `/media/p/${SKU}.webp`, alt: SKU },
    SKU,
    ...(design && { design: { name: 'in-a-vase', title: 'In a Vase', ...design } }),
  };
}

const quantities = (items: CartItem[]) => items.map((i) => [i.SKU, i.quantity, i.design?.quantity ?? null]);

describe('limits', () => {
  it('are 99 of an item and 50 items, and the cart update call refuses more', () => {
    expect([MAX_QUANTITY, MAX_ITEMS]).toEqual([99, 50]);
    const item = (sku: string, quantity = 1): CartItem => ({ productId: 'p', name: 'Roses', price: 1000, quantity, image: { src: '/a.webp', alt: 'a' }, SKU: sku });
    expect(cartItemsSchema.safeParse([item('A', MAX_QUANTITY)]).success).toBe(true);
    expect(cartItemsSchema.safeParse([item('A', MAX_QUANTITY + 1)]).success).toBe(false);
    const many = Array.from({ length: MAX_ITEMS + 1 }, (_, i) => item(`S${i}`));
    expect(cartItemsSchema.safeParse(many.slice(0, MAX_ITEMS)).success).toBe(true);
    expect(cartItemsSchema.safeParse(many).success).toBe(false);
  });
});

describe('addItem', () => {
  it.each([
    ['appends a new SKU with quantity 1', [item('A', 2)], item('B', 7), [['A', 2, null], ['B', 1, null]]],
    ['adds one to the same SKU', [item('A', 2), item('B')], item('A', 5), [['A', 3, null], ['B', 1, null]]],
    ['adds one to the design quantity too', [item('A', 2, { price: 15000, quantity: 2 })], item('A', 1, { price: 15000, quantity: 1 }), [['A', 3, 3]]],
    ['starts a new design at 1', [], item('A', 4, { price: 15000, quantity: 4 }), [['A', 1, 1]]],
    ['stops at 99', [item('A', 99)], item('A'), [['A', 99, null]]],
  ] as const)('%s', (_, items, added, expected) => {
    expect(quantities(addItem([...items], added))).toEqual(expected);
  });

  it('leaves a full cart as it is (same array)', () => {
    const full = Array.from({ length: MAX_ITEMS }, (_, i) => item(`S${i}`));
    expect(addItem(full, item('NEW'))).toBe(full);
    expect(addItem(full, item('S3'))).not.toBe(full);
  });

  it('never changes the array it is given', () => {
    const items = Object.freeze([Object.freeze(item('A'))]) as CartItem[];
    expect(() => addItem(items, item('A'))).not.toThrow();
    expect(items[0]!.quantity).toBe(1);
  });
});

describe('incrementItem / decrementItem', () => {
  it.each([
    ['plus', incrementItem, item('A', 1), [['A', 2, null]]],
    ['plus with a design', incrementItem, item('A', 2, { price: 0, quantity: 2 }), [['A', 3, 3]]],
    ['plus at 99', incrementItem, item('A', 99), [['A', 99, null]]],
    ['minus', decrementItem, item('A', 3), [['A', 2, null]]],
    ['minus with a design', decrementItem, item('A', 3, { price: 0, quantity: 3 }), [['A', 2, 2]]],
    ['minus at 1', decrementItem, item('A', 1, { price: 0, quantity: 1 }), [['A', 1, 1]]],
  ] as const)('%s', (_, change, start, expected) => {
    expect(quantities(change([start, item('B', 5)], 'A'))).toEqual([...expected, ['B', 5, null]]);
  });

  it('returns the same array when nothing changes', () => {
    const items = [item('A', 1), item('B', 99)];
    expect(decrementItem(items, 'A')).toBe(items);
    expect(incrementItem(items, 'B')).toBe(items);
    expect(incrementItem(items, 'nope')).toBe(items);
  });

  it('minus never goes below 1, however often', () => {
    let items = [item('A', 4, { price: 0, quantity: 4 })];
    for (let i = 0; i < 10; i++) items = decrementItem(items, 'A');
    expect(quantities(items)).toEqual([['A', 1, 1]]);
  });
});

describe('removeItem', () => {
  it('removes the SKU, the only item too', () => {
    expect(quantities(removeItem([item('A'), item('B', 2)], 'A'))).toEqual([['B', 2, null]]);
    expect(removeItem([item('A')], 'A')).toEqual([]);
  });

  it('returns the same array for an unknown SKU', () => {
    const items = [item('A')];
    expect(removeItem(items, 'B')).toBe(items);
  });
});

describe('mergeCarts', () => {
  it.each([
    ['sums quantities by SKU, local first, server-only appended', [item('A', 2), item('B')], [item('C', 4), item('A', 3)], [['A', 5, null], ['B', 1, null], ['C', 4, null]]],
    ['sums design quantities', [item('A', 1, { price: 0, quantity: 1 })], [item('A', 2, { price: 0, quantity: 2 })], [['A', 3, 3]]],
    ['counts a server item without a design by its quantity', [item('A', 1, { price: 0, quantity: 1 })], [item('A', 2)], [['A', 3, 3]]],
    ['caps at 99', [item('A', 60, { price: 0, quantity: 60 })], [item('A', 60, { price: 0, quantity: 60 })], [['A', 99, 99]]],
    ['keeps the local cart when the server has none', [item('A', 2)], [], [['A', 2, null]]],
    ['takes the server cart when there is no local one', [], [item('A', 2)], [['A', 2, null]]],
  ] as const)('%s', (_, local, server, expected) => {
    expect(quantities(mergeCarts([...local], [...server]))).toEqual(expected);
  });

  it('keeps the local details of a shared SKU', () => {
    const local = { ...item('A'), name: 'Local name', price: 12000 };
    const [merged] = mergeCarts([local], [{ ...item('A'), name: 'Server name', price: 9000 }]);
    expect(merged).toMatchObject({ name: 'Local name', price: 12000, quantity: 2 });
  });

  it('keeps at most 50 items', () => {
    const local = Array.from({ length: 49 }, (_, i) => item(`L${i}`));
    expect(mergeCarts(local, [item('S1'), item('S2')])).toHaveLength(MAX_ITEMS);
  });

  it('answers a cart the cart update call accepts', () => {
    const merged = mergeCarts([item('A', 98, { price: 0, quantity: 98 }), item('B')], [item('A', 5, { price: 0, quantity: 5 }), item('B'), item('C')]);
    expect(cartItemsSchema.safeParse(merged).success).toBe(true);
  });
});

describe('cartTotals and cartCount', () => {
  it.each([
    { name: 'an empty cart', items: [], subtotal: 0, count: 0 },
    { name: 'two of one', items: [item('A', 2)], subtotal: 20000, count: 2 },
    { name: 'a design priced per unit', items: [item('A', 2, { price: 15000, quantity: 2 }), item('B', 1)], subtotal: 60000, count: 3 },
    { name: 'a free design', items: [item('A', 3, { price: 0, quantity: 3 })], subtotal: 30000, count: 3 },
  ])('$name: subtotal $subtotal, count $count', ({ items, subtotal, count }) => {
    expect(cartTotals(items)).toEqual({ subtotal, total: subtotal });
    expect(cartCount(items)).toBe(count);
  });
});

describe('cartItemFrom', () => {
  it('builds a simple product from its card', () => {
    expect(cartItemFrom(summary())).toEqual({
      productId: '6aaa523b-1cd6-504a-9053-90bc1af0e99a',
      name: 'Red Velvet Romance',
      description: '24 red roses',
      price: 55000,
      quantity: 1,
      image: { src: '/media/p/a.webp', alt: 'Red roses, front view' },
      SKU: 'RF-ROS-0001',
    });
  });

  it("takes the size's SKU, name and price, and the design with quantity 1", () => {
    const product = detail({ type: 'variable' });
    const item = cartItemFrom(product, { id: 'v2', name: 'Deluxe', sku: 'RF-ROS-0001-DLX', price: 77000, inStock: true }, { name: 'in-a-vase', title: 'In a Vase', price: 15000 });
    expect(item).toMatchObject({ SKU: 'RF-ROS-0001-DLX', size: 'Deluxe', price: 77000, quantity: 1, design: { name: 'in-a-vase', title: 'In a Vase', price: 15000, quantity: 1 } });
    expect(cartItemsSchema.safeParse([item]).success).toBe(true);
  });

  it('falls back to the description and a picture-less item', () => {
    const item = cartItemFrom({ ...detail(), name: 'Plain roses', subtitle: '', images: [] });
    expect(item).toMatchObject({ name: 'Plain roses', description: 'Twenty-four red roses.', image: { src: '', alt: 'Plain roses' } });
  });
});

describe('storedCartItems and storedDay', () => {
  it('keeps valid items and drops anything else', () => {
    const good = item('A', 2, { price: 0, quantity: 2 });
    const stored = [good, { ...item('B'), quantity: 0 }, { ...item('C'), quantity: 1.5 }, { ...item('D'), SKU: 4 }, { ...item('E'), image: null }, { ...item('F'), design: { quantity: 1 } }, 'x', null];
    expect(storedCartItems(stored)).toEqual([good]);
  });

  it.each([null, undefined, 'cart', 42, { items: [] }])('reads %p as an empty cart', (value) => {
    expect(storedCartItems(value)).toEqual([]);
  });

  it.each([
    ['2027-02-14', '2027-02-14'],
    ['14/02/2027', null],
    [20270214, null],
    [null, null],
  ])('reads the day %p as %p', (value, day) => {
    expect(storedDay(value)).toBe(day);
  });
});

describe('formatCartDate and dayOf', () => {
  it.each([
    ['2027-02-04', '4 Feb 2027'],
    ['2026-12-31', '31 Dec 2026'],
    ['2027-01-01', '1 Jan 2027'],
  ])('shows %s as %s', (day, text) => {
    expect(formatCartDate(day)).toBe(text);
  });

  it('writes a date by its own calendar fields', () => {
    expect(dayOf(new Date(2027, 1, 4, 23, 59))).toBe('2027-02-04');
    expect(dayOf({ getFullYear: () => 2026, getMonth: () => 11, getDate: () => 31 })).toBe('2026-12-31');
  });
});
