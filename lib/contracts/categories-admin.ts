/**
 * The back office's categories and featured groups (issue 14): the texts a category page shows
 * (`PATCH /admin/api/categories/{slug}`) and the products each featured group lists
 * (`PUT /admin/api/featured-groups/{key}`). Shared by the routes, the services and the browser's
 * client (lib/api/staff.ts).
 *
 * There is no call that creates a category: the storefront's menus and footer are fixed links
 * (lib/content/navigation.ts) and the sitemap lists the spec's category slugs
 * (lib/domain/categories.ts), so a new category would have a page that nothing links to.
 */
import { z } from 'zod';
import { singleLine, strictObject } from '@/lib/contracts/text';

/** The navigation groups a category belongs to (the seed's, in the order the back office lists them). */
export const CATEGORY_NAV_GROUPS = ['Occasions', 'Bridal', 'Funeral', 'Gifts', 'Plants', 'Flower Types', 'Packages', 'Other'] as const;
export type CategoryNavGroup = (typeof CATEGORY_NAV_GROUPS)[number];

/** The most products a featured group may list (the home page asks for four groups' slugs at once, at most 100). */
export const MAX_FEATURED_SLUGS = 24;

/** The longest SEO description: about what a search result shows. */
export const MAX_SEO_DESCRIPTION = 160;

/** A product or category slug: lower-case letters, digits and dashes. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Text shown as one paragraph: line breaks and tabs pasted in become one space. */
const paragraph = (max: number) =>
  z
    .string()
    .overwrite((s) => s.replace(/[ ]*[\r\n\t]+[ ]*/g, ' '))
    .pipe(singleLine(max));

/** `PATCH /admin/api/categories/{slug}`: only what changes. */
export const categoryChangeBody = strictObject({
  title: singleLine(80).min(1, 'must not be empty').optional(),
  intro: paragraph(1200).pipe(z.string().min(1, 'must not be empty')).optional(),
  seoDescription: paragraph(MAX_SEO_DESCRIPTION).pipe(z.string().min(1, 'must not be empty')).optional(),
  navGroup: z.enum(CATEGORY_NAV_GROUPS, { message: `must be one of ${CATEGORY_NAV_GROUPS.join(', ')}` }).optional(),
  sortOrder: z
    .number({ message: 'must be a whole number' })
    .int('must be a whole number')
    .min(0, 'must be 0 or more')
    .max(10_000, 'must be at most 10000')
    .optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one of title, intro, seoDescription, navGroup, sortOrder' });
export type CategoryChangeBody = z.input<typeof categoryChangeBody>;

/** A category as the back office lists it. */
export type AdminCategory = {
  slug: string;
  title: string;
  intro: string;
  seoDescription: string;
  navGroup: string;
  sortOrder: number;
};

/** `PUT /admin/api/featured-groups/{key}`: the group's title and its products' slugs, in order. */
export const featuredGroupBody = strictObject({
  title: singleLine(80).min(1, 'must not be empty'),
  featuredSlugs: z
    .array(singleLine(120).regex(SLUG, 'must be a product slug (lower-case letters, digits and dashes)'), {
      error: (iss) => (iss.input === undefined ? 'featuredSlugs is required' : 'must be a list of product slugs'),
    })
    .max(MAX_FEATURED_SLUGS, `must list at most ${MAX_FEATURED_SLUGS} products`),
});
export type FeaturedGroupBody = z.input<typeof featuredGroupBody>;

/** A product of a featured group, as the back office shows it: `name` null when no product has the slug (any more). */
export type FeaturedProduct = { slug: string; name: string | null; active: boolean; inStock: boolean };

/** A featured group as the back office lists it: `products` in the group's order. */
export type AdminFeaturedGroup = { key: string; title: string; products: FeaturedProduct[] };
