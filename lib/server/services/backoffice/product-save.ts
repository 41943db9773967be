/**
 * Writing a whole product (issue 14): `saveProduct` creates or changes a product from its
 * fields (`productFieldsBody`, lib/contracts/catalogue-admin.ts) inside the caller's transaction,
 * so that the product editor and the catalogue import (one transaction for a whole file) share
 * one set of rules:
 *
 * - references are checked against the catalogue: categories and design options that exist,
 *   related products by their current slug (never the product itself);
 * - slugs and SKUs are unique (SKUs case-insensitively, across products and sizes alike); a slug
 *   that is another product's former slug is refused too (it still leads there), 409;
 * - a changed slug keeps working: the old one goes to `product_slug_redirects` (its product page
 *   answers 301 to the new one) and featured groups naming it are rewritten; a product taking
 *   back one of its own former slugs drops that redirect;
 * - sizes are matched by id, else by SKU; a size that orders reference cannot be removed (409:
 *   mark it out of stock instead), since `order_items.variant_id` points at it;
 * - the listed price of a product with sizes is its cheapest size's;
 * - every product belongs to the `all` category (kept at the end of its list, never shown in
 *   the fields);
 * - a save that changes nothing writes nothing; otherwise one `content_audit` line with the
 *   fields before and after.
 *
 * Writers of slugs and SKUs take one transaction-scoped advisory lock first, so that two saves
 * cannot both find a slug free. The caller calls `contentChanged()` after its commit.
 *
 * @example
 * const id = await db.transaction((tx) => saveProduct(tx, null, productFieldsBody.parse(body), member, now()));
 * await contentChanged(await getDatabase());
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import {
  categories,
  designOptions,
  featuredGroups,
  orderItems,
  productSlugRedirects,
  products,
  productVariants,
  relatedProducts,
} from '@/lib/server/db/schema';
import { BadRequestError, HttpError, NotFoundError } from '@/lib/server/http/errors';
import { recordContentChange, type ContentAction } from '@/lib/server/services/backoffice/content-audit';
import { PRODUCT_NOT_FOUND } from '@/lib/server/services/backoffice/products';
import { ALL_CATEGORY, type ProductFields } from '@/lib/contracts/catalogue-admin';
import { splitProductName } from '@/lib/domain/catalogue';

/** The advisory lock every writer of product slugs and SKUs holds until its transaction ends. */
const PRODUCT_WRITE_LOCK = 0x5052_4f44; // 'PROD'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isProductId = (id: string) => UUID.test(id);

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;
type Actor = { id: string; address?: string } | null;

const conflict = (message: string) => new HttpError(409, message);
const titleOf = (name: string) => splitProductName(name).title;
const lower = (values: string[]) => values.map((v) => v.toLowerCase());

/** Holds the product-write lock until the transaction ends (re-entrant within it). */
export async function lockProductWrites(tx: Db): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${PRODUCT_WRITE_LOCK})`);
}

/**
 * The fields of a product as its editor and the catalogue export show them: sizes with their ids
 * in their order, categories without `all`, related products by current slug in their order,
 * `price` only for a product without sizes. 404 for an unknown product.
 */
export async function productFieldsOf(db: Db, id: string): Promise<ProductFields> {
  const [row] = isProductId(id) ? await db.select().from(products).where(eq(products.id, id)) : [];
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  // One query after another: inside a transaction they share one connection.
  const sizes = await sizesOf(db, id);
  return fieldsFromRows(row, sizes, await relatedSlugsOf(db, id));
}

const sizesOf = (db: Db, id: string) => db.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.sortOrder), asc(productVariants.sku));

async function relatedSlugsOf(db: Db, id: string): Promise<string[]> {
  const rows = await db
    .select({ slug: products.slug })
    .from(relatedProducts)
    .innerJoin(products, eq(products.id, relatedProducts.relatedId))
    .where(eq(relatedProducts.productId, id))
    .orderBy(asc(relatedProducts.position));
  return rows.map((r) => r.slug);
}

/**
 * A product's fields from its row, its sizes (in their order) and its related slugs, in one fixed
 * key order (audit lines and the no-change test compare them as JSON; the CSV export reads the
 * whole catalogue through it).
 */
export function fieldsFromRows(row: ProductRow, sizes: Pick<VariantRow, 'id' | 'name' | 'sku' | 'price' | 'inStock'>[], related: string[]): ProductFields {
  return {
    name: row.name,
    slug: row.slug,
    description: row.description,
    sku: row.sku,
    ...(sizes.length === 0 ? { price: row.price } : {}),
    variants: sizes.map((v) => ({ id: v.id, name: v.name, sku: v.sku, price: v.price, inStock: v.inStock })),
    designOptions: row.designOptions,
    categories: row.categories.filter((c) => c !== ALL_CATEGORY),
    // As stored: values outside today's lists (an older catalogue's) show as they are, and a save
    // checks them again through productFieldsBody.
    flowerType: row.flowerType as ProductFields['flowerType'],
    design: row.design as ProductFields['design'],
    packages: row.packages as ProductFields['packages'],
    delivery: row.delivery as ProductFields['delivery'],
    flowerName: row.flowerName as ProductFields['flowerName'],
    budget: row.budget,
    productClass: row.productClass,
    relevanceOrder: row.relevanceOrder,
    related,
    inStock: row.inStock,
    active: row.active,
  };
}

/** Categories, design options and related products named by the fields: 400 for any the catalogue lacks. */
async function checkReferences(tx: Db, fields: ProductFields, selfId: string | null): Promise<string[]> {
  const wanted = fields.categories.filter((c) => c !== ALL_CATEGORY);
  const knownCategories = wanted.length ? await tx.select({ slug: categories.slug }).from(categories).where(inArray(categories.slug, wanted)) : [];
  const knownDesigns = await tx.select({ name: designOptions.name }).from(designOptions).orderBy(asc(designOptions.sortOrder));
  const relatedRows = fields.related.length ? await tx.select({ id: products.id, slug: products.slug }).from(products).where(inArray(products.slug, fields.related)) : [];
  fields.categories.forEach((slug, index) => {
    if (slug !== ALL_CATEGORY && !knownCategories.some((c) => c.slug === slug)) throw new BadRequestError(`categories.${index}: there is no category "${slug}"`);
  });
  fields.designOptions.forEach((name, index) => {
    if (!knownDesigns.some((d) => d.name === name)) {
      throw new BadRequestError(`designOptions.${index}: there is no design option "${name}" (the shop's: ${knownDesigns.map((d) => d.name).join(', ')})`);
    }
  });
  const ids: string[] = [];
  for (const [index, slug] of fields.related.entries()) {
    const found = relatedRows.find((r) => r.slug === slug);
    if (!found) {
      const [moved] = await tx
        .select({ slug: products.slug })
        .from(productSlugRedirects)
        .innerJoin(products, eq(products.id, productSlugRedirects.productId))
        .where(eq(productSlugRedirects.oldSlug, slug));
      throw new BadRequestError(moved ? `related.${index}: "${slug}" is a former slug; the product is now "${moved.slug}"` : `related.${index}: no product has the slug "${slug}"`);
    }
    if (found.id === selfId) throw new BadRequestError(`related.${index}: is this product itself`);
    ids.push(found.id);
  }
  return ids;
}

/** 409 when the slug is another product's, now or formerly; true when it is one of this product's former slugs. */
async function checkSlug(tx: Db, slug: string, selfId: string | null): Promise<boolean> {
  const [owner] = await tx.select({ id: products.id, name: products.name }).from(products).where(eq(products.slug, slug));
  if (owner && owner.id !== selfId) throw conflict(`slug: "${slug}" is the address of another product (${titleOf(owner.name)})`);
  const [former] = await tx
    .select({ productId: productSlugRedirects.productId, name: products.name })
    .from(productSlugRedirects)
    .innerJoin(products, eq(products.id, productSlugRedirects.productId))
    .where(eq(productSlugRedirects.oldSlug, slug));
  if (former && former.productId !== selfId) throw conflict(`slug: "${slug}" was the address of ${titleOf(former.name)} and still leads there; choose another`);
  return Boolean(former);
}

/** 409 when the product's SKU or a size's is another product's or another product's size's. */
async function checkSkus(tx: Db, fields: ProductFields, selfId: string | null): Promise<void> {
  const all = [fields.sku, ...fields.variants.map((v) => v.sku)];
  const others = selfId ? ne(products.id, selfId) : undefined;
  const productSkus = await tx
    .select({ sku: products.sku, name: products.name })
    .from(products)
    .where(and(inArray(sql`lower(${products.sku})`, lower(all)), others));
  const sizeSkus = await tx
    .select({ sku: productVariants.sku, name: products.name })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(inArray(sql`lower(${productVariants.sku})`, lower(all)), others));
  all.forEach((sku, index) => {
    const field = index === 0 ? 'sku' : `variants.${index - 1}.sku`;
    const asProduct = productSkus.find((p) => p.sku.toLowerCase() === sku.toLowerCase());
    if (asProduct) throw conflict(`${field}: ${sku} is the SKU of ${titleOf(asProduct.name)}`);
    const asSize = sizeSkus.find((p) => p.sku.toLowerCase() === sku.toLowerCase());
    if (asSize) throw conflict(`${field}: ${sku} is the SKU of a size of ${titleOf(asSize.name)}`);
  });
}

type PlannedSize = { id: string; isNew: boolean; name: string; sku: string; price: number; inStock: boolean; sortOrder: number };

/** The sizes as they will be (each matched to an existing one by id, else by SKU) and those removed. */
function planSizes(fields: ProductFields, existing: VariantRow[], creating: boolean): { sizes: PlannedSize[]; removed: VariantRow[] } {
  const used = new Set<string>();
  const sizes = fields.variants.map((size, index) => {
    let match: VariantRow | undefined;
    if (size.id !== undefined) {
      if (creating) throw new BadRequestError(`variants.${index}.id: a new product has no sizes yet; leave id out`);
      match = existing.find((v) => v.id === size.id);
      if (!match) throw new BadRequestError(`variants.${index}.id: is not one of this product's sizes`);
      if (used.has(match.id)) throw new BadRequestError(`variants.${index}.id: names a size listed before`);
    } else {
      match = existing.find((v) => !used.has(v.id) && v.sku.toLowerCase() === size.sku.toLowerCase());
    }
    if (match) used.add(match.id);
    return { id: match?.id ?? randomUUID(), isNew: !match, name: size.name, sku: size.sku, price: size.price, inStock: size.inStock, sortOrder: index };
  });
  return { sizes, removed: existing.filter((v) => !used.has(v.id)) };
}

/** 409 when orders name a size that is to go: its lines point at the size's row. */
async function checkRemovable(tx: Db, removed: VariantRow[]): Promise<void> {
  if (removed.length === 0) return;
  const used = await tx
    .select({ variantId: orderItems.variantId, orders: sql<number>`count(distinct ${orderItems.orderId})::int` })
    .from(orderItems)
    .where(
      inArray(
        orderItems.variantId,
        removed.map((v) => v.id),
      ),
    )
    .groupBy(orderItems.variantId);
  const first = used[0];
  if (!first) return;
  const size = removed.find((v) => v.id === first.variantId)!;
  const orders = Number(first.orders);
  throw conflict(
    `variants: the size ${size.name} (${size.sku}) is on ${orders === 1 ? 'an order' : `${orders} orders`} and cannot be removed; keep it and mark it out of stock instead`,
  );
}

/** The stored categories: the chosen ones in their order, then `all`; the stored list itself when the choice is unchanged. */
function storedCategories(chosen: string[], current: string[] | undefined): string[] {
  const wanted = chosen.filter((c) => c !== ALL_CATEGORY);
  if (current && JSON.stringify(current.filter((c) => c !== ALL_CATEGORY)) === JSON.stringify(wanted) && current.includes(ALL_CATEGORY)) return current;
  return [...wanted, ALL_CATEGORY];
}

/** Options of a save: the audit line's action (default 'created' or 'updated') and extra facts for its `before`. */
export type SaveOptions = { action?: ContentAction; auditBefore?: Record<string, unknown> };

export type SaveOutcome = { id: string; changed: boolean };

/**
 * Creates (`existingId` null) or changes a product from its whole fields, in the caller's
 * transaction; answers its id. See the file's comment for the rules. 400 naming the field for a
 * reference the catalogue lacks, 404 for an unknown `existingId`, 409 for a slug or SKU that is
 * taken or a size on orders that would be removed. Nothing is written when nothing changes.
 */
export async function saveProduct(tx: Db, existingId: string | null, fields: ProductFields, actor: Actor, at: Date, options: SaveOptions = {}): Promise<string> {
  return (await writeProduct(tx, existingId, fields, actor, at, options)).id;
}

/** `saveProduct`, also saying whether anything changed. */
export async function writeProduct(tx: Db, existingId: string | null, fields: ProductFields, actor: Actor, at: Date, options: SaveOptions = {}): Promise<SaveOutcome> {
  await lockProductWrites(tx);
  let current: ProductRow | undefined;
  let existingSizes: VariantRow[] = [];
  if (existingId !== null) {
    [current] = isProductId(existingId) ? await tx.select().from(products).where(eq(products.id, existingId)).for('update') : [];
    if (!current) throw new NotFoundError(PRODUCT_NOT_FOUND);
    existingSizes = await sizesOf(tx, existingId);
  }
  const id = current?.id ?? randomUUID();
  const before = current ? fieldsFromRows(current, existingSizes, await relatedSlugsOf(tx, id)) : null;

  const relatedIds = await checkReferences(tx, fields, current?.id ?? null);
  const { sizes, removed } = planSizes(fields, existingSizes, !current);
  const takesBackFormer = fields.slug === current?.slug ? false : await checkSlug(tx, fields.slug, current?.id ?? null);
  await checkSkus(tx, fields, current?.id ?? null);

  const after = fieldsFromRows(
    {
      ...(current ?? ({} as ProductRow)),
      ...fields,
      price: sizes.length > 0 ? Math.min(...sizes.map((s) => s.price)) : fields.price!,
      categories: fields.categories,
    },
    sizes,
    fields.related,
  );
  if (before && JSON.stringify(before) === JSON.stringify(after)) return { id, changed: false };
  await checkRemovable(tx, removed);

  const row = {
    name: fields.name,
    subtitle: splitProductName(fields.name).subtitle,
    slug: fields.slug,
    description: fields.description,
    sku: fields.sku,
    price: sizes.length > 0 ? Math.min(...sizes.map((s) => s.price)) : fields.price!,
    type: sizes.length > 0 ? ('variable' as const) : ('simple' as const),
    active: fields.active,
    inStock: fields.inStock,
    relevanceOrder: fields.relevanceOrder,
    productClass: fields.productClass,
    categories: storedCategories(fields.categories, current?.categories),
    budget: fields.budget,
    flowerType: fields.flowerType,
    design: fields.design,
    packages: fields.packages,
    delivery: fields.delivery,
    flowerName: fields.flowerName,
    designOptions: fields.designOptions,
    updatedAt: at,
  };
  if (current) {
    await tx.update(products).set(row).where(eq(products.id, id));
  } else {
    await tx.insert(products).values({ id, ...row, createdAt: at });
  }

  if (current && current.slug !== fields.slug) await moveSlug(tx, id, current.slug, fields.slug, takesBackFormer, actor, at);
  await writeSizes(tx, id, sizes, removed, existingSizes);
  if (!before || JSON.stringify(before.related) !== JSON.stringify(after.related)) {
    await tx.delete(relatedProducts).where(eq(relatedProducts.productId, id));
    if (relatedIds.length > 0) await tx.insert(relatedProducts).values(relatedIds.map((relatedId, position) => ({ productId: id, relatedId, position })));
  }

  await recordContentChange(
    tx,
    {
      entity: 'product',
      entityId: id,
      action: options.action ?? (current ? 'updated' : 'created'),
      before: before || options.auditBefore ? { ...(options.auditBefore ?? {}), ...(before ?? {}) } : null,
      after,
      actor,
    },
    at,
  );
  return { id, changed: true };
}

/**
 * The old slug leads to the product from now on (or, taken back, no longer does); featured groups
 * that named the old slug name the new one, each with its own audit line.
 */
async function moveSlug(tx: Db, id: string, from: string, to: string, takesBackFormer: boolean, actor: Actor, at: Date): Promise<void> {
  if (takesBackFormer) await tx.delete(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, to));
  await tx.insert(productSlugRedirects).values({ oldSlug: from, productId: id, createdAt: at });
  const groups = await tx.select().from(featuredGroups).where(sql`${from} = any(${featuredGroups.featuredSlugs})`);
  for (const group of groups) {
    const slugs = group.featuredSlugs.map((s) => (s === from ? to : s));
    await tx.update(featuredGroups).set({ featuredSlugs: slugs }).where(eq(featuredGroups.key, group.key));
    await recordContentChange(tx, { entity: 'featured-group', entityId: group.key, action: 'updated', before: { featuredSlugs: group.featuredSlugs }, after: { featuredSlugs: slugs }, actor }, at);
  }
}

/** Removes, changes and adds sizes; SKUs that move between sizes pass through a temporary value first. */
async function writeSizes(tx: Db, productId: string, sizes: PlannedSize[], removed: VariantRow[], existing: VariantRow[]): Promise<void> {
  if (removed.length > 0) {
    await tx.delete(productVariants).where(
      inArray(
        productVariants.id,
        removed.map((v) => v.id),
      ),
    );
  }
  const changedSku = sizes.filter((s) => !s.isNew && existing.find((v) => v.id === s.id)!.sku !== s.sku);
  for (const size of changedSku) await tx.update(productVariants).set({ sku: `~${size.id}` }).where(eq(productVariants.id, size.id));
  for (const size of sizes) {
    const old = existing.find((v) => v.id === size.id);
    const values = { name: size.name, sku: size.sku, price: size.price, inStock: size.inStock, sortOrder: size.sortOrder };
    if (!old) await tx.insert(productVariants).values({ id: size.id, productId, ...values });
    else if (old.name !== size.name || old.sku !== size.sku || old.price !== size.price || old.inStock !== size.inStock || old.sortOrder !== size.sortOrder) {
      await tx.update(productVariants).set(values).where(eq(productVariants.id, size.id));
    }
  }
}

/** The driver's SQLSTATE of a failed query, along Drizzle's `cause` chain. */
function sqlState(error: unknown): string | undefined {
  for (let current = error, depth = 0; typeof current === 'object' && current !== null && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/**
 * A product write's database refusals as answers: a slug or SKU taken (23505) or a size an order
 * came to point at meanwhile (23503) is a 409; anything else is thrown as it is.
 */
export function asConflict(error: unknown): unknown {
  const state = sqlState(error);
  if (state === '23505') return conflict('Another change took this slug or SKU at the same moment; please check and save again');
  if (state === '23503') return conflict('variants: a size was just ordered and cannot be removed; keep it and mark it out of stock instead');
  return error;
}
