/**
 * Database commands: `migrate` applies migrations; `seed` migrates and inserts the sample
 * catalogue and settings where missing (`--products N` builds a large catalogue of N products
 * for benchmarks). Uses DATABASE_URL, or the embedded database under DATA_DIR; stop the shop
 * first when it runs on the embedded database (one process owns it at a time).
 */
import { openConfiguredDatabase } from '@/lib/server/db/client';
import { migrateDatabase } from '@/lib/server/db/prepare';

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  const database = await openConfiguredDatabase();
  try {
    await migrateDatabase(database);
    if (command === 'migrate') {
      console.log('Migrations applied.');
      return;
    }
    if (command !== 'seed') throw new Error(`Unknown command "${command}" (use migrate or seed)`);
    const at = args.indexOf('--products');
    const count = at >= 0 ? Number(args[at + 1]) : 0;
    if (at >= 0 && (!Number.isInteger(count) || count < 1)) throw new Error('--products needs a whole number');
    const { seedDatabase } = await import('@/lib/server/seed/seed');
    const catalogue = count
      ? (await import('@/lib/samples/large-catalogue')).buildLargeCatalogue(count)
      : (await import('@/lib/samples/catalogue')).buildCatalogue();
    const started = Date.now();
    await database.exclusive((db) => seedDatabase(db, catalogue));
    console.log(`Seeded ${catalogue.products.length} products (missing rows only) in ${Date.now() - started} ms.`);
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
