/**
 * Opens the shop's database: PostgreSQL through `pg` when `DATABASE_URL` is set, otherwise the
 * embedded PostgreSQL (PGlite) under `DATA_DIR/db`. Both are driven by the same Drizzle schema,
 * migrations and queries. One database is opened per process and reused (PGlite costs ~2 s and
 * hundreds of MB to start; a `pg` pool is meant to be shared).
 */
import path from 'node:path';
import fs from 'node:fs';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { PoolClient } from 'pg';
import { getConfig } from '@/lib/server/config';
import { errorFields } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import * as schema from '@/lib/server/db/schema';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs `fn` while holding a database-wide lock (one migrator or seeder at a time). */
  exclusive<T>(fn: (db: Db) => Promise<T>): Promise<T>;
  /** Sends `payload` on `channel` to every other connection listening (PostgreSQL `NOTIFY`; nothing on the embedded database). */
  notify(channel: string, payload: string): Promise<void>;
  /**
   * Calls `onMessage` with every payload sent on `channel` (PostgreSQL `LISTEN` on a connection of
   * its own, opened again if it drops; nothing on the embedded database, which one process owns).
   * Answers a function that stops listening.
   */
  listen(channel: string, onMessage: (payload: string) => void): Promise<() => Promise<void>>;
  /**
   * Runs SQL text outside Drizzle, for engines that bring their own SQL (the job queue, pg-boss):
   * with `values`, one parameterised statement; without, a script of several statements.
   */
  raw(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
  /** The PostgreSQL pool's connections (for the metrics); absent on the embedded database. */
  poolStats?(): PoolStats;
  /** The embedded database's files as a tar file (for `loadDataDir`); absent on PostgreSQL. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
};

export type PoolStats = { total: number; idle: number; waiting: number };

/** A channel name as PostgreSQL takes it unquoted: letters, digits and underscores. */
function channelName(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error('Not a channel name');
  return channel;
}

const LOCK_KEY = 724_311; // arbitrary, constant: the shop's set-up lock

export type OpenOptions = {
  /** PostgreSQL connection string; when absent the embedded database is used. */
  databaseUrl?: string;
  /** Embedded database directory; absent means in memory. */
  dataDir?: string;
  /**
   * An embedded database to start from instead of an empty one: a `dumpDataDir()` tar file (the
   * tests open each file's database from one migrated and seeded copy, __tests__/global-setup.ts).
   */
  loadDataDir?: Blob;
};

/** Opens a database connection (not migrated). Callers own it and must `close()` it. */
export async function openDatabase(options: OpenOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10, connectionTimeoutMillis: 5000 });
    // A dropped connection must not crash the process; the next query gets a fresh one.
    pool.on('error', (error) => log().error({ area: 'db', ...errorFields(error) }, 'idle database connection failed'));
    // pg-pool listens for errors only on idle clients: a checked-out client (e.g. inside a
    // transaction, between two queries) whose server goes away emits 'error' with no listener,
    // which is an uncaught exception. The query in flight already fails with that error (the
    // request answers 503) and the pool drops the broken client on release, so nothing to do here.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const listeners = new Set<() => Promise<void>>();
    return {
      db: drizzle({ client: pool, schema }) as unknown as Db,
      kind: 'postgres',
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      async exclusive(fn) {
        const client = await pool.connect();
        try {
          await client.query('SELECT pg_advisory_lock($1)', [LOCK_KEY]);
          try {
            return await fn(drizzle({ client, schema }) as unknown as Db);
          } finally {
            await client.query('SELECT pg_advisory_unlock($1)', [LOCK_KEY]);
          }
        } finally {
          client.release();
        }
      },
      notify: async (channel, payload) => {
        await pool.query('SELECT pg_notify($1, $2)', [channelName(channel), payload]);
      },
      raw: async (text, values) => {
        const result = await pool.query(text, values as unknown[] | undefined);
        // A script answers one result per statement: the last is the script's answer.
        return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
      },
      async listen(channel, onMessage) {
        const name = channelName(channel);
        let stopped = false;
        let client: PoolClient | undefined;
        const connect = async (): Promise<void> => {
          try {
            const next = await pool.connect();
            next.on('notification', (message) => message.channel === name && onMessage(message.payload ?? ''));
            // A dropped connection is replaced; the notices sent meanwhile are lost, and the caches
            // they would have cleared catch up within their 30 s.
            next.on('error', () => {
              if (client === next) client = undefined;
              next.release(true);
              if (!stopped) setTimeout(() => void connect(), 1000).unref();
            });
            await next.query(`LISTEN ${name}`);
            client = next;
          } catch {
            if (!stopped) setTimeout(() => void connect(), 1000).unref();
          }
        };
        await connect();
        const stop = async () => {
          stopped = true;
          listeners.delete(stop);
          if (!client) return;
          const held = client;
          client = undefined;
          await held.query(`UNLISTEN ${name}`).catch(() => undefined);
          held.release();
        };
        listeners.add(stop);
        return stop;
      },
      // Listening connections are given back first: the pool ends only when every client is back.
      close: async () => {
        await Promise.all([...listeners].map((stop) => stop()));
        await pool.end();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const { drizzle } = await import('drizzle-orm/pglite');
  if (options.dataDir) fs.mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create(options.dataDir, { extensions: { pg_trgm }, ...(options.loadDataDir && { loadDataDir: options.loadDataDir }) });
  const db = drizzle({ client, schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    // PGlite is single-connection and owned by this process: nothing else can interleave.
    exclusive: (fn) => fn(db),
    notify: async () => undefined,
    listen: async () => async () => undefined,
    raw: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values);
      const results = await client.exec(text);
      return results.at(-1) ?? { rows: [] };
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}

type Holder = { database?: Promise<Database> };
const holder: Holder = ((globalThis as { __shopDb?: Holder }).__shopDb ??= {});

/** Where the embedded database lives for a data directory. */
export function embeddedDbDir(dataDir: string): string {
  return path.join(dataDir, 'db');
}

/** Opens the database the configuration names: `DATABASE_URL`, else the embedded one in `DATA_DIR` (not migrated). Callers own it. */
export function openConfiguredDatabase(): Promise<Database> {
  const config = getConfig();
  return openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.databaseUrl ? undefined : embeddedDbDir(config.dataDir),
  });
}

/**
 * The process's database, opened on first use (not migrated: start-up does that, see
 * lib/server/start-up.ts; scripts and tests call lib/server/db/prepare.ts themselves).
 * Survives Next's module reloading in development through a `globalThis` holder.
 */
export function getDatabase(): Promise<Database> {
  holder.database ??= openConfiguredDatabase().catch((error: unknown) => {
    holder.database = undefined;
    throw error;
  });
  return holder.database;
}

/** The process's Drizzle handle. */
export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

/** Uses an already opened database as the process's database (tests). */
export function setDatabase(database: Database): void {
  holder.database = Promise.resolve(database);
}

/** The process's PostgreSQL pool figures, when its database is open and is PostgreSQL. */
export async function databasePoolStats(): Promise<PoolStats | undefined> {
  const current = holder.database;
  return current ? (await current).poolStats?.() : undefined;
}

/** Closes the process's database, if open. */
export async function closeDatabase(): Promise<void> {
  const current = holder.database;
  holder.database = undefined;
  if (current) await (await current).close();
}
