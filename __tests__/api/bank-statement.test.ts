/** @jest-environment node */
/**
 * Bank statement import over real HTTP with real staff sessions and the real database
 * (`POST /admin/api/bank-statement?dryRun=1|0&currency=…`, `GET /admin/api/bank-statement`):
 * a money-in line naming an order and covering it confirms the transfer through the lifecycle
 * (paid, receipt, audit 'statement import' with the manager); near misses (short, no number with
 * suggestions, two numbers, unknown, already paid, another currency) change nothing and stay
 * listed; debits are skipped; the same file again changes nothing ('already imported'); a dry
 * run writes nothing; bad files and other roles are refused.
 *
 * Every order here is this file's own, with a total no other file uses (random, above ₦10m), and
 * every narration carries a random tag, so that on a shared PostgreSQL other files' orders and
 * lines do not match.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { getConfig } from '@/lib/server/config';
import { orderAudit, orders, statementLines, transferReceipts } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import type { StatementReport, StatementReview } from '@/lib/contracts/bank-statement';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import { GENERIC_HEADER, GTBANK_HEADER } from '@/lib/domain/bank-statement';
import { signedInStaff, staffJson, type TestMember } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { placedOrder, tag } from '../helpers/orders';

let db: Db;
let server: ApiServer;
let manager: TestMember;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-statement-'));

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  getConfig().dataDir = dataDir;
  getConfig().smtpUrl = undefined;
  manager = await signedInStaff(db, 'manager', null, 'Bisi Manager');
});

afterAll(async () => {
  await mailIdle();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

type Sent = { status: number; body: { data: StatementReport; message: string } };

async function send(csv: string, options: { dryRun?: boolean; currency?: string; cookie?: string; type?: string } = {}): Promise<Sent> {
  const query = `dryRun=${options.dryRun ? 1 : 0}${options.currency ? `&currency=${options.currency}` : ''}`;
  const res = await fetch(`${server.url}/admin/api/bank-statement?${query}`, {
    method: 'POST',
    headers: { 'content-type': options.type ?? 'text/csv', cookie: options.cookie ?? manager.cookie, origin: server.url },
    body: csv,
  });
  return { status: res.status, body: (await res.json()) as Sent['body'] };
}

/** A unique total in whole units: no other order in the database has it (dollars: their naira, at 1,000, stays an integer column's). */
const uniqueTotal = (currency: 'NGN' | 'USD' = 'NGN') => (currency === 'NGN' ? 10_000_000 + randomInt(0, 80_000_000) : 100_000 + randomInt(0, 1_000_000));

/** A checked-out order paid by transfer, awaiting payment, with total `total` in `currency`. */
async function awaitingOrder(currency: 'NGN' | 'USD' = 'NGN', total = uniqueTotal(currency)) {
  const order = await placedOrder(db, { paymentMethod: currency === 'NGN' ? 'gtbTransfer' : 'leadBankTransfer', currency, status: 'awaiting_payment' });
  await db.update(orders).set({ status: 'awaiting_payment', total: currency === 'NGN' ? total : total * 1000, totalInCurrency: total, checkedOutAt: new Date() }).where(eq(orders.id, order.id));
  return { id: order.id, orderNumber: order.orderNumber, total };
}

const orderRow = async (id: string) => (await db.select().from(orders).where(eq(orders.id, id)))[0]!;
const receiptsOf = (id: string) => db.select().from(transferReceipts).where(eq(transferReceipts.orderId, id));
const auditOfOrder = (id: string) => db.select().from(orderAudit).where(eq(orderAudit.orderId, id));
/** The order's confirmed transfers in its audit (the fixture's own reopen line aside). */
const confirmationsOf = async (id: string) => (await auditOfOrder(id)).filter((a) => a.event === 'confirm_transfer');
const naira = (n: number) => n.toLocaleString('en-NG');

/** A GTBank internet banking export: its preamble, header, and rows [date, reference, debit, credit, remarks]. */
function gtbank(rows: [string, string, string, string, string][]): string {
  const lines = ['Account Name,RAVEN FLOWERS LTD', 'Account Number,0123456789', '', GTBANK_HEADER];
  for (const [date, reference, debit, credit, remarks] of rows) lines.push([date, date, reference, debit ? `"${debit}"` : '', credit ? `"${credit}"` : '', '"1,000,000.00"', remarks].join(','));
  return `${lines.join('\r\n')}\r\n`;
}

/** A generic file: date, narration, amount, reference. */
const generic = (rows: [string, string, string, string][]) => `${GENERIC_HEADER}\n${rows.map((r) => r.map((c) => (c.includes(',') ? `"${c}"` : c)).join(',')).join('\n')}\n`;

describe('Success', () => {
  it('a GTBank credit naming an order confirms it: paid, receipt, audit by the statement import and the manager; a debit is skipped', async () => {
    const order = await awaitingOrder();
    const t = tag();
    const ref = `GTB-${t}`;
    const file = gtbank([
      ['25-Nov-2026', ref, '', `${naira(order.total)}.00`, `TRF FROM ADAEZE OKAFOR ${order.orderNumber.replace('-', ' ')} ${t}`],
      ['25-Nov-2026', `POS-${t}`, '5,000.00', '', `POS PURCHASE ${t}`],
    ]);
    const { status, body } = await send(file);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ dryRun: false, currency: 'NGN', format: 'gtbank', counts: { confirmed: 1, review: 0, skipped: 1, alreadyImported: 0 } });
    expect(body.data.confirmed).toEqual([
      {
        row: 5,
        date: '2026-11-25',
        narration: expect.stringContaining(order.orderNumber.replace('-', ' ')),
        reference: ref,
        amount: `₦${naira(order.total)}`,
        order: { id: order.id, orderNumber: order.orderNumber, state: 'paid', due: null },
        paidInFull: true,
        overpaid: null,
      },
    ]);
    expect(body.data.skipped).toEqual([{ row: 6, date: '2026-11-25', narration: `POS PURCHASE ${t}`, amount: '₦5,000', reason: 'Money out (a debit)' }]);
    expect(body.message).toBe('Imported: 1 confirmed, 0 for a person to check, 1 skipped, 0 already imported');

    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentState: 'paid' });
    expect(await receiptsOf(order.id)).toEqual([expect.objectContaining({ amountMinor: BigInt(order.total) * 100n, currency: 'NGN', reference: ref, staffId: manager.id })]);
    const audit = await auditOfOrder(order.id);
    expect(audit.at(-1)).toMatchObject({ event: 'confirm_transfer', actorKind: 'statement', actorId: manager.id, fromPayment: 'unpaid', toPayment: 'paid', toStatus: 'paid', address: expect.stringMatching(/\S/) });
    const [line] = await db.select().from(statementLines).where(eq(statementLines.orderId, order.id));
    expect(line).toMatchObject({ outcome: 'confirmed', reason: null, staffId: manager.id, amountMinor: BigInt(order.total) * 100n, currency: 'NGN', format: 'gtbank' });
    expect(line!.lineHash).toMatch(/^[0-9a-f]{64}$/);

    // The order's page names the statement import and the manager in its history.
    const view = await staffJson<StaffOrder>(server.url, 'GET', `/admin/api/orders/${order.id}`, undefined, manager.cookie);
    expect(view.body.data.history.at(-1)).toMatchObject({ event: 'confirm_transfer', actorName: 'Statement import by Bisi Manager (Manager)' });
    expect(view.body.data.receipts).toEqual([{ amount: `₦${naira(order.total)}`, reference: ref, by: 'Statement import by Bisi Manager (Manager)', at: expect.any(String) }]);
    expect(view.body.data.order.timeline.at(-1)?.note).toBe(`Transfer received: ₦${naira(order.total)} (ref ${ref}): paid in full — From the bank statement (2026-11-25)`);
  });

  it('a generic file: rf123456 with more than is due pays it with a refund due; a line without a reference gets one from its hash', async () => {
    const order = await awaitingOrder();
    const t = tag();
    const { status, body } = await send(generic([['2026-11-26', `flowers rf${order.orderNumber.slice(3)} ${t}`, String(order.total + 500), '']]));
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ format: 'generic', counts: { confirmed: 1, review: 0 } });
    expect(body.data.confirmed[0]).toMatchObject({ order: { id: order.id }, overpaid: '₦500' });
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', paymentState: 'paid' });
    const [receipt] = await receiptsOf(order.id);
    expect(receipt!.reference).toMatch(/^statement [0-9a-f]{12}$/);
    expect((await auditOfOrder(order.id)).at(-1)!.note).toMatch(/refund due: ₦500 overpaid/);
  });

  it('a bare six-digit number confirms only at exactly the amount due', async () => {
    const exact = await awaitingOrder();
    const over = await awaitingOrder();
    const t = tag();
    const { body } = await send(
      generic([
        ['2026-11-26', `PAYMENT ${exact.orderNumber.slice(3)} ${t}`, String(exact.total), `N-${t}`],
        ['2026-11-26', `PAYMENT ${over.orderNumber.slice(3)} ${t}`, String(over.total + 1), `O-${t}`],
      ]),
    );
    expect(body.data.confirmed.map((l) => l.order.id)).toEqual([exact.id]);
    expect(body.data.review).toEqual([expect.objectContaining({ reason: 'bare_number', orders: [expect.objectContaining({ id: over.id })] })]);
    expect((await orderRow(over.id)).paymentState).toBe('unpaid');
  });

  it('a USD statement confirms a USD order, and an NGN order named in it is a near miss', async () => {
    const dollars = await awaitingOrder('USD');
    const naijaOrder = await awaitingOrder();
    const t = tag();
    const { body } = await send(
      generic([
        ['2026-11-26', `${dollars.orderNumber} ${t}`, `${dollars.total}.00`, `LB-${t}`],
        ['2026-11-26', `${naijaOrder.orderNumber} ${t}`, String(naijaOrder.total), `LB2-${t}`],
      ]),
      { currency: 'USD' },
    );
    expect(body.data.currency).toBe('USD');
    expect(body.data.confirmed.map((l) => [l.order.id, l.amount])).toEqual([[dollars.id, `$${naira(dollars.total)}`]]);
    expect(body.data.review).toEqual([expect.objectContaining({ reason: 'other_currency', message: `${naijaOrder.orderNumber} is an order in NGN; this statement is in USD` })]);
    expect(await receiptsOf(dollars.id)).toEqual([expect.objectContaining({ currency: 'USD', amountMinor: BigInt(dollars.total) * 100n })]);
    expect((await orderRow(naijaOrder.id)).paymentState).toBe('unpaid');
  });
});

describe('Near misses', () => {
  let file: string;
  let short: Awaited<ReturnType<typeof awaitingOrder>>;
  let suggested: Awaited<ReturnType<typeof awaitingOrder>>;
  let first: Awaited<ReturnType<typeof awaitingOrder>>;
  let second: Awaited<ReturnType<typeof awaitingOrder>>;
  let paid: Awaited<ReturnType<typeof awaitingOrder>>;
  let dollars: Awaited<ReturnType<typeof awaitingOrder>>;
  let confirmed: Awaited<ReturnType<typeof awaitingOrder>>;
  let t: string;

  beforeAll(async () => {
    [short, suggested, first, second, paid, dollars, confirmed] = [
      await awaitingOrder(),
      await awaitingOrder(),
      await awaitingOrder(),
      await awaitingOrder(),
      await awaitingOrder(),
      await awaitingOrder('USD'),
      await awaitingOrder(),
    ];
    await db.update(orders).set({ status: 'paid', paymentState: 'paid', paidWith: 'gtbTransfer' }).where(eq(orders.id, paid.id));
    t = tag();
    file = generic([
      ['2026-11-26', `TRF ${short.orderNumber} ${t}`, String(short.total - 1000), `S-${t}`],
      ['2026-11-26', `TRANSFER FROM CHIDI ${t}`, String(suggested.total), `N-${t}`],
      ['2026-11-26', `${first.orderNumber} AND ${second.orderNumber} ${t}`, String(first.total), `T-${t}`],
      ['2026-11-26', `${paid.orderNumber} ${t}`, String(paid.total), `P-${t}`],
      ['2026-11-26', `${dollars.orderNumber} ${t}`, String(dollars.total), `D-${t}`],
      ['2026-11-26', `RF-000001 ${t}`, '1000', `U-${t}`],
      ['2026-11-26', `${confirmed.orderNumber} ${t}`, String(confirmed.total), `C-${t}`],
      ['2026-11-26', `CHARGES ${t}`, '-52.50', ''],
    ]);
  });

  it('a dry run reports what would happen and writes nothing', async () => {
    const { status, body } = await send(file, { dryRun: true });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ dryRun: true, counts: { confirmed: 1, review: 6, skipped: 1, alreadyImported: 0 } });
    expect(body.message).toBe('Check only, nothing changed: 1 confirmed, 6 for a person to check, 1 skipped, 0 already imported');
    expect(await orderRow(confirmed.id)).toMatchObject({ paymentState: 'unpaid', status: 'awaiting_payment' });
    expect(await receiptsOf(confirmed.id)).toEqual([]);
    expect(await confirmationsOf(confirmed.id)).toEqual([]);
    const ids = [short, suggested, first, second, paid, dollars, confirmed].map((o) => o.id);
    expect(await db.select().from(statementLines).where(inArray(statementLines.orderId, ids))).toEqual([]);
    expect((await db.select().from(statementLines)).filter((l) => l.narration.includes(t))).toEqual([]);
  });

  it('lists each near miss with its reason and changes none of their orders', async () => {
    const { status, body } = await send(file);
    expect(status).toBe(200);
    expect(body.data.counts).toEqual({ confirmed: 1, review: 6, skipped: 1, alreadyImported: 0 });
    expect(body.data.confirmed.map((l) => l.order.id)).toEqual([confirmed.id]);
    const review = Object.fromEntries(body.data.review.map((l) => [l.reference, l]));
    expect(review[`S-${t}`]).toMatchObject({
      reason: 'amount_short',
      message: `Short: ₦${naira(short.total - 1000)} received, ₦${naira(short.total)} due on ${short.orderNumber}`,
      orders: [{ id: short.id, orderNumber: short.orderNumber, state: 'awaiting_payment', due: `₦${naira(short.total)}` }],
    });
    expect(review[`N-${t}`]).toMatchObject({ reason: 'no_number', orders: [], suggestions: [{ id: suggested.id, orderNumber: suggested.orderNumber, state: 'awaiting_payment', due: `₦${naira(suggested.total)}` }] });
    expect(review[`T-${t}`]).toMatchObject({ reason: 'several_numbers' });
    expect(review[`T-${t}`]!.orders.map((o) => o.id).sort()).toEqual([first.id, second.id].sort());
    expect(review[`P-${t}`]).toMatchObject({ reason: 'already_paid', orders: [{ id: paid.id, state: 'paid' }] });
    expect(review[`D-${t}`]).toMatchObject({ reason: 'other_currency' });
    expect(review[`U-${t}`]).toMatchObject({ reason: 'unknown_number', message: 'No order has the number RF-000001', orders: [] });

    for (const order of [short, suggested, first, second, dollars]) {
      expect(await orderRow(order.id)).toMatchObject({ status: 'awaiting_payment', paymentState: 'unpaid' });
      expect(await receiptsOf(order.id)).toEqual([]);
      expect(await confirmationsOf(order.id)).toEqual([]);
    }
    expect(await orderRow(confirmed.id)).toMatchObject({ paymentState: 'paid' });

    // Kept for a person: the listing names them, with who imported them.
    const kept = await staffJson<StatementReview>(server.url, 'GET', '/admin/api/bank-statement', undefined, manager.cookie);
    expect(kept.status).toBe(200);
    const mine = kept.body.data.lines.filter((l) => l.narration.includes(t));
    expect(mine.map((l) => l.reason).sort()).toEqual(['already_paid', 'amount_short', 'no_number', 'other_currency', 'several_numbers', 'unknown_number']);
    expect(mine.find((l) => l.reason === 'no_number')).toMatchObject({ currency: 'NGN', importedBy: 'Bisi Manager (Manager)', suggestions: [{ id: suggested.id }] });
  });

  it("a member marks a kept line 'Dealt with': it leaves the list, keeping who and when; twice is a 409, a confirmed line or an unknown id a 404 (not an id: 400), other roles 403", async () => {
    const [waiting, paidNow] = [await awaitingOrder(), await awaitingOrder()];
    const h = tag();
    const imported = await send(
      generic([
        ['2026-11-26', `TRANSFER FROM AMAKA ${h}`, String(waiting.total), `H-${h}`],
        ['2026-11-26', `${paidNow.orderNumber} ${h}`, String(paidNow.total), `HC-${h}`],
      ]),
    );
    expect(imported.body.data.counts).toMatchObject({ confirmed: 1, review: 1 });
    const before = await staffJson<StatementReview>(server.url, 'GET', '/admin/api/bank-statement', undefined, manager.cookie);
    const line = before.body.data.lines.find((l) => l.reference === `H-${h}`)!;
    expect(line).toMatchObject({ reason: 'no_number', suggestions: [{ id: waiting.id }] });
    const handled = (id: string, cookie = manager.cookie) => staffJson<{ handled: true }>(server.url, 'POST', `/admin/api/bank-statement/${id}/handled`, {}, cookie);

    const florist = await signedInStaff(db, 'florist', 'lagos');
    expect((await handled(line.id, florist.cookie)).status).toBe(403);
    expect(await handled(line.id)).toEqual({ status: 200, body: expect.objectContaining({ data: { handled: true }, message: 'Marked as dealt with' }) });
    const after = await staffJson<StatementReview>(server.url, 'GET', '/admin/api/bank-statement', undefined, manager.cookie);
    expect(after.body.data.lines.map((l) => l.id)).not.toContain(line.id);
    expect(after.body.data.total).toBe(before.body.data.total - 1);
    const [row] = await db.select().from(statementLines).where(eq(statementLines.id, line.id));
    expect(row).toMatchObject({ handledBy: manager.id, outcome: 'review' });
    expect(row!.handledAt).toBeInstanceOf(Date);
    // The order it suggested is untouched: dealing with it is the person's, by hand.
    expect(await orderRow(waiting.id)).toMatchObject({ status: 'awaiting_payment', paymentState: 'unpaid' });

    expect(await handled(line.id)).toMatchObject({ status: 409, body: { message: 'That line was already marked as dealt with' } });
    const [confirmedLine] = await db.select().from(statementLines).where(eq(statementLines.reference, `HC-${h}`));
    expect(await handled(confirmedLine!.id)).toMatchObject({ status: 404, body: { message: 'That statement line is not one waiting for a person' } });
    expect((await handled('00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await handled('not-an-id')).status).toBe(400);
  });

  it('the same file again changes nothing: every line is already imported', async () => {
    const before = { receipts: (await receiptsOf(confirmed.id)).length, audit: (await auditOfOrder(confirmed.id)).length, lines: (await db.select().from(statementLines)).length };
    const { status, body } = await send(file);
    expect(status).toBe(200);
    expect(body.data.counts).toEqual({ confirmed: 0, review: 0, skipped: 1, alreadyImported: 7 });
    expect(body.data.alreadyImported.find((l) => l.reference === `C-${t}`)).toMatchObject({ outcome: 'confirmed' });
    expect(body.data.alreadyImported.find((l) => l.reference === `S-${t}`)).toMatchObject({ outcome: 'review' });
    expect((await receiptsOf(confirmed.id)).length).toBe(before.receipts);
    expect((await auditOfOrder(confirmed.id)).length).toBe(before.audit);
    expect((await db.select().from(statementLines)).length).toBe(before.lines);
    expect(await orderRow(short.id)).toMatchObject({ paymentState: 'unpaid' });
  });

  it('a reference staff already recorded for the order is a near miss, not a second receipt', async () => {
    const order = await awaitingOrder();
    const u = tag();
    await db.insert(transferReceipts).values({ orderId: order.id, amountMinor: 100n, currency: 'NGN', reference: `DUP-${u}`, staffId: manager.id });
    await db.update(orders).set({ paymentState: 'part_paid' }).where(eq(orders.id, order.id));
    const { body } = await send(generic([['2026-11-26', `${order.orderNumber} ${u}`, String(order.total), `DUP-${u}`]]));
    expect(body.data.review).toEqual([expect.objectContaining({ reason: 'refused', message: expect.stringContaining(`A transfer with the reference DUP-${u} is already recorded`) })]);
    expect(await receiptsOf(order.id)).toHaveLength(1);
    expect((await orderRow(order.id)).paymentState).toBe('part_paid');
  });
});

describe('Errors', () => {
  it('an unknown header is a 400 naming the two accepted header rows', async () => {
    const { status, body } = await send('when,what,how much\n2026-11-26,RF-123456,100\n');
    expect(status).toBe(400);
    expect(body.message).toContain(GTBANK_HEADER);
    expect(body.message).toContain(GENERIC_HEADER);
  });

  it('a row that cannot be read is a 400 naming it, and nothing is written', async () => {
    const order = await awaitingOrder();
    const { status, body } = await send(generic([['2026-11-26', order.orderNumber, String(order.total), `X-${tag()}`], ['31/02/2026', 'x', '100', '']]));
    expect(status).toBe(400);
    expect(body.message).toMatch(/^Nothing was imported: 1 row cannot be read\. Row 3: The date "31\/02\/2026" cannot be read/);
    expect((await orderRow(order.id)).paymentState).toBe('unpaid');
  });

  it('refuses a body that is not CSV (415), too large (413), a bad currency (400)', async () => {
    expect((await send('{"a":1}', { type: 'application/json' })).status).toBe(415);
    const big = await send(`${GENERIC_HEADER}\n${'2026-11-26,x,1,\n'.repeat(150_000)}`);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('The file is larger than 2 MB');
    const currency = await send(generic([['2026-11-26', 'x', '1', '']]), { currency: 'EUR' });
    expect(currency.status).toBe(400);
    expect(currency.body.message).toMatch(/^currency must be one of NGN, USD, GBP/);
  });

  it('is for owners and managers: a florist and a rider get 403, nobody signed in 401', async () => {
    const order = await awaitingOrder();
    const file = generic([['2026-11-26', order.orderNumber, String(order.total), `R-${tag()}`]]);
    for (const role of ['florist', 'rider'] as const) {
      const member = await signedInStaff(db, role, 'lagos');
      expect((await send(file, { cookie: member.cookie })).status).toBe(403);
      expect((await staffJson(server.url, 'GET', '/admin/api/bank-statement', undefined, member.cookie)).status).toBe(403);
    }
    expect((await send(file, { cookie: '' })).status).toBe(401);
    expect((await orderRow(order.id)).paymentState).toBe('unpaid');
    const owner = await signedInStaff(db, 'owner', null);
    expect((await send(file, { cookie: owner.cookie, dryRun: true })).status).toBe(200);
  });
});
