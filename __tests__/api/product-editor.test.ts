/** @jest-environment node */
/**
 * The product editor over real HTTP (issue 14): a manager adds a product with two sizes
 * (`POST /admin/api/products`) and it is on its category's listing, in search and in the sitemap
 * on the next request; every field changes through `PATCH /admin/api/products/{id}`; a changed
 * slug keeps the old one working (the storefront's product call answers the product, the product
 * page answers 301); a copy (`POST …/duplicate`) is inactive with new slug and SKUs; a deactivated
 * product leaves the shop. Bad fields are 400s naming the field, taken slugs and SKUs and sizes on
 * orders 409s, florists and riders 403s, and none of them writes anything. `saveProduct` works
 * inside a caller's transaction (the catalogue import) and a save of the seeded catalogue's own
 * fields changes nothing.
 *
 * Products here are made by this file (random slugs and SKUs), so that on a shared PostgreSQL no
 * other file's products move under it. The pages' own getServerSideProps (product page, sitemap)
 * are called with their API client aimed at this test server (INTERNAL_API_URL); the browser test
 * e2e/product-editor.test.ts asks the real pages over HTTP.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { GetServerSidePropsContext } from 'next';
import type { Db } from '@/lib/server/db/client';
import { contentAudit, featuredGroups, productImages, productSlugRedirects, products, productVariants } from '@/lib/server/db/schema';
import { contentChangesOf } from '@/lib/server/services/backoffice/content-audit';
import { productFieldsOf, saveProduct, writeProduct } from '@/lib/server/services/backoffice/product-save';
import { contentVersion } from '@/lib/server/live/content';
import { productFieldsBody, type AdminProductDetail, type ProductEditorData, type ProductFieldsInput } from '@/lib/contracts/catalogue-admin';
import type { ProductDetail, ProductPage } from '@/lib/contracts/catalogue';
import type { StaffRole } from '@/lib/domain/staff';
import { signedInStaff, staffJson } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { caller } from '../helpers/order-api';
import { tag } from '../helpers/orders';
import { buildCatalogue } from '@/lib/samples/catalogue';

let db: Db;
let server: ApiServer;
let manager: string;
let internal: string | undefined;
/** Two seeded products to relate to, by slug. */
let seeded: { slug: string; name: string }[];

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  manager = (await signedInStaff(db, 'manager', null, 'Bisi Manager')).cookie;
  // The pages' API client (lib/server/page-api.ts) asks this server.
  internal = process.env.INTERNAL_API_URL;
  process.env.INTERNAL_API_URL = server.url;
  seeded = await db.select({ slug: products.slug, name: products.name }).from(products).where(sql`${products.active} and ${products.sku} like 'RF-%'`).orderBy(products.slug).limit(3);
});

afterAll(async () => {
  if (internal === undefined) delete process.env.INTERNAL_API_URL;
  else process.env.INTERNAL_API_URL = internal;
  await server.close();
  await closeTestDatabase();
});

type Detail = AdminProductDetail;
const call = <T = Detail>(method: string, url: string, body?: unknown, cookie = manager) => staffJson<T>(server.url, method, url, body, cookie);
const create = (body: unknown, cookie = manager) => call('POST', '/admin/api/products', body, cookie);
const change = (id: string, body: unknown, cookie = manager) => call('PATCH', `/admin/api/products/${id}`, body, cookie);
const read = (id: string, cookie = manager) => call<ProductEditorData>('GET', `/admin/api/products/${id}`, undefined, cookie);
const duplicate = (id: string, cookie = manager) => call('POST', `/admin/api/products/${id}/duplicate`, {}, cookie);

async function shop<T>(path: string): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server.url}${path}${path.includes('?') ? '&' : '?'}business=regal`);
  return { status: res.status, data: ((await res.json()) as { data: T }).data };
}
const shopperProduct = (slug: string, query = '') => shop<ProductDetail>(`/v1/product/slug/${slug}?relatedProductsCount=8${query}`);
const searchFor = async (text: string) => (await shop<ProductPage>(`/v1/product/paginate?pageSize=100&searchValue=${encodeURIComponent(text)}`)).data.items.map((p) => p.slug);
const categoryListing = async (category: string) => (await shop<ProductPage>(`/v1/product/paginate?pageSize=100&categories=${category}&sortField=createdAt&sortType=desc`)).data.items.map((p) => p.slug);

/** A fake response for a page's getServerSideProps, keeping what it writes. */
function pageResponse() {
  const headers = new Map<string, string>();
  let body = '';
  const res = {
    setHeader: (name: string, value: string) => void headers.set(name.toLowerCase(), value),
    hasHeader: (name: string) => headers.has(name.toLowerCase()),
    getHeader: (name: string) => headers.get(name.toLowerCase()),
    end: (chunk: string) => void (body += chunk),
  };
  return { res, body: () => body };
}

/** /sitemap.xml as its page writes it. */
async function sitemap(): Promise<string> {
  const { getServerSideProps } = await import('@/pages/sitemap.xml');
  const out = pageResponse();
  await getServerSideProps({ res: out.res, req: {}, query: {}, resolvedUrl: '/sitemap.xml' } as unknown as GetServerSidePropsContext);
  return out.body();
}

/** What the product page's getServerSideProps decides for `slug`: its props, a redirect or not found. */
async function productPage(slug: string) {
  const { getServerSideProps } = await import('@/pages/product/[slug]');
  const out = pageResponse();
  return getServerSideProps({ params: { slug }, res: out.res, req: { headers: {} }, query: {}, resolvedUrl: `/product/${slug}` } as unknown as GetServerSidePropsContext<{ slug: string }>);
}

/** A whole product of this file's own: two sizes, in birthday flowers and roses. */
function fieldsFor(t: string, over: Partial<ProductFieldsInput> = {}): ProductFieldsInput {
  const sku = `QV-${t}`.toUpperCase();
  return {
    name: `Quorvex ${t} Bouquet – roses in two sizes`,
    slug: `quorvex-${t}`,
    description: 'Roses made by the product editor tests.\nIn two sizes.',
    sku,
    variants: [
      { name: 'Standard', sku: `${sku}-STD`, price: 41_000 },
      { name: 'Deluxe', sku: `${sku}-DLX`, price: 65_000 },
    ],
    designOptions: ['in-a-vase'],
    categories: ['birthday-flowers', 'roses'],
    flowerType: ['fresh flowers'],
    design: ['bouquets'],
    delivery: ['same day delivery'],
    flowerName: ['roses'],
    budget: 'regular',
    productClass: 'flowers',
    relevanceOrder: 5,
    related: [seeded[0]!.slug],
    ...over,
  };
}

async function made(over: Partial<ProductFieldsInput> = {}): Promise<Detail> {
  const res = await create(fieldsFor(tag(), over));
  expect([res.status, res.body.message]).toEqual([201, expect.stringMatching(/ is added/)]);
  return res.body.data;
}

const signedIn = async (role: StaffRole, branch: 'lagos' | 'abuja' | null = null) => (await signedInStaff(db, role, branch)).cookie;

describe('POST /admin/api/products', () => {
  it('adds a product with two sizes: on its category listing, in search and in the sitemap on the next request; audited', async () => {
    const t = tag();
    const fields = fieldsFor(t);
    // The sitemap and the listing are read (and so cached by the pages' client) before the product exists.
    expect(await sitemap()).not.toContain(`/product/${fields.slug}<`);
    expect(await categoryListing('birthday-flowers')).not.toContain(fields.slug);
    const versionBefore = contentVersion();

    const res = await create(fields);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`Quorvex ${t} Bouquet – roses in two sizes is added`);
    const product = res.body.data;
    expect(product).toMatchObject({
      name: fields.name,
      slug: fields.slug,
      sku: fields.sku,
      type: 'variable',
      price: 41_000,
      active: true,
      inStock: true,
      pictures: 0,
      formerSlugs: [],
      variants: [
        { sku: `${fields.sku}-STD`, size: 'Standard', price: 41_000, inStock: true },
        { sku: `${fields.sku}-DLX`, size: 'Deluxe', price: 65_000, inStock: true },
      ],
    });
    expect(product.fields).toEqual({
      ...fields,
      variants: [
        { id: expect.any(String), name: 'Standard', sku: `${fields.sku}-STD`, price: 41_000, inStock: true },
        { id: expect.any(String), name: 'Deluxe', sku: `${fields.sku}-DLX`, price: 65_000, inStock: true },
      ],
      packages: [],
      inStock: true,
      active: true,
    });
    expect(contentVersion()).toBeGreaterThan(versionBefore);

    // The storefront: the product call, its category's listing, search (a word of the name), the sitemap.
    const shopper = await shopperProduct(fields.slug);
    expect(shopper.status).toBe(200);
    expect(shopper.data).toMatchObject({ name: fields.name, subtitle: 'roses in two sizes', price: 41_000, type: 'variable', categories: ['birthday-flowers', 'roses', 'all'] });
    expect(shopper.data.variants.map((v) => [v.name, v.price])).toEqual([
      ['Standard', 41_000],
      ['Deluxe', 65_000],
    ]);
    expect(shopper.data.designOptions.map((d) => d.name)).toEqual(['in-a-vase']);
    expect(shopper.data.relatedProducts.map((p) => p.slug)).toEqual([seeded[0]!.slug]);
    expect(await categoryListing('birthday-flowers')).toContain(fields.slug);
    expect(await categoryListing('roses')).toContain(fields.slug);
    expect(await searchFor(`quorvex ${t}`)).toEqual([fields.slug]);
    expect(await sitemap()).toContain(`/product/${fields.slug}</loc>`);

    const audit = await contentChangesOf(db, 'product', product.id);
    expect(audit).toEqual([expect.objectContaining({ action: 'created', before: null, after: expect.objectContaining({ slug: fields.slug, name: fields.name }), actorId: expect.any(String) })]);
  });

  it('a simple product takes a price; the editor reads it whole; the new-product form reads the choices', async () => {
    const t = tag();
    const res = await create(fieldsFor(t, { variants: undefined, price: 30_500, name: `Quorvex ${t}`, related: undefined, active: false }));
    expect(res.status).toBe(201);
    expect(res.body.message).toMatch(/is added \(not sold until activated\)$/);
    expect(res.body.data).toMatchObject({ type: 'simple', price: 30_500, variants: [], active: false, fields: { price: 30_500, variants: [], related: [], name: `Quorvex ${t}` } });

    const editor = await read(res.body.data.id);
    expect(editor.status).toBe(200);
    expect(editor.body.data.product).toEqual(res.body.data);
    expect(editor.body.data.choices.categories).toContainEqual({ slug: 'birthday-flowers', title: expect.any(String), navGroup: expect.any(String) });
    expect(editor.body.data.choices.categories.map((c) => c.slug)).not.toContain('all');
    expect(editor.body.data.choices.designOptions.map((d) => d.name)).toEqual(expect.arrayContaining(['in-a-vase', 'in-a-box']));
    const blank = await read('new');
    expect(blank.body.data).toEqual({ product: null, choices: editor.body.data.choices });
    expect((await read('0b0a4c1e-4b1e-4c3f-9c1e-000000000000')).status).toBe(404);
    expect((await read('not-an-id')).status).toBe(404);
  });

  it('refuses bad fields with a 400 naming each, and taken slugs and SKUs with a 409; nothing is written', async () => {
    const t = tag();
    const base = fieldsFor(t);
    const other = await made();
    const [seededSize] = await db.select({ sku: productVariants.sku }).from(productVariants).limit(1);
    const cases: [string, Partial<ProductFieldsInput> | Record<string, unknown>, number, string | RegExp][] = [
      ['empty name', { name: '' }, 400, 'name: must not be empty'],
      ['missing name', { name: undefined }, 400, 'name is required'],
      ['name without title', { name: '– roses' }, 400, 'name: must start with the title, e.g. "Red Velvet – 24 red roses"'],
      ['long name', { name: 'x'.repeat(151) }, 400, 'name: must be at most 150 characters'],
      ['slug with spaces', { slug: 'Red Velvet' }, 400, 'slug: must be lower-case words joined by hyphens, e.g. red-velvet-roses'],
      ['slug with two dashes', { slug: 'red--velvet' }, 400, 'slug: must be lower-case words joined by hyphens, e.g. red-velvet-roses'],
      ['long slug', { slug: 'a'.repeat(121) }, 400, 'slug: must be at most 120 characters'],
      ['empty description', { description: '  ' }, 400, 'description: must not be empty'],
      ['control character', { description: 'Roses\u0000' }, 400, 'description must not contain control characters'],
      ['SKU with a space', { sku: 'QV 1' }, 400, 'sku: must be letters and digits, with dots, dashes or underscores between them, e.g. RF-ROS-0001'],
      ['no price, no sizes', { variants: [] }, 400, 'price: is required for a product without sizes (or list its sizes under variants)'],
      ['zero price', { variants: [], price: 0 }, 400, 'price: must be more than ₦0'],
      ['price in kobo', { variants: [], price: 30_000.5 }, 400, 'price: must be a whole number of naira, e.g. 45000'],
      ['price beside sizes', { price: 50_000 }, 400, "price: a product with sizes is listed at its cheapest size's price (₦41,000); leave price out"],
      ['size without name', { variants: [{ name: '', sku: `${base.sku}-A`, price: 1000 }] }, 400, 'variants.0.name: must not be empty'],
      ['size named twice', { variants: [{ name: 'Standard', sku: `${base.sku}-A`, price: 1000 }, { name: 'standard', sku: `${base.sku}-B`, price: 2000 }] }, 400, 'variants.1.name: "standard" is the name of another size'],
      ['size SKU twice', { variants: [{ name: 'A', sku: `${base.sku}-A`, price: 1000 }, { name: 'B', sku: `${base.sku}-a`, price: 2000 }] }, 400, `variants.1.sku: ${base.sku}-a is listed twice`],
      ["size with the product's SKU", { variants: [{ name: 'A', sku: base.sku, price: 1000 }] }, 400, `variants.0.sku: ${base.sku} is the product's own SKU; give the size its own`],
      ['size price', { variants: [{ name: 'A', sku: `${base.sku}-A`, price: -1 }] }, 400, 'variants.0.price: must be more than ₦0'],
      ['size unknown key', { variants: [{ name: 'A', sku: `${base.sku}-A`, price: 1000, colour: 'red' }] }, 400, 'variants.0.colour is not a field of this call'],
      ['size id on a new product', { variants: [{ id: other.fields.variants[0]!.id, name: 'A', sku: `${base.sku}-A`, price: 1000 }] }, 400, 'variants.0.id: a new product has no sizes yet; leave id out'],
      ['too many sizes', { variants: Array.from({ length: 21 }, (_, i) => ({ name: `S${i}`, sku: `${base.sku}-${i}`, price: 1000 })) }, 400, 'variants: must list at most 20 sizes'],
      ['unknown design option', { designOptions: ['gold-leaf'] }, 400, /^designOptions\.0: there is no design option "gold-leaf" \(the shop's: .*in-a-vase.*\)$/],
      ['no category', { categories: [] }, 400, 'categories: must name at least one category'],
      ['only all', { categories: ['all'] }, 400, 'categories: must name at least one category'],
      ['unknown category', { categories: ['roses', 'moon-flowers'] }, 400, 'categories.1: there is no category "moon-flowers"'],
      ['category twice', { categories: ['roses', 'roses'] }, 400, 'categories.1: lists "roses" twice'],
      ['flower type', { flowerType: ['plastic flowers'] }, 400, 'flowerType.0: must be one of: forever roses, fresh flowers'],
      ['design', { design: ['bouquets', 'heaps'] }, 400, 'design.1: must be one of: box arrangements, bouquets, others, wrapped bouquet'],
      ['packages', { packages: ['crates'] }, 400, 'packages.0: must be one of: bundled products'],
      ['delivery', { delivery: ['next week'] }, 400, 'delivery.0: must be one of: same day delivery'],
      ['flower name', { flowerName: ['tulips'] }, 400, 'flowerName.0: must be one of: roses, chrysanthemums, lilies, million stars, gerberas, carnations'],
      ['budget', { budget: 'cheap' }, 400, 'budget: must be regular or vip'],
      ['product class', { productClass: 'cars' }, 400, 'productClass: must be one of: flowers, gifts, plants, accessories'],
      ['missing product class', { productClass: undefined }, 400, 'productClass is required'],
      ['negative relevance', { relevanceOrder: -1 }, 400, 'relevanceOrder: must be 0 or more'],
      ['fractional relevance', { relevanceOrder: 1.5 }, 400, 'relevanceOrder: must be a whole number'],
      ['unknown related', { related: ['no-such-bouquet-anywhere'] }, 400, 'related.0: no product has the slug "no-such-bouquet-anywhere"'],
      ['related to itself', { related: [base.slug] }, 400, 'related.0: is this product itself'],
      ['related twice', { related: [seeded[0]!.slug, seeded[0]!.slug] }, 400, `related.1: lists "${seeded[0]!.slug}" twice`],
      ['in stock text', { inStock: 'yes' }, 400, 'inStock: must be true or false'],
      ['active number', { active: 1 }, 400, 'active: must be true or false'],
      ['unknown field', { colour: 'red' }, 400, 'colour is not a field of this call'],
      ['taken slug', { slug: other.slug }, 409, `slug: "${other.slug}" is the address of another product (${other.name.split(' – ')[0]})`],
      ['taken SKU', { sku: other.sku.toLowerCase() }, 409, `sku: ${other.sku.toLowerCase()} is the SKU of ${other.name.split(' – ')[0]}`],
      ["another product's size SKU", { variants: [{ name: 'A', sku: seededSize!.sku, price: 1000 }] }, 409, new RegExp(`^variants\\.0\\.sku: ${seededSize!.sku} is the SKU of a size of .+`)],
    ];
    const answers: [string, number, string][] = [];
    for (const [what, over, , expected] of cases) {
      const res = await create({ ...base, ...over });
      answers.push([what, res.status, typeof expected === 'string' ? res.body.message : expected.test(res.body.message) ? 'matches' : res.body.message]);
    }
    expect(answers).toEqual(cases.map(([what, , status, expected]) => [what, status, typeof expected === 'string' ? expected : 'matches']));
    expect(await db.select().from(products).where(eq(products.slug, base.slug))).toEqual([]);
    expect(await db.select().from(contentAudit).where(sql`${contentAudit.after}->>'slug' = ${base.slug}`)).toEqual([]);
  });

  it('refuses florists and riders (403) on every call, strangers (401) and other sites (403)', async () => {
    const product = await made();
    for (const role of ['florist', 'rider'] as const) {
      const cookie = await signedIn(role, 'lagos');
      expect((await create(fieldsFor(tag()), cookie)).status).toBe(403);
      expect((await read(product.id, cookie)).status).toBe(403);
      expect((await read('new', cookie)).status).toBe(403);
      expect((await change(product.id, { name: 'Taken over' }, cookie)).status).toBe(403);
      expect((await duplicate(product.id, cookie)).status).toBe(403);
    }
    expect((await create(fieldsFor(tag()), 'staff_session=nope')).status).toBe(401);
    expect((await read(product.id, await signedIn('owner'))).status).toBe(200);
    for (const origin of ['https://evil.example', null]) {
      const headers: Record<string, string> = { 'content-type': 'application/json', cookie: manager };
      if (origin) headers.origin = origin;
      for (const [method, path] of [
        ['POST', '/admin/api/products'],
        ['PATCH', `/admin/api/products/${product.id}`],
        ['POST', `/admin/api/products/${product.id}/duplicate`],
      ] as const) {
        const res = await fetch(`${server.url}${path}`, { method, headers, body: JSON.stringify(method === 'PATCH' ? { name: 'Taken over' } : fieldsFor(tag())) });
        expect([path, res.status]).toEqual([path, 403]);
      }
    }
    expect((await read(product.id)).body.data.product).toEqual(product);
    expect(await contentChangesOf(db, 'product', product.id)).toHaveLength(1);
  });
});

describe('PATCH /admin/api/products/{id}', () => {
  it('changes each field on its own, the storefront shows it on the next call, one audit line each', async () => {
    const product = await made();
    const [one, two] = seeded;
    const sku = product.sku;
    const [standard, deluxe] = product.fields.variants;
    const t = tag();
    const edits: [string, Record<string, unknown>, (detail: Detail, shopper: ProductDetail) => unknown, unknown][] = [
      ['name', { name: `Quorvex ${t} Posy–a small posy` }, (d, s) => [d.name, s.name, s.subtitle], [`Quorvex ${t} Posy – a small posy`, `Quorvex ${t} Posy – a small posy`, 'a small posy']],
      ['description', { description: 'A smaller posy.\r\nStill roses.' }, (d, s) => [d.fields.description, s.description], ['A smaller posy.\nStill roses.', 'A smaller posy.\nStill roses.']],
      ['sku', { sku: `${sku}-N` }, (d, s) => [d.sku, s.sku], [`${sku}-N`, `${sku}-N`]],
      [
        'variants',
        { variants: [{ id: standard!.id, name: 'Standard', sku: standard!.sku, price: 45_000 }, { id: deluxe!.id, name: 'Grand', sku: `${sku}-GRD`, price: 70_000, inStock: false }, { name: 'VIP', sku: `${sku}-VIP`, price: 99_000 }] },
        (d, s) => [d.price, s.price, s.variants.map((v) => [v.id, v.name, v.sku, v.price, v.inStock])],
        [
          45_000,
          45_000,
          [
            [standard!.id, 'Standard', standard!.sku, 45_000, true],
            [deluxe!.id, 'Grand', `${sku}-GRD`, 70_000, false],
            [expect.any(String), 'VIP', `${sku}-VIP`, 99_000, true],
          ],
        ],
      ],
      ['designOptions', { designOptions: ['in-a-box', 'in-a-vase'] }, (d, s) => [d.fields.designOptions, s.designOptions.map((o) => o.name).sort()], [['in-a-box', 'in-a-vase'], ['in-a-box', 'in-a-vase']]],
      ['categories', { categories: ['anniversary-flowers', 'roses'] }, (d, s) => [d.fields.categories, s.categories], [['anniversary-flowers', 'roses'], ['anniversary-flowers', 'roses', 'all']]],
      ['flowerType', { flowerType: ['forever roses'] }, (d, s) => [d.fields.flowerType, s.flowerType], [['forever roses'], ['forever roses']]],
      ['design', { design: ['box arrangements'] }, (d, s) => s.design, ['box arrangements']],
      ['packages', { packages: ['bundled products'] }, (d, s) => s.packages, ['bundled products']],
      ['delivery', { delivery: [] }, (d, s) => s.delivery, []],
      ['flowerName', { flowerName: ['roses', 'lilies'] }, (d, s) => s.flowerName, ['roses', 'lilies']],
      ['budget', { budget: 'vip' }, (d, s) => s.budget, 'vip'],
      ['productClass', { productClass: 'gifts' }, (d, s) => s.productClass, 'gifts'],
      ['relevanceOrder', { relevanceOrder: 7 }, (d, s) => s.relevanceOrder, 7],
      ['related', { related: [two!.slug, one!.slug] }, (d, s) => [d.fields.related, s.relatedProducts.map((p) => p.slug)], [[two!.slug, one!.slug], [two!.slug, one!.slug]]],
      ['inStock', { inStock: false }, (d, s) => [d.inStock, s.inStock], [false, false]],
    ];
    for (const [index, [field, body, seen, expected]] of edits.entries()) {
      const res = await change(product.id, body);
      expect([field, res.status, res.body.message]).toEqual([field, 200, expect.stringMatching(/ is changed$/)]);
      const shopper = await shopperProduct(res.body.data.slug);
      expect([field, seen(res.body.data, shopper.data)]).toEqual([field, expected]);
      const audit = await contentChangesOf(db, 'product', product.id);
      expect([field, audit.length]).toEqual([field, index + 2]);
      const last = audit.at(-1)!;
      expect([field, last.action, JSON.stringify(last.before?.[field]) !== JSON.stringify(last.after?.[field])]).toEqual([field, 'updated', true]);
    }
    // The search words follow the name: the old one no longer finds it.
    expect(await searchFor(`quorvex ${t} posy`)).toEqual([product.slug]);
    // The same fields again change nothing and write nothing.
    const again = await change(product.id, { inStock: false, budget: 'vip', related: [two!.slug, one!.slug] });
    expect([again.status, again.body.message]).toEqual([200, 'Nothing to change']);
    expect(await contentChangesOf(db, 'product', product.id)).toHaveLength(edits.length + 1);
  });

  it("a simple product's price; sizes make it variable; a size that orders name is kept (409) until marked out of stock", async () => {
    const simple = await made({ variants: [], price: 20_000 });
    expect((await change(simple.id, { price: 21_000, description: 'Now dearer.' })).body.data).toMatchObject({ price: 21_000, type: 'simple', fields: { price: 21_000, description: 'Now dearer.' } });
    // Sizes given: the product becomes variable, listed at its cheapest size.
    const sized = await change(simple.id, { variants: [{ name: 'Small', sku: `${simple.sku}-S`, price: 18_000 }, { name: 'Large', sku: `${simple.sku}-L`, price: 28_000 }] });
    expect(sized.body.data).toMatchObject({ type: 'variable', price: 18_000, fields: { variants: [{ name: 'Small' }, { name: 'Large' }] } });
    expect(sized.body.data.fields.price).toBeUndefined();

    // A shopper orders the large size.
    const item = { productId: simple.id, SKU: `${simple.sku}-L`, size: 'Large', quantity: 1, image: { src: '/media/p/x.webp', alt: 'x' } };
    const order = await caller(server.url)('POST', '/v1/firebase/order/create', { body: { currency: 'NGN', deliveryDate: '', business: 'regal', cartItems: [item] } });
    expect(order.status).toBe(201);

    const small = sized.body.data.fields.variants[0]!;
    const large = sized.body.data.fields.variants[1]!;
    const refused = await change(simple.id, { variants: [small] });
    expect([refused.status, refused.body.message]).toEqual([409, `variants: the size Large (${simple.sku}-L) is on an order and cannot be removed; keep it and mark it out of stock instead`]);
    expect((await change(simple.id, { variants: [], price: 20_000 })).status).toBe(409);
    // Out of stock is allowed; the other size can go.
    const kept = await change(simple.id, { variants: [{ ...large, inStock: false }] });
    expect(kept.body.data).toMatchObject({ price: 28_000, variants: [{ sku: `${simple.sku}-L`, size: 'Large', price: 28_000, inStock: false }] });
    expect(await db.select().from(productVariants).where(eq(productVariants.productId, simple.id))).toHaveLength(1);
    // Sizes named by SKU alone are the list's quick change: the others stay.
    const quick = await change(simple.id, { variants: [{ sku: `${simple.sku}-L`, price: 29_000 }] });
    expect(quick.body.data).toMatchObject({ price: 29_000, variants: [{ size: 'Large', price: 29_000, inStock: false }] });
    // A new size in a whole list needs its name and price; a foreign size id is refused.
    expect((await change(simple.id, { variants: [{ id: large.id, sku: large.sku }, { sku: `${simple.sku}-X`, price: 5_000 }] })).body.message).toBe('variants.1.name is required for a new size');
    expect((await change(simple.id, { variants: [{ id: simple.id, name: 'X', sku: large.sku, price: 5_000 }] })).body.message).toBe("variants.0.id: is not one of this product's sizes");
    // A bad field among good ones: 400, nothing written.
    const before = await contentChangesOf(db, 'product', simple.id);
    const bad = await change(simple.id, { description: 'Fine', budget: 'luxury' });
    expect([bad.status, bad.body.message]).toEqual([400, 'budget: must be regular or vip']);
    const merged = await change(simple.id, { name: 'Renamed', price: 1 });
    expect([merged.status, merged.body.message]).toEqual([400, "price: a product with sizes is listed at its cheapest size's price (₦29,000); leave price out"]);
    expect(await contentChangesOf(db, 'product', simple.id)).toHaveLength(before.length);
    expect((await read(simple.id)).body.data.product!.fields.description).toBe('Now dearer.');
  });
});

describe('a changed slug', () => {
  it('keeps the old one: the product call answers the product, its page answers 301, featured groups follow; the slug cannot be taken by another', async () => {
    const product = await made();
    const old = product.slug;
    const next = `${old}-renamed`;
    const group = `test-${tag()}`;
    await db.insert(featuredGroups).values({ key: group, title: 'Test group', featuredSlugs: [seeded[0]!.slug, old] });
    try {
      expect((await productPage(old)) as unknown).toMatchObject({ props: { product: { slug: old } } });
      const res = await change(product.id, { slug: next });
      expect(res.status).toBe(200);
      expect(res.body.data).toMatchObject({ slug: next, formerSlugs: [old], fields: { slug: next } });
      const [row] = await db.select().from(featuredGroups).where(eq(featuredGroups.key, group));
      expect(row!.featuredSlugs).toEqual([seeded[0]!.slug, next]);
      expect(await contentChangesOf(db, 'featured-group', group)).toEqual([expect.objectContaining({ before: { featuredSlugs: [seeded[0]!.slug, old] }, after: { featuredSlugs: [seeded[0]!.slug, next] } })]);
    } finally {
      await db.delete(featuredGroups).where(eq(featuredGroups.key, group));
    }

    // The storefront: the old slug answers the product under its new slug; the page moves for good.
    expect(await shopperProduct(old)).toMatchObject({ status: 200, data: { id: product.id, slug: next } });
    expect(await shopperProduct(next)).toMatchObject({ status: 200, data: { id: product.id, slug: next } });
    expect(await productPage(old)).toEqual({ redirect: { destination: `/product/${next}`, statusCode: 301 } });
    expect(await productPage(next)).toMatchObject({ props: { product: { slug: next } } });
    expect(await productPage(`${next}-nothing`)).toEqual({ notFound: true });

    // Another product cannot take the old slug (it still leads here), neither as a change nor when added.
    const other = await made();
    const taken = await change(other.id, { slug: old });
    expect([taken.status, taken.body.message]).toEqual([409, `slug: "${old}" was the address of ${product.name.split(' – ')[0]} and still leads there; choose another`]);
    expect((await create(fieldsFor(tag(), { slug: old }))).status).toBe(409);
    expect((await change(other.id, { slug: next })).status).toBe(409);

    // The product takes its old slug back: that redirect goes, the other one comes.
    const back = await change(product.id, { slug: old });
    expect(back.body.data).toMatchObject({ slug: old, formerSlugs: [next] });
    expect(await db.select({ old: productSlugRedirects.oldSlug }).from(productSlugRedirects).where(eq(productSlugRedirects.productId, product.id))).toEqual([{ old: next }]);
    expect(await productPage(next)).toEqual({ redirect: { destination: `/product/${old}`, statusCode: 301 } });
    const audit = await contentChangesOf(db, 'product', product.id);
    expect(audit.slice(1).map((line) => [line.before?.slug, line.after?.slug])).toEqual([
      [old, next],
      [next, old],
    ]);

    // A deactivated product's old slug leads nowhere.
    await change(product.id, { active: false });
    expect((await shopperProduct(next)).status).toBe(404);
    expect(await productPage(next)).toEqual({ notFound: true });
  });
});

describe('POST /admin/api/products/{id}/duplicate', () => {
  it('copies the product, its sizes, categories, related products and picture rows under a free slug and new SKUs, not sold until activated', async () => {
    const source = await made({ related: [seeded[1]!.slug, seeded[0]!.slug] });
    const [art] = await db.select({ art: productImages.art }).from(productImages).where(sql`${productImages.art} is not null`).limit(1);
    await db.insert(productImages).values([0, 1].map((position) => ({ id: crypto.randomUUID(), productId: source.id, position, alt: `Quorvex picture ${position}`, art: art!.art })));

    const res = await duplicate(source.id);
    expect([res.status, res.body.message]).toEqual([201, expect.stringMatching(/\(copy\) – roses in two sizes is made; it is not sold until you activate it$/)]);
    const copy = res.body.data;
    expect(copy.id).not.toBe(source.id);
    expect(copy).toMatchObject({ slug: `${source.slug}-copy`, sku: `${source.sku}-COPY`, active: false, pictures: 2, name: `${source.name.split(' – ')[0]} (copy) – roses in two sizes` });
    expect(copy.fields).toEqual({
      ...source.fields,
      name: copy.name,
      slug: `${source.slug}-copy`,
      sku: `${source.sku}-COPY`,
      variants: source.fields.variants.map((v) => ({ ...v, id: expect.any(String), sku: `${v.sku}-COPY` })),
      active: false,
    });
    expect(copy.fields.variants.map((v) => v.id)).not.toEqual(expect.arrayContaining(source.fields.variants.map((v) => v.id)));
    const pictures = await db.select().from(productImages).where(eq(productImages.productId, copy.id)).orderBy(productImages.position);
    expect(pictures.map((p) => [p.position, p.alt, p.art, p.storageKey])).toEqual([
      [0, 'Quorvex picture 0', art!.art, null],
      [1, 'Quorvex picture 1', art!.art, null],
    ]);
    expect((await contentChangesOf(db, 'product', copy.id))[0]).toMatchObject({ action: 'duplicated', before: { copiedFrom: source.id, copiedFromSlug: source.slug }, after: { slug: copy.slug, active: false } });

    // Not in the shop until a manager activates it.
    expect((await shopperProduct(copy.slug)).status).toBe(404);
    expect((await shopperProduct(copy.slug, '&onlyActive=false')).status).toBe(200);
    expect((await change(copy.id, { active: true })).body.data.active).toBe(true);
    expect(await shopperProduct(copy.slug)).toMatchObject({ status: 200, data: { relatedProducts: [{ slug: seeded[1]!.slug }, { slug: seeded[0]!.slug }], images: [{ alt: 'Quorvex picture 0' }, { alt: 'Quorvex picture 1' }] } });

    // A second copy takes the next free names; the source is untouched.
    const second = await duplicate(source.id);
    expect(second.body.data).toMatchObject({ slug: `${source.slug}-copy-2`, sku: `${source.sku}-COPY-2` });
    expect((await read(source.id)).body.data.product).toMatchObject({ slug: source.slug, sku: source.sku, active: true, pictures: 2, fields: source.fields });
    expect((await duplicate('0b0a4c1e-4b1e-4c3f-9c1e-000000000000')).status).toBe(404);
  });
});

describe('deactivating', () => {
  it('takes the product out of the shop (product call, listing, search, sitemap) on the next request, and activating brings it back', async () => {
    const t = tag();
    const product = await made({ name: `Quorvex ${t} Lily – lilies`, categories: ['lilies'] });
    expect(await sitemap()).toContain(`/product/${product.slug}</loc>`);
    expect(await searchFor(`quorvex ${t}`)).toEqual([product.slug]);

    const off = await change(product.id, { active: false });
    expect(off.body.data.active).toBe(false);
    expect((await shopperProduct(product.slug)).status).toBe(404);
    expect(await categoryListing('lilies')).not.toContain(product.slug);
    expect(await searchFor(`quorvex ${t}`)).toEqual([]);
    expect(await sitemap()).not.toContain(`/product/${product.slug}<`);
    expect((await read(product.id)).body.data.product).toMatchObject({ active: false });

    await change(product.id, { active: true });
    expect((await shopperProduct(product.slug)).status).toBe(200);
    expect(await searchFor(`quorvex ${t}`)).toEqual([product.slug]);
    expect((await contentChangesOf(db, 'product', product.id)).map((l) => [l.action, l.after?.active])).toEqual([
      ['created', true],
      ['updated', false],
      ['updated', true],
    ]);
  });
});

describe('saveProduct (the catalogue import writes through it)', () => {
  it("runs inside the caller's transaction: rolled back, nothing is left", async () => {
    const fields = productFieldsBody.parse(fieldsFor(tag()));
    await expect(
      db.transaction(async (tx) => {
        const id = await saveProduct(tx, null, fields, null, new Date());
        expect(await tx.select({ id: products.id }).from(products).where(eq(products.slug, fields.slug))).toEqual([{ id }]);
        throw new Error('the import found a bad line');
      }),
    ).rejects.toThrow('the import found a bad line');
    expect(await db.select().from(products).where(eq(products.slug, fields.slug))).toEqual([]);
    expect(await db.select().from(contentAudit).where(sql`${contentAudit.after}->>'slug' = ${fields.slug}`)).toEqual([]);
  });

  it("saving the seeded catalogue's own fields changes nothing", async () => {
    const slugs = buildCatalogue().products.map((p) => p.slug);
    const rows = await db.select({ id: products.id }).from(products).where(inArray(products.slug, slugs));
    expect(rows.length).toBe(slugs.length);
    const changed: string[] = [];
    await db
      .transaction(async (tx) => {
        for (const { id } of rows) {
          const fields = productFieldsBody.parse(await productFieldsOf(tx, id));
          if ((await writeProduct(tx, id, fields, null, new Date())).changed) changed.push(id);
        }
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect(changed).toEqual([]);
  });
});
