/**
 * The back office's catalogue calls (issue 14, first slice): the product list managers search
 * (`GET /admin/api/products?q=&page=`) and the change of a product's price, sizes' prices, stock
 * and availability (`PATCH /admin/api/products/{id}`). Shared by the route, the service and the
 * browser's client (lib/api/staff.ts).
 */
import { z } from 'zod';
import { optional, singleLine, strictObject } from '@/lib/contracts/text';

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
