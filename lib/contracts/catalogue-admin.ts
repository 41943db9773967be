/**
 * The back office's catalogue calls (issue 14, first slice): the product list managers search
 * (`GET /admin/api/products?q=&page=`) and the change of a product's price, sizes' prices, stock
 * and availability (`PATCH /admin/api/products/{id}`). Shared by the route, the service and the
 * browser's client (lib/api/staff.ts).
 *
 * The product editor's shapes follow below: `productFieldsBody` (a whole product, what a create
 * and the catalogue import take), `productPatchBody` (any subset of it), `AdminProductDetail`.
 */
import { z } from 'zod';
import { PRODUCT_CLASSES } from '@/lib/contracts/catalogue';
import { multiLine, optional, singleLine, strictObject } from '@/lib/contracts/text';
import { SHOP_BY_VALUES, type ShopByField } from '@/lib/domain/catalogue';

/** The largest price a product or size may be given, in naira (a typo guard, not a business rule). */
export const MAX_PRODUCT_PRICE = 100_000_000;

/** A price in whole naira: more than 0, at most `MAX_PRODUCT_PRICE`; the 400 names the field. */
export const nairaPrice = z
  .number({ message: 'must be a whole number of naira, e.g. 45000' })
  .int('must be a whole number of naira, e.g. 45000')
  .min(1, 'must be more than ₦0')
  .max(MAX_PRODUCT_PRICE, 'must be at most ₦100,000,000');

const trueOrFalse = z.boolean({ message: 'must be true or false' });

/** `GET /admin/api/products?q=&page=`: words of the name, the slug or a SKU; 25 a page. */
export const adminProductsQuery = z.object({
  q: optional(singleLine(100)),
  page: z.coerce.number().int('page must be a whole number').min(1, 'page must be 1 or more').max(100_000, 'page must be at most 100000').optional(),
});
export type AdminProductsQuery = z.input<typeof adminProductsQuery>;

/** One size of a variable product as managers change it: found by its SKU (never by position). */
export const variantChangeBody = strictObject({
  sku: singleLine(64).min(1, 'sku is required: the SKU of the size to change'),
  price: nairaPrice.optional(),
  inStock: trueOrFalse.optional(),
});

/**
 * `PATCH /admin/api/products/{id}`: only what changes. `price` is a simple product's; a variable
 * product's prices are its sizes' (`variants`), and its listed price follows the cheapest size.
 */
export const productChangeBody = strictObject({
  price: nairaPrice.optional(),
  variants: z.array(variantChangeBody).min(1, 'variants must list at least one size').max(50, 'variants must list at most 50 sizes').optional(),
  inStock: trueOrFalse.optional(),
  active: trueOrFalse.optional(),
}).refine((body) => Object.values(body).some((value) => value !== undefined), { message: 'Send at least one of price, variants, inStock, active' });
export type ProductChangeBody = z.input<typeof productChangeBody>;

/** A size as the back office lists it. */
export type AdminVariant = { sku: string; size: string; price: number; inStock: boolean };

/** A product as the back office lists it: `variants` empty for a simple product. */
export type AdminProduct = {
  id: string;
  name: string;
  slug: string;
  sku: string;
  type: 'simple' | 'variable';
  /** The simple price, or the cheapest size's (what the storefront lists). */
  price: number;
  active: boolean;
  inStock: boolean;
  /** The first picture, or null. */
  picture: { src: string; alt: string } | null;
  variants: AdminVariant[];
  /** ISO time of the last change. */
  updatedAt: string;
};

export type AdminProductPage = { rows: AdminProduct[]; total: number; page: number; pageSize: number };

// ---------------------------------------------------------------------------------------------
// The product editor (issue 14): every editable field of a product, as a create takes them
// (`POST /admin/api/products`), a change takes any subset of them (`PATCH …/{id}`), the editor
// reads them (`GET …/{id}`) and the catalogue import sends them line by line (saveProduct).

/** A product's address: lower-case words of letters and digits joined by single hyphens. */
export const PRODUCT_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
/** The longest product slug (the storefront's product call takes up to 120 characters). */
export const MAX_SLUG_LENGTH = 120;
/** A SKU: letters and digits, with dots, dashes or underscores between them. */
export const SKU_PATTERN = /^[A-Za-z0-9]+(?:[._-][A-Za-z0-9]+)*$/;
/** The most sizes, related products, categories a product may have. */
export const MAX_SIZES = 20;
export const MAX_RELATED = 24;
export const MAX_CATEGORIES = 30;
/** The category every product belongs to (kept by the service, not chosen in the editor). */
export const ALL_CATEGORY = 'all';

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const EN_DASH = '\u2013';

/**
 * A product name as the shop writes it: "Title – subtitle" (an en dash between spaces), or the
 * title alone.
 * @example productName('Red Velvet', '24 red roses') // 'Red Velvet – 24 red roses'
 */
export function productName(title: string, subtitle: string): string {
  return subtitle.trim() ? `${title.trim()} ${EN_DASH} ${subtitle.trim()}` : title.trim();
}

const nameField = singleLine(150)
  .min(1, 'must not be empty')
  .refine((name) => !name.startsWith(EN_DASH), 'must start with the title, e.g. "Red Velvet – 24 red roses"')
  .transform((name) => {
    const at = name.indexOf(EN_DASH);
    return at < 0 ? name : productName(name.slice(0, at), name.slice(at + 1));
  });

export const slugField = singleLine(MAX_SLUG_LENGTH)
  .min(1, 'must not be empty')
  .regex(PRODUCT_SLUG, 'must be lower-case words joined by hyphens, e.g. red-velvet-roses');

export const skuField = singleLine(64)
  .min(1, 'must not be empty')
  .regex(SKU_PATTERN, 'must be letters and digits, with dots, dashes or underscores between them, e.g. RF-ROS-0001');

const descriptionField = multiLine(5000).min(1, 'must not be empty');
const sizeName = singleLine(60).min(1, 'must not be empty');
const variantId = z.string().regex(UUID_PATTERN, "must be the id of one of the product's sizes");

/** A list that names each value once. */
function uniqueList<T extends z.ZodType<string>>(item: T, max: number, what: string) {
  return z
    .array(item, { message: `must be a list of ${what}` })
    .max(max, `must list at most ${max} ${what}`)
    .superRefine((list, ctx) => {
      const seen = new Set<string>();
      list.forEach((value, index) => {
        const key = value.toLowerCase();
        if (seen.has(key)) ctx.addIssue({ code: 'custom', path: [index], message: `lists "${value}" twice` });
        seen.add(key);
      });
    });
}

/** A shop-by list: values from lib/domain/catalogue.ts's SHOP_BY_VALUES, each once. */
const shopBy = <K extends Exclude<ShopByField, 'budget'>>(field: K) =>
  uniqueList(z.enum(SHOP_BY_VALUES[field], { message: `must be one of: ${SHOP_BY_VALUES[field].join(', ')}` }), SHOP_BY_VALUES[field].length, 'values');

const categoriesField = uniqueList(slugField, MAX_CATEGORIES, 'categories').refine((list) => list.some((slug) => slug !== ALL_CATEGORY), 'must name at least one category');
const designOptionsField = uniqueList(singleLine(60).min(1, 'must not be empty'), 20, 'design options');
const relatedField = uniqueList(slugField, MAX_RELATED, 'products');
const budgetField = z.enum(SHOP_BY_VALUES.budget, { error: (iss) => (iss.input === undefined ? 'budget is required' : 'must be regular or vip') });
const productClassField = z.enum(PRODUCT_CLASSES, {
  error: (iss) => (iss.input === undefined ? 'productClass is required' : `must be one of: ${PRODUCT_CLASSES.join(', ')}`),
});
const relevanceField = z
  .number({ message: 'must be a whole number' })
  .int('must be a whole number')
  .min(0, 'must be 0 or more')
  .max(1_000_000, 'must be at most 1000000');

/** One size of a variable product, whole: its id when it is one of the product's sizes already. */
export const variantFields = strictObject({
  id: variantId.optional(),
  name: sizeName,
  sku: skuField,
  price: nairaPrice,
  inStock: trueOrFalse.default(true),
});

/** The rules between fields: a price or sizes, sizes named and numbered once, not related to itself. */
function checkTogether(
  fields: { slug?: string; sku?: string; price?: number; variants?: { name?: string; sku: string; price?: number }[]; related?: string[] },
  ctx: z.RefinementCtx,
  whole: boolean,
): void {
  const sizes = fields.variants;
  if (whole && (!sizes || sizes.length === 0) && fields.price === undefined) {
    ctx.addIssue({ code: 'custom', path: ['price'], message: 'is required for a product without sizes (or list its sizes under variants)' });
  }
  if (sizes && sizes.length > 0 && fields.price !== undefined && sizes.every((s) => s.price !== undefined)) {
    const cheapest = Math.min(...sizes.map((s) => s.price!));
    if (fields.price !== cheapest) {
      ctx.addIssue({ code: 'custom', path: ['price'], message: `a product with sizes is listed at its cheapest size's price (₦${cheapest.toLocaleString('en-NG')}); leave price out` });
    }
  }
  const names = new Set<string>();
  const skus = new Set<string>(fields.sku ? [fields.sku.toLowerCase()] : []);
  (sizes ?? []).forEach((size, index) => {
    if (size.name !== undefined) {
      if (names.has(size.name.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['variants', index, 'name'], message: `"${size.name}" is the name of another size` });
      names.add(size.name.toLowerCase());
    }
    if (skus.has(size.sku.toLowerCase())) ctx.addIssue({ code: 'custom', path: ['variants', index, 'sku'], message: size.sku.toLowerCase() === fields.sku?.toLowerCase() ? `${size.sku} is the product's own SKU; give the size its own` : `${size.sku} is listed twice` });
    skus.add(size.sku.toLowerCase());
  });
  const self = fields.related?.indexOf(fields.slug ?? '') ?? -1;
  if (fields.slug && self >= 0) ctx.addIssue({ code: 'custom', path: ['related', self], message: 'is this product itself' });
}

/**
 * Every editable field of a product: what `POST /admin/api/products` takes, and what the
 * catalogue import sends for each line (through `saveProduct`). A product with `variants`
 * (sizes) is variable and listed at its cheapest size's price (`price` may be left out, or must
 * be that price); one without sizes is simple and needs `price`. Categories, design options and
 * related products are checked against the catalogue by the service (400 naming the field).
 */
export const productFieldsBody = strictObject({
  name: nameField,
  slug: slugField,
  description: descriptionField,
  sku: skuField,
  price: nairaPrice.optional(),
  variants: z.array(variantFields, { message: 'must be a list of sizes' }).max(MAX_SIZES, `must list at most ${MAX_SIZES} sizes`).default([]),
  designOptions: designOptionsField.default([]),
  categories: categoriesField,
  flowerType: shopBy('flowerType').default([]),
  design: shopBy('design').default([]),
  packages: shopBy('packages').default([]),
  delivery: shopBy('delivery').default([]),
  flowerName: shopBy('flowerName').default([]),
  budget: budgetField.default('regular'),
  productClass: productClassField,
  relevanceOrder: relevanceField.default(100),
  related: relatedField.default([]),
  inStock: trueOrFalse.default(true),
  active: trueOrFalse.default(true),
}).superRefine((fields, ctx) => checkTogether(fields, ctx, true));
/** A whole product's fields as the service uses them (names normalised, defaults filled in). */
export type ProductFields = z.output<typeof productFieldsBody>;
/** A whole product's fields as a caller sends them. */
export type ProductFieldsInput = z.input<typeof productFieldsBody>;
/** The fields a product change may carry. */
export type ProductFieldName = keyof ProductFields;
export const PRODUCT_FIELD_NAMES = Object.keys(productFieldsBody.shape) as ProductFieldName[];

/**
 * A size in a change: found by `id`, else by SKU. Without `id` and `name` it is a change to a
 * size the product has (the list's quick change: price, stock); with either, `variants` is the
 * product's whole list of sizes, and a size left out of it is removed.
 */
export const variantPatch = strictObject({
  id: variantId.optional(),
  name: sizeName.optional(),
  sku: skuField,
  price: nairaPrice.optional(),
  inStock: trueOrFalse.optional(),
});

/**
 * `PATCH /admin/api/products/{id}`: any subset of the product's fields. The list's quick change
 * (`productChangeBody`: price, sizes' prices and stock by SKU, inStock, active) is one such subset
 * and keeps its meaning and its messages.
 */
export const productPatchBody = strictObject({
  name: nameField.optional(),
  slug: slugField.optional(),
  description: descriptionField.optional(),
  sku: skuField.optional(),
  price: nairaPrice.optional(),
  variants: z.array(variantPatch, { message: 'must be a list of sizes' }).max(MAX_SIZES, `must list at most ${MAX_SIZES} sizes`).optional(),
  designOptions: designOptionsField.optional(),
  categories: categoriesField.optional(),
  flowerType: shopBy('flowerType').optional(),
  design: shopBy('design').optional(),
  packages: shopBy('packages').optional(),
  delivery: shopBy('delivery').optional(),
  flowerName: shopBy('flowerName').optional(),
  budget: budgetField.optional(),
  productClass: productClassField.optional(),
  relevanceOrder: relevanceField.optional(),
  related: relatedField.optional(),
  inStock: trueOrFalse.optional(),
  active: trueOrFalse.optional(),
})
  .refine((body) => Object.values(body).some((value) => value !== undefined), { message: `Send at least one field to change (${PRODUCT_FIELD_NAMES.join(', ')})` })
  .superRefine((fields, ctx) => checkTogether(fields, ctx, false));
export type ProductPatchBody = z.input<typeof productPatchBody>;
export type ProductPatch = z.output<typeof productPatchBody>;

const QUICK_KEYS = new Set(['price', 'variants', 'inStock', 'active']);

/**
 * The change as the list's quick change (`productChangeBody`) when it is one: only price, sizes
 * named by SKU alone (no `id`, no `name`), inStock and active. Null for any other change.
 */
export function quickChangeOf(patch: ProductPatch): z.output<typeof productChangeBody> | null {
  const keys = Object.keys(patch).filter((key) => patch[key as keyof ProductPatch] !== undefined);
  if (!keys.every((key) => QUICK_KEYS.has(key))) return null;
  if (patch.variants && (patch.variants.length === 0 || patch.variants.some((v) => v.id !== undefined || v.name !== undefined))) return null;
  return {
    price: patch.price,
    variants: patch.variants?.map((v) => ({ sku: v.sku, price: v.price, inStock: v.inStock })),
    inStock: patch.inStock,
    active: patch.active,
  };
}

/** A product as the editor shows it: the list's row, its fields (sizes with their ids), and more. */
export type AdminProductDetail = AdminProduct & {
  fields: ProductFields;
  /** How many pictures it has (they are changed on their own page). */
  pictures: number;
  /** Its former slugs, whose product pages answer 301 to the current one. */
  formerSlugs: string[];
  /** ISO time it was added. */
  createdAt: string;
};

/** What the editor offers to choose from: the catalogue's categories and design options. */
export type ProductChoices = {
  categories: { slug: string; title: string; navGroup: string }[];
  designOptions: { name: string; title: string; price: number }[];
};

/** `GET /admin/api/products/{id}` (or `/new`, with `product` null): what the editor needs. */
export type ProductEditorData = { product: AdminProductDetail | null; choices: ProductChoices };
