/**
 * Writes a catalogue and the sample settings into the database. Only inserts what is missing
 * (ids are derived from slugs and SKUs), so running it twice changes nothing and never
 * overwrites what staff have edited since.
 */
import { createHash } from 'node:crypto';
import type { Db } from '@/lib/server/db/client';
import { categories, coupons, currencies, designOptions, featuredGroups, productImages, products, productVariants, relatedProducts, settings } from '@/lib/server/db/schema';
import type { SeedCatalogue } from '@/lib/server/seed/types';
import { SEED_ALERT_SETTINGS, SEED_CURRENCIES, SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import { seedCoupons } from '@/lib/samples/coupons';
import { SETTINGS_KEYS } from '@/lib/server/services/settings';

/**
 * A stable UUID (version 5 layout) from a name, so that seeded rows keep their ids.
 * @example stableId('product:red-velvet') // always the same uuid
 */
export function stableId(name: string): string {
  const hex = createHash('sha1').update(`regal-flowers:${name}`).digest('hex');
  const variant = ((parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

function chunks<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const BATCH = 400;

/** Inserts the catalogue, sample settings and sample coupons that are not there yet, in one transaction. */
export async function seedDatabase(db: Db, catalogue: SeedCatalogue): Promise<void> {
  const productId = (slug: string) => stableId(`product:${slug}`);
  await db.transaction(async (tx) => {
    await tx.insert(currencies).values(SEED_CURRENCIES).onConflictDoNothing();
    await tx
      .insert(settings)
      .values([
        { key: SETTINGS_KEYS.delivery, value: SEED_DELIVERY_SETTINGS },
        { key: SETTINGS_KEYS.alerts, value: SEED_ALERT_SETTINGS },
      ])
      .onConflictDoNothing();
    await tx.insert(coupons).values(seedCoupons(new Date())).onConflictDoNothing();
    await tx.insert(categories).values(catalogue.categories).onConflictDoNothing();
    await tx.insert(designOptions).values(catalogue.designOptions).onConflictDoNothing();
    await tx.insert(featuredGroups).values(catalogue.featuredGroups).onConflictDoNothing();

    for (const batch of chunks(catalogue.products, BATCH)) {
      await tx
        .insert(products)
        .values(
          batch.map((p) => ({
            id: productId(p.slug),
            slug: p.slug,
            name: p.name,
            subtitle: p.subtitle,
            description: p.description,
            price: p.price,
            sku: p.sku,
            type: p.type,
            active: p.active,
            inStock: p.inStock,
            relevanceOrder: p.relevanceOrder,
            productClass: p.productClass,
            categories: p.categories,
            budget: p.budget,
            flowerType: p.flowerType,
            design: p.design,
            packages: p.packages,
            delivery: p.delivery,
            flowerName: p.flowerName,
            designOptions: p.designOptions,
          })),
        )
        .onConflictDoNothing();
    }
    const variants = catalogue.products.flatMap((p) =>
      p.variants.map((v, i) => ({ id: stableId(`variant:${v.sku}`), productId: productId(p.slug), name: v.name, sku: v.sku, price: v.price, inStock: v.inStock, sortOrder: i })),
    );
    for (const batch of chunks(variants, BATCH)) await tx.insert(productVariants).values(batch).onConflictDoNothing();

    const images = catalogue.products.flatMap((p) =>
      p.images.map((image, position) => ({ id: stableId(`image:${p.slug}:${position}`), productId: productId(p.slug), position, alt: image.alt, art: image.art })),
    );
    for (const batch of chunks(images, BATCH)) await tx.insert(productImages).values(batch).onConflictDoNothing();

    const related = catalogue.products.flatMap((p) =>
      p.related.map((slug, position) => ({ productId: productId(p.slug), relatedId: productId(slug), position })),
    );
    for (const batch of chunks(related, BATCH)) await tx.insert(relatedProducts).values(batch).onConflictDoNothing();
  });
}
