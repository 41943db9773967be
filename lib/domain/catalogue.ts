/**
 * Catalogue facts of the spec (sections 2 and 9): category slugs, shop-by filter values,
 * featured groups, and the en-dash name split. Pure data and functions.
 */

/** Every category slug of spec section 2; `anniversary-flowers` is the default. */
export const CATEGORY_SLUGS = [
  'anniversary-flowers',
  'birthday-flowers',
  'flowers-to-say-thanks-sorry-etc',
  'valentines-day-flowers',
  'get-well-soon',
  'bridal-bouquets',
  'cascading-bridal-bouquets',
  'accessories-boutonnieres-bridesmaids-flowers-corsages',
  'funeral-and-condolence',
  'funeral-condolence-flowers',
  'event-centerpiece',
  'chocolates-and-biscuits',
  'wine-and-champagne',
  'cakes-and-cupcakes',
  'teddy-bears',
  'gifts',
  'gift-sets',
  'perfumes',
  'balloons',
  'scented-candles',
  'indoor-plants-and-cactus',
  'forever-roses-preserved-roses',
  'roses',
  'chrysanthemums',
  'lilies',
  'million-stars',
  'gerbera-flowers',
  'carnations',
  'product-packages',
  'all',
] as const;
export type CategorySlug = (typeof CATEGORY_SLUGS)[number];

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
