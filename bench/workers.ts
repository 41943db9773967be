/**
 * The processes bench: how much more the shop serves on this box with `WORKERS=2` than with one
 * process, on PostgreSQL (the embedded database has one owner, so one process). Two shops run
 * side by side on one database, `npm start` with WORKERS=1 and with WORKERS=2, and wrk measures
 * each in turn, alternating, for several rounds, on work that is not cached:
 *
 * - the product page uncached (a different query string on every request: the shared-page cache
 *   keys by address, so every request is rendered by Next, with getServerSideProps' API calls);
 * - order create (`POST /v1/firebase/order/create`, one in-stock product, as the cart's 'Proceed
 *   to checkout' sends it): pricing, stock and date rules and the order's insert, every time.
 *
 * Reported: the median req/s of each over the rounds and the ratio WORKERS=2 / WORKERS=1 from the
 * same run; written to bench/results/workers.json. The PostgreSQL server is a throwaway one
 * (e2e/postgres.ts: Debian's binaries, as root), or BENCH_DATABASE_URL's (its database gets the
 * sample catalogue and the orders the bench makes). The shops start on the sample catalogue.
 *
 * Options: --workers-seconds N (each wrk run, default 10), --workers-rounds N (default 3),
 * --workers-connections N (default 16). Run alone with `tsx bench/workers.ts`, or as part of
 * `npm run bench` (skip with --skip-workers).
 */
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { startShop, type Shop } from '../e2e/shop-server';
import { freePort, startPostgres, whyNoPostgres, type Postgres } from '../e2e/postgres';
import { median, round, serverProcesses } from './measure';
import { loadCase, type LoadCase, type LoadResult } from './server';

const ROOT = path.resolve(__dirname, '..');
process.env.NEXT_DIST_DIR ||= '.next-bench';

export type WorkersOptions = { seconds: number; rounds: number; connections: number };

/** Reads this bench's options (others are left to the other benches). */
export function parseWorkersOptions(argv: readonly string[]): WorkersOptions {
  const number = (name: string, fallback: number, min: number) => {
    const at = argv.indexOf(`--${name}`);
    const value = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} needs a whole number of at least ${min}`);
    return value;
  };
  return { seconds: number('workers-seconds', 10, 1), rounds: number('workers-rounds', 3, 1), connections: number('workers-connections', 16, 1) };
}

type CaseReport = { name: string; path: string; rps: { one: number[]; two: number[] }; medianRps: { one: number; two: number }; ratio: number; errors: { one: number; two: number } };

async function orderCase(url: string): Promise<LoadCase> {
  const res = await fetch(`${url}/v1/product/paginate?pageSize=50`);
  const items = ((await res.json()) as { data?: { items?: { id: string; slug: string; sku: string; type: string; active: boolean; inStock: boolean }[] } }).data?.items ?? [];
  const product = items.find((p) => p.active && p.inStock && p.type === 'simple');
  if (!product) throw new Error('no active, in-stock simple product to order');
  const body = JSON.stringify({ cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1 }], currency: 'NGN', deliveryDate: '' });
  // One order first, to be sure the call is accepted as the bench will send it.
  const check = await fetch(`${url}/v1/firebase/order/create`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  if (check.status !== 201) throw new Error(`POST /v1/firebase/order/create answered ${check.status}: ${await check.text()}`);
  return { name: 'order create', path: '/v1/firebase/order/create', method: 'POST', body };
}

async function productPath(url: string): Promise<string> {
  const res = await fetch(`${url}/v1/product/paginate?pageSize=24`);
  const product = ((await res.json()) as { data?: { items?: { slug: string; active: boolean; inStock: boolean }[] } }).data?.items?.find((p) => p.active && p.inStock);
  if (!product) throw new Error('no active in-stock product');
  return `/product/${product.slug}`;
}

/** The pid that answers `/healthz` on a connection of its own. */
function answeringPid(url: string): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(`${url}/healthz`, { agent: false }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve((JSON.parse(body) as { pid: number }).pid));
      })
      .on('error', reject);
  });
}

/** Waits until `count` processes answer (a cluster's workers join the port as each finishes starting). */
async function allWorkersServing(url: string, count: number): Promise<void> {
  const seen = new Set<number>();
  const deadline = Date.now() + 120_000;
  while (seen.size < count) {
    if (Date.now() > deadline) throw new Error(`only ${seen.size} of ${count} processes answer at ${url}`);
    seen.add(await answeringPid(url));
    if (seen.size < count) await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Runs the bench (see the header); answers the report, or undefined when no PostgreSQL is at hand. */
export async function runWorkersBench(options: WorkersOptions): Promise<CaseReport[] | undefined> {
  let pg: Postgres | undefined;
  let databaseUrl = process.env.BENCH_DATABASE_URL;
  if (!databaseUrl) {
    const why = whyNoPostgres();
    if (why) {
      console.log(`\nWORKERS=1 vs 2: skipped (no PostgreSQL: ${why}; or set BENCH_DATABASE_URL)`);
      return undefined;
    }
    pg = startPostgres(await freePort());
    databaseUrl = pg.newDatabase('shop_bench_workers');
  }
  const shops: Shop[] = [];
  // Other work on the box skews both figures; the load average says how busy it was.
  const loadBefore = os.loadavg()[0]!;
  try {
    console.log(`\nWORKERS=1 vs 2 on PostgreSQL: starting two shops on one database (npm start)...`);
    // One at a time: the first migrates and seeds, the second finds it done.
    const one = await startShop({ DATABASE_URL: databaseUrl, WORKERS: '1' });
    shops.push(one);
    const two = await startShop({ DATABASE_URL: databaseUrl, WORKERS: '2' });
    shops.push(two);
    await allWorkersServing(two.url, 2);
    const targets = {
      one: { label: 'WORKERS=1', baseUrl: one.url, pids: serverProcesses(Number(new URL(one.url).port)).pids },
      two: { label: 'WORKERS=2', baseUrl: two.url, pids: serverProcesses(Number(new URL(two.url).port)).pids },
    };
    const cases: (LoadCase & { bust?: boolean })[] = [{ name: 'product page, uncached', path: await productPath(one.url), bust: true }, await orderCase(one.url)];
    const results: Record<string, { one: LoadResult[]; two: LoadResult[] }> = {};
    for (let round = 1; round <= options.rounds; round++) {
      for (const c of cases) {
        results[c.name] ??= { one: [], two: [] };
        for (const which of ['one', 'two'] as const) {
          console.log(`  round ${round}/${options.rounds}: wrk ${c.name}, ${targets[which].label}, ${options.connections} connections, ${options.seconds} s`);
          results[c.name]![which].push(await loadCase(targets[which], c, options.connections, options.seconds, c.bust));
        }
      }
    }
    const report: CaseReport[] = cases.map((c) => {
      const r = results[c.name]!;
      const rps = { one: r.one.map((x) => x.rps), two: r.two.map((x) => x.rps) };
      const medianRps = { one: round(median(rps.one), 0), two: round(median(rps.two), 0) };
      const errors = { one: r.one.reduce((n, x) => n + x.errorCount, 0), two: r.two.reduce((n, x) => n + x.errorCount, 0) };
      return { name: c.name, path: c.path, rps, medianRps, ratio: medianRps.one > 0 ? round(medianRps.two / medianRps.one, 2) : 0, errors };
    });
    const load = { before: round(loadBefore), after: round(os.loadavg()[0]!) };
    printWorkers(report, options);
    console.log(`Load average (1 min) on the box: ${load.before} before, ${load.after} after${load.before > 1 ? ': something else was running, so take the figures as rough' : ''}.`);
    const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, loadAverage1m: load };
    fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(
      path.join(ROOT, 'bench', 'results', 'workers.json'),
      `${JSON.stringify({ measuredAt: new Date().toISOString(), options, machine, database: pg ? 'throwaway PostgreSQL' : 'BENCH_DATABASE_URL', cases: report, results }, null, 2)}\n`,
    );
    console.log('Wrote bench/results/workers.json');
    return report;
  } finally {
    for (const shop of shops.reverse()) await shop.stop();
    pg?.destroy();
  }
}

function printWorkers(report: readonly CaseReport[], options: WorkersOptions): void {
  console.log(
    `\nWORKERS=1 vs WORKERS=2 on PostgreSQL, ${os.cpus().length} cores (wrk, ${options.connections} connections, ${options.seconds} s per run, median of ${options.rounds} alternating rounds; wrk and PostgreSQL share the cores)\n`,
  );
  const name = Math.max(8, ...report.map((r) => r.name.length));
  console.log(`${'case'.padEnd(name)}  WORKERS=1 req/s  WORKERS=2 req/s  ratio 2/1  errors (1 / 2)  runs 1 | runs 2`);
  for (const r of report) {
    console.log(
      [
        r.name.padEnd(name),
        String(r.medianRps.one).padStart(15),
        String(r.medianRps.two).padStart(15),
        `${r.ratio.toFixed(2)}×`.padStart(9),
        `${r.errors.one} / ${r.errors.two}`.padStart(14),
        ` ${r.rps.one.join(', ')} | ${r.rps.two.join(', ')}`,
      ].join('  '),
    );
  }
}

if (require.main === module) {
  runWorkersBench(parseWorkersOptions(process.argv.slice(2))).catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
