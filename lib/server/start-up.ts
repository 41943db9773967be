/**
 * What the server does once at start (called from instrumentation.ts in the Node.js runtime,
 * which Next awaits before it serves a request): validate the configuration, exiting with a list
 * of bad variables, then open, migrate and (when empty) seed the database so that the first
 * request finds it ready. Opening the database (lib/server/db/client.ts) does not migrate or seed:
 * this is the one place the server does.
 */
import { ConfigError, getConfig, type Config } from '@/lib/server/config';
import { closeDatabase, getDatabase } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { startBackgroundWork } from '@/lib/server/jobs/background';
import { stopJobs } from '@/lib/server/jobs/queue';
import { listenForContentChanges } from '@/lib/server/live/content';
import { checkMediaStorage } from '@/lib/server/media/storage';
import { log } from '@/lib/server/log';
import { registerReadiness } from '@/lib/server/health';
import { startAppMetrics } from '@/lib/server/metrics';

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
  // The mail outbox's sender and the scheduled jobs (lib/server/jobs/background.ts).
  await startBackgroundWork();
  // An unreachable picture bucket is logged (not awaited: the SDK's retries can take a while).
  void checkMediaStorage();
  const where = database.kind === 'pglite' ? `embedded database in ${config.dataDir}` : 'PostgreSQL';
  log().info({ area: 'db', ms: Date.now() - started, seeded }, `${where} ready`);
  // What scripts/serve.mjs calls: /readyz's check, /metrics' gauges, and the end on SIGTERM.
  registerReadiness();
  startAppMetrics();
  (globalThis as { __shopShutdown?: () => Promise<void> }).__shopShutdown = shutDown;
}

/**
 * What the server does once at the end, after it stopped taking requests and finished those in
 * flight (scripts/serve.mjs calls it on SIGTERM through `globalThis.__shopShutdown`): stop the
 * background work, then close the database.
 */
export async function shutDown(): Promise<void> {
  await stopJobs();
  await closeDatabase();
}
