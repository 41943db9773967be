/**
 * What the server does once at start (called from instrumentation.ts in the Node.js runtime,
 * which Next awaits before it serves a request): validate the configuration, exiting with a list
 * of bad variables, then open, migrate and (when empty) seed the database so that the first
 * request finds it ready. Opening the database (lib/server/db/client.ts) does not migrate or seed:
 * this is the one place the server does.
 */
import { ConfigError, getConfig, type Config } from '@/lib/server/config';
import { getDatabase } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { listenForContentChanges } from '@/lib/server/live/content';

export async function startUp(): Promise<void> {
  let config: Config;
  try {
    config = getConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
  const started = Date.now();
  const database = await getDatabase();
  const { seeded } = await prepareDatabase(database);
  // Other instances' catalogue and settings changes clear this one's caches (PostgreSQL only).
  await listenForContentChanges(database);
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`[db] ${where} ready in ${Date.now() - started} ms${seeded ? ' (sample catalogue seeded)' : ''}`);
}
