/**
 * A throwaway PostgreSQL server for browser and fault tests, started from Debian's binaries as the
 * postgres user (as `.ci/run` does), on a free port, with its data in a temporary folder. It needs
 * root, runuser and the binaries; `whyNoPostgres()` says what is missing so a test can skip with
 * that message.
 *
 * @example
 * const pg = startPostgres(await freePort());
 * const url = pg.newDatabase('shop_two');
 * ...
 * pg.destroy();
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export { freePort } from './shop-server';

function postgresBin(): string | undefined {
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs.readdirSync(root).sort((a, b) => Number(b) - Number(a));
  return versions.map((v) => path.join(root, v, 'bin')).find((dir) => fs.existsSync(path.join(dir, 'pg_ctl')));
}

/** Why this machine cannot start a PostgreSQL server for a test, or false when it can. */
export function whyNoPostgres(): string | false {
  if (process.getuid?.() !== 0) return 'needs root (it starts its own PostgreSQL as the postgres user with runuser; .ci/run runs as root)';
  if (!postgresBin()) return 'no PostgreSQL binaries in /usr/lib/postgresql/<version>/bin (apt-get install postgresql)';
  if (!['/usr/sbin/runuser', '/sbin/runuser', '/usr/bin/runuser'].some((p) => fs.existsSync(p))) return 'runuser is missing';
  try {
    execFileSync('id', ['postgres'], { stdio: 'ignore' });
  } catch {
    return 'there is no postgres user';
  }
  return false;
}

export type Postgres = {
  /** The URL of the first database, `shop_faults`. */
  url: string;
  /** Creates another empty database on this server and answers its URL. */
  newDatabase(name: string): string;
  start(): void;
  stopImmediately(): void;
  destroy(): void;
};

export function startPostgres(port: number): Postgres {
  const bin = postgresBin()!;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-pg-'));
  execFileSync('chown', ['postgres', dir]);
  const asPostgres = (tool: string, args: string[]) => execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args], { stdio: 'pipe' });
  asPostgres('initdb', ['-D', `${dir}/data`, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C.UTF-8']);
  const start = () =>
    asPostgres('pg_ctl', ['-D', `${dir}/data`, '-l', `${dir}/log`, '-w', 'start', '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`]);
  start();
  const newDatabase = (name: string) => {
    asPostgres('createdb', ['-h', '127.0.0.1', '-p', String(port), '-U', 'postgres', name]);
    return `postgres://postgres@127.0.0.1:${port}/${name}`;
  };
  const url = newDatabase('shop_faults');
  const stop = (mode: string) => asPostgres('pg_ctl', ['-D', `${dir}/data`, '-m', mode, 'stop']);
  return {
    url,
    newDatabase,
    start,
    stopImmediately: () => stop('immediate'),
    destroy() {
      try {
        stop('fast');
      } catch {
        // already stopped
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
