/**
 * Readiness: whether this process can serve the shop now. `/readyz` (scripts/app-server.mjs)
 * answers 200 only when both checks pass, 503 naming the one that failed otherwise, so a proxy or
 * an orchestrator sends traffic only to instances that can answer it:
 *
 * - database: a trivial query answers within READINESS_TIMEOUT_MS;
 * - migrations: every migration of `drizzle/meta/_journal.json` is applied. Drizzle's migrator
 *   records each applied migration in `drizzle.__drizzle_migrations` with the journal entry's
 *   `when` as `created_at`, and applies every entry newer than the newest row, so the database is
 *   up to date exactly when its newest `created_at` is at least the journal's last `when`.
 *
 * What a failed check says names the error's class and code only (lib/server/http/errors.ts
 * `errorFields`), never a server's message, which may carry a host or a user name.
 * Start-up registers the check on `globalThis.__shopReadiness` (`registerReadiness`), as the
 * server script cannot import this module.
 */
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { getDatabase, type Database } from '@/lib/server/db/client';
import { MIGRATIONS_FOLDER } from '@/lib/server/db/prepare';
import { errorFields } from '@/lib/server/http/errors';

/** How long each check may take before it counts as failed. */
export const READINESS_TIMEOUT_MS = 2_000;

export type JournalEntry = { idx: number; when: number; tag: string };

export type Readiness = {
  ready: boolean;
  /** 'ok', or what failed, per check. */
  checks: { database: string; migrations: string };
};

type Shared = { __shopReadiness?: () => Promise<Readiness> };

let journal: JournalEntry[] | undefined;

/** The migrations the build ships (drizzle/meta/_journal.json), read once. */
export function migrationJournal(): JournalEntry[] {
  journal ??= (JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: JournalEntry[] }).entries;
  return journal;
}

class TimedOut extends Error {
  constructor(ms: number) {
    super(`no answer within ${ms} ms`);
    this.name = 'TimedOut';
  }
}

function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TimedOut(ms)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** What failed, safe to show: the error's class and PostgreSQL code, or the timeout. */
function failure(error: unknown): string {
  if (error instanceof TimedOut) return `failed: ${error.message}`;
  const { error: classes, code } = errorFields(error);
  return `failed: ${classes}${code ? ` (code ${code})` : ''}`;
}

type Row = Record<string, unknown>;

async function rows(database: Database, query: ReturnType<typeof sql>): Promise<Row[]> {
  const result = (await database.db.execute(query)) as unknown as { rows: Row[] };
  return result.rows;
}

/** The newest migration recorded as applied (its journal `when`), or null when none is. */
async function newestApplied(database: Database): Promise<number | null> {
  // The table exists once the migrator first ran; before that the database has no migrations.
  const [table] = await rows(database, sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return null;
  const [row] = await rows(database, sql`select max(created_at)::text as newest from drizzle.__drizzle_migrations`);
  return row?.newest == null ? null : Number(row.newest);
}

/**
 * Checks the database and its migrations (see the header). `entries` defaults to the build's
 * journal; tests pass their own.
 *
 * @example await checkReadiness(database) // { ready: true, checks: { database: 'ok', migrations: 'ok' } }
 */
export async function checkReadiness(database: Database, entries: readonly JournalEntry[] = migrationJournal(), timeoutMs = READINESS_TIMEOUT_MS): Promise<Readiness> {
  try {
    await within(rows(database, sql`select 1 as one`), timeoutMs);
  } catch (error) {
    return { ready: false, checks: { database: failure(error), migrations: 'not checked' } };
  }
  let newest: number | null;
  try {
    newest = await within(newestApplied(database), timeoutMs);
  } catch (error) {
    return { ready: false, checks: { database: 'ok', migrations: failure(error) } };
  }
  const applied = newest === null ? 0 : entries.filter((entry) => entry.when <= newest).length;
  const missing = entries.find((entry) => newest === null || entry.when > newest);
  if (missing) return { ready: false, checks: { database: 'ok', migrations: `${applied} of ${entries.length} applied; ${missing.tag} is not` } };
  return { ready: true, checks: { database: 'ok', migrations: 'ok' } };
}

/** Lets the server script ask this process's readiness (`globalThis.__shopReadiness`); called by start-up. */
export function registerReadiness(): void {
  (globalThis as Shared).__shopReadiness = async () => {
    let database: Database;
    try {
      database = await within(getDatabase(), READINESS_TIMEOUT_MS);
    } catch (error) {
      return { ready: false, checks: { database: failure(error), migrations: 'not checked' } };
    }
    return checkReadiness(database);
  };
}
