/** @jest-environment node */
/**
 * Opening a database neither migrates nor seeds it; the server's start-up does both, once, so that
 * the first request finds the sample catalogue (what `npm start` on a fresh DATA_DIR relies on),
 * and starts the job queue's workers, which the end (`shutDown`) stops before closing the database.
 */
import { sql } from 'drizzle-orm';
import { getDatabase, openDatabase, setDatabase, type Database } from '@/lib/server/db/client';
import { captureLogs } from '@/lib/server/log';
import { shutDown, startUp } from '@/lib/server/start-up';

/** Whether the products table exists (an in-memory embedded database, whatever TEST_DATABASE_URL says). */
async function hasProducts(database: Database): Promise<boolean> {
  const { rows } = (await database.db.execute(sql`SELECT to_regclass('public.products') IS NOT NULL AS present`)) as unknown as { rows: { present: boolean }[] };
  return rows[0]?.present === true;
}

// Whatever happens in the test, the workers stop and the database closes.
afterAll(shutDown);

it('opens a database without migrating it; start-up migrates, seeds and starts the workers; the end stops them', async () => {
  const database = await openDatabase({});
  expect(await hasProducts(database)).toBe(false);

  setDatabase(database);
  const logs = captureLogs('info');
  try {
    await startUp();
  } finally {
    logs.stop();
  }
  expect(logs.lines()).toContainEqual(expect.objectContaining({ area: 'db', seeded: true, msg: expect.stringContaining('ready') }));
  expect(await getDatabase()).toBe(database);
  const { rows } = (await database.db.execute(sql`SELECT count(*)::int AS n FROM products`)) as unknown as { rows: { n: number }[] };
  expect(rows[0]?.n).toBeGreaterThan(0);
  const { rows: queues } = await database.raw("select name from pgboss.queue where name not like '\\_\\_%' order by name");
  expect(queues).toEqual([{ name: 'checkout-recovery' }, { name: 'mail' }, { name: 'occasion-reminders' }, { name: 'tidy-up' }]);

  await shutDown();
  await expect(database.db.execute(sql`select 1`)).rejects.toThrow();
});
