/**
 * Human labels of the shop-by values and fields (spec section 9). Apart from shop-by.ts so that
 * listing pages carry only the labels, not the tag parsing that runs on the server.
 */
import type { ShopByField } from '@/lib/domain/catalogue';

/** Human labels of shop-by values for headings and filter chips. */
export const SHOP_BY_LABELS: Record<string, string> = {
  vip: 'VIP',
  regular: 'Regular',
  'forever roses': 'Forever Roses',
  'fresh flowers': 'Fresh Flowers',
  'box arrangements': 'Box Arrangements',
  bouquets: 'Bouquets',
  others: 'Other Designs',
  'wrapped bouquet': 'Wrapped Bouquets',
  'bundled products': 'Bundled Packages',
  'same day delivery': 'Same-Day Delivery',
  roses: 'Roses',
  chrysanthemums: 'Chrysanthemums',
  lilies: 'Lilies',
  'million stars': 'Million Stars',
  gerberas: 'Gerberas',
  carnations: 'Carnations',
};

export const SHOP_BY_FIELD_LABELS: Record<ShopByField, string> = {
  budget: 'Budget',
  flowerType: 'Flower type',
  design: 'Design',
  packages: 'Packages',
  delivery: 'Delivery',
  flowerName: 'Flower name',
};

/** A shop-by value's label, or the value itself when it has none. */
export function shopByLabel(value: string): string {
  return SHOP_BY_LABELS[value] ?? value;
}
