/**
 * The categories page's words and bodies: a category's form values, the change as the server
 * takes it (only what differs; null when nothing does), and where each featured group shows on
 * the storefront.
 */
import type { AdminCategory, CategoryChangeBody } from '@/lib/contracts/categories-admin';
import { MAIN_MENU } from '@/lib/content/navigation';

export type CategoryValues = { title: string; intro: string; seoDescription: string; navGroup: string; sortOrder: string };

export const valuesOf = (category: AdminCategory): CategoryValues => ({
  title: category.title,
  intro: category.intro,
  seoDescription: category.seoDescription,
  navGroup: category.navGroup,
  sortOrder: String(category.sortOrder),
});

/** The order as typed: a number when it is one, else the text (so that the server's message names it). */
const typedOrder = (text: string): number | string => (/^\s*\d+\s*$/.test(text) ? Number(text) : text.trim());

/** The change body: only the fields that differ from the category. */
export function categoryChangeOf(category: AdminCategory, values: CategoryValues): CategoryChangeBody | null {
  const body: Record<string, unknown> = {};
  for (const key of ['title', 'intro', 'seoDescription', 'navGroup'] as const) {
    if (values[key].trim() !== category[key]) body[key] = values[key];
  }
  const order = typedOrder(values.sortOrder);
  if (order !== category.sortOrder) body.sortOrder = order;
  return Object.keys(body).length > 0 ? (body as CategoryChangeBody) : null;
}

/** The home page's sections and the featured group each shows (pages/index.tsx, SECTIONS). */
const HOME_SECTIONS: Record<string, string> = {
  product: 'Best selling products',
  romance: 'Romance and anniversaries',
  birthday: 'Birthday favourites',
  gift: 'Gifts to go with them',
};

/**
 * Where a featured group shows: the header menu that features it, and the home page's section.
 * @example featuredPlaces('gift') // ['in the Gifts menu', 'on the home page (Gifts to go with them)']
 */
export function featuredPlaces(key: string): string[] {
  const menus = MAIN_MENU.filter((menu) => menu.featuredGroup === key).map((menu) => `in the ${menu.label} menu`);
  const home = HOME_SECTIONS[key];
  return [...menus, ...(home ? [`on the home page (${home})`] : [])];
}
