/** @jest-environment node */
/**
 * The back office's categories and featured groups over real HTTP (issue 14): a manager lists the
 * categories (`GET /admin/api/categories`) and changes one's texts (`PATCH
 * /admin/api/categories/{slug}`), lists the featured groups (`GET /admin/api/featured-groups`)
 * and sets one's title and products (`PUT /admin/api/featured-groups/{key}`). A change shows on the
 * storefront's next call (the server's answer cache included) and leaves a `content_audit` line
 * with the fields before and after; refusals (403 role, 404, 400 per field or slug, another site)
 * write nothing.
 *
 * The category and group changed here ('scented-candles', 'valentine') are checked by no other
 * test file beyond their existence, and each test puts them back, so that on a shared PostgreSQL
 * the other files see the seed's texts.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { categories, contentAudit, featuredGroups, products, productSlugRedirects } from '@/lib/server/db/schema';
import { createApiClient } from '@/lib/api/client';
import { createServerApi } from '@/lib/api/server';
import { getCategory, getHandshake } from '@/lib/api/calls';
import { contentVersion } from '@/lib/server/live/content';
import type { AdminCategory, AdminFeaturedGroup } from '@/lib/contracts/categories-admin';
import type { StaffRole } from '@/lib/domain/staff';
import { signedInStaff, staffJson } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { tag } from '../helpers/orders';

const CATEGORY = 'scented-candles';
const GROUP = 'valentine';

let db: Db;
let server: ApiServer;
let manager: { id: string; cookie: string };
let started: Date;

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  manager = await signedInStaff(db, 'manager', null, 'Bisi Manager');
  started = new Date(Date.now() - 1000);
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

const signedIn = async (role: StaffRole, branch: 'lagos' | 'abuja' | null = null) => (await signedInStaff(db, role, branch)).cookie;
const patchCategory = (slug: string, body: unknown, cookie = manager.cookie) => staffJson<AdminCategory>(server.url, 'PATCH', `/admin/api/categories/${slug}`, body, cookie);
const putGroup = (key: string, body: unknown, cookie = manager.cookie) => staffJson<AdminFeaturedGroup>(server.url, 'PUT', `/admin/api/featured-groups/${key}`, body, cookie);
const categoryRow = async (slug: string) => (await db.select().from(categories).where(eq(categories.slug, slug)))[0]!;
const groupRow = async (key: string) => (await db.select().from(featuredGroups).where(eq(featuredGroups.key, key)))[0]!;
/** This file's audit lines about one thing (the database may hold other runs' lines). */
const auditOf = (entity: string, entityId: string) =>
  db
    .select()
    .from(contentAudit)
    .where(and(eq(contentAudit.entity, entity), eq(contentAudit.entityId, entityId), eq(contentAudit.actorId, manager.id), gte(contentAudit.at, started)))
    .orderBy(contentAudit.at);

/** A product of this file's own, sold or not. */
async function madeProduct(active = true): Promise<{ id: string; slug: string; name: string }> {
  const t = tag();
  const row = { id: randomUUID(), slug: `featured-test-${t}`, name: `Featured Test ${t} – 6 roses`, description: 'Made by the featured-group tests.', price: 30_000, sku: `FT-${t}`.toUpperCase(), type: 'simple' as const, productClass: 'flowers' as const, budget: 'regular' as const, active };
  await db.insert(products).values(row);
  return row;
}

describe('categories', () => {
  it('lists every category with its texts, grouped by navigation group', async () => {
    const res = await staffJson<AdminCategory[]>(server.url, 'GET', '/admin/api/categories', undefined, manager.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data.length).toBeGreaterThanOrEqual(30);
    const candles = res.body.data.find((c) => c.slug === CATEGORY)!;
    expect(candles).toEqual({ slug: CATEGORY, title: expect.any(String), intro: expect.any(String), seoDescription: expect.any(String), navGroup: 'Gifts', sortOrder: expect.any(Number) });
    const groups = res.body.data.map((c) => c.navGroup);
    expect(groups.indexOf('Occasions')).toBe(0);
    // Each group's categories together: a group never comes back after another one.
    const runs = groups.filter((g, i) => g !== groups[i - 1]);
    expect(new Set(runs).size).toBe(runs.length);
  });

  it("a manager's new intro answers the category, shows on the category call's next answer (answer cache too) and is audited", async () => {
    const original = await categoryRow(CATEGORY);
    const pages = createServerApi({ baseURL: server.url, business: 'regal', version: contentVersion });
    expect((await getCategory(pages, CATEGORY)).intro).toBe(original.intro);
    const intro = `Hand-poured candles of shea butter and beeswax, scented with hibiscus and vanilla (${tag()}).`;
    try {
      const res = await patchCategory(CATEGORY, { intro: `  ${intro.replace('scented', 'scented\r\n')}  `, sortOrder: 40 });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe(`${original.title} is changed`);
      expect(res.body.data).toEqual({ slug: CATEGORY, title: original.title, intro, seoDescription: original.seoDescription, navGroup: original.navGroup, sortOrder: 40 });
      // The same cached client: its answer was stored before the change, so it asks again.
      expect((await getCategory(pages, CATEGORY)).intro).toBe(intro);

      const audit = await auditOf('category', CATEGORY);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({ action: 'updated', before: { intro: original.intro, sortOrder: original.sortOrder }, after: { intro, sortOrder: 40 } });

      // The same values again change nothing and write nothing.
      const same = await patchCategory(CATEGORY, { intro, navGroup: original.navGroup });
      expect([same.status, same.body.message]).toEqual([200, 'Nothing to change']);
      expect(await auditOf('category', CATEGORY)).toHaveLength(1);

      const title = await patchCategory(CATEGORY, { title: 'Scented Candles & Diffusers', seoDescription: 'Scented candles delivered in Lagos and Abuja.', navGroup: 'Other' });
      expect(title.body.data).toMatchObject({ title: 'Scented Candles & Diffusers', seoDescription: 'Scented candles delivered in Lagos and Abuja.', navGroup: 'Other' });
      expect(await getCategory(pages, CATEGORY)).toMatchObject({ title: 'Scented Candles & Diffusers', navGroup: 'Other' });
    } finally {
      const { slug: _slug, ...seed } = original;
      expect((await patchCategory(CATEGORY, seed)).status).toBe(200);
    }
    expect(await categoryRow(CATEGORY)).toEqual(original);
  });

  it('refuses florists and riders (403), unknown categories (404), bad fields (400 naming them), other sites (403); nothing is written', async () => {
    const original = await categoryRow(CATEGORY);
    const versionBefore = contentVersion();
    const audited = (await auditOf('category', CATEGORY)).length;
    expect(await patchCategory(CATEGORY, { title: 'X' }, await signedIn('florist', 'lagos'))).toMatchObject({ status: 403, body: { message: 'A florist cannot do this' } });
    expect((await patchCategory(CATEGORY, { title: 'X' }, await signedIn('rider', 'abuja'))).status).toBe(403);
    expect((await patchCategory(CATEGORY, { title: 'X' }, 'staff_session=nope')).status).toBe(401);
    expect((await staffJson(server.url, 'GET', '/admin/api/categories', undefined, await signedIn('florist', 'lagos'))).status).toBe(403);
    expect(await patchCategory('tulips-from-mars', { title: 'Tulips' })).toMatchObject({ status: 404, body: { message: 'Category not found' } });
    // No call creates a category.
    expect((await staffJson(server.url, 'POST', '/admin/api/categories', { slug: 'tulips', title: 'Tulips' }, manager.cookie)).status).toBe(405);

    const cases: [string, unknown][] = [
      ['empty title', { title: '  ' }],
      ['long title', { title: 'x'.repeat(81) }],
      ['empty intro', { intro: '' }],
      ['long seo', { seoDescription: 'x'.repeat(161) }],
      ['group', { navGroup: 'Cakes' }],
      ['order', { sortOrder: -1 }],
      ['order text', { sortOrder: '3' }],
      ['control', { title: 'Candles\u0000' }],
      ['unknown key', { slug: 'new-slug' }],
      ['empty', {}],
    ];
    const answers: Record<string, string> = {};
    for (const [name, body] of cases) {
      const res = await patchCategory(CATEGORY, body);
      expect([name, res.status]).toEqual([name, 400]);
      answers[name] = res.body.message;
    }
    expect(answers).toEqual({
      'empty title': 'title: must not be empty',
      'long title': 'title: must be at most 80 characters',
      'empty intro': 'intro: must not be empty',
      'long seo': 'seoDescription: must be at most 160 characters',
      group: 'navGroup: must be one of Occasions, Bridal, Funeral, Gifts, Plants, Flower Types, Packages, Other',
      order: 'sortOrder: must be 0 or more',
      'order text': 'sortOrder: must be a whole number',
      control: 'title must not contain control characters',
      'unknown key': 'slug is not a field of this call',
      empty: 'Send at least one of title, intro, seoDescription, navGroup, sortOrder',
    });

    for (const origin of ['https://evil.example', null]) {
      const headers: Record<string, string> = { 'content-type': 'application/json', cookie: manager.cookie };
      if (origin) headers.origin = origin;
      const res = await fetch(`${server.url}/admin/api/categories/${CATEGORY}`, { method: 'PATCH', headers, body: JSON.stringify({ title: 'Evil' }) });
      expect(res.status).toBe(403);
    }
    expect(await categoryRow(CATEGORY)).toEqual(original);
    expect(await auditOf('category', CATEGORY)).toHaveLength(audited);
    expect(contentVersion()).toBe(versionBefore);
  });
});

describe('featured groups', () => {
  it('lists every group with its products in order', async () => {
    const res = await staffJson<AdminFeaturedGroup[]>(server.url, 'GET', '/admin/api/featured-groups', undefined, manager.cookie);
    expect(res.status).toBe(200);
    expect(res.body.data.map((g) => g.key)).toEqual(['birthday', 'gift', 'occasion', 'product', 'romance', 'valentine']);
    const stored = await groupRow('birthday');
    const birthday = res.body.data.find((g) => g.key === 'birthday')!;
    expect(birthday.title).toBe(stored.title);
    expect(birthday.products.map((p) => p.slug)).toEqual(stored.featuredSlugs);
    expect(birthday.products[0]).toEqual({ slug: stored.featuredSlugs[0], name: expect.stringMatching(/\S/), active: true, inStock: expect.any(Boolean) });
  });

  it("a manager's new title and products answer the group, show in the next handshake and are audited", async () => {
    const original = await groupRow(GROUP);
    const first = await madeProduct();
    const second = await madeProduct();
    const versionBefore = contentVersion();
    const api = createApiClient({ baseURL: server.url, business: 'regal' });
    try {
      const res = await putGroup(GROUP, { title: 'Love Is in the Air', featuredSlugs: [second.slug, first.slug, original.featuredSlugs[0]] });
      expect(res.status).toBe(200);
      expect(res.body.message).toBe('Love Is in the Air is saved');
      expect(res.body.data.products.map((p) => p.slug)).toEqual([second.slug, first.slug, original.featuredSlugs[0]]);
      expect(res.body.data.products[0]).toEqual({ slug: second.slug, name: second.name, active: true, inStock: true });
      expect(contentVersion()).toBeGreaterThan(versionBefore);
      const shown = (await getHandshake(api)).settings.featuredGroups.find((g) => g.key === GROUP)!;
      expect(shown).toEqual({ key: GROUP, title: 'Love Is in the Air', featuredSlugs: [second.slug, first.slug, original.featuredSlugs[0]] });

      const audit = await auditOf('featured-group', GROUP);
      expect(audit).toHaveLength(1);
      expect(audit[0]).toMatchObject({
        action: 'updated',
        before: { title: original.title, featuredSlugs: original.featuredSlugs },
        after: { title: 'Love Is in the Air', featuredSlugs: [second.slug, first.slug, original.featuredSlugs[0]] },
      });
      const same = await putGroup(GROUP, { title: 'Love Is in the Air', featuredSlugs: [second.slug, first.slug, original.featuredSlugs[0]] });
      expect([same.status, same.body.message]).toEqual([200, 'Nothing to change']);
      expect(await auditOf('featured-group', GROUP)).toHaveLength(1);

      // An empty list is allowed: the group then shows nothing.
      expect((await putGroup(GROUP, { title: 'Love Is in the Air', featuredSlugs: [] })).body.data.products).toEqual([]);
    } finally {
      expect((await putGroup(GROUP, { title: original.title, featuredSlugs: original.featuredSlugs })).status).toBe(200);
    }
    expect(await groupRow(GROUP)).toEqual(original);
  });

  it('refuses unknown, former, unsold and repeated slugs (400 naming them), unknown groups (404), florists (403); nothing is written', async () => {
    const original = await groupRow(GROUP);
    const sold = await madeProduct();
    const unsold = await madeProduct(false);
    const renamed = await madeProduct();
    const oldSlug = `old-${renamed.slug}`;
    await db.insert(productSlugRedirects).values({ oldSlug, productId: renamed.id });
    const versionBefore = contentVersion();
    const audited = (await auditOf('featured-group', GROUP)).length;

    const cases: [string, unknown][] = [
      ['unknown', { title: 'T', featuredSlugs: [sold.slug, 'no-such-bouquet'] }],
      ['former', { title: 'T', featuredSlugs: [oldSlug] }],
      ['unsold', { title: 'T', featuredSlugs: [sold.slug, unsold.slug] }],
      ['twice', { title: 'T', featuredSlugs: [sold.slug, sold.slug] }],
      ['malformed', { title: 'T', featuredSlugs: ['Red Roses'] }],
      ['too many', { title: 'T', featuredSlugs: Array.from({ length: 25 }, (_, i) => `p-${i}`) }],
      ['no title', { featuredSlugs: [sold.slug] }],
      ['no list', { title: 'T' }],
      ['not a list', { title: 'T', featuredSlugs: 'red-velvet' }],
      ['unknown key', { title: 'T', featuredSlugs: [], key: 'x' }],
    ];
    const answers: Record<string, string> = {};
    for (const [name, body] of cases) {
      const res = await putGroup(GROUP, body);
      expect([name, res.status]).toEqual([name, 400]);
      answers[name] = res.body.message;
    }
    expect(answers).toEqual({
      unknown: 'featuredSlugs.1: no product has the slug no-such-bouquet',
      former: `featuredSlugs.0: ${oldSlug} is a former slug; the product is now ${renamed.slug}`,
      unsold: `featuredSlugs.1: ${unsold.name} (${unsold.slug}) is not sold in the shop; make it active first or leave it out`,
      twice: `featuredSlugs.1: ${sold.slug} is listed twice`,
      malformed: 'featuredSlugs.0: must be a product slug (lower-case letters, digits and dashes)',
      'too many': 'featuredSlugs: must list at most 24 products',
      'no title': 'title is required',
      'no list': 'featuredSlugs is required',
      'not a list': 'featuredSlugs: must be a list of product slugs',
      'unknown key': 'key is not a field of this call',
    });
    expect(await putGroup('spring', { title: 'Spring', featuredSlugs: [] })).toMatchObject({ status: 404, body: { message: 'Featured group not found' } });
    expect((await putGroup(GROUP, { title: 'T', featuredSlugs: [] }, await signedIn('florist', 'lagos'))).status).toBe(403);
    expect((await staffJson(server.url, 'GET', '/admin/api/featured-groups', undefined, await signedIn('rider', 'lagos'))).status).toBe(403);
    const res = await fetch(`${server.url}/admin/api/featured-groups/${GROUP}`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', cookie: manager.cookie, origin: 'https://evil.example' },
      body: JSON.stringify({ title: 'Evil', featuredSlugs: [] }),
    });
    expect(res.status).toBe(403);

    expect(await groupRow(GROUP)).toEqual(original);
    expect(await auditOf('featured-group', GROUP)).toHaveLength(audited);
    expect(contentVersion()).toBe(versionBefore);
  });
});
