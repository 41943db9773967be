/**
 * Every category slug of spec section 2. Kept apart from catalogue.ts so that pages which only
 * need the default category do not carry the whole list in their JavaScript.
 */

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

