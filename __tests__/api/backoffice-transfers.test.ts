/** @jest-environment node */
/**
 * Confirming transfers in the back office over real HTTP with real staff sessions and the real
 * database: the amount received and the bank reference are recorded; short of the total the
 * order is part paid (its own board column, the tracker says so, no paid e-mail, the shopper can
 * no longer change or pay it online); the rest pays it (e-mail once, the claimed attempt
 * succeeds); a reference recorded already is a 409 that writes nothing; bad amounts are 400s
 * naming the field; florists and riders are refused; an overpayment is paid with the excess as a
 * refund due; cancelling a part-paid order makes the money received due back; the audit row
 * carries the client address (the socket's with TRUST_PROXY unset, the proxy's hop with it set).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { getConfig } from '@/lib/server/config';
import { orderAudit, orders, paymentAttempts, transferReceipts } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { insertStaff } from '@/lib/server/services/staff/members';
import { startSession } from '@/lib/server/services/staff/sessions';
import type { AuditPage, Board, StaffOrder } from '@/lib/contracts/backoffice';
import type { TrackedOrder } from '@/lib/contracts/orders';
import type { StaffRole } from '@/lib/domain/staff';
import { isPaidStatus } from '@/lib/domain/order';
import { PART_PAID_MESSAGE } from '@/lib/domain/order-lifecycle';
import { paymentLabel } from '@/components/order-tracker/texts';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { freeDay, httpCaller, placedOrder, tag } from '../helpers/orders';

let db: Db;
let server: ApiServer;
const shopper = httpCaller(() => server.url);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-transfers-'));

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  getConfig().dataDir = dataDir;
  getConfig().smtpUrl = undefined;
  getConfig().trustProxy = 0;
});

afterAll(async () => {
  getConfig().trustProxy = 0;
  await mailIdle();
  await server.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A signed-in staff member: their session cookie. */
async function signedIn(role: StaffRole, branch: 'lagos' | 'abuja' | null = null, name = `Test ${role}`): Promise<string> {
  const member = await insertStaff(db, { email: `transfer.${tag()}@example.com`, name, role, branch, passwordHash: null, createdBy: null }, new Date());
  return `staff_session=${await startSession(db, member.id, new Date())}`;
}

async function call<T>(method: string, url: string, cookie: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { 'content-type': 'application/json', cookie, origin: server.url, ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { data: T; message: string } };
}

const someDay = () => freeDay(db);

/** A Lagos order paid by GTBank transfer, total `total` in `currency`, that the shopper said is sent (a claimed attempt). */
async function transferOrder(total: number, currency: 'NGN' | 'USD' = 'NGN', chosenDay?: string) {
  const day = chosenDay ?? (await someDay());
  const order = await placedOrder(db, { paymentMethod: currency === 'NGN' ? 'gtbTransfer' : 'leadBankTransfer', currency, status: 'awaiting_payment' });
  expect((await shopper('POST', `/v1/payments/manual/${order.id}/sent`, { body: {} })).status).toBe(200);
  // A round total for readable lines (set after the shopper's call, which re-prices the order).
  const [row] = await db.update(orders).set({ total: currency === 'NGN' ? total : total * 1000, totalInCurrency: total, deliveryDate: day, checkedOutAt: new Date() }).where(eq(orders.id, order.id)).returning();
  return { ...order, day, status: row!.status };
}

const act = (cookie: string, id: string, body: unknown, headers?: Record<string, string>) => call<StaffOrder>('POST', `/admin/api/orders/${id}/actions`, cookie, body, headers);
const staffView = (cookie: string, id: string) => call<StaffOrder>('GET', `/admin/api/orders/${id}`, cookie);
const receiptsOf = (id: string) => db.select().from(transferReceipts).where(eq(transferReceipts.orderId, id));
const auditRows = (id: string) => db.select().from(orderAudit).where(eq(orderAudit.orderId, id));
const attemptStatuses = async (id: string) => (await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, id))).map((a) => a.status);
const paidMails = async (order: { client: { email: string }; orderNumber: string }) => {
  await mailIdle();
  return (await readOutbox(dataDir, { to: order.client.email })).filter((m) => m.subject.includes(`payment received for order ${order.orderNumber}`));
};

it('₦20,000 of ₦55,000 is part paid (board, tracker, no e-mail, shopper refused); the rest pays it and e-mails once', async () => {
  const manager = await signedIn('manager', null, 'Kemi Manager');
  const order = await transferOrder(55_000);

  const part = await act(manager, order.id, { type: 'confirm_transfer', amount: '20000', reference: 'GTB-123' });
  expect(part.status).toBe(200);
  // Part paid, and the status stays where it was.
  expect(part.body.data.order).toMatchObject({ status: order.status, paymentState: 'part_paid', paymentStatus: 'PART PAID - BALANCE DUE' });
  expect(isPaidStatus(part.body.data.order.paymentStatus)).toBe(false);
  expect(part.body.data.order.timeline.at(-1)?.note).toBe('Transfer received: ₦20,000 (ref GTB-123); ₦35,000 still due');
  expect(part.body.data.transfers).toEqual({ received: '₦20,000', total: '₦55,000', outstanding: '₦35,000', outstandingAmount: '35000' });
  expect(part.body.data.receipts).toEqual([{ amount: '₦20,000', reference: 'GTB-123', by: 'Kemi Manager (Manager)', at: expect.any(String) }]);
  // Staff chase the rest or cancel; nobody prepares it.
  expect(part.body.data.actions).toEqual(['confirm_transfer', 'cancel']);
  expect(await receiptsOf(order.id)).toEqual([expect.objectContaining({ amountMinor: 2_000_000n, currency: 'NGN', reference: 'GTB-123' })]);
  // The shopper's claimed transfer is not succeeded by part of the money.
  expect(await attemptStatuses(order.id)).toEqual(['claimed']);

  // The board has it in its own column.
  const board = await call<Board>('GET', `/admin/api/orders?day=${order.day}&state=part_paid`, manager);
  expect(board.body.data.rows.map((r) => [r.id, r.boardState])).toEqual([[order.id, 'part_paid']]);
  expect(board.body.data.counts).toMatchObject({ part_paid: 1, awaiting_confirmation: 0, awaiting_payment: 0, paid: 0 });

  // The tracker says part paid, never paid (with the sender's e-mail, the line too).
  const tracked = await shopper<TrackedOrder>('GET', `/v1/firebase/order/order-number/${order.orderNumber}?email=${encodeURIComponent(order.sender.email)}`);
  expect(tracked.body.data.paymentStatus).toBe('PART PAID - BALANCE DUE');
  expect(paymentLabel(tracked.body.data.paymentStatus)).toBe('Part paid: the rest is still due');
  expect(tracked.body.data.timeline.at(-1)?.note).toBe('Transfer received: ₦20,000 (ref GTB-123); ₦35,000 still due');

  // No paid e-mail for part of the money.
  expect(await paidMails(order)).toEqual([]);

  // The shopper can neither pay online nor say another transfer is sent: they contact the shop.
  for (const res of [await shopper('POST', `/v1/payments/start/${order.id}`, { body: {} }), await shopper('POST', `/v1/payments/manual/${order.id}/sent`, { body: {} })]) {
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(PART_PAID_MESSAGE);
  }

  // The rest, prefilled as the outstanding amount.
  const rest = await act(manager, order.id, { type: 'confirm_transfer', amount: part.body.data.transfers!.outstandingAmount, reference: 'GTB-124', note: 'Second transfer' });
  expect(rest.status).toBe(200);
  expect(rest.body.data.order).toMatchObject({ status: 'paid', paymentState: 'paid', paymentStatus: 'PAID - GO AHEAD (Bank transfer)' });
  expect(rest.body.data.order.timeline.at(-1)?.note).toBe('Transfer received: ₦35,000 (ref GTB-124): paid in full (₦55,000 received) — Second transfer');
  expect(rest.body.data.transfers).toEqual({ received: '₦55,000', total: '₦55,000', outstanding: '₦0', outstandingAmount: '0' });
  expect(rest.body.data.receipts.map((r) => [r.amount, r.reference])).toEqual([
    ['₦20,000', 'GTB-123'],
    ['₦35,000', 'GTB-124'],
  ]);
  expect(rest.body.data.actions).toEqual(['prepare', 'cancel']);
  expect(await attemptStatuses(order.id)).toEqual(['succeeded']);
  expect(await paidMails(order)).toHaveLength(1);
  expect(rest.body.data.history.filter((h) => h.event !== 'reopen').map((h) => [h.event, h.to])).toEqual([
    ['transfer_sent', `${order.status}/awaiting_confirmation`],
    ['confirm_transfer', `${order.status}/part_paid`],
    ['confirm_transfer', 'paid/paid'],
  ]);
});

it('a reference recorded already is a 409 that writes nothing; bad amounts and references are 400s naming the field', async () => {
  const manager = await signedIn('manager');
  const order = await transferOrder(55_000);
  expect((await act(manager, order.id, { type: 'confirm_transfer', amount: '20000', reference: 'GTB-555' })).status).toBe(200);
  const before = await staffView(manager, order.id);
  const receipts = await receiptsOf(order.id);
  const audit = await auditRows(order.id);

  // The same reference again, however it is written: staff are told, nothing changes.
  for (const reference of ['GTB-555', 'gtb-555']) {
    const again = await act(manager, order.id, { type: 'confirm_transfer', amount: '20000', reference });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A transfer with the reference GTB-555 is already recorded for this order (₦20,000): check the reference on the bank statement');
  }

  const bad: [unknown, RegExp][] = [
    [{ reference: 'GTB-1' }, /^amount is required/],
    [{ amount: '0', reference: 'GTB-1' }, /^amount must be/],
    [{ amount: -5, reference: 'GTB-1' }, /^amount must be/],
    [{ amount: '20000.555', reference: 'GTB-1' }, /^amount must be .*at most 2 decimals/],
    [{ amount: '2e4', reference: 'GTB-1' }, /^amount must be/],
    [{ amount: 'twenty thousand', reference: 'GTB-1' }, /^amount must be/],
    [{ amount: true, reference: 'GTB-1' }, /^amount must be/],
    [{ amount: '20000' }, /^reference is required/],
    [{ amount: '20000', reference: '   ' }, /^reference is required/],
    [{ amount: '20000', reference: 'GTB\n1' }, /^reference must not contain control characters/],
    [{ amount: '20000', reference: 'x'.repeat(201) }, /^reference: must be at most 200 characters/],
  ];
  for (const [fields, message] of bad) {
    const res = await act(manager, order.id, { type: 'confirm_transfer', ...(fields as object) });
    expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(message)]);
  }

  expect(await staffView(manager, order.id)).toEqual(before);
  expect(await receiptsOf(order.id)).toEqual(receipts);
  expect(await auditRows(order.id)).toEqual(audit);
});

it('florists and riders may not confirm a transfer (403), and nothing is written', async () => {
  const order = await transferOrder(55_000);
  for (const role of ['florist', 'rider'] as const) {
    const res = await act(await signedIn(role, 'lagos'), order.id, { type: 'confirm_transfer', amount: '55000', reference: `GTB-${role}` });
    expect(res.status).toBe(403);
  }
  expect(await receiptsOf(order.id)).toEqual([]);
  expect((await db.select().from(orders).where(eq(orders.id, order.id)))[0]?.paymentState).toBe('awaiting_confirmation');
});

it('more than the total pays the order and records the excess as a refund due', async () => {
  const manager = await signedIn('manager');
  const order = await transferOrder(55_000);
  const res = await act(manager, order.id, { type: 'confirm_transfer', amount: '60,000', reference: 'GTB-OVER' });
  expect(res.body.data.order).toMatchObject({ status: 'paid', paymentState: 'paid' });
  expect(res.body.data.order.timeline.at(-1)?.note).toBe('Transfer received: ₦60,000 (ref GTB-OVER): paid in full; refund due: ₦5,000 overpaid (received ₦60,000 for ₦55,000)');
  expect(res.body.data.transfers).toMatchObject({ received: '₦60,000', outstanding: '₦0' });
});

it('cents: a dollar order part paid with $12.50 owes $49.50', async () => {
  const manager = await signedIn('manager');
  const order = await transferOrder(62, 'USD');
  const res = await act(manager, order.id, { type: 'confirm_transfer', amount: 12.5, reference: 'LEAD-1' });
  expect(res.status).toBe(200);
  expect(res.body.data.order.timeline.at(-1)?.note).toBe('Transfer received: $12.50 (ref LEAD-1); $49.50 still due');
  expect(res.body.data.transfers).toEqual({ received: '$12.50', total: '$62', outstanding: '$49.50', outstandingAmount: '49.50' });
  expect((await receiptsOf(order.id))[0]).toMatchObject({ amountMinor: 1250n, currency: 'USD' });
});

it('cancelling a part-paid order makes the money received due back; the refund is then recorded', async () => {
  const manager = await signedIn('manager');
  const order = await transferOrder(55_000);
  await act(manager, order.id, { type: 'confirm_transfer', amount: '20000', reference: 'GTB-C1' });
  const cancelled = await act(manager, order.id, { type: 'cancel', note: 'Sender changed their mind' });
  expect(cancelled.body.data.order).toMatchObject({ status: 'cancelled', paymentState: 'refund_due', paymentStatus: 'REFUND DUE (paid with Bank transfer)' });
  expect(cancelled.body.data.order.timeline.at(-1)?.note).toBe('Sender changed their mind — Cancelled after part payment: refund due: ₦20,000 received by transfer');
  expect(cancelled.body.data.actions).toEqual(['record_refund']);
  // A refund of more than was received is refused, nothing written; the refund then names amount, method and reference.
  const tooMuch = await act(manager, order.id, { type: 'record_refund', reference: 'GTB-RF-0', amount: '25000' });
  expect([tooMuch.status, tooMuch.body.message]).toEqual([400, 'amount: more than the ₦20,000 the shop received for this order']);
  expect((await act(manager, order.id, { type: 'record_refund', reference: 'GTB-RF-0', method: 'cheque' })).status).toBe(400);
  const refunded = await act(manager, order.id, { type: 'record_refund', reference: 'GTB-RF-1', amount: '18000', method: 'bank_transfer', note: '₦2,000 kept for the flowers bought' });
  expect(refunded.body.data.order.paymentState).toBe('refunded');
  expect(refunded.body.data.order.timeline.at(-1)?.note).toBe('Refund recorded: ₦18,000 (of ₦20,000 received) by bank transfer, reference GTB-RF-1; ₦2,000 kept for the flowers bought');
  expect(await paidMails(order)).toEqual([]);
});

it('the audit row carries the client address: the socket’s with TRUST_PROXY unset, the proxy’s hop with it set; only owners read it', async () => {
  const manager = await signedIn('manager');
  const owner = await signedIn('owner');
  const order = await transferOrder(55_000);
  // A forged X-Forwarded-For means nothing without a trusted proxy.
  await act(manager, order.id, { type: 'confirm_transfer', amount: '20000', reference: 'GTB-A1' }, { 'x-forwarded-for': '198.51.100.7' });
  getConfig().trustProxy = 1;
  try {
    await act(manager, order.id, { type: 'confirm_transfer', amount: '35000', reference: 'GTB-A2' }, { 'x-forwarded-for': '198.51.100.7, 203.0.113.9' });
  } finally {
    getConfig().trustProxy = 0;
  }
  const rows = (await auditRows(order.id)).filter((a) => a.event === 'confirm_transfer').map((a) => a.address);
  expect(rows).toEqual(['127.0.0.1', '203.0.113.9']);
  // The shopper's own call records no address.
  expect((await auditRows(order.id)).find((a) => a.event === 'transfer_sent')?.address).toBe('');

  const log = await call<AuditPage>('GET', '/admin/api/audit', owner);
  expect(log.body.data.rows.filter((r) => r.orderId === order.id && r.event !== 'reopen').map((r) => [r.event, r.address])).toEqual([
    ['confirm_transfer', '203.0.113.9'],
    ['confirm_transfer', '127.0.0.1'],
    ['transfer_sent', ''],
  ]);
  // Staff other than owners see the history without addresses, and no audit.
  expect((await call('GET', '/admin/api/audit', manager)).status).toBe(403);
  expect(JSON.stringify((await staffView(manager, order.id)).body.data.history)).not.toMatch(/127\.0\.0\.1|203\.0\.113\.9/);
});
