import { splitProductName } from '@/lib/domain/catalogue';

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
