/**
 * Catalogue facts of the spec (sections 2 and 9): the default category, shop-by filter values
 * and the en-dash name split (the featured pick is in featured.ts). Pure data and functions. The
 * list of every category slug lives in categories.ts (server and tests need it; pages do not).
 */
import type { CategorySlug } from '@/lib/domain/categories';

/** The default category (spec section 2), also the See All target for best sellers. */
export const DEFAULT_CATEGORY: CategorySlug = 'anniversary-flowers';

/** A product picture. */
export type ProductImage = { src: string; alt: string };

/** A size of a variable product, with its own SKU and price. */
export type ProductVariant = { id: string; name: string; sku: string; price: number; inStock: boolean };

/** A way the flowers can come (e.g. 'in-a-vase'), at a price in naira on top of the product's. */
export type DesignOption = { name: string; title: string; price: number };

/** What a product card needs (the catalogue calls' schemas in lib/contracts/catalogue.ts are checked against it). */
export type ProductSummary = {
  id: string;
  name: string;
  subtitle: string;
  slug: string;
  /** Naira; for variable products the lowest variant price. */
  price: number;
  sku: string;
  type: 'simple' | 'variable';
  images: ProductImage[];
  active: boolean;
  inStock: boolean;
  relevanceOrder: number;
  budget: 'regular' | 'vip';
};

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

// Its own module, so that the pages that only name products do not load the filter values with it.
export { splitProductName } from '@/lib/domain/product-name';
