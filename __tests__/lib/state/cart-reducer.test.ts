import type { CartItem } from '@/lib/domain/cart';
import { cartReducer, type CartAction, type CartState } from '@/lib/state/cart-reducer';

const item = (SKU: string, quantity = 1, designQuantity?: number): CartItem => ({
  productId: `p-${SKU}`,
  name: SKU,
  price: 20000,
  quantity,
  image: { src: '', alt: SKU },
  SKU,
  ...(designQuantity && { design: { name: 'in-a-box', title: 'In a Box', price: 0, quantity: designQuantity } }),
});

const start: CartState = { items: [item('A', 2, 2), item('B')], deliveryDate: null };
const summary = (state: CartState) => ({ items: state.items.map((i) => `${i.SKU}×${i.quantity}${i.design ? `/${i.design.quantity}` : ''}`), deliveryDate: state.deliveryDate });

describe('cartReducer', () => {
  it.each<[string, CartAction, ReturnType<typeof summary>]>([
    ['add, same SKU', { type: 'add', item: item('A') }, { items: ['A×3/3', 'B×1'], deliveryDate: null }],
    ['add, new SKU', { type: 'add', item: item('C', 5) }, { items: ['A×2/2', 'B×1', 'C×1'], deliveryDate: null }],
    ['increment', { type: 'increment', sku: 'B' }, { items: ['A×2/2', 'B×2'], deliveryDate: null }],
    ['decrement', { type: 'decrement', sku: 'A' }, { items: ['A×1/1', 'B×1'], deliveryDate: null }],
    ['remove', { type: 'remove', sku: 'A' }, { items: ['B×1'], deliveryDate: null }],
    ['clear', { type: 'clear' }, { items: [], deliveryDate: null }],
    ['merge', { type: 'merge', items: [item('B', 3), item('D')] }, { items: ['A×2/2', 'B×4', 'D×1'], deliveryDate: null }],
    ['setDeliveryDate', { type: 'setDeliveryDate', date: '2027-02-14' }, { items: ['A×2/2', 'B×1'], deliveryDate: '2027-02-14' }],
  ])('%s', (_, action, expected) => {
    expect(summary(cartReducer(start, action))).toEqual(expected);
    expect(summary(start)).toEqual({ items: ['A×2/2', 'B×1'], deliveryDate: null });
  });

  it.each<[string, CartAction]>([
    ['decrement at 1', { type: 'decrement', sku: 'B' }],
    ['an unknown SKU', { type: 'increment', sku: 'Z' }],
    ['removing an unknown SKU', { type: 'remove', sku: 'Z' }],
    ['merging nothing', { type: 'merge', items: [] }],
    ['the same day', { type: 'setDeliveryDate', date: null }],
  ])('returns the same state for %s', (_, action) => {
    expect(cartReducer(start, action)).toBe(start);
  });

  it('clears an empty cart without a change', () => {
    const empty: CartState = { items: [], deliveryDate: '2027-02-14' };
    expect(cartReducer(empty, { type: 'clear' })).toBe(empty);
  });

  it('keeps the day when the items change, and the items when the day changes', () => {
    const dated = cartReducer(start, { type: 'setDeliveryDate', date: '2027-03-01' });
    expect(dated.items).toBe(start.items);
    expect(cartReducer(dated, { type: 'add', item: item('Q') }).deliveryDate).toBe('2027-03-01');
  });
});
