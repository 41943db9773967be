/**
 * The back office's board at scale: fills a fresh database (embedded, or BENCH_DATABASE_URL)
 * with N orders spread over a year of delivery days, both cities and every pickup point and
 * state, then times `readBoard` (one page, the total and the per-state counts) for the board's
 * usual questions, as medians over repeated runs after a warm-up. Prints a table and writes
 * bench/results/board.json.
 *   tsx bench/board.ts [--orders 100000] [--runs 30]
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { readBoard, type BoardQuery } from '@/lib/server/services/backoffice/board';
import { addDays } from '@/lib/domain/checkout';

function option(args: string[], name: string, fallback: number): number {
  const i = args.indexOf(name);
  return i >= 0 ? Number(args[i + 1]) : fallback;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const count = option(args, '--orders', 100_000);
  const runs = option(args, '--runs', 30);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'board-bench-'));
  const databaseUrl = process.env.BENCH_DATABASE_URL;
  const database = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir });
  await prepareDatabase(database);
  const { db } = database;
  const first = '2027-01-01';

  const started = Date.now();
  // Orders straight in SQL (the board reads orders only): days over a year, a mix of states,
  // cities, pickup points, e-mails, phones and names.
  await db.execute(sql`
    INSERT INTO orders (id, order_number, business, currency, conversion_rate, status, payment_state, delivery_date, delivery_method, state, zone,
                        despatch_location, sender_email, sender_phone, recipient_name, recipient_phone, checked_out_at, created_at, updated_at)
    SELECT gen_random_uuid(), 'RF-' || (100000 + i), 'regal', 'NGN', 1,
           (ARRAY['awaiting_payment','paid','preparing','out_for_delivery','delivered','cancelled'])[1 + i % 6],
           CASE WHEN i % 6 IN (1, 2, 3, 4) THEN 'paid' WHEN i % 17 = 0 THEN 'awaiting_confirmation' ELSE 'unpaid' END,
           to_char(${first}::date + (i % 365), 'YYYY-MM-DD'),
           CASE WHEN i % 5 = 0 THEN 'pick-up' ELSE 'delivery' END,
           CASE WHEN i % 5 = 0 THEN NULL WHEN i % 3 = 0 THEN 'abuja' WHEN i % 41 = 0 THEN 'other-locations' ELSE 'lagos' END,
           'lagos-central',
           CASE WHEN i % 5 = 0 THEN (ARRAY['LPI','LPL','APA'])[1 + i % 3] END,
           'sender' || (i % 20000) || '@example.com', '+23480' || lpad((i % 50000)::text, 8, '0'),
           'Recipient ' || md5(i::text), '+23481' || lpad(i::text, 8, '0'),
           CASE WHEN i % 10 = 9 THEN NULL ELSE now() END, now(), now()
      FROM generate_series(1, ${count}) AS i`);
  await db.execute(sql`VACUUM ANALYZE orders`);
  const filledMs = Date.now() - started;

  const day = addDays(first, 40);
  const base: BoardQuery = { day, branch: null, state: null, q: '', page: 1, scope: null };
  const cases: [string, BoardQuery][] = [
    ['a day, every state', base],
    ['a day, paid, Lagos', { ...base, state: 'paid', branch: 'lagos' }],
    ['a day, an Abuja florist', { ...base, scope: 'abuja' }],
    ['a day, page 3', { ...base, page: 3 }],
    ['every day, awaiting confirmation', { ...base, day: null, state: 'awaiting_confirmation' }],
    ['search: order number', { ...base, day: null, q: 'RF-104242' }],
    ['search: e-mail', { ...base, day: null, q: 'sender4242@example.com' }],
    ['search: phone typed locally', { ...base, day: null, q: '0810 000 4242' }],
    ['search: part of a name', { ...base, day: null, q: md5Part() }],
  ];
  const results: { case: string; medianMs: number; p90Ms: number; rows: number; total: number }[] = [];
  for (const [name, query] of cases) {
    for (let i = 0; i < 3; i++) await readBoard(db, query);
    const times: number[] = [];
    let last = await readBoard(db, query);
    for (let i = 0; i < runs; i++) {
      const t = process.hrtime.bigint();
      last = await readBoard(db, query);
      times.push(Number(process.hrtime.bigint() - t) / 1e6);
    }
    const sorted = [...times].sort((a, b) => a - b);
    results.push({ case: name, medianMs: +median(times).toFixed(2), p90Ms: +sorted[Math.floor(sorted.length * 0.9)]!.toFixed(2), rows: last.rows.length, total: last.total });
  }
  await database.close();
  fs.rmSync(dataDir, { recursive: true, force: true });

  console.log(`\nBoard bench: ${count.toLocaleString('en-US')} orders on ${databaseUrl ? 'PostgreSQL' : 'PGlite'} (filled in ${(filledMs / 1000).toFixed(1)} s), ${runs} runs each`);
  console.table(results);
  const out = path.join(__dirname, 'results', 'board.json');
  fs.writeFileSync(out, `${JSON.stringify({ at: new Date().toISOString(), orders: count, database: databaseUrl ? 'postgres' : 'pglite', runs, results }, null, 2)}\n`);
  console.log(`written ${path.relative(process.cwd(), out)}`);
}

/** Six characters from the middle of one generated recipient name ('Recipient ' + md5 of 4242). */
function md5Part(): string {
  return createHash('md5').update('4242').digest('hex').slice(8, 14);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
