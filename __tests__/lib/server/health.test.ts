/** @jest-environment node */
/**
 * Readiness (`/readyz`, lib/server/health.ts) on the test's real database, the embedded one or
 * PostgreSQL (TEST_DATABASE_URL): ready when migrated; not ready, naming the check, when a
 * migration is missing, when the database was never migrated, when it cannot be reached, and when
 * it does not answer in time.
 */
import net from 'node:net';
import { Client } from 'pg';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { checkReadiness, migrationJournal, registerReadiness, type Readiness } from '@/lib/server/health';
import { closeTestDatabase, openTestDatabase, usingPostgres } from '../../helpers/db';

let database: Database;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(closeTestDatabase);

describe('a migrated database', () => {
  it('is ready', async () => {
    await expect(checkReadiness(database)).resolves.toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok' } });
  });

  it('is ready through the check start-up registers for the server script', async () => {
    registerReadiness();
    const check = (globalThis as { __shopReadiness?: () => Promise<Readiness> }).__shopReadiness;
    await expect(check?.()).resolves.toEqual({ ready: true, checks: { database: 'ok', migrations: 'ok' } });
  });

  it('is not ready when the build ships a migration it lacks, and says which', async () => {
    const journal = migrationJournal();
    const last = journal.at(-1)!;
    const newer = [...journal, { idx: last.idx + 1, when: last.when + 1000, tag: '9999_not_applied_yet' }];
    await expect(checkReadiness(database, newer)).resolves.toEqual({
      ready: false,
      checks: { database: 'ok', migrations: `${journal.length} of ${journal.length + 1} applied; 9999_not_applied_yet is not` },
    });
  });
});

describe('a database that was never migrated', () => {
  it('is not ready: no migration applied', async () => {
    let empty: Database;
    let drop: (() => Promise<void>) | undefined;
    if (usingPostgres) {
      // A new, empty database on the same PostgreSQL server.
      const name = `shop_health_${process.pid}_${Date.now().toString(36)}`;
      const admin = new Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      empty = await openDatabase({ databaseUrl: url.toString() });
      drop = async () => {
        await admin.query(`DROP DATABASE IF EXISTS ${name}`);
        await admin.end();
      };
    } else {
      empty = await openDatabase({});
    }
    try {
      const journal = migrationJournal();
      await expect(checkReadiness(empty)).resolves.toEqual({
        ready: false,
        checks: { database: 'ok', migrations: `0 of ${journal.length} applied; ${journal[0]!.tag} is not` },
      });
    } finally {
      await empty.close();
      await drop?.();
    }
  });
});

describe('a database that cannot answer', () => {
  it('is not ready when it is closed or unreachable, naming only the error class and code', async () => {
    const gone = usingPostgres ? await openDatabase({ databaseUrl: 'postgres://shop:secret-password@127.0.0.1:1/nowhere' }) : await openDatabase({});
    if (!usingPostgres) await gone.close();
    try {
      const readiness = await checkReadiness(gone);
      expect(readiness.ready).toBe(false);
      expect(readiness.checks.migrations).toBe('not checked');
      expect(readiness.checks.database).toMatch(/^failed: /);
      if (usingPostgres) expect(readiness.checks.database).toMatch(/ECONNREFUSED/);
      expect(JSON.stringify(readiness)).not.toMatch(/secret-password|nowhere|127\.0\.0\.1/);
    } finally {
      if (usingPostgres) await gone.close();
    }
  });

  it('is not ready when the server accepts connections and never answers, within the time allowed', async () => {
    // A hung server: it takes the connection and says nothing.
    const sockets = new Set<net.Socket>();
    const hung = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
    const { port } = hung.address() as net.AddressInfo;
    const silent = await openDatabase({ databaseUrl: `postgres://shop@127.0.0.1:${port}/shop` });
    try {
      const started = Date.now();
      await expect(checkReadiness(silent, migrationJournal(), 300)).resolves.toEqual({
        ready: false,
        checks: { database: 'failed: no answer within 300 ms', migrations: 'not checked' },
      });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      for (const socket of sockets) socket.destroy();
      hung.close();
      await silent.close().catch(() => undefined);
    }
  });
});
