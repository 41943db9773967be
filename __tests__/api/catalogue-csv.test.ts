/** @jest-environment node */
/**
 * The catalogue as a CSV file over real HTTP (issue 14): `GET /admin/api/catalogue-file` exports
 * every product (inactive too) as a spreadsheet-safe CSV; `POST /admin/api/catalogue-file?dryRun=1|0`
 * checks a file (what each row would change, errors by row and column, nothing written) or
 * imports it in one transaction (all or nothing, one 'imported' audit line per changed product,
 * the storefront's next call sees it). A round trip of the seeded catalogue reports and changes
 * nothing.
 *
 * The products changed here are made by this file (random slugs and SKUs); the round trip uses
 * the seeded products only, so that on a shared PostgreSQL other files' products do not move
 * under it.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { contentAudit, products, productVariants, relatedProducts } from '@/lib/server/db/schema';
import { contentVersion } from '@/lib/server/live/content';
import { buildCatalogue } from '@/lib/samples/catalogue';
import { CATALOGUE_COLUMNS, type CatalogueImportReport } from '@/lib/contracts/catalogue-csv';
import type { ProductDetail } from '@/lib/contracts/catalogue';
import { parseCsv, toCsv } from '@/lib/domain/csv';
import { signedInStaff } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { tag } from '../helpers/orders';

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

const HEADER = CATALOGUE_COLUMNS.map((c) => c.name);

async function download(cookie = manager.cookie) {
  const res = await fetch(`${server.url}/admin/api/catalogue-file`, { headers: { cookie } });
  return { res, text: await res.text() };
}

/** The export's rows as objects by column. */
function rowsOf(text: string): Record<string, string>[] {
  const [header, ...rows] = parseCsv(text).map((r) => r.fields);
  return rows.map((fields) => Object.fromEntries(header!.map((name, i) => [name, fields[i]!])));
}

/** Sends a file: the status and the envelope. */
async function send(csv: string, dryRun: boolean | string, options: { cookie?: string; type?: string; origin?: string | null } = {}) {
  const headers: Record<string, string> = { 'content-type': options.type ?? 'text/csv', cookie: options.cookie ?? manager.cookie };
  if (options.origin !== null) headers.origin = options.origin ?? server.url;
  const res = await fetch(`${server.url}/admin/api/catalogue-file?dryRun=${String(dryRun === true ? 1 : dryRun === false ? 0 : dryRun)}`, { method: 'POST', headers, body: csv });
  return { status: res.status, body: (await res.json()) as { data: CatalogueImportReport; message: string } };
}

/** This file's 'imported' audit lines (the database may hold other runs' and files' lines). */
const imported = (ids?: string[]) =>
  db
    .select()
    .from(contentAudit)
    .where(and(eq(contentAudit.action, 'imported'), eq(contentAudit.actorId, manager.id), gte(contentAudit.at, started), ids ? inArray(contentAudit.entityId, ids) : undefined));

const shopper = async (slug: string) => {
  const res = await fetch(`${server.url}/v1/product/slug/${slug}`);
  return { status: res.status, data: ((await res.json()) as { data: ProductDetail }).data };
};

type Made = { id: string; slug: string; sku: string; name: string };

/** A product of this file's own: simple at `price`, or with sizes at `sizes` prices. */
async function madeProduct(options: { price?: number; sizes?: number[]; name?: string; description?: string; active?: boolean } = {}): Promise<Made> {
  const t = tag();
  const id = randomUUID();
  const slug = `csv-test-${t}`;
  const sku = `CSV-${t}`.toUpperCase();
  const sizes = options.sizes ?? [];
  const name = options.name ?? `Csv Test ${t} – 12 roses`;
  await db.insert(products).values({
    id,
    slug,
    name,
    subtitle: '12 roses',
    description: options.description ?? 'A product made by the catalogue file tests.',
    price: sizes.length > 0 ? Math.min(...sizes) : (options.price ?? 45_000),
    sku,
    type: sizes.length > 0 ? 'variable' : 'simple',
    productClass: 'flowers',
    budget: 'regular',
    categories: ['roses', 'all'],
    active: options.active ?? true,
  });
  if (sizes.length > 0) {
    await db.insert(productVariants).values(sizes.map((price, i) => ({ id: randomUUID(), productId: id, name: ['Standard', 'Deluxe', 'VIP'][i]!, sku: `${sku}-${i + 1}`, price, inStock: i !== 1, sortOrder: i })));
  }
  return { id, slug, sku, name };
}

describe('GET /admin/api/catalogue-file', () => {
  it('answers every product, inactive ones too, as a CSV download that spreadsheets open safely', async () => {
    const sized = await madeProduct({ sizes: [40_000, 60_000], active: false });
    const tricky = await madeProduct({ name: `=HYPERLINK("http://evil.example") ${tag()}`, description: 'Roses, "red" and\nwhite; wrapped' });

    const { res, text } = await download();
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="catalogue-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    // A byte-order mark, so that a spreadsheet reads ₦ and the en dash as UTF-8; CRLF line ends.
    const bytes = Buffer.from(await (await fetch(`${server.url}/admin/api/catalogue-file`, { headers: { cookie: manager.cookie } })).arrayBuffer());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(text.split('\r\n')[0]).toBe(HEADER.join(','));

    const rows = rowsOf(text);
    const [{ n }] = (await db.select({ n: sql<number>`count(*)::int` }).from(products)) as [{ n: number }];
    expect(rows.length).toBeGreaterThanOrEqual(Number(n) - 5); // other files may add products meanwhile
    expect(rows.find((r) => r.id === sized.id)).toMatchObject({
      slug: sized.slug,
      price: '',
      sizes: `Standard:${sized.sku}-1:40000:in|Deluxe:${sized.sku}-2:60000:out`,
      active: 'no',
      in_stock: 'yes',
      categories: 'roses',
      product_class: 'flowers',
    });
    const row = rows.find((r) => r.id === tricky.id)!;
    expect(row.name).toBe(`'${tricky.name}`);
    expect(row.description).toBe('Roses, "red" and\nwhite; wrapped');
    expect(text).toContain('"Roses, ""red"" and\nwhite; wrapped"');
  });

  it('refuses florists and riders (403) and anyone signed out (401), as JSON', async () => {
    for (const role of ['florist', 'rider'] as const) {
      const { res, text } = await download((await signedInStaff(db, role, 'lagos')).cookie);
      expect(res.status).toBe(403);
      expect(JSON.parse(text)).toMatchObject({ error: true, message: `A ${role} cannot do this` });
    }
    expect((await download('staff_session=nope')).res.status).toBe(401);
    expect((await fetch(`${server.url}/admin/api/catalogue-file`, { method: 'DELETE', headers: { cookie: manager.cookie, origin: server.url } })).status).toBe(405);
  });
});

describe('POST /admin/api/catalogue-file', () => {
  it('a round trip of the seeded catalogue reports and changes nothing', async () => {
    const seeded = new Set(buildCatalogue().products.map((p) => p.slug));
    const { text } = await download();
    const [header, ...rows] = parseCsv(text).map((r) => r.fields);
    const slug = header!.indexOf('slug');
    const file = `\uFEFF${toCsv([header!, ...rows.filter((r) => seeded.has(r[slug]!))])}`;
    const count = rows.filter((r) => seeded.has(r[slug]!)).length;
    expect(count).toBeGreaterThan(200);
    const versionBefore = contentVersion();

    const check = await send(file, true);
    expect(check.status).toBe(200);
    expect(check.body.data.errors).toEqual([]);
    expect(check.body.data).toMatchObject({ dryRun: true, rows: count, created: 0, updated: 0, unchanged: count });
    expect(check.body.message).toBe(`Ready to import: 0 to add, 0 to change, ${count} unchanged`);

    const done = await send(file, false);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ dryRun: false, created: 0, updated: 0, unchanged: count, errors: [] });
    expect(done.body.message).toBe(`Imported: 0 added, 0 changed, ${count} unchanged`);
    expect(await imported()).toHaveLength(0);
    expect(contentVersion()).toBe(versionBefore);
  });

  it('a changed price: the check shows it and writes nothing; the import changes it, audits it and the storefront shows it', async () => {
    const simple = await madeProduct({ price: 45_000 });
    const sized = await madeProduct({ sizes: [40_000, 60_000] });
    const { text } = await download();
    const mine = rowsOf(text).filter((r) => r.id === simple.id || r.id === sized.id);
    const edited = mine.map((r): Record<string, string> => (r.id === simple.id ? { ...r, price: '46,500' } : { ...r, sizes: r.sizes!.replace(':60000:out', ':65000:in') }));
    const file = toCsv([HEADER, ...edited.map((r) => HEADER.map((h) => r[h]!))]);
    const versionBefore = contentVersion();

    const check = await send(file, true);
    expect(check.status).toBe(200);
    expect(check.body.data).toMatchObject({ created: 0, updated: 2, unchanged: 0, errors: [] });
    expect(check.body.data.products.find((p) => p.slug === simple.slug)).toEqual({
      row: expect.any(Number),
      slug: simple.slug,
      name: simple.name,
      action: 'updated',
      changes: [{ column: 'price', before: '45000', after: '46500' }],
    });
    expect(check.body.data.products.find((p) => p.slug === sized.slug)!.changes).toEqual([
      { column: 'sizes', before: `Standard:${sized.sku}-1:40000:in|Deluxe:${sized.sku}-2:60000:out`, after: `Standard:${sized.sku}-1:40000:in|Deluxe:${sized.sku}-2:65000:in` },
    ]);
    expect((await shopper(simple.slug)).data.price).toBe(45_000);
    expect(await imported([simple.id, sized.id])).toHaveLength(0);
    expect(contentVersion()).toBe(versionBefore);

    const variantIds = (await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, sized.id))).map((v) => v.id).sort();
    const done = await send(file, false);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({ created: 0, updated: 2, unchanged: 0 });
    expect((await shopper(simple.slug)).data.price).toBe(46_500);
    const sizes = (await shopper(sized.slug)).data.variants;
    expect(sizes.map((v) => [v.sku, v.price, v.inStock])).toEqual([
      [`${sized.sku}-1`, 40_000, true],
      [`${sized.sku}-2`, 65_000, true],
    ]);
    // The sizes are the same rows (orders point at them), changed in place.
    expect((await db.select({ id: productVariants.id }).from(productVariants).where(eq(productVariants.productId, sized.id))).map((v) => v.id).sort()).toEqual(variantIds);
    const audit = await imported([simple.id, sized.id]);
    expect(audit).toHaveLength(2);
    expect(audit.find((a) => a.entityId === simple.id)).toMatchObject({ entity: 'product', action: 'imported', before: { price: 45_000 }, after: { price: 46_500 } });
    expect(contentVersion()).toBeGreaterThan(versionBefore);
  });

  it('a file of some columns changes only those; new rows add products, related to each other', async () => {
    const kept = await madeProduct({ price: 30_000 });
    const t = tag();
    const one = `csv-new-${t}-a`;
    const two = `csv-new-${t}-b`;
    const partial = toCsv([
      ['slug', 'price', 'in_stock'],
      [kept.slug, '31000', ''],
    ]);
    expect((await send(partial, false)).body.data).toMatchObject({ updated: 1, errors: [] });
    const [row] = await db.select().from(products).where(eq(products.id, kept.id));
    expect(row).toMatchObject({ price: 31_000, inStock: true, name: kept.name, description: 'A product made by the catalogue file tests.', categories: ['roses', 'all'] });

    const fresh = toCsv([
      ['slug', 'name', 'sku', 'price', 'sizes', 'product_class', 'categories', 'related', 'description', 'active'],
      [one, `Sunrise ${t} – yellow roses`, `NEW-${t}-A`, '', `Standard:NEW-${t}-A1:50000:in|Grand:NEW-${t}-A2:90000:in`, 'flowers', 'roses|birthday-flowers', `${two}|${kept.slug}`, 'Bright yellow roses.', ''],
      [two, `Sunset ${t}`, `NEW-${t}-B`, '35000', '', 'Flowers', 'roses', one, 'Orange roses,\n"hand-tied".', 'yes'],
    ]);
    const check = await send(fresh, true);
    expect(check.body.data).toMatchObject({ created: 2, updated: 0, errors: [] });
    expect(check.body.data.products.map((p) => [p.row, p.slug, p.action])).toEqual([
      [2, one, 'created'],
      [3, two, 'created'],
    ]);
    expect((await shopper(one)).status).toBe(404);

    const done = await send(fresh, false);
    expect(done.status).toBe(200);
    const first = (await shopper(one)).data;
    expect(first).toMatchObject({ name: `Sunrise ${t} – yellow roses`, price: 50_000, type: 'variable', active: true });
    expect(first.variants.map((v) => [v.name, v.price])).toEqual([
      ['Standard', 50_000],
      ['Grand', 90_000],
    ]);
    const second = (await shopper(two)).data;
    expect(second).toMatchObject({ price: 35_000, type: 'simple', description: 'Orange roses,\n"hand-tied".' });
    const ids = [first.id, second.id];
    const related = await db
      .select({ from: relatedProducts.productId, slug: products.slug, position: relatedProducts.position })
      .from(relatedProducts)
      .innerJoin(products, eq(products.id, relatedProducts.relatedId))
      .where(inArray(relatedProducts.productId, ids))
      .orderBy(relatedProducts.productId, relatedProducts.position);
    expect(related.filter((r) => r.from === first.id).map((r) => r.slug)).toEqual([two, kept.slug]);
    expect(related.filter((r) => r.from === second.id).map((r) => r.slug)).toEqual([one]);
    // Exported and imported again: nothing changes.
    const again = rowsOf((await download()).text).filter((r) => ids.includes(r.id!));
    const back = await send(toCsv([HEADER, ...again.map((r) => HEADER.map((h) => r[h]!))]), true);
    expect(back.body.data).toMatchObject({ created: 0, updated: 0, unchanged: 2, errors: [] });
  });

  it('reports every bad row with its row and column; the import of such a file writes nothing (400)', async () => {
    const good = await madeProduct({ price: 20_000 });
    const other = await madeProduct({ price: 25_000 });
    const t = tag();
    const file = toCsv([
      ['id', 'slug', 'name', 'sku', 'price', 'sizes', 'product_class', 'categories', 'in_stock', 'description'],
      [good.id, good.slug, good.name, good.sku, '21000', '', 'flowers', 'roses', 'yes', 'Fine.'],
      [other.id, other.slug, other.name, other.sku, '0', '', 'flowers', 'roses|tulips-from-mars', 'maybe', 'Fine.'],
      ['', `csv-bad-${t}`, `Bad ${t}`, `BAD-${t}`, '', 'Standard:BAD-1:45000', '', 'roses', '', 'x'],
      [randomUUID(), `csv-ghost-${t}`, 'Ghost', `GH-${t}`, '1000', '', 'flowers', 'roses', 'yes', 'x'],
      ['', good.slug, good.name, good.sku, '21000', '', 'flowers', 'roses', 'yes', 'Fine.'],
      ['', `csv-cat-${t}`, `Cat ${t}`, `CAT-${t}`, '5000', '', 'gifts', 'tulips-from-mars', 'yes', 'x'],
      ['', `csv-sku-${t}`, `Sku ${t}`, other.sku, '5000', '', 'gifts', 'roses', 'yes', 'x'],
    ]);
    const check = await send(file, true);
    expect(check.status).toBe(200);
    expect(check.body.data.errors).toEqual([
      { row: 3, column: 'price', message: 'price: must be more than ₦0' },
      { row: 3, column: 'in_stock', message: 'in_stock: must be yes or no' },
      { row: 4, column: 'sizes', message: 'sizes: size 1 ("Standard:BAD-1:45000") must be written name:SKU:price:in (or out)' },
      { row: 4, column: 'product_class', message: 'product_class: is required' },
      { row: 5, column: 'id', message: 'id: no product has this id; leave id empty to add a new product' },
      { row: 6, column: 'slug', message: 'slug: the same product is on row 2' },
      { row: 7, column: 'categories', message: 'categories: there is no category "tulips-from-mars"' },
      { row: 8, column: 'sku', message: `sku: ${other.sku} is the SKU of Csv Test ${other.slug.slice('csv-test-'.length)}` },
    ]);
    expect(check.body.message).toBe('8 errors: fix them and check again (0 to add, 1 to change, 0 unchanged)');
    expect(check.body.data.products.map((p) => [p.slug, p.action])).toEqual([[good.slug, 'updated']]);

    const done = await send(file, false);
    expect(done.status).toBe(400);
    expect(done.body.message).toMatch(/^Nothing was imported: 6 rows have errors\. Row 3: price: must be more than ₦0; Row 3: in_stock: must be yes or no; Row 4: /);
    expect((await db.select().from(products).where(eq(products.id, good.id)))[0]!.price).toBe(20_000);
    expect(await imported([good.id, other.id])).toHaveLength(0);
  });

  it('refuses bad headers, unreadable files, too-large or non-CSV bodies, a missing dryRun, florists and other sites', async () => {
    const unknown = await send('slug,colour\nred-velvet,red\n', true);
    expect(unknown.body.data.errors).toEqual([{ row: 1, column: 'colour', message: `Unknown column "colour"; the columns are ${HEADER.join(', ')}` }]);
    expect((await send('name,price\nRoses,1000\n', true)).body.data.errors).toEqual([{ row: 1, column: null, message: 'The file needs a slug column (or an id column) to find each product' }]);
    expect((await send('slug,price\n"open,1000\n', true)).body.data.errors).toEqual([{ row: 2, column: null, message: 'The file cannot be read: a quoted field has no closing quote' }]);
    expect((await send('slug,price\n', true)).body.data.errors).toEqual([{ row: 0, column: null, message: 'The file has no product rows under its header' }]);
    // A header as people type it: any case, spaces for underscores; the formula guard's apostrophe comes off.
    const made = await madeProduct({ price: 10_000 });
    expect((await send(`Slug,In Stock,Price\n${made.slug},No,'+12000\n`, true)).body.data.products[0]!.changes).toEqual([
      { column: 'price', before: '10000', after: '12000' },
      { column: 'in_stock', before: 'yes', after: 'no' },
    ]);
    // Semicolons, as some spreadsheets save.
    expect((await send(`slug;price\n${made.slug};13000\n`, true)).body.data.products[0]!.changes).toEqual([{ column: 'price', before: '10000', after: '13000' }]);

    expect(await send('slug\n', 'maybe')).toMatchObject({ status: 400, body: { message: 'dryRun must be 1 (check only) or 0 (import)' } });
    expect((await send('slug,price\n', true, { type: 'application/json' })).status).toBe(415);
    expect(await send('slug,price\n' + 'x'.repeat(5 * 1024 * 1024), true)).toMatchObject({ status: 413, body: { message: 'The file is larger than 5 MB' } });
    const latin1 = await fetch(`${server.url}/admin/api/catalogue-file?dryRun=1`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv', cookie: manager.cookie, origin: server.url },
      body: Buffer.from([0x73, 0x6c, 0x75, 0x67, 0x0a, 0x52, 0x6f, 0x73, 0xe9, 0x0a]),
    });
    expect(latin1.status).toBe(400);
    expect(((await latin1.json()) as { message: string }).message).toBe("The file is not UTF-8 text: in the spreadsheet, save it as 'CSV UTF-8'");

    expect((await send(`slug,price\n${made.slug},1\n`, false, { cookie: (await signedInStaff(db, 'florist', 'lagos')).cookie })).status).toBe(403);
    expect((await send(`slug,price\n${made.slug},1\n`, false, { origin: 'https://evil.example' })).status).toBe(403);
    expect((await send(`slug,price\n${made.slug},1\n`, false, { origin: null })).status).toBe(403);
    expect((await db.select().from(products).where(eq(products.id, made.id)))[0]!.price).toBe(10_000);
  });
});
