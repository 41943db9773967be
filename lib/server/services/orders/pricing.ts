/**
 * Prices an order's cart items from the catalogue. The shopper's cart says what was chosen
 * (product, size, design, quantity, SKU); what it costs, and what the line is called, always
 * comes from the database. Every item is checked before anything is written, and a refused item
 * is a 400 that names it by its product name: unknown product, no longer sold, out of stock,
 * unknown size or design, a SKU that is not the chosen size's, or a sent `price` that differs
 * from the catalogue's unit price.
 *
 * SKUs are accepted exactly as the client builds them (`cartItemFrom` in lib/domain/cart.ts):
 * the size's SKU for a variable product, the product's SKU otherwise, with no design suffix.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '@/lib/server/db/client';
import { designOptions, productImages, products, productVariants } from '@/lib/server/db/schema';
import { BadRequestError } from '@/lib/server/http/errors';
import { imageSrc } from '@/lib/server/services/catalogue';
import type { orderCartItemSchema } from '@/lib/contracts/orders';
import { splitProductName } from '@/lib/domain/catalogue';
import { formatNaira } from '@/lib/domain/money';
import { isOrderId } from '@/lib/server/services/orders/store';

export type RequestedItem = z.output<typeof orderCartItemSchema>;

/** An order line as stored in `order_items` (without the order id). */
export type PricedItem = {
  position: number;
  productId: string;
  variantId: string | null;
  sku: string;
  name: string;
  description: string;
  size: string;
  image: { src: string; alt: string };
  unitPrice: number;
  designName: string | null;
  designTitle: string | null;
  designPrice: number;
  quantity: number;
  lineTotal: number;
};

/** The catalogue rows the items name, fetched in four queries whatever the number of items. */
async function catalogueFor(tx: Db, items: RequestedItem[]) {
  // Product ids are UUIDs; anything else cannot name a product (and must not reach a uuid column).
  const ids = [...new Set(items.map((i) => i.productId).filter(isOrderId))];
  const designNames = [...new Set(items.flatMap((i) => (i.design ? [i.design] : [])))];
  const none = Promise.resolve([]);
  const [productRows, variantRows, designRows, imageRows] = await Promise.all([
    ids.length === 0
      ? none
      : tx
          .select({
            id: products.id,
            name: products.name,
            subtitle: products.subtitle,
            description: products.description,
            price: products.price,
            sku: products.sku,
            type: products.type,
            active: products.active,
            inStock: products.inStock,
            designOptions: products.designOptions,
          })
          .from(products)
          .where(inArray(products.id, ids)),
    ids.length === 0 ? none : tx.select().from(productVariants).where(inArray(productVariants.productId, ids)).orderBy(productVariants.sortOrder),
    designNames.length === 0 ? none : tx.select().from(designOptions).where(inArray(designOptions.name, designNames)),
    ids.length === 0
      ? none
      : tx
          .select({
            id: productImages.id,
            productId: productImages.productId,
            alt: productImages.alt,
          })
          .from(productImages)
          .where(and(inArray(productImages.productId, ids), eq(productImages.position, 0))),
  ]);
  const variantsOf = new Map<string, (typeof variantRows)[number][]>();
  for (const v of variantRows) variantsOf.set(v.productId, [...(variantsOf.get(v.productId) ?? []), v]);
  return {
    productsById: new Map(productRows.map((p) => [p.id, p])),
    variantsOf,
    designsByName: new Map(designRows.map((d) => [d.name, d])),
    imageOf: new Map(imageRows.map((i) => [i.productId, { src: imageSrc(i.id), alt: i.alt }])),
  };
}

/**
 * The items priced from the catalogue, in the order sent (positions 0, 1, …); throws a 400
 * naming the first refused item (`field` prefixes the path, e.g. 'cartItems').
 * @example await priceItems(tx, [{ productId, SKU: 'RV-DLX', size: 'Deluxe', quantity: 2 }]) // [{ unitPrice: 77000, lineTotal: 154000, … }]
 */
export async function priceItems(tx: Db, items: RequestedItem[], field = 'cartItems'): Promise<PricedItem[]> {
  const { productsById, variantsOf, designsByName, imageOf } = await catalogueFor(tx, items);
  return items.map((item, index) => {
    const at = `${field}.${index}`;
    const product = productsById.get(item.productId);
    if (!product) throw new BadRequestError(`${at}.productId: we have no product with the id "${item.productId}"`);
    const { title, subtitle } = splitProductName(product.name);
    if (!product.active) throw new BadRequestError(`${at}: ${title} is no longer sold`);
    if (!product.inStock) throw new BadRequestError(`${at}: ${title} is out of stock`);

    let variant: typeof productVariants.$inferSelect | null = null;
    const size = item.size?.trim() ?? '';
    if (product.type === 'variable') {
      const variants = variantsOf.get(product.id) ?? [];
      const sizes = variants.map((v) => v.name).join(', ');
      variant = size ? (variants.find((v) => v.name.toLowerCase() === size.toLowerCase()) ?? null) : (variants.find((v) => v.sku === item.SKU) ?? null);
      if (!variant) {
        throw new BadRequestError(size ? `${at}.size: ${title} comes in ${sizes}, not "${size}"` : `${at}.size: please choose a size of ${title} (${sizes})`);
      }
      if (!variant.inStock) throw new BadRequestError(`${at}.size: ${title} (${variant.name}) is out of stock`);
    } else if (size) {
      throw new BadRequestError(`${at}.size: ${title} comes in one size only`);
    }

    const label = variant ? `${title} (${variant.name})` : title;
    const sku = variant?.sku ?? product.sku;
    if (item.SKU !== sku) throw new BadRequestError(`${at}.SKU: ${item.SKU} is not the SKU of ${label}`);

    const unitPrice = variant?.price ?? product.price;
    if (item.price !== undefined && item.price !== unitPrice) {
      throw new BadRequestError(`${at}.price: ${label} costs ${formatNaira(unitPrice)}, not ${formatNaira(item.price)}`);
    }

    let design: typeof designOptions.$inferSelect | null = null;
    if (item.design) {
      design = (product.designOptions.includes(item.design) && designsByName.get(item.design)) || null;
      if (!design) {
        const offered = product.designOptions.length > 0 ? `choose one of ${product.designOptions.join(', ')}` : 'it has no design options';
        throw new BadRequestError(`${at}.design: ${title} does not come as "${item.design}" (${offered})`);
      }
    }

    const designPrice = design?.price ?? 0;
    return {
      position: index,
      productId: product.id,
      variantId: variant?.id ?? null,
      sku,
      name: title,
      description: (product.subtitle || subtitle || product.description).slice(0, 2000),
      size: variant?.name ?? '',
      image: imageOf.get(product.id) ?? { src: '', alt: title },
      unitPrice,
      designName: design?.name ?? null,
      designTitle: design?.title ?? null,
      designPrice,
      quantity: item.quantity,
      lineTotal: (unitPrice + designPrice) * item.quantity,
    };
  });
}
