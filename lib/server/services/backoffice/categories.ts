/**
 * The back office's categories and featured groups (issue 14): a category's title, intro, SEO
 * description, navigation group and order; a featured group's title and its products, in order.
 * Each change runs in one transaction (the row locked, a `content_audit` line with the fields
 * before and after), then `contentChanged()` after the commit, so that the next shopper request
 * (category page, header menus, home page), here and on the other instances, reads it.
 *
 * @example
 * await changeCategory(db, member, 'birthday-flowers', { intro: 'Bright bouquets…' }, now());
 * await saveFeaturedGroup(db, member, 'gift', { title: 'Gifts They Will Love', featuredSlugs: ['ferrero-box'] }, now());
 */
import { asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { getDatabase, type Db } from '@/lib/server/db/client';
import { categories, featuredGroups, products, productSlugRedirects } from '@/lib/server/db/schema';
import { BadRequestError, NotFoundError } from '@/lib/server/http/errors';
import { contentChanged } from '@/lib/server/live/content';
import { recordContentChange } from '@/lib/server/services/backoffice/content-audit';
import {
  CATEGORY_NAV_GROUPS,
  type AdminCategory,
  type AdminFeaturedGroup,
  type categoryChangeBody,
  type featuredGroupBody,
} from '@/lib/contracts/categories-admin';

export const CATEGORY_NOT_FOUND = 'Category not found';
export const FEATURED_GROUP_NOT_FOUND = 'Featured group not found';

type CategoryRow = typeof categories.$inferSelect;

const toAdminCategory = (row: CategoryRow): AdminCategory => ({
  slug: row.slug,
  title: row.title,
  intro: row.intro,
  seoDescription: row.seoDescription,
  navGroup: row.navGroup,
  sortOrder: row.sortOrder,
});

/** Where a navigation group comes in the list (unknown groups last). */
const groupRank = (group: string) => {
  const index = (CATEGORY_NAV_GROUPS as readonly string[]).indexOf(group);
  return index === -1 ? CATEGORY_NAV_GROUPS.length : index;
};

/** Every category, by navigation group, then order, then title. */
export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  const rows = await db.select().from(categories).orderBy(asc(categories.sortOrder), asc(categories.title));
  return rows.map(toAdminCategory).sort((a, b) => groupRank(a.navGroup) - groupRank(b.navGroup));
}

export type CategoryChangeResult = { category: AdminCategory; changed: boolean };

/**
 * Changes a category's texts, navigation group or order. 404 for an unknown slug. The same
 * values again write nothing; otherwise one transaction writes the row and an audit line.
 */
export async function changeCategory(
  db: Db,
  actor: { id: string; address?: string },
  slug: string,
  body: z.output<typeof categoryChangeBody>,
  at: Date,
): Promise<CategoryChangeResult> {
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(categories).where(eq(categories.slug, slug)).for('update');
    if (!row) throw new NotFoundError(CATEGORY_NOT_FOUND);
    const before = toAdminCategory(row);
    const after: AdminCategory = {
      ...before,
      ...Object.fromEntries(Object.entries(body).filter(([, value]) => value !== undefined)),
    };
    const fields = (Object.keys(after) as (keyof AdminCategory)[]).filter((key) => key !== 'slug' && after[key] !== before[key]);
    if (fields.length === 0) return { category: before, changed: false };
    await tx
      .update(categories)
      .set({ title: after.title, intro: after.intro, seoDescription: after.seoDescription, navGroup: after.navGroup, sortOrder: after.sortOrder })
      .where(eq(categories.slug, slug));
    const pick = (c: AdminCategory) => Object.fromEntries(fields.map((key) => [key, c[key]]));
    await recordContentChange(tx, { entity: 'category', entityId: slug, action: 'updated', before: pick(before), after: pick(after), actor }, at);
    return { category: after, changed: true };
  });
  // After the commit: this process's caches drop their entries and the other instances are told.
  if (result.changed) await contentChanged(await getDatabase());
  return result;
}

/** The products behind `slugs`, in that order (a slug no product has is left out). */
async function featuredProducts(db: Db, slugs: readonly string[]) {
  if (slugs.length === 0) return [];
  const rows = await db
    .select({ slug: products.slug, name: products.name, active: products.active, inStock: products.inStock })
    .from(products)
    .where(inArray(products.slug, [...slugs]));
  return slugs.flatMap((slug) => rows.filter((row) => row.slug === slug));
}

/** Every featured group with its products (name, sold, in stock), by key. */
export async function listFeaturedGroups(db: Db): Promise<AdminFeaturedGroup[]> {
  const groups = await db.select().from(featuredGroups).orderBy(asc(featuredGroups.key));
  const found = await featuredProducts(db, [...new Set(groups.flatMap((g) => g.featuredSlugs))]);
  return groups.map((group) => ({
    key: group.key,
    title: group.title,
    products: group.featuredSlugs.map((slug) => found.find((p) => p.slug === slug) ?? { slug, name: null, active: false, inStock: false }),
  }));
}

/**
 * 400 naming the first slug a group may not list: one given twice, a former slug (with the
 * product's current one), one no product has, or a product that is not sold.
 */
async function checkFeaturedSlugs(tx: Db, slugs: readonly string[]): Promise<void> {
  const seen = new Set<string>();
  for (const [index, slug] of slugs.entries()) {
    if (seen.has(slug)) throw new BadRequestError(`featuredSlugs.${index}: ${slug} is listed twice`);
    seen.add(slug);
  }
  const found = await featuredProducts(tx, slugs);
  for (const [index, slug] of slugs.entries()) {
    const product = found.find((p) => p.slug === slug);
    if (product?.active) continue;
    if (product) throw new BadRequestError(`featuredSlugs.${index}: ${product.name} (${slug}) is not sold in the shop; make it active first or leave it out`);
    const [moved] = await tx
      .select({ current: products.slug })
      .from(productSlugRedirects)
      .innerJoin(products, eq(products.id, productSlugRedirects.productId))
      .where(eq(productSlugRedirects.oldSlug, slug));
    throw new BadRequestError(
      moved ? `featuredSlugs.${index}: ${slug} is a former slug; the product is now ${moved.current}` : `featuredSlugs.${index}: no product has the slug ${slug}`,
    );
  }
}

export type FeaturedGroupResult = { group: AdminFeaturedGroup; changed: boolean };

/**
 * Sets a featured group's title and its products (existing, sold products, each once, in the
 * order given). 404 for an unknown group, 400 naming a slug it may not list. The same values
 * again write nothing; otherwise one transaction writes the group and an audit line.
 */
export async function saveFeaturedGroup(
  db: Db,
  actor: { id: string; address?: string },
  key: string,
  body: z.output<typeof featuredGroupBody>,
  at: Date,
): Promise<FeaturedGroupResult> {
  const changed = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(featuredGroups).where(eq(featuredGroups.key, key)).for('update');
    if (!row) throw new NotFoundError(FEATURED_GROUP_NOT_FOUND);
    await checkFeaturedSlugs(tx, body.featuredSlugs);
    const before = { title: row.title, featuredSlugs: row.featuredSlugs };
    const after = { title: body.title, featuredSlugs: body.featuredSlugs };
    if (JSON.stringify(before) === JSON.stringify(after)) return false;
    await tx.update(featuredGroups).set(after).where(eq(featuredGroups.key, key));
    await recordContentChange(tx, { entity: 'featured-group', entityId: key, action: 'updated', before, after, actor }, at);
    return true;
  });
  if (changed) await contentChanged(await getDatabase());
  const group = (await listFeaturedGroups(db)).find((g) => g.key === key)!;
  return { group, changed };
}
