/**
 * "The catalogue or the settings changed": one number per process, the content version, that
 * every cache of shopper-facing content compares with the version it stored an entry under — the
 * server's answer cache (lib/api/answer-cache.ts), the shell handshake (lib/server/shell.ts) and
 * the shared-page cache (scripts/page-cache.mjs, which reads the same global). A write calls
 * `contentChanged()` after its transaction commits: this process's caches miss at once, and on
 * PostgreSQL the other app instances hear it through `NOTIFY shop_content` and miss too (the
 * embedded database is owned by one process: no channel). Writes are rare; every cached entry is
 * dropped rather than tracking which pages a product appears on (home, categories, search, sitemap).
 */
import { randomBytes } from 'node:crypto';
import type { Database } from '@/lib/server/db/client';
import { errorFields } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';

/** The global the version lives under; scripts/page-cache.mjs reads the same name. */
export const CONTENT_VERSION_KEY = '__shopContentVersion';
export const CONTENT_CHANNEL = 'shop_content';

type Holder = { [CONTENT_VERSION_KEY]?: number; __shopInstanceId?: string };
const holder = globalThis as Holder;

/** This process's name on the channel, so that it ignores its own notices. */
export const INSTANCE_ID = (holder.__shopInstanceId ??= randomBytes(8).toString('hex'));

/** The current content version (0 until the first change). */
export function contentVersion(): number {
  return holder[CONTENT_VERSION_KEY] ?? 0;
}

function bump(): void {
  holder[CONTENT_VERSION_KEY] = contentVersion() + 1;
}

/**
 * After a committed change to shopper-facing content: this process's caches drop their entries,
 * and the other instances on the same PostgreSQL are told. A notice that cannot be sent is
 * logged (their caches then catch up within their 30 s), never thrown at the writer.
 */
export async function contentChanged(database: Pick<Database, 'notify'>): Promise<void> {
  bump();
  try {
    await database.notify(CONTENT_CHANNEL, INSTANCE_ID);
  } catch (error) {
    log().error({ area: 'live', ...errorFields(error) }, 'could not tell the other instances');
  }
}

/**
 * Listens for other instances' changes (PostgreSQL; nothing on the embedded database) and drops
 * this process's cached content when one arrives. Answers a function that stops listening.
 */
export function listenForContentChanges(database: Pick<Database, 'listen'>, onChange: () => void = bump): Promise<() => Promise<void>> {
  return database.listen(CONTENT_CHANNEL, (payload) => {
    if (payload !== INSTANCE_ID) onChange();
  });
}
