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
