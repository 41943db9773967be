/**
 * The product editor's calls (issue 14): what the editor shows (`productEditorData`), a new
 * product (`createProduct`), a change of any of its fields (`editProduct`; the list's quick
 * change keeps going through `changeProduct`) and a copy (`duplicateProduct`). Each write is one
 * transaction through `writeProduct` (product-save.ts: checks, slug redirects, sizes, audit), then
 * `contentChanged()` after the commit so that the next shopper request sees it.
 *
 * @example
 * const { product } = await createProduct(db, member, productFieldsBody.parse(body), now());
 */
import { randomUUID } from 'node:crypto';
import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { categories, designOptions, productImages, productSlugRedirects, products, productVariants } from '@/lib/server/db/schema';
import { BadRequestError, NotFoundError } from '@/lib/server/http/errors';
import { describeIssue } from '@/lib/server/http/route';
import { contentChanged } from '@/lib/server/live/content';
import { adminProduct, changeProduct, PRODUCT_NOT_FOUND } from '@/lib/server/services/backoffice/products';
import { asConflict, isProductId, lockProductWrites, productFieldsOf, writeProduct } from '@/lib/server/services/backoffice/product-save';
import {
  ALL_CATEGORY,
  MAX_SLUG_LENGTH,
  productFieldsBody,
  productName,
  quickChangeOf,
  type AdminProductDetail,
  type ProductChoices,
  type ProductEditorData,
  type ProductFields,
  type ProductPatch,
} from '@/lib/contracts/catalogue-admin';
import { splitProductName } from '@/lib/domain/catalogue';

type Actor = { id: string; address?: string };

/** A product with everything its editor shows; 404 for an unknown id. */
export async function adminProductDetail(db: Db, id: string): Promise<AdminProductDetail> {
  const [row, fields, [pictures], former] = await Promise.all([
    adminProduct(db, id),
    productFieldsOf(db, id),
    db.select({ n: count() }).from(productImages).where(eq(productImages.productId, id)),
    db.select({ slug: productSlugRedirects.oldSlug }).from(productSlugRedirects).where(eq(productSlugRedirects.productId, id)).orderBy(asc(productSlugRedirects.createdAt), asc(productSlugRedirects.oldSlug)),
  ]);
  const [created] = await db.select({ at: products.createdAt }).from(products).where(eq(products.id, id));
  return { ...row, fields, pictures: Number(pictures?.n ?? 0), formerSlugs: former.map((f) => f.slug), createdAt: created!.at.toISOString() };
}

/** The categories (without `all`, which every product is in) and design options the editor offers. */
export async function productChoices(db: Db): Promise<ProductChoices> {
  const [categoryRows, designRows] = await Promise.all([
    db.select({ slug: categories.slug, title: categories.title, navGroup: categories.navGroup }).from(categories).orderBy(asc(categories.sortOrder), asc(categories.title)),
    db.select({ name: designOptions.name, title: designOptions.title, price: designOptions.price }).from(designOptions).orderBy(asc(designOptions.sortOrder), asc(designOptions.name)),
  ]);
  return { categories: categoryRows.filter((c) => c.slug !== ALL_CATEGORY), designOptions: designRows };
}

/** `GET /admin/api/products/{id}`: the product and the choices; `new` answers the choices alone. */
export async function productEditorData(db: Db, id: string): Promise<ProductEditorData> {
  const [product, choices] = await Promise.all([id === 'new' ? null : adminProductDetail(db, id), productChoices(db)]);
  return { product, choices };
}

/** Runs a product write in one transaction, its database refusals as 409s, then tells the caches. */
async function write<T extends { changed: boolean }>(db: Db, work: (tx: Db) => Promise<T>): Promise<T> {
  let outcome: T;
  try {
    outcome = await db.transaction(work);
  } catch (error) {
    throw asConflict(error);
  }
  // After the commit: this process's caches drop their entries and the other instances are told.
  if (outcome.changed) await contentChanged(await getDatabase());
  return outcome;
}

export type EditorOutcome = { product: AdminProductDetail; changed: boolean };

/** A new product from its whole fields (400, 409 as `saveProduct`); answers it. */
export async function createProduct(db: Db, actor: Actor, fields: ProductFields, at: Date): Promise<EditorOutcome> {
  const { id } = await write(db, (tx) => writeProduct(tx, null, fields, actor, at));
  return { product: await adminProductDetail(db, id), changed: true };
}

/**
 * A change's sizes laid over the product's. Sizes named by SKU alone change the size with that
 * SKU (the others stay); once any size carries an id or a name, the list is the whole new list
 * (a size left out goes), and a size it matches keeps what the change leaves out.
 */
function mergedSizes(current: ProductFields['variants'], sent: NonNullable<ProductPatch['variants']>): ProductFields['variants'] {
  const whole = sent.length === 0 || sent.some((s) => s.id !== undefined || s.name !== undefined);
  const matchOf = (size: (typeof sent)[number]) =>
    size.id !== undefined ? current.find((c) => c.id === size.id) : current.find((c) => c.sku.toLowerCase() === size.sku.toLowerCase());
  if (!whole) {
    return current.map((size) => {
      const index = sent.findIndex((s) => s.sku.toLowerCase() === size.sku.toLowerCase());
      const change = sent[index];
      return change ? { ...size, price: change.price ?? size.price, inStock: change.inStock ?? size.inStock } : size;
    });
  }
  return sent.map((size, index) => {
    const match = matchOf(size);
    if (size.id !== undefined && !match) throw new BadRequestError(`variants.${index}.id: is not one of this product's sizes`);
    const name = size.name ?? match?.name;
    const price = size.price ?? match?.price;
    if (name === undefined) throw new BadRequestError(`variants.${index}.name is required for a new size`);
    if (price === undefined) throw new BadRequestError(`variants.${index}.price is required for a new size`);
    return { ...(match ? { id: match.id } : {}), name, sku: size.sku, price, inStock: size.inStock ?? match?.inStock ?? true };
  });
}

/** The product's fields with the change laid over them, checked again as a whole (400 naming the field). */
function merged(current: ProductFields, patch: ProductPatch): ProductFields {
  const next: Record<string, unknown> = { ...current };
  for (const [key, value] of Object.entries(patch)) if (value !== undefined && key !== 'variants') next[key] = value;
  if (patch.variants) {
    next.variants = mergedSizes(current.variants, patch.variants);
    // Sizes decide the listed price; without sizes, the price sent (or the simple price kept).
    if ((next.variants as unknown[]).length > 0 && patch.price === undefined) delete next.price;
  }
  const parsed = productFieldsBody.safeParse(next);
  if (!parsed.success) throw new BadRequestError(describeIssue(parsed.error, 'body'));
  return parsed.data;
}

/**
 * `PATCH /admin/api/products/{id}`: the list's quick change through `changeProduct` (its rules
 * and messages), any other subset of fields laid over the product's and saved whole. Answers the
 * product afterwards and whether anything changed.
 */
export async function editProduct(db: Db, actor: Actor, id: string, patch: ProductPatch, at: Date): Promise<EditorOutcome> {
  const quick = quickChangeOf(patch);
  if (quick) {
    const { changed } = await changeProduct(db, actor, id, quick, at);
    return { product: await adminProductDetail(db, id), changed };
  }
  if (!isProductId(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const { changed } = await write(db, async (tx) => {
    await lockProductWrites(tx);
    // The row is held first, so that a quick change cannot land between the read and the write.
    await tx.select({ id: products.id }).from(products).where(eq(products.id, id)).for('update');
    return writeProduct(tx, id, merged(await productFieldsOf(tx, id), patch), actor, at);
  });
  return { product: await adminProductDetail(db, id), changed };
}

/** The first of `candidates(n)` for n = 1, 2, … that `taken` says is free. */
async function firstFree<T>(candidates: (n: number) => T, taken: (candidate: T) => Promise<boolean>): Promise<T> {
  for (let n = 1; n < 1000; n++) {
    const candidate = candidates(n);
    if (!(await taken(candidate))) return candidate;
  }
  throw new Error('no free copy name after 1000 tries');
}

const copySuffix = (n: number) => (n === 1 ? '-copy' : `-copy-${n}`);

/**
 * A copy of a product: `<slug>-copy` (or -copy-2, …: free as a slug and as a former slug), its
 * SKU and its sizes' SKUs with -COPY (-COPY-2, …), "(copy)" after its title, not sold until a
 * manager activates it; its categories, sizes, shop-by values, related products and picture rows
 * (the same drawings or stored files) copied. Answers the copy.
 */
export async function duplicateProduct(db: Db, actor: Actor, id: string, at: Date): Promise<EditorOutcome> {
  const { id: copyId } = await write(db, async (tx) => {
    await lockProductWrites(tx);
    const source = await productFieldsOf(tx, id);
    const slug = await firstFree(
      (n) => `${source.slug.slice(0, MAX_SLUG_LENGTH - copySuffix(n).length).replace(/-+$/, '')}${copySuffix(n)}`,
      async (candidate) => {
        const [product] = await tx.select({ id: products.id }).from(products).where(eq(products.slug, candidate));
        const [former] = await tx.select({ slug: productSlugRedirects.oldSlug }).from(productSlugRedirects).where(eq(productSlugRedirects.oldSlug, candidate));
        return Boolean(product || former);
      },
    );
    const skuOf = (sku: string, n: number) => `${sku.slice(0, 64 - copySuffix(n).length)}${copySuffix(n).toUpperCase()}`;
    const n = await firstFree(
      (n) => n,
      async (n) => {
        const wanted = [source.sku, ...source.variants.map((v) => v.sku)].map((sku) => skuOf(sku, n).toLowerCase());
        const [asProduct] = await tx.select({ id: products.id }).from(products).where(inArray(sql`lower(${products.sku})`, wanted));
        const [asSize] = await tx.select({ id: productVariants.id }).from(productVariants).where(inArray(sql`lower(${productVariants.sku})`, wanted));
        return Boolean(asProduct || asSize);
      },
    );
    const { title, subtitle } = splitProductName(source.name);
    const fields: ProductFields = {
      ...source,
      name: productName(`${title.slice(0, 130)} (copy)`, subtitle).slice(0, 150),
      slug,
      sku: skuOf(source.sku, n),
      variants: source.variants.map((size) => ({ name: size.name, sku: skuOf(size.sku, n), price: size.price, inStock: size.inStock })),
      active: false,
    };
    const outcome = await writeProduct(tx, null, fields, actor, at, { action: 'duplicated', auditBefore: { copiedFrom: id, copiedFromSlug: source.slug } });
    const pictures = await tx.select().from(productImages).where(eq(productImages.productId, id)).orderBy(asc(productImages.position));
    if (pictures.length > 0) {
      await tx.insert(productImages).values(pictures.map((p) => ({ id: randomUUID(), productId: outcome.id, position: p.position, alt: p.alt, art: p.art, storageKey: p.storageKey })));
    }
    return outcome;
  });
  return { product: await adminProductDetail(db, copyId), changed: true };
}
