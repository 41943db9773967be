/** @jest-environment node */
/**
 * Staff's internal notes over real HTTP (POST /admin/api/orders/{id}/notes): any member who can
 * see the order adds one and reads them with who wrote them, oldest first; another branch's member
 * gets 404 and writes nothing; an empty or unknown body is a 400; a write from another site is
 * refused; the shopper's views of the order never carry them.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderNotes, orders } from '@/lib/server/db/schema';
import { auditOf } from '@/lib/server/services/orders/lifecycle';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import type { StaffRole } from '@/lib/domain/staff';
import { signedInStaff } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { placedOrder } from '../helpers/orders';

let db: Db;
let server: ApiServer;

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

const signedIn = async (role: StaffRole, branch: 'lagos' | 'abuja' | null, name: string) => (await signedInStaff(db, role, branch, name)).cookie;

async function note(orderId: string, cookie: string, body: unknown, origin: string | null = server.url) {
  const headers: Record<string, string> = { 'content-type': 'application/json', cookie };
  if (origin) headers.origin = origin;
  const res = await fetch(`${server.url}/admin/api/orders/${orderId}/notes`, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as { data: StaffOrder; message: string } };
}

const notesIn = async (orderId: string) => db.select().from(orderNotes).where(eq(orderNotes.orderId, orderId));

it('a florist and a rider of the branch add notes; both read them with their names, oldest first', async () => {
  const order = await placedOrder(db, { paymentMethod: 'paystack', delivery: 'delivery' });
  await db.update(orders).set({ checkedOutAt: new Date(), status: 'paid', paymentState: 'paid', paidWith: 'paystack' }).where(eq(orders.id, order.id));
  const florist = await signedIn('florist', 'lagos', 'Kemi Florist');
  const rider = await signedIn('rider', 'lagos', 'Tayo Rider');

  const first = await note(order.id, florist, { text: 'Sender asked for white lilies instead of roses' });
  expect([first.status, first.body.message]).toEqual([201, 'Note added']);
  const second = await note(order.id, rider, { text: '  Gate code 4471\nCall the gateman first  ' });
  expect(second.status).toBe(201);
  expect(second.body.data.notes).toEqual([
    { text: 'Sender asked for white lilies instead of roses', by: 'Kemi Florist (Florist)', at: expect.any(String) },
    { text: 'Gate code 4471\nCall the gateman first', by: 'Tayo Rider (Rider)', at: expect.any(String) },
  ]);

  // Each note is a staff action in the audit (without its text, which stays in the notes), with the client address.
  const audit = (await auditOf(db, order.id)).filter((a) => a.event === 'add_note');
  expect(audit.map((a) => [a.actorKind, a.note, a.address, a.fromStatus, a.toStatus])).toEqual([
    ['staff', '', expect.stringMatching(/127\.0\.0\.1|::1/), 'paid', 'paid'],
    ['staff', '', expect.stringMatching(/127\.0\.0\.1|::1/), 'paid', 'paid'],
  ]);

  // The shopper's order and the tracker never carry staff notes.
  const shopper = await (await fetch(`${server.url}/v1/firebase/order/${order.id}`)).text();
  const tracker = await (await fetch(`${server.url}/v1/firebase/order/order-number/${order.orderNumber}?email=${encodeURIComponent(order.sender.email)}`)).text();
  // The notes' own words (the order's product may well be lilies: its name is no leak).
  for (const text of [shopper, tracker]) expect(text).not.toMatch(/Gate code 4471|lilies instead of roses/);
});

it('refuses another branch (404), empty or unknown bodies (400), another site (403), nobody signed in (401); nothing is written', async () => {
  const order = await placedOrder(db, { paymentMethod: 'paystack', delivery: 'delivery' });
  await db.update(orders).set({ checkedOutAt: new Date() }).where(eq(orders.id, order.id));
  const manager = await signedIn('manager', null, 'Bisi Manager');
  expect((await note(order.id, await signedIn('florist', 'abuja', 'Abuja Florist'), { text: 'x' })).status).toBe(404);
  expect(await note(order.id, manager, { text: '   ' })).toMatchObject({ status: 400 });
  expect((await note(order.id, manager, {})).body.message).toBe('text is required');
  expect((await note(order.id, manager, { text: 'x', pinned: true })).status).toBe(400);
  expect((await note(order.id, manager, { text: 'x'.repeat(1001) })).status).toBe(400);
  expect((await note(order.id, manager, { text: 'x' }, 'https://evil.example')).status).toBe(403);
  expect((await note(order.id, 'staff_session=nope', { text: 'x' })).status).toBe(401);
  expect((await note('00000000-0000-4000-8000-000000000000', manager, { text: 'x' })).status).toBe(404);
  expect(await notesIn(order.id)).toEqual([]);
  expect((await auditOf(db, order.id)).filter((a) => a.event === 'add_note')).toEqual([]);
});
