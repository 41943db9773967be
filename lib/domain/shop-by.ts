/**
 * The `/filters?shopBy={tag}` tags (spec sections 2 and 9) and the paginate filter each stands
 * for. Tags arrive with '+' or spaces ("box+arrangements" is "box arrangements").
 */
import { SHOP_BY_VALUES, type ShopByField } from '@/lib/domain/catalogue';

export type ShopByFilter = { field: ShopByField; value: string };

/**
 * The filter a shop-by tag stands for, or null for an unknown tag.
 * @example shopByFilter('box+arrangements') // { field: 'design', value: 'box arrangements' }
 */
export function shopByFilter(tag: string): ShopByFilter | null {
  const value = tag.replace(/\+/g, ' ').trim().toLowerCase();
  for (const [field, values] of Object.entries(SHOP_BY_VALUES) as [ShopByField, readonly string[]][]) {
    if (values.includes(value)) return { field, value };
  }
  return null;
}

/** The URL of a shop-by listing. */
export function shopByHref(value: string): string {
  return `/filters?shopBy=${value.replace(/ /g, '+')}`;
}

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
