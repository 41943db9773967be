/**
 * A real database for a test file: PostgreSQL when TEST_DATABASE_URL is set (CI runs the suite
 * both ways), otherwise an in-memory embedded PostgreSQL (PGlite), started from the migrated and
 * seeded copy Jest's global set-up made (__tests__/global/). Opening a database does not
 * migrate it (the server's start-up does, lib/server/start-up.ts), so this helper prepares it
 * itself: migrated and seeded with the sample catalogue (`prepareDatabase`), then registered as
 * the process's database so that API routes use it. Every
 * file starts with no rate-limit history: on PostgreSQL the database outlives each file, and
 * the shop-wide ceilings (per minute, whatever the address) would carry one file's attempts
 * into the next.
 */
import fs from 'node:fs';
import { Blob } from 'node:buffer';
import { closeDatabase, openDatabase, setDatabase, type Database } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { stopJobs } from '@/lib/server/jobs/queue';
import { rateLimitEvents } from '@/lib/server/db/schema';

export const usingPostgres = Boolean(process.env.TEST_DATABASE_URL);

/** The migrated, seeded embedded database every file starts from (__tests__/global/setup.js), if made. */
function snapshot(): Blob | undefined {
  const file = process.env.TEST_PGLITE_SNAPSHOT;
  return !usingPostgres && file && fs.existsSync(file) ? new Blob([fs.readFileSync(file)]) : undefined;
}

export async function openTestDatabase(): Promise<Database> {
  const database = await openDatabase({ databaseUrl: process.env.TEST_DATABASE_URL, loadDataDir: snapshot() as globalThis.Blob | undefined });
  // Nothing to do on the copy (it is migrated and seeded), but a file may be run without it.
  await prepareDatabase(database);
  await database.db.delete(rateLimitEvents);
  setDatabase(database);
  return database;
}

/** Stops the job queue a test's mails opened on the database, then closes it. */
export async function closeTestDatabase(): Promise<void> {
  await stopJobs();
  await closeDatabase();
}
