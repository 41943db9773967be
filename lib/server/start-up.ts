/**
 * What the server does once at start (called from instrumentation.ts in the Node.js runtime):
 * validate the configuration, exiting with a list of bad variables, then open, migrate and (when
 * empty) seed the database so that the first request finds it ready.
 */
import { ConfigError, getConfig, type Config } from '@/lib/server/config';
import { getDatabase } from '@/lib/server/db/client';

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
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  console.log(`[db] ${where} ready in ${Date.now() - started} ms`);
}
