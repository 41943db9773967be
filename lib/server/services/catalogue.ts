/**
 * The catalogue: products by slug, slugs and ids, all products, and the paginated listing with
 * search (words anywhere in the name, tolerant of small typos through pg_trgm), shop-by filters
 * and sorts. Owns every catalogue query; API routes only call these functions.
 */
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '@/lib/server/db/client';
import { categories, designOptions, productImages, productSlugRedirects, products, productVariants, relatedProducts, searchTerms } from '@/lib/server/db/schema';
import type { Category, PaginateParams, Product, ProductDetail, ProductPage, ProductSummary } from '@/lib/contracts/catalogue';
import { NotFoundError } from '@/lib/server/http/errors';
import { productReviews } from '@/lib/server/services/orders/reviews';

type ProductRow = typeof products.$inferSelect;

/** Public URL of a generated product image. */
export function imageSrc(imageId: string): string {
  return `/media/p/${imageId}.webp`;
}

const summaryColumns = {
  id: products.id,
  name: products.name,
  subtitle: products.subtitle,
  slug: products.slug,
  price: products.price,
  sku: products.sku,
  type: products.type,
  active: products.active,
  inStock: products.inStock,
  relevanceOrder: products.relevanceOrder,
  budget: products.budget,
};
type SummaryRow = Pick<ProductRow, keyof typeof summaryColumns>;

/** Images of many products in one query, grouped by product, at most `perProduct` each. */
async function imagesFor(db: Db, productIds: string[], perProduct: number): Promise<Map<string, { src: string; alt: string }[]>> {
  const byProduct = new Map<string, { src: string; alt: string }[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select({ id: productImages.id, productId: productImages.productId, alt: productImages.alt, position: productImages.position })
    .from(productImages)
    .where(and(inArray(productImages.productId, productIds), sql`${productImages.position} < ${perProduct}`))
    .orderBy(productImages.productId, productImages.position);
  for (const row of rows) {
    const list = byProduct.get(row.productId) ?? [];
    list.push({ src: imageSrc(row.id), alt: row.alt });
    byProduct.set(row.productId, list);
  }
  return byProduct;
}

async function toSummaries(db: Db, rows: SummaryRow[]): Promise<ProductSummary[]> {
  const images = await imagesFor(
    db,
    rows.map((r) => r.id),
    2,
  );
  return rows.map((r) => ({ ...r, images: images.get(r.id) ?? [] }));
}

const activeOnly = (onlyActive: boolean): SQL | undefined => (onlyActive ? eq(products.active, true) : undefined);

/** Escapes LIKE wildcards so that a shopper's `%` or `_` is matched literally. */
function likeEscape(word: string): string {
  return word.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/**
 * A searched word and its simple English singular or plural, so that "lily" finds lilies and
 * "daisies" finds daisy.
 * @example wordForms('lily') // ['lily', 'lilies']
 */
export function wordForms(word: string): string[] {
  const forms = [word];
  if (word.length > 3 && word.endsWith('ies')) forms.push(`${word.slice(0, -3)}y`);
  else if (word.length > 2 && /[^aeiou]y$/.test(word)) forms.push(`${word.slice(0, -1)}ies`);
  else if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) forms.push(word.slice(0, -1));
  return forms;
}

/** Smallest trigram similarity for a known word to count as a typo of the searched one. */
const TYPO_SIMILARITY = 0.45;

const textArray = (values: readonly string[]): SQL =>
  sql`ARRAY[${sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  )}]::text[]`;

/**
 * The known name words a searched word stands for: those it begins ("rose" → roses) and, for
 * words of four letters or more, close typos ("chrysanthemun" → chrysanthemums). Runs over
 * the small `search_terms` vocabulary with its trigram index.
 */
function termsMatching(word: string): SQL {
  const prefix = sql.join(
    wordForms(word).map((form) => sql`${searchTerms.term} LIKE ${`${likeEscape(form)}%`}`),
    sql` OR `,
  );
  const typo = sql`(${searchTerms.term} % ${word} AND similarity(${searchTerms.term}, ${word}) >= ${TYPO_SIMILARITY})`;
  return sql`ARRAY(SELECT ${searchTerms.term} FROM ${searchTerms} WHERE ${word.length >= 4 ? sql`${prefix} OR ${typo}` : prefix})`;
}

/**
 * The words of a search: lower-cased runs of letters and digits, two characters or longer,
 * at most six of them, each cut to 40 characters.
 * @example searchWords("Valentine's RED roses") // ['valentine', 'red', 'roses']
 */
export function searchWords(value: string): string[] {
  return value
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => w.length >= 2)
    .map((w) => w.slice(0, 40))
    .slice(0, 6);
}

const arrayOverlaps = (column: SQL | AnyPgColumn, values: readonly string[]): SQL => sql`${column} && ${textArray(values)}`;

/** One page of products for the listing, search and shop-by pages. */
export async function paginateProducts(db: Db, params: PaginateParams): Promise<ProductPage> {
  const conditions: (SQL | undefined)[] = [activeOnly(params.onlyActive)];
  const filters: [keyof PaginateParams, SQL | AnyPgColumn][] = [
    ['categories', products.categories],
    ['budget', sql`ARRAY[${products.budget}]`],
    ['productClass', sql`ARRAY[${products.productClass}]`],
    ['delivery', products.delivery],
    ['design', products.design],
    ['flowerName', products.flowerName],
    ['flowerType', products.flowerType],
    ['packages', products.packages],
  ];
  for (const [field, column] of filters) {
    const values = params[field] as string[] | undefined;
    // `all` is the whole catalogue: every product carries it, so it filters nothing.
    const effective = field === 'categories' ? values?.filter((v) => v !== 'all') : values;
    if (effective && effective.length > 0) conditions.push(arrayOverlaps(column, effective));
  }

  const words = params.searchValue ? searchWords(params.searchValue) : [];
  const nameSearch = words.length > 0 && params.searchField !== 'sku';
  if (params.searchValue && words.length === 0) {
    // Text with nothing searchable in it (only punctuation such as "%") matches nothing.
    conditions.push(sql`false`);
  } else if (words.length > 0 && params.searchField === 'sku') {
    conditions.push(sql`lower(${products.sku}) LIKE ${`${likeEscape(words.join(' '))}%`}`);
  } else {
    for (const word of words) conditions.push(sql`${products.searchWords} && ${termsMatching(word)}`);
  }

  const direction = params.sortType === 'desc' ? desc : asc;
  const order: SQL[] = [];
  switch (params.sortField) {
    case 'name':
      // Case-insensitive A-Z in byte order, the same on every server whatever its locale.
      order.push(direction(sql`lower(${products.name}) COLLATE "C"`));
      break;
    case 'price':
      order.push(direction(products.price));
      break;
    case 'createdAt':
      order.push(direction(products.createdAt));
      break;
    default:
      // Products holding every word exactly as typed come before prefix and typo matches.
      if (nameSearch) order.push(sql`${products.searchWords} @> ${textArray(words)} DESC`);
      order.push(direction(products.relevanceOrder), asc(products.name));
  }
  order.push(asc(products.id));

  const where = and(...conditions);
  const offset = (params.pageNumber - 1) * params.pageSize;
  const rows = await db
    .select({ ...summaryColumns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(products)
    .where(where)
    .orderBy(...order)
    .limit(params.pageSize)
    .offset(offset);

  let total = rows[0]?.total ?? 0;
  if (rows.length === 0 && offset > 0) {
    const [counted] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(products).where(where);
    total = counted?.n ?? 0;
  }
  const items = await toSummaries(
    db,
    rows.map(({ total: _total, ...row }) => row),
  );
  return {
    items,
    pageNumber: params.pageNumber,
    pageSize: params.pageSize,
    total,
    totalPages: Math.ceil(total / params.pageSize),
  };
}

/** Every product (active only unless asked otherwise), best first. */
export async function allProducts(db: Db, onlyActive: boolean): Promise<ProductSummary[]> {
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .where(activeOnly(onlyActive))
    .orderBy(asc(products.relevanceOrder), asc(products.name));
  return toSummaries(db, rows);
}

/** Products named by slug or id, in the order asked; unknown ones are left out. */
export async function productsByKeys(db: Db, key: 'slug' | 'id', values: string[], onlyActive: boolean): Promise<ProductSummary[]> {
  const column = key === 'slug' ? products.slug : products.id;
  const rows = await db
    .select(summaryColumns)
    .from(products)
    .where(and(inArray(column, values), activeOnly(onlyActive)));
  const position = new Map(values.map((v, i) => [v, i]));
  rows.sort((a, b) => (position.get(a[key]) ?? 0) - (position.get(b[key]) ?? 0));
  return toSummaries(db, rows);
}

async function fullProduct(db: Db, row: ProductRow): Promise<Product> {
  const [variants, images, designs] = await Promise.all([
    db
      .select({ id: productVariants.id, name: productVariants.name, sku: productVariants.sku, price: productVariants.price, inStock: productVariants.inStock })
      .from(productVariants)
      .where(eq(productVariants.productId, row.id))
      .orderBy(productVariants.sortOrder),
    imagesFor(db, [row.id], 10),
    row.designOptions.length > 0
      ? db
          .select({ name: designOptions.name, title: designOptions.title, price: designOptions.price })
          .from(designOptions)
          .where(inArray(designOptions.name, row.designOptions))
          .orderBy(designOptions.sortOrder)
      : Promise.resolve([]),
  ]);
  return {
    id: row.id,
    name: row.name,
    subtitle: row.subtitle,
    slug: row.slug,
    price: row.price,
    sku: row.sku,
    type: row.type,
    images: images.get(row.id) ?? [],
    active: row.active,
    inStock: row.inStock,
    relevanceOrder: row.relevanceOrder,
    budget: row.budget,
    description: row.description,
    productClass: row.productClass,
    categories: row.categories,
    flowerType: row.flowerType,
    design: row.design,
    packages: row.packages,
    delivery: row.delivery,
    flowerName: row.flowerName,
    variants,
    designOptions: designs,
  };
}

export type ProductBySlugOptions = {
  relatedProductsCount: number;
  includeAddons: boolean;
  onlyActive: boolean;
  /** Product notes to attach when the caller asked for alerts. */
  alerts?: string[];
};

/** Gifts offered beside a flower order (chocolates, wine, cakes, teddies, balloons). */
const ADDON_CATEGORIES = ['chocolates-and-biscuits', 'wine-and-champagne', 'cakes-and-cupcakes', 'teddy-bears', 'balloons'];

/** The product at `slug`, or the one that had it before a rename (`product_slug_redirects`). */
async function productAtSlug(db: Db, slug: string, onlyActive: boolean): Promise<ProductRow | undefined> {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.slug, slug), activeOnly(onlyActive)))
    .limit(1);
  if (row) return row;
  const [moved] = await db
    .select({ product: products })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(and(eq(productSlugRedirects.oldSlug, slug), activeOnly(onlyActive)))
    .limit(1);
  return moved?.product;
}

/**
 * One product with its variants, images, design options, related products, add-ons, latest
 * reviews and rating. A former slug of a renamed product answers that product, under its current
 * `slug` (the product page then answers 301 to it).
 */
export async function productBySlug(db: Db, slug: string, options: ProductBySlugOptions): Promise<ProductDetail> {
  const row = await productAtSlug(db, slug, options.onlyActive);
  if (!row) throw new NotFoundError(`No product is called "${slug}"`);

  const related = async (): Promise<ProductSummary[]> => {
    if (options.relatedProductsCount === 0) return [];
    const rows = await db
      .select(summaryColumns)
      .from(relatedProducts)
      .innerJoin(products, eq(products.id, relatedProducts.relatedId))
      .where(and(eq(relatedProducts.productId, row.id), eq(products.active, true)))
      .orderBy(relatedProducts.position)
      .limit(options.relatedProductsCount);
    return toSummaries(db, rows);
  };
  const addons = async (): Promise<ProductSummary[] | undefined> => {
    if (!options.includeAddons) return undefined;
    const rows = await db
      .select(summaryColumns)
      .from(products)
      .where(and(eq(products.active, true), eq(products.inStock, true), arrayOverlaps(products.categories, ADDON_CATEGORIES), sql`${products.id} <> ${row.id}`))
      .orderBy(asc(products.relevanceOrder), asc(products.price))
      .limit(8);
    return toSummaries(db, rows);
  };

  const [product, relatedProductsList, addonList, reviewed] = await Promise.all([fullProduct(db, row), related(), addons(), productReviews(db, row.id)]);
  return {
    ...product,
    relatedProducts: relatedProductsList,
    reviews: reviewed.reviews,
    rating: reviewed.rating,
    ...(addonList ? { addons: addonList } : {}),
    ...(options.alerts ? { alerts: options.alerts } : {}),
  };
}

/** A category's title and texts, or null when there is no such category. */
export async function categoryBySlug(db: Db, slug: string): Promise<Category | null> {
  const [row] = await db
    .select({ slug: categories.slug, title: categories.title, intro: categories.intro, seoDescription: categories.seoDescription, navGroup: categories.navGroup })
    .from(categories)
    .where(eq(categories.slug, slug))
    .limit(1);
  return row ?? null;
}
