/** @jest-environment node */
/**
 * Opening a database neither migrates nor seeds it; the server's start-up does both, once, so that
 * the first request finds the sample catalogue (what `npm start` on a fresh DATA_DIR relies on).
 */
import { sql } from 'drizzle-orm';
import { closeDatabase, getDatabase, openDatabase, setDatabase, type Database } from '@/lib/server/db/client';
import { startUp } from '@/lib/server/start-up';

/** Whether the products table exists (an in-memory embedded database, whatever TEST_DATABASE_URL says). */
async function hasProducts(database: Database): Promise<boolean> {
  const { rows } = (await database.db.execute(sql`SELECT to_regclass('public.products') IS NOT NULL AS present`)) as unknown as { rows: { present: boolean }[] };
  return rows[0]?.present === true;
}

afterAll(closeDatabase);

it('opens a database without migrating it, and start-up migrates and seeds it', async () => {
  const database = await openDatabase({});
  expect(await hasProducts(database)).toBe(false);

  setDatabase(database);
  const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
  let logged: unknown[][];
  try {
    await startUp();
  } finally {
    logged = log.mock.calls.slice();
    log.mockRestore();
  }
  expect(logged).toContainEqual([expect.stringContaining('(sample catalogue seeded)')]);
  expect(await getDatabase()).toBe(database);
  const { rows } = (await database.db.execute(sql`SELECT count(*)::int AS n FROM products`)) as unknown as { rows: { n: number }[] };
  expect(rows[0]?.n).toBeGreaterThan(0);
});
