/** @jest-environment node */
/** The seed writes the whole sample catalogue, and running it again changes nothing. */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { seedDatabase, stableId } from '@/lib/server/seed/seed';
import { buildCatalogue } from '@/lib/samples/catalogue';
import { SETTINGS_KEYS } from '@/lib/server/services/settings';
import { closeTestDatabase, openTestDatabase } from '../../../helpers/db';

let database: Database;

/** Rows of a raw query; both drivers answer `{ rows }`. */
async function query<T>(statement: SQL): Promise<T[]> {
  return ((await database.db.execute(statement)) as unknown as { rows: T[] }).rows;
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(closeTestDatabase);

async function counts(): Promise<Record<string, number>> {
  const tables = ['products', 'product_variants', 'product_images', 'related_products', 'categories', 'design_options', 'featured_groups', 'currencies', 'settings'];
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await query<{ n: number }>(sql.raw(`SELECT count(*)::int AS n FROM ${table}`));
    out[table] = Number(row?.n);
  }
  return out;
}

it('has the whole catalogue after the first preparation', async () => {
  const catalogue = buildCatalogue();
  const n = await counts();
  expect(n.products).toBeGreaterThanOrEqual(catalogue.products.length);
  expect(n.categories).toBe(catalogue.categories.length);
  expect(n.product_images).toBeGreaterThanOrEqual(catalogue.products.reduce((sum, p) => sum + p.images.length, 0));
  expect(n.currencies).toBe(3);
  // The seed's two documents (on a shared PostgreSQL other files may have saved more by now).
  const keys = (await query<{ key: string }>(sql`SELECT key FROM settings`)).map((r) => r.key);
  expect(keys).toEqual(expect.arrayContaining([SETTINGS_KEYS.delivery, SETTINGS_KEYS.alerts]));
  expect(n.settings).toBeGreaterThanOrEqual(2);
});

it('changes nothing when run twice', async () => {
  const before = await counts();
  const snapshot = await query(sql`SELECT id, price, name FROM products ORDER BY id`);
  await seedDatabase(database.db, buildCatalogue());
  await prepareDatabase(database);
  expect(await counts()).toEqual(before);
  expect(await query(sql`SELECT id, price, name FROM products ORDER BY id`)).toEqual(snapshot);
});

it('never overwrites what staff changed', async () => {
  const [first] = buildCatalogue().products;
  const id = stableId(`product:${first!.slug}`);
  await database.db.execute(sql`UPDATE products SET description = description || ' (edited)' WHERE id = ${id}`);
  await seedDatabase(database.db, buildCatalogue());
  const [row] = await query<{ description: string }>(sql`SELECT description FROM products WHERE id = ${id}`);
  expect(row?.description).toBe(`${first!.description} (edited)`);
  await database.db.execute(sql`UPDATE products SET description = ${first!.description} WHERE id = ${id}`);
});

it('derives stable UUIDs', () => {
  expect(stableId('product:x')).toBe(stableId('product:x'));
  expect(stableId('product:x')).not.toBe(stableId('product:y'));
  expect(stableId('product:x')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
});
