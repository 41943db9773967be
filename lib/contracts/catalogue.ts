/**
 * Wire shapes of the catalogue calls (spec section 7): products by slug, by slugs, by ids, all,
 * and the paginated listing with search, filters and sorts. Used by the API routes to parse
 * queries and by `lib/api` to type answers.
 */
import { z } from 'zod';
import { businessQuery, envelope, queryBoolean } from '@/lib/contracts/envelope';
import { SHOP_BY_VALUES, type DesignOption, type ProductImage, type ProductSummary, type ProductVariant } from '@/lib/domain/catalogue';
import type { SameShape } from '@/lib/contracts/same-shape';
import { withoutControls } from '@/lib/contracts/text';

/** The product types are the domain's (lib/domain/catalogue.ts); the schemas below are checked against them. */
export type { DesignOption, ProductImage, ProductSummary, ProductVariant };

export const productImageSchema = z.object({ src: z.string(), alt: z.string() }) satisfies z.ZodType<ProductImage>;

export const variantSchema = z.object({
  id: z.string(),
  name: z.string(),
  sku: z.string(),
  price: z.number().int(),
  inStock: z.boolean(),
}) satisfies z.ZodType<ProductVariant>;
const _variant: SameShape<z.output<typeof variantSchema>, ProductVariant> = true;

export const designOptionSchema = z.object({ name: z.string(), title: z.string(), price: z.number().int() }) satisfies z.ZodType<DesignOption>;
const _designOption: SameShape<z.output<typeof designOptionSchema>, DesignOption> = true;

/** What a product card needs. */
export const productSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  subtitle: z.string(),
  slug: z.string(),
  /** Naira; for variable products the lowest variant price. */
  price: z.number().int(),
  sku: z.string(),
  type: z.enum(['simple', 'variable']),
  images: z.array(productImageSchema),
  active: z.boolean(),
  inStock: z.boolean(),
  relevanceOrder: z.number().int(),
  budget: z.enum(['regular', 'vip']),
}) satisfies z.ZodType<ProductSummary>;
const _productSummary: SameShape<z.output<typeof productSummarySchema>, ProductSummary> = true;

export const productSchema = productSummarySchema.extend({
  description: z.string(),
  productClass: z.enum(['flowers', 'gifts', 'plants', 'accessories']),
  categories: z.array(z.string()),
  flowerType: z.array(z.string()),
  design: z.array(z.string()),
  packages: z.array(z.string()),
  delivery: z.array(z.string()),
  flowerName: z.array(z.string()),
  variants: z.array(variantSchema),
  designOptions: z.array(designOptionSchema),
});
export type Product = z.infer<typeof productSchema>;

/** A shopper's review as product pages show it (one per delivered order, on each of its products). */
export const productReviewSchema = z.object({
  rating: z.number().int().min(1).max(5),
  comment: z.string(),
  /** The sender's first name. */
  authorName: z.string(),
  createdAt: z.string(),
});
export type ProductReview = z.infer<typeof productReviewSchema>;

/** The average of every review of a product (one decimal) and how many there are. */
export const productRatingSchema = z.object({ average: z.number(), count: z.number().int() });
export type ProductRating = z.infer<typeof productRatingSchema>;

export const productDetailSchema = productSchema.extend({
  relatedProducts: z.array(productSummarySchema),
  /** The latest 10 reviews, newest first. */
  reviews: z.array(productReviewSchema),
  /** Null until the product has a review. */
  rating: productRatingSchema.nullable(),
  addons: z.array(productSummarySchema).optional(),
  alerts: z.array(z.string()).optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** A number in the query string (typed callers may pass a number). */
const queryNumber = (field: string) =>
  z.coerce.number<string | number>({ message: `${field} must be a number` }).int(`${field} must be a whole number`);

const countParam = (field: string, max: number) => queryNumber(field).pipe(z.number().min(0, `${field} must not be negative`).max(max, `${field} must be at most ${max}`));

/** GET /v1/product/slug/{slug} */
export const productBySlugQuery = businessQuery.extend({
  slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'must be a product slug (lower-case letters, digits and dashes)'),
  relatedProductsCount: countParam('relatedProductsCount', 24).default(0),
  includeAddons: queryBoolean.default(false),
  onlyActive: queryBoolean.default(true),
  includeAlerts: queryBoolean.default(false),
});
export type ProductBySlugQuery = z.input<typeof productBySlugQuery>;
export const productBySlugResponse = envelope(productDetailSchema);

/** GET /v1/product/all */
export const productAllQuery = businessQuery.extend({ onlyActive: queryBoolean.default(true) });
export type ProductAllQuery = z.input<typeof productAllQuery>;
export const productListResponse = envelope(z.array(productSummarySchema));

const commaList = (field: string, pattern: RegExp, max = 100) =>
  z
    .string()
    .max(4000)
    .transform((s) => [...new Set(s.split(',').map((v) => v.trim()).filter(Boolean))])
    .refine((list) => list.length > 0, `${field} must list at least one value`)
    .refine((list) => list.length <= max, `${field} may list at most ${max} values`)
    .refine((list) => list.every((v) => pattern.test(v)), `${field} has a malformed value`);

/** GET /v1/product/slug-multiple */
export const productSlugMultipleQuery = businessQuery.extend({
  slugs: commaList('slugs', /^[a-z0-9-]{1,120}$/),
  onlyActive: queryBoolean.default(true),
});
export type ProductSlugMultipleQuery = z.input<typeof productSlugMultipleQuery>;

/** GET /v1/product/id-multiple */
export const productIdMultipleQuery = businessQuery.extend({
  ids: commaList('ids', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i),
  onlyActive: queryBoolean.default(true),
});
export type ProductIdMultipleQuery = z.input<typeof productIdMultipleQuery>;

export const SORT_FIELDS = ['relevance', 'name', 'price', 'createdAt'] as const;
export const SORT_TYPES = ['asc', 'desc'] as const;
export const SEARCH_FIELDS = ['name', 'sku'] as const;
export const PRODUCT_CLASSES = ['flowers', 'gifts', 'plants', 'accessories'] as const;
export const MAX_PAGE_SIZE = 100;

/** A comma-joined filter whose values must come from a known list. */
const enumList = <T extends string>(field: string, allowed: readonly T[]) =>
  z
    .string()
    .max(2000)
    .transform((s) => [...new Set(s.split(',').map((v) => v.trim().toLowerCase()).filter(Boolean))])
    .superRefine((list, ctx) => {
      const unknown = list.filter((v) => !(allowed as readonly string[]).includes(v));
      if (unknown.length > 0)
        ctx.addIssue({
          code: 'custom',
          message: `${field} has unknown value "${unknown[0]}" (allowed: ${allowed.join(', ')})`,
        });
    })
    .transform((list) => list as T[]);

/** GET /v1/product/paginate */
export const paginateQuery = businessQuery.extend({
  pageNumber: queryNumber('pageNumber').pipe(z.number().min(1, 'pageNumber must be 1 or more').max(100000, 'pageNumber is too large')).default(1),
  pageSize: queryNumber('pageSize')
    .pipe(z.number().min(1, 'pageSize must be 1 or more').max(MAX_PAGE_SIZE, `pageSize must be at most ${MAX_PAGE_SIZE}`))
    .default(24),
  onlyActive: queryBoolean.default(true),
  sortField: z.enum(SORT_FIELDS, { message: `sortField must be one of ${SORT_FIELDS.join(', ')}` }).optional(),
  sortType: z.enum(SORT_TYPES, { message: 'sortType must be asc or desc' }).optional(),
  searchValue: withoutControls(z.string().trim().max(100, 'searchValue must be at most 100 characters')).optional(),
  searchField: z.enum(SEARCH_FIELDS, { message: `searchField must be one of ${SEARCH_FIELDS.join(', ')}` }).optional(),
  categories: commaList('categories', /^[a-z0-9-]{1,120}$/, 30).optional(),
  productClass: enumList('productClass', PRODUCT_CLASSES).optional(),
  budget: enumList('budget', SHOP_BY_VALUES.budget).optional(),
  delivery: enumList('delivery', SHOP_BY_VALUES.delivery).optional(),
  design: enumList('design', SHOP_BY_VALUES.design).optional(),
  flowerName: enumList('flowerName', SHOP_BY_VALUES.flowerName).optional(),
  flowerType: enumList('flowerType', SHOP_BY_VALUES.flowerType).optional(),
  packages: enumList('packages', SHOP_BY_VALUES.packages).optional(),
});
export type PaginateQuery = z.input<typeof paginateQuery>;
export type PaginateParams = z.output<typeof paginateQuery>;

export const productPageSchema = z.object({
  items: z.array(productSummarySchema),
  pageNumber: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  totalPages: z.number().int(),
});
export type ProductPage = z.infer<typeof productPageSchema>;
export const paginateResponse = envelope(productPageSchema);

export const categorySchema = z.object({
  slug: z.string(),
  title: z.string(),
  intro: z.string(),
  seoDescription: z.string(),
  navGroup: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

/** GET /v1/product-category/{slug}: a category's title and texts (not in the spec's table: the storefront's category pages need them). */
export const categoryQuery = businessQuery.extend({
  slug: z.string().regex(/^[a-z0-9-]{1,120}$/, 'slug must be a category slug (lower-case letters, digits and dashes)'),
});
export const categoryResponse = envelope(categorySchema);
