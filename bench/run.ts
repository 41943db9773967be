/**
 * `npm run bench`: builds a 10,000-product catalogue in a fresh embedded database and measures
 * the catalogue queries the listing pages run (paginate with filters, search, sorts), as medians
 * over repeated runs after a warm-up. Prints a table and writes bench/results/catalogue.json.
 *
 * Options: --products N (default 10000), --runs N (default 40), DATABASE_URL to measure PostgreSQL.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { seedDatabase } from '@/lib/server/seed/seed';
import { buildLargeCatalogue } from '@/lib/samples/large-catalogue';
import { paginateQuery, type PaginateQuery } from '@/lib/contracts/catalogue';
import { allProducts, paginateProducts, productBySlug } from '@/lib/server/services/catalogue';

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(`--${name}`);
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error(`--${name} needs a whole number`);
  return value;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};
const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function main(): Promise<void> {
  const productCount = option('products', 10_000);
  const runs = option('runs', 40);
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const dataDir = databaseUrl ? undefined : fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-'));
  const database = await openDatabase({ databaseUrl, dataDir });
  try {
    let started = performance.now();
    await prepareDatabase(database);
    const catalogue = buildLargeCatalogue(productCount);
    await seedDatabase(database.db, catalogue);
    await database.db.execute('ANALYZE');
    console.log(`Seeded ${catalogue.products.length} products on ${database.kind} in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const slug = catalogue.products.find((p) => p.active && p.type === 'variable')!.slug;
    const cases: { name: string; query?: PaginateQuery; run?: () => Promise<unknown> }[] = [
      { name: 'paginate: first page, default sort', query: {} },
      { name: 'paginate: category filter', query: { categories: 'birthday-flowers' } },
      { name: 'paginate: category + budget + design, price-asc', query: { categories: 'roses', budget: 'regular', design: 'bouquets', sortField: 'price', sortType: 'asc' } },
      { name: 'paginate: shop-by same day delivery, page 5', query: { delivery: 'same day delivery', pageNumber: 5 } },
      { name: 'paginate: search "roses"', query: { searchValue: 'roses' } },
      { name: 'paginate: search with typo "chrysanthemun"', query: { searchValue: 'chrysanthemun' } },
      { name: 'paginate: search "red roses" + filter flowerType', query: { searchValue: 'red roses', flowerType: 'fresh flowers' } },
      { name: 'paginate: search + filter + name-desc', query: { searchValue: 'lily', categories: 'lilies', sortField: 'name', sortType: 'desc' } },
      { name: 'product by slug (+4 related)', run: () => productBySlug(database.db, slug, { relatedProductsCount: 4, includeAddons: false, onlyActive: true }) },
      { name: 'all products (active)', run: () => allProducts(database.db, true) },
    ];

    const rows: { case: string; medianMs: number; p90Ms: number; total?: number }[] = [];
    for (const c of cases) {
      const run = c.run ?? (() => paginateProducts(database.db, paginateQuery.parse(c.query)));
      const warm = (await run()) as { total?: number };
      for (let i = 0; i < 3; i++) await run();
      const times: number[] = [];
      const repeat = c.name.startsWith('all products') ? Math.min(runs, 10) : runs;
      for (let i = 0; i < repeat; i++) {
        started = performance.now();
        await run();
        times.push(performance.now() - started);
      }
      rows.push({ case: c.name, medianMs: +median(times).toFixed(2), p90Ms: +percentile(times, 90).toFixed(2), total: warm.total });
    }

    const width = Math.max(...rows.map((r) => r.case.length));
    console.log(`\nCatalogue queries on ${database.kind}, ${catalogue.products.length} products, ${runs} runs each (target: paginate with filter and search < 20 ms median)\n`);
    console.log(`${'case'.padEnd(width)}  median ms   p90 ms   matches`);
    for (const r of rows) console.log(`${r.case.padEnd(width)}  ${String(r.medianMs).padStart(9)}  ${String(r.p90Ms).padStart(7)}   ${r.total ?? ''}`);

    const result = {
      measuredAt: new Date().toISOString(),
      database: database.kind,
      products: catalogue.products.length,
      runs,
      machine: { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version },
      rows,
    };
    fs.mkdirSync(path.join(process.cwd(), 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(process.cwd(), 'bench', 'results', `catalogue-${database.kind}.json`), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    await database.close();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
