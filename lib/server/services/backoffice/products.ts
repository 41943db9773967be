/**
 * The back office's products (issue 14, first slice): the list managers search, and the change
 * of a product's price, its sizes' prices and stock, its stock and whether it is sold at all.
 * A change runs in one transaction (the product's row locked, a `content_audit` line with the
 * fields before and after), then `contentChanged()` after the commit, so that the next shopper
 * request, here and on the other instances, reads the new product (lib/server/live/content.ts).
 * The editor's whole-product writes (create, any field, duplicate) are in product-editor.ts and
 * product-save.ts; `PATCH /admin/api/products/{id}` sends a quick change here.
 *
 * @example
 * await changeProduct(db, member, productId, { variants: [{ sku: 'RV-DLX', price: 80000 }] }, now());
 */
import { and, asc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { productImages, products, productVariants } from '@/lib/server/db/schema';
import { BadRequestError, NotFoundError } from '@/lib/server/http/errors';
import { contentChanged } from '@/lib/server/live/content';
import { imageSrc } from '@/lib/server/services/catalogue';
import { recordContentChange } from '@/lib/server/services/backoffice/content-audit';
import type { AdminProduct, AdminProductPage, productChangeBody } from '@/lib/contracts/catalogue-admin';
import { splitProductName } from '@/lib/domain/catalogue';

export const ADMIN_PRODUCTS_PAGE_SIZE = 25;
export const PRODUCT_NOT_FOUND = 'Product not found';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type ProductRow = typeof products.$inferSelect;
type VariantRow = typeof productVariants.$inferSelect;

const likeEscape = (word: string) => word.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Every word in the name, or the whole text in the slug or a SKU (the product's or a size's). */
function matching(q: string | undefined): SQL | undefined {
  const text = q?.trim().toLowerCase();
  if (!text) return undefined;
  const words = text.split(/\s+/).filter(Boolean);
  const inName = and(...words.map((w) => ilike(products.name, `%${likeEscape(w)}%`)));
  const pattern = `%${likeEscape(text)}%`;
  const sizeSku = sql`exists (select 1 from ${productVariants} v where v.product_id = ${products.id} and v.sku ilike ${pattern})`;
  return or(inName, ilike(products.slug, pattern), ilike(products.sku, pattern), sizeSku);
}

async function toAdminProducts(db: Db, rows: ProductRow[]): Promise<AdminProduct[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const [variants, pictures] = await Promise.all([
    db.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(asc(productVariants.sortOrder), asc(productVariants.sku)),
    db
      .select({ id: productImages.id, productId: productImages.productId, alt: productImages.alt })
      .from(productImages)
      .where(and(inArray(productImages.productId, ids), eq(productImages.position, 0))),
  ]);
  return rows.map((row) => {
    const picture = pictures.find((p) => p.productId === row.id);
    return {
      id: row.id,
      name: row.name,
      slug: row.slug,
      sku: row.sku,
      type: row.type,
      price: row.price,
      active: row.active,
      inStock: row.inStock,
      picture: picture ? { src: imageSrc(picture.id), alt: picture.alt } : null,
      variants: variants.filter((v) => v.productId === row.id).map((v) => ({ sku: v.sku, size: v.name, price: v.price, inStock: v.inStock })),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
}

/** One page of products, inactive ones included, by name. */
export async function listAdminProducts(db: Db, query: { q?: string; page?: number }): Promise<AdminProductPage> {
  const page = query.page ?? 1;
  const where = matching(query.q);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.name), asc(products.id))
      .limit(ADMIN_PRODUCTS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_PRODUCTS_PAGE_SIZE),
    db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
  ]);
  return { rows: await toAdminProducts(db, rows), total: Number(count?.n ?? 0), page, pageSize: ADMIN_PRODUCTS_PAGE_SIZE };
}

/** One product as the back office shows it; 404 for an unknown id. */
export async function adminProduct(db: Db, id: string): Promise<AdminProduct> {
  const [row] = UUID.test(id) ? await db.select().from(products).where(eq(products.id, id)) : [];
  if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
  return (await toAdminProducts(db, [row]))[0]!;
}

/** What the audit keeps of a product: the fields this call changes. */
function audited(row: Pick<ProductRow, 'price' | 'inStock' | 'active'>, variants: Pick<VariantRow, 'sku' | 'price' | 'inStock'>[]) {
  return { price: row.price, inStock: row.inStock, active: row.active, variants: variants.map((v) => ({ sku: v.sku, price: v.price, inStock: v.inStock })) };
}

export type ProductChangeResult = { product: AdminProduct; changed: boolean };

/**
 * Changes a product's price (simple products), its sizes' prices and stock (variable products:
 * the listed price becomes the cheapest size's), its stock and whether it is sold. 404 for an
 * unknown product; 400 naming the field for a price on a variable product, sizes on a simple
 * one, a SKU that is not one of the product's sizes, or a size named twice. A change that
 * changes nothing writes nothing. Otherwise one transaction writes the product, its sizes and a
 * `content_audit` line (the member and address, the fields before and after); after it commits,
 * every cache of shopper-facing content is told.
 */
export async function changeProduct(
  db: Db,
  actor: { id: string; address?: string },
  id: string,
  body: z.output<typeof productChangeBody>,
  at: Date,
): Promise<ProductChangeResult> {
  if (!UUID.test(id)) throw new NotFoundError(PRODUCT_NOT_FOUND);
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(products).where(eq(products.id, id)).for('update');
    if (!row) throw new NotFoundError(PRODUCT_NOT_FOUND);
    const { title } = splitProductName(row.name);
    const variants = await tx.select().from(productVariants).where(eq(productVariants.productId, id)).orderBy(asc(productVariants.sortOrder), asc(productVariants.sku));

    if (body.price !== undefined && row.type === 'variable') {
      throw new BadRequestError(`price: ${title} comes in sizes (${variants.map((v) => v.name).join(', ')}); change each size's price under variants`);
    }
    if (body.variants && row.type === 'simple') throw new BadRequestError(`variants: ${title} comes in one size only; change its price`);
    const next = variants.map((v) => ({ ...v }));
    const seen = new Set<string>();
    for (const [index, change] of (body.variants ?? []).entries()) {
      const variant = next.find((v) => v.sku.toLowerCase() === change.sku.toLowerCase());
      if (!variant) throw new BadRequestError(`variants.${index}.sku: ${change.sku} is not a size of ${title} (its sizes: ${variants.map((v) => `${v.sku} ${v.name}`).join(', ')})`);
      if (seen.has(variant.sku)) throw new BadRequestError(`variants.${index}.sku: ${variant.sku} is listed twice`);
      seen.add(variant.sku);
      if (change.price !== undefined) variant.price = change.price;
      if (change.inStock !== undefined) variant.inStock = change.inStock;
    }

    const price = row.type === 'variable' && next.length > 0 ? Math.min(...next.map((v) => v.price)) : (body.price ?? row.price);
    const after = { price, inStock: body.inStock ?? row.inStock, active: body.active ?? row.active };
    const before = audited(row, variants);
    const afterAudit = audited(after, next);
    if (JSON.stringify(before) === JSON.stringify(afterAudit)) return false;

    for (const variant of next) {
      const old = variants.find((v) => v.id === variant.id)!;
      if (old.price !== variant.price || old.inStock !== variant.inStock) {
        await tx.update(productVariants).set({ price: variant.price, inStock: variant.inStock }).where(eq(productVariants.id, variant.id));
      }
    }
    await tx
      .update(products)
      .set({ ...after, updatedAt: at })
      .where(eq(products.id, id));
    await recordContentChange(tx, { entity: 'product', entityId: id, action: 'updated', before, after: afterAudit, actor }, at);
    return true;
  });
  // After the commit: this process's caches drop their entries and the other instances are told.
  if (changed) await contentChanged(await getDatabase());
  return { product: await adminProduct(db, id), changed };
}
