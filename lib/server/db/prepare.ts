/**
 * Brings a database up to date at start-up: applies the SQL migrations under `drizzle/`, then
 * seeds the sample catalogue and settings when the catalogue is empty. Safe to run from several
 * processes at once against PostgreSQL (an advisory lock serialises them).
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database, Db } from '@/lib/server/db/client';
import { products } from '@/lib/server/db/schema';
import { prepareJobQueue } from '@/lib/server/jobs/queue';

export const MIGRATIONS_FOLDER = path.join(process.cwd(), 'drizzle');

async function applyMigrations(database: Database, db: Db): Promise<void> {
  if (database.kind === 'postgres') {
    const { migrate } = await import('drizzle-orm/node-postgres/migrator');
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    const { migrate } = await import('drizzle-orm/pglite/migrator');
    await migrate(db as never, { migrationsFolder: MIGRATIONS_FOLDER });
  }
}

/** Applies pending migrations (the shop's, then the job queue's schema). */
export async function migrateDatabase(database: Database): Promise<void> {
  await database.exclusive((db) => applyMigrations(database, db));
  await prepareJobQueue(database);
}

/** Whether the catalogue has no products yet. */
export async function isCatalogueEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ one: sql<number>`1` }).from(products).limit(1);
  return !row;
}

/** Migrates (the job queue's schema too), then seeds the sample catalogue and settings into an empty catalogue. */
export async function prepareDatabase(database: Database): Promise<{ seeded: boolean }> {
  await prepareJobQueue(database);
  return database.exclusive(async (db) => {
    await applyMigrations(database, db);
    if (!(await isCatalogueEmpty(db))) return { seeded: false };
    const { seedDatabase } = await import('@/lib/server/seed/seed');
    const { buildCatalogue } = await import('@/lib/samples/catalogue');
    await seedDatabase(db, buildCatalogue());
    return { seeded: true };
  });
}
