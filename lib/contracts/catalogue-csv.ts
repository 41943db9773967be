/**
 * The catalogue as a CSV file (issue 14): `GET /admin/api/catalogue-file` exports every product,
 * inactive ones too, one row per product; `POST /admin/api/catalogue-file?dryRun=1|0` takes such
 * a file back (the CSV itself as the body, `Content-Type: text/csv`), checks every row against
 * the product editor's contract (`productFieldsBody`, lib/contracts/catalogue-admin.ts) and
 * answers what would change, or changes it.
 *
 * The file's columns are `CATALOGUE_COLUMNS`, in that order, with a header row. Rules a shop
 * manager needs (the import page shows them):
 * - a row finds its product by `id` (as exported), else by `slug`; a row that finds none adds a
 *   product (leave `id` empty for a new product);
 * - lists (categories, shop-by values, design options, related products) are separated by `|`;
 * - sizes are one cell: `Standard:RV-STD:45000:in|Deluxe:RV-DLX:60000:out` (name, SKU, price in
 *   whole naira, in or out of stock); a product with sizes leaves `price` empty;
 * - a column left out of the file keeps every product's value (a file of `slug,price` changes
 *   prices only); an empty `in_stock`, `active`, `budget`, `product_class` or `relevance_order`
 *   cell keeps the product's value too (a new product gets the default);
 * - a cell that starts with = + - or @ is written with an apostrophe in front, so that a
 *   spreadsheet shows it as text instead of running it; the import takes the apostrophe off.
 * Rows are numbered as the spreadsheet numbers them: the header is row 1.
 */
import { z } from 'zod';
import type { ProductFieldName } from '@/lib/contracts/catalogue-admin';

/** The largest file the import takes. */
export const MAX_CATALOGUE_FILE_BYTES = 5 * 1024 * 1024;

/** Separates the values of a list cell, and the sizes of the sizes cell. */
export const LIST_SEPARATOR = '|';

export type CatalogueColumn = {
  /** The header as written (snake_case). */
  name: string;
  /** The product field it holds; null for `id`. */
  field: ProductFieldName | null;
  /** What a shop manager writes in it. */
  help: string;
};

/** The file's columns, in the order the export writes them. */
export const CATALOGUE_COLUMNS = [
  { name: 'id', field: null, help: "The product's id, as exported. Leave it empty for a new product." },
  { name: 'slug', field: 'slug', help: "The product's address, /product/<slug>: lower-case words joined by hyphens. Changing it keeps the old address working." },
  { name: 'name', field: 'name', help: 'Title – subtitle, with an en dash, e.g. "Red Velvet – 24 red roses".' },
  { name: 'sku', field: 'sku', help: "The product's SKU." },
  { name: 'price', field: 'price', help: 'Whole naira, e.g. 45000, for a product without sizes. Leave it empty for a product with sizes.' },
  { name: 'sizes', field: 'variants', help: 'A product with sizes: name:SKU:price:in or out, separated by |, e.g. Standard:RV-STD:45000:in|Deluxe:RV-DLX:60000:out.' },
  { name: 'in_stock', field: 'inStock', help: 'yes or no.' },
  { name: 'active', field: 'active', help: 'Sold in the shop: yes or no.' },
  { name: 'product_class', field: 'productClass', help: 'flowers, gifts, plants or accessories.' },
  { name: 'budget', field: 'budget', help: 'regular or vip.' },
  { name: 'relevance_order', field: 'relevanceOrder', help: 'A whole number; lower comes first in listings.' },
  { name: 'categories', field: 'categories', help: 'Category slugs, separated by |.' },
  { name: 'flower_type', field: 'flowerType', help: 'fresh flowers | forever roses.' },
  { name: 'design', field: 'design', help: 'bouquets | box arrangements | wrapped bouquet | others.' },
  { name: 'packages', field: 'packages', help: 'bundled products, or empty.' },
  { name: 'delivery', field: 'delivery', help: 'same day delivery, or empty.' },
  { name: 'flower_name', field: 'flowerName', help: 'roses | chrysanthemums | lilies | million stars | gerberas | carnations.' },
  { name: 'design_options', field: 'designOptions', help: 'Design options offered (their names), separated by |.' },
  { name: 'related', field: 'related', help: "Related products' slugs, separated by |." },
  { name: 'description', field: 'description', help: 'The description; line breaks are kept.' },
] as const satisfies readonly CatalogueColumn[];

export type CatalogueColumnName = (typeof CATALOGUE_COLUMNS)[number]['name'];

/** The column that holds a product field (for messages that name a field). */
export function columnOf(field: string): CatalogueColumnName | null {
  return CATALOGUE_COLUMNS.find((c) => c.field === field)?.name ?? (field === 'id' ? 'id' : null);
}

/** `POST /admin/api/catalogue-file?dryRun=1|0`: 1 checks and changes nothing, 0 imports. */
export const catalogueImportQuery = z.object({
  dryRun: z.enum(['1', '0', 'true', 'false'], { error: 'dryRun must be 1 (check only) or 0 (import)' }).transform((v) => v === '1' || v === 'true'),
});

/** A changed column of an updated product: its cell before and after, as the file writes them. */
export type CatalogueFieldChange = { column: string; before: string; after: string };

/** What a row does (or would do) to its product. */
export type CatalogueRowChange = {
  row: number;
  slug: string;
  name: string;
  action: 'created' | 'updated' | 'unchanged';
  /** For 'updated': each column that changes. */
  changes: CatalogueFieldChange[];
};

/** A problem with a row (row 1 is the header; 0 is the file as a whole): the column, when one is to blame. */
export type CatalogueRowError = { row: number; column: string | null; message: string };

/** The answer of a check or an import. */
export type CatalogueImportReport = {
  dryRun: boolean;
  /** Product rows read (the header not counted). */
  rows: number;
  created: number;
  updated: number;
  unchanged: number;
  /** Every row that found or made a product, in the file's order. */
  products: CatalogueRowChange[];
  errors: CatalogueRowError[];
};
