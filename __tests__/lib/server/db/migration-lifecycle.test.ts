/** @jest-environment node */
/**
 * Migration 0008 turns the stored payment wording of existing orders into the lifecycle's payment
 * state: a database migrated up to 0007 gets orders in every wording a shop could have written,
 * then the rest of the migrations run and each order must read the state it stood for. Runs on
 * an in-memory embedded database whatever TEST_DATABASE_URL says (it needs a database at 0007).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { openDatabase, type Database } from '@/lib/server/db/client';
import { MIGRATIONS_FOLDER } from '@/lib/server/db/prepare';
import { paymentWording } from '@/lib/domain/order-lifecycle';

let database: Database;
let upTo7: string;

beforeAll(async () => {
  // The migrations folder as it was before 0008: the SQL files and a journal that ends at 0007.
  upTo7 = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  fs.mkdirSync(path.join(upTo7, 'meta'));
  const journal = JSON.parse(fs.readFileSync(path.join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: { idx: number; tag: string }[] };
  journal.entries = journal.entries.filter((e) => e.idx <= 7);
  fs.writeFileSync(path.join(upTo7, 'meta/_journal.json'), JSON.stringify(journal));
  for (const { tag } of journal.entries) fs.copyFileSync(path.join(MIGRATIONS_FOLDER, `${tag}.sql`), path.join(upTo7, `${tag}.sql`));
  database = await openDatabase({});
  await migrate(database.db as never, { migrationsFolder: upTo7 });
});

afterAll(async () => {
  await database.close();
  fs.rmSync(upTo7, { recursive: true, force: true });
});

type Old = { status: string; paymentStatus: string; method: string | null; succeededWith?: string };

async function oldOrder(old: Old): Promise<string> {
  const id = randomUUID();
  const number = `RF-${Math.floor(100_000 + Math.random() * 899_999)}`;
  await database.db.execute(sql`
    INSERT INTO orders (id, order_number, business, status, payment_status, payment_method, currency, conversion_rate)
    VALUES (${id}, ${number}, 'regal', ${old.status}, ${old.paymentStatus}, ${old.method}, 'NGN', 1)`);
  if (old.succeededWith) {
    await database.db.execute(sql`
      INSERT INTO payment_attempts (order_id, provider, reference, amount_minor, currency, status)
      VALUES (${id}, ${old.succeededWith}, ${`${number}-a1`}, 4500000, 'NGN', 'succeeded')`);
  }
  return id;
}

it('maps every old wording to the payment state it stood for', async () => {
  const cases: [Old, { payment_state: string; paid_with: string | null; payment_test: boolean }][] = [
    [{ status: 'created', paymentStatus: 'not paid', method: null }, { payment_state: 'unpaid', paid_with: null, payment_test: false }],
    [{ status: 'awaiting_payment', paymentStatus: 'awaiting confirmation', method: 'gtbTransfer' }, { payment_state: 'awaiting_confirmation', paid_with: null, payment_test: false }],
    [{ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack)', method: 'paystack', succeededWith: 'paystack' }, { payment_state: 'paid', paid_with: 'paystack', payment_test: false }],
    // Staff confirmed a transfer: what their wording named in brackets stays what it reads.
    [{ status: 'delivered', paymentStatus: 'PAID - GO AHEAD (Bank transfer)', method: 'paystack' }, { payment_state: 'paid', paid_with: 'Bank transfer', payment_test: false }],
    [{ status: 'preparing', paymentStatus: 'Paid - go ahead (cash at the shop)', method: null }, { payment_state: 'paid', paid_with: 'cash at the shop', payment_test: false }],
    [{ status: 'paid', paymentStatus: 'PAID - GO AHEAD', method: 'gtbTransfer' }, { payment_state: 'paid', paid_with: 'gtbTransfer', payment_test: false }],
    // Past payment whatever the wording said: paid, so that staff can move it on.
    [{ status: 'out_for_delivery', paymentStatus: 'not paid', method: 'monnify' }, { payment_state: 'paid', paid_with: 'monnify', payment_test: false }],
    [{ status: 'cancelled', paymentStatus: 'PAID - GO AHEAD (Flutterwave)', method: 'flutterwave', succeededWith: 'flutterwave' }, { payment_state: 'refund_due', paid_with: 'flutterwave', payment_test: false }],
    [
      { status: 'cancelled', paymentStatus: 'PAID - GO AHEAD (Paystack) – TEST PAYMENT, no money taken', method: 'paystack', succeededWith: 'paystack' },
      { payment_state: 'paid', paid_with: 'paystack', payment_test: true },
    ],
    [{ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Paystack) – TEST PAYMENT, no money taken', method: 'paystack', succeededWith: 'paystack' }, { payment_state: 'paid', paid_with: 'paystack', payment_test: true }],
    [{ status: 'cancelled', paymentStatus: 'not paid', method: 'monnify' }, { payment_state: 'unpaid', paid_with: null, payment_test: false }],
  ];
  const ids: string[] = [];
  for (const [old] of cases) ids.push(await oldOrder(old));

  await migrate(database.db as never, { migrationsFolder: MIGRATIONS_FOLDER });

  for (const [i, [old, expected]] of cases.entries()) {
    const { rows } = (await database.db.execute(sql`SELECT status, payment_state, paid_with, payment_test FROM orders WHERE id = ${ids[i]}`)) as unknown as { rows: Record<string, unknown>[] };
    expect({ wording: old.paymentStatus, ...rows[0] }).toEqual({ wording: old.paymentStatus, status: old.status, ...expected });
  }
  // Read back as the shop's wording: the brackets staff wrote stand.
  const wordingOf = async (id: string) => {
    const { rows } = (await database.db.execute(sql`SELECT payment_state, paid_with, payment_test FROM orders WHERE id = ${id}`)) as unknown as { rows: { payment_state: 'paid'; paid_with: string | null; payment_test: boolean }[] };
    return paymentWording({ payment: rows[0]!.payment_state, paidWith: rows[0]!.paid_with, paymentTest: rows[0]!.payment_test });
  };
  expect(await wordingOf(ids[3]!)).toBe('PAID - GO AHEAD (Bank transfer)');
  expect(await wordingOf(ids[4]!)).toBe('PAID - GO AHEAD (cash at the shop)');
  // The old column is gone, and the states are checked from now on.
  await expect(database.db.execute(sql`SELECT payment_status FROM orders LIMIT 1`)).rejects.toThrow();
  await expect(database.db.execute(sql`UPDATE orders SET payment_state = 'part paid' WHERE id = ${ids[0]}`)).rejects.toThrow();
  await expect(database.db.execute(sql`UPDATE orders SET status = 'shipped' WHERE id = ${ids[0]}`)).rejects.toThrow();
});
