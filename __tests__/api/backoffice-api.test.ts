/** @jest-environment node */
/**
 * The back office's order calls over real HTTP (/admin/api/orders…) with real staff sessions:
 * the board scoped to the member's branch (riders get no totals), one order (404 across
 * branches, by URL too), and actions: a manager confirms a transfer, a florist may not cancel,
 * a write without the shop's Origin is refused, a bad body is a 400, nobody signed in is a 401.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { mailIdle } from '@/lib/server/mail/mailer';
import { insertStaff } from '@/lib/server/services/staff/members';
import { startSession } from '@/lib/server/services/staff/sessions';
import type { StaffRole } from '@/lib/domain/staff';
import type { Board } from '@/lib/server/services/backoffice/board';
import type { StaffOrder } from '@/lib/server/services/backoffice/staff-order';
import type { AuditPage } from '@/lib/contracts/backoffice';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { freeDay, placedOrder, tag } from '../helpers/orders';

let db: Db;
let server: ApiServer;

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
});

afterAll(async () => {
  await mailIdle();
  await server.close();
  await closeTestDatabase();
});

/** A signed-in staff member: their session cookie. */
async function signedIn(role: StaffRole, branch: 'lagos' | 'abuja' | null): Promise<string> {
  const member = await insertStaff(db, { email: `board.${tag()}@example.com`, name: `Test ${role}`, role, branch, passwordHash: null, createdBy: null }, new Date());
  return `staff_session=${await startSession(db, member.id, new Date())}`;
}

async function call<T>(method: string, url: string, cookie: string | null, body?: unknown, origin: string | null = server.url) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (cookie) headers.cookie = cookie;
  if (origin) headers.origin = origin;
  const res = await fetch(`${server.url}${url}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: T; message: string } };
}

async function orderOn(day: string, p: { abuja?: boolean; payment?: 'awaiting_confirmation' | 'paid' } = {}) {
  const order = await placedOrder(db, { paymentMethod: 'gtbTransfer' });
  const paid = p.payment === 'paid';
  await db
    .update(orders)
    .set({ deliveryDate: day, checkedOutAt: new Date(), status: paid ? 'paid' : 'awaiting_payment', paymentState: p.payment ?? 'awaiting_confirmation', paidWith: paid ? 'gtbTransfer' : null, ...(p.abuja && { state: 'abuja', zone: 'abuja-central' }) })
    .where(eq(orders.id, order.id));
  return order;
}

const someDay = () => freeDay(db);

it('the board: a manager sees every branch, an Abuja florist only Abuja, a rider no totals', async () => {
  const day = await someDay();
  const lagos = await orderOn(day);
  const abuja = await orderOn(day, { abuja: true });
  const manager = await call<Board>('GET', `/admin/api/orders?day=${day}`, await signedIn('manager', null), undefined, null);
  expect(manager.status).toBe(200);
  expect(manager.body.data.rows.map((r) => r.id).sort()).toEqual([lagos.id, abuja.id].sort());
  expect(manager.body.data.counts.awaiting_confirmation).toBe(2);
  const florist = await call<Board>('GET', `/admin/api/orders?day=${day}`, await signedIn('florist', 'abuja'), undefined, null);
  expect(florist.body.data.rows.map((r) => r.id)).toEqual([abuja.id]);
  // A rider's board has only deliveries: the one awaiting confirmation is not theirs yet.
  const rider = await call<Board>('GET', `/admin/api/orders?day=${day}&branch=lagos`, await signedIn('rider', 'lagos'), undefined, null);
  expect(rider.body.data.rows).toEqual([]);
  expect((await call('GET', `/admin/api/orders?day=${day}&state=nonsense`, await signedIn('manager', null), undefined, null)).status).toBe(400);
  expect((await call('GET', `/admin/api/orders?day=${day}`, null, undefined, null)).status).toBe(401);
});

it("a rider's board: their branch's door deliveries being prepared and the orders they took out, never a total", async () => {
  const day = await someDay();
  const riderCookie = await signedIn('rider', 'lagos');
  const me = await call<{ id: string }>('GET', '/admin/api/auth/me', riderCookie, undefined, null);
  const other = await insertStaff(db, { email: `board.${tag()}@example.com`, name: 'Other rider', role: 'rider', branch: 'lagos', passwordHash: null, createdBy: null }, new Date());
  const ready = await orderOn(day, { payment: 'paid' });
  const mine = await orderOn(day, { payment: 'paid' });
  const theirs = await orderOn(day, { payment: 'paid' });
  const pickup = await orderOn(day, { payment: 'paid' });
  await orderOn(day); // unpaid: not a delivery yet
  const abuja = await orderOn(day, { abuja: true, payment: 'paid' });
  await db.update(orders).set({ status: 'preparing' }).where(eq(orders.id, ready.id));
  await db.update(orders).set({ status: 'out_for_delivery', riderId: me.body.data.id }).where(eq(orders.id, mine.id));
  await db.update(orders).set({ status: 'out_for_delivery', riderId: other.id }).where(eq(orders.id, theirs.id));
  await db.update(orders).set({ status: 'preparing', deliveryMethod: 'pick-up', despatchLocation: 'LPI' }).where(eq(orders.id, pickup.id));
  await db.update(orders).set({ status: 'preparing' }).where(eq(orders.id, abuja.id));
  const board = await call<Board>('GET', `/admin/api/orders?day=${day}`, riderCookie, undefined, null);
  expect(board.status).toBe(200);
  expect(board.body.data.rows.map((r) => r.id).sort()).toEqual([ready.id, mine.id].sort());
  expect(board.body.data.rows.every((r) => r.totalInCurrency === 0)).toBe(true);
  expect(board.body.data.counts).toMatchObject({ preparing: 1, out_for_delivery: 1, awaiting_confirmation: 0 });
  // The manager sees them all.
  const all = await call<Board>('GET', `/admin/api/orders?day=${day}`, await signedIn('manager', null), undefined, null);
  expect(all.body.data.total).toBe(6);
});

it('one order and its actions: confirm a transfer, refusals by role, branch, origin and body', async () => {
  const day = await someDay();
  const order = await orderOn(day);
  const manager = await signedIn('manager', null);
  const seen = await call<StaffOrder>('GET', `/admin/api/orders/${order.id}`, manager, undefined, null);
  expect(seen.body.data).toMatchObject({ order: { id: order.id, paymentStatus: 'awaiting confirmation' }, actions: ['confirm_transfer', 'cancel'] });

  // A rider of another branch cannot open it by its URL.
  expect((await call('GET', `/admin/api/orders/${order.id}`, await signedIn('rider', 'abuja'), undefined, null)).status).toBe(404);
  // A florist may not cancel; a write from another site is refused before anything happens.
  expect((await call('POST', `/admin/api/orders/${order.id}/actions`, await signedIn('florist', 'lagos'), { type: 'cancel' })).status).toBe(403);
  expect((await call('POST', `/admin/api/orders/${order.id}/actions`, manager, { type: 'confirm_transfer' }, 'https://evil.example')).status).toBe(403);
  expect((await call('POST', `/admin/api/orders/${order.id}/actions`, manager, { type: 'confirm_transfer' }, null)).status).toBe(403);
  expect((await call('POST', `/admin/api/orders/${order.id}/actions`, manager, { type: 'delivery_failed' })).status).toBe(400);
  expect((await call('POST', `/admin/api/orders/${order.id}/actions`, manager, { type: 'confirm_transfer', amount: 5 })).status).toBe(400);
  expect((await call<StaffOrder>('GET', `/admin/api/orders/${order.id}`, manager, undefined, null)).body.data.order.status).toBe('awaiting_payment');

  const confirmed = await call<StaffOrder>('POST', `/admin/api/orders/${order.id}/actions`, manager, {
    type: 'confirm_transfer',
    amount: String(order.amountsInCurrency.total),
    reference: `GTB-${tag()}`,
    note: `Seen on the statement ${tag()}`,
  });
  expect(confirmed.status).toBe(200);
  expect(confirmed.body.data.order).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Bank transfer)' });
  expect(confirmed.body.data.history.at(-1)).toMatchObject({ event: 'confirm_transfer', actor: expect.stringMatching(/^staff:/) });
  // The lifecycle refuses confirming it twice.
  expect((await call('POST', `/admin/api/orders/${order.id}/actions`, manager, { type: 'confirm_transfer', amount: '100', reference: 'GTB-AGAIN' })).status).toBe(409);
});

it('the audit: owners read every change, newest first, with names; anyone else is refused', async () => {
  const order = await orderOn(await someDay());
  const manager = await signedIn('manager', null);
  const amount = String(order.amountsInCurrency.total);
  expect((await call('POST', `/admin/api/orders/${order.id}/actions`, manager, { type: 'confirm_transfer', amount, reference: 'GTB-778', note: 'Seen on the statement' })).status).toBe(200);
  const owner = await signedIn('owner', null);
  const log = await call<AuditPage>('GET', '/admin/api/audit', owner, undefined, null);
  expect(log.status).toBe(200);
  const line = log.body.data.rows.find((r) => r.orderId === order.id);
  expect(line).toMatchObject({ orderNumber: order.orderNumber, event: 'confirm_transfer', actorName: 'Test manager (Manager)', from: 'awaiting_payment/awaiting_confirmation', to: 'paid/paid' });
  expect(line?.note).toBe(`Transfer received: ₦${order.amountsInCurrency.total.toLocaleString('en-US')} (ref GTB-778): paid in full — Seen on the statement`);
  // The client address the change came from (TRUST_PROXY unset: the socket's).
  expect(line?.address).toBe('127.0.0.1');
  const times = log.body.data.rows.map((r) => r.at);
  expect([...times].sort().reverse()).toEqual(times);
  expect((await call('GET', '/admin/api/audit', manager, undefined, null)).status).toBe(403);
  expect((await call('GET', '/admin/api/audit?page=0', owner, undefined, null)).status).toBe(400);
});
