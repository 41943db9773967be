/** @jest-environment node */
/**
 * One order in the back office over the real database: what each role sees (riders no money),
 * which actions it may take now, actions applied through the lifecycle with the staff member as
 * the actor, role refusals (403) and orders of another branch treated as unknown (404).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { getConfig } from '@/lib/server/config';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { applyStaffAction, DELIVERY_PHOTO_NEEDED_MESSAGE, moveStaffCharge, readStaffOrder, type StaffViewer } from '@/lib/server/services/backoffice/staff-order';
import { auditOf } from '@/lib/server/services/orders/lifecycle';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { placedOrder, tag } from '../helpers/orders';
import { insertStaff } from '@/lib/server/services/staff/members';

let db: Db;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-backoffice-'));

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  getConfig().dataDir = dataDir;
  getConfig().smtpUrl = undefined;
  manager = await member('manager', null);
  lagosFlorist = await member('florist', 'lagos');
  abujaRider = await member('rider', 'abuja');
  lagosRider = await member('rider', 'lagos');
  otherLagosRider = await member('rider', 'lagos');
});

afterAll(async () => {
  await mailIdle();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

let manager: StaffViewer;
let lagosFlorist: StaffViewer;
let abujaRider: StaffViewer;
let lagosRider: StaffViewer;
let otherLagosRider: StaffViewer;

/** A staff member in the database (riders are recorded on orders, so they must exist). */
async function member(role: StaffViewer['role'], branch: StaffViewer['branch']): Promise<StaffViewer> {
  const row = await insertStaff(db, { email: `bo.${tag()}@example.com`, name: `${role} ${tag()}`, role, branch, passwordHash: null, createdBy: null }, new Date());
  return { id: row.id, role, branch };
}

async function lagosOrder(status: 'awaiting_payment' | 'paid', payment: 'unpaid' | 'awaiting_confirmation' | 'paid') {
  const order = await placedOrder(db, { paymentMethod: 'gtbTransfer' });
  await db.update(orders).set({ status, paymentState: payment, paidWith: payment === 'paid' ? 'gtbTransfer' : null, checkedOutAt: new Date() }).where(eq(orders.id, order.id));
  return order;
}

it('a manager confirms a claimed transfer, then a florist prepares and a rider takes it out and delivers it', async () => {
  const order = await lagosOrder('awaiting_payment', 'awaiting_confirmation');
  expect((await readStaffOrder(db, order.id, manager)).actions).toEqual(['confirm_transfer', 'cancel']);
  expect((await readStaffOrder(db, order.id, lagosFlorist)).actions).toEqual([]);

  const confirmed = await applyStaffAction(db, order.id, { type: 'confirm_transfer', amount: String(order.amountsInCurrency.total), reference: `GTB-${tag()}`, note: 'Seen on the GTBank statement' }, manager, new Date());
  expect(confirmed.order).toMatchObject({ status: 'paid', paymentStatus: 'PAID - GO AHEAD (Bank transfer)' });
  expect((await readStaffOrder(db, order.id, lagosFlorist)).actions).toEqual(['prepare']);
  await applyStaffAction(db, order.id, { type: 'prepare' }, lagosFlorist, new Date());
  expect((await readStaffOrder(db, order.id, lagosRider)).actions).toEqual(['dispatch', 'deliver']);
  await applyStaffAction(db, order.id, { type: 'dispatch' }, lagosRider, new Date());
  const failed = await applyStaffAction(db, order.id, { type: 'delivery_failed', note: 'Nobody at the gate' }, lagosRider, new Date());
  // The redelivery fee (the order's delivery fee again) holds it until settled; the manager waives it here.
  const [fee] = (await readStaffOrder(db, order.id, manager)).charges;
  expect(fee).toMatchObject({ kind: 'redelivery', status: 'due' });
  expect(failed.charges).toEqual([]); // riders see no money
  await expect(applyStaffAction(db, order.id, { type: 'dispatch' }, lagosRider, new Date())).rejects.toMatchObject({ status: 409 });
  await moveStaffCharge(db, order.id, fee!.id, { move: 'waive' }, manager, new Date());
  await applyStaffAction(db, order.id, { type: 'dispatch' }, lagosRider, new Date());
  // A door delivery needs its photo: refused without one, nothing written.
  await expect(applyStaffAction(db, order.id, { type: 'deliver', recipientName: 'Ngozi' }, lagosRider, new Date())).rejects.toMatchObject({ status: 400, message: DELIVERY_PHOTO_NEEDED_MESSAGE });
  expect((await readStaffOrder(db, order.id, lagosRider)).order.status).toBe('out_for_delivery');
  const photo = `deliveries/${'ab'.repeat(16)}.webp`;
  const delivered = await applyStaffAction(db, order.id, { type: 'deliver', recipientName: 'Ngozi (her sister)', note: 'Left with the gateman', photo }, lagosRider, new Date());
  expect(delivered.order.status).toBe('delivered');
  expect(delivered.delivery).toEqual({ photo: `/media/d/${'ab'.repeat(16)}.webp`, receivedBy: 'Ngozi (her sister)' });
  expect(delivered.order.timeline.map((e) => e.note)).toContain('Delivered to Ngozi (her sister): Left with the gateman');
  expect(delivered.history.map((h) => [h.event, h.actor])).toEqual([
    ['confirm_transfer', `staff:${manager.id}`],
    ['prepare', `staff:${lagosFlorist.id}`],
    ['dispatch', `staff:${lagosRider.id}`],
    ['delivery_failed', `staff:${lagosRider.id}`],
    ['charge_waive', `staff:${manager.id}`],
    ['dispatch', `staff:${lagosRider.id}`],
    ['deliver', `staff:${lagosRider.id}`],
  ]);
  expect(delivered.order.timeline.map((e) => e.note)).toContain('Delivery failed: Nobody at the gate');

  // The sender heard at each step: paid, on its way (twice: the redelivery too), the redelivery fee's pay link, delivered; each with the tracker link.
  await mailIdle();
  const mails = (await readOutbox(dataDir, { to: order.client.email })).map((m) => m.subject).sort();
  expect(mails).toEqual(
    [
      `payment received for order ${order.orderNumber}`,
      `order ${order.orderNumber} is on its way`,
      `redelivery fee for order ${order.orderNumber}`,
      `order ${order.orderNumber} is on its way`,
      `order ${order.orderNumber} delivered`,
    ]
      .map((end) => `${getConfig().brandName}: ${end}`)
      .sort(),
  );
  const deliveredMail = (await readOutbox(dataDir, { to: order.client.email })).find((m) => m.subject.endsWith('delivered'));
  expect(deliveredMail?.text).toContain(`has been delivered to ${order.deliveryDetails.recipientName}`);
  expect(deliveredMail?.text).toContain(`/order-tracker?number=${order.orderNumber}`);
  expect(deliveredMail?.text).toContain(`See the delivery photo: ${getConfig().siteUrl}/media/d/${'ab'.repeat(16)}.webp`);
  expect(deliveredMail?.html).toContain(`<img src="${getConfig().siteUrl}/media/d/${'ab'.repeat(16)}.webp"`);
});

it('refuses an action the role may not take (403) and writes nothing', async () => {
  const order = await lagosOrder('paid', 'paid');
  await expect(applyStaffAction(db, order.id, { type: 'cancel' }, lagosFlorist, new Date())).rejects.toMatchObject({ status: 403 });
  await expect(applyStaffAction(db, order.id, { type: 'confirm_transfer', amount: '100', reference: 'GTB-RIDER' }, lagosRider, new Date())).rejects.toMatchObject({ status: 403 });
  expect(await auditOf(db, order.id)).toEqual([]);
  // An action the role may take but the order's state refuses is the lifecycle's 409.
  await expect(applyStaffAction(db, order.id, { type: 'dispatch' }, lagosRider, new Date())).rejects.toMatchObject({ status: 409 });
});

it('an order of another branch does not exist for a branch-bound staff member; riders see no money', async () => {
  const order = await lagosOrder('awaiting_payment', 'awaiting_confirmation');
  // Paid by two transfers: the history and the timeline name the amounts, which a rider must not read.
  await applyStaffAction(db, order.id, { type: 'confirm_transfer', amount: '1000', reference: `GTB-${tag()}` }, manager, new Date());
  await applyStaffAction(db, order.id, { type: 'confirm_transfer', amount: String(order.amountsInCurrency.total - 1000), reference: `GTB-${tag()}` }, manager, new Date());
  await expect(readStaffOrder(db, order.id, abujaRider)).rejects.toMatchObject({ status: 404 });
  await expect(applyStaffAction(db, order.id, { type: 'dispatch' }, abujaRider, new Date())).rejects.toMatchObject({ status: 404 });
  const seen = await readStaffOrder(db, order.id, lagosRider);
  expect(seen.order.amountsInCurrency.total).toBe(0);
  expect(seen.order.orderProducts.every((p) => p.price === 0 && p.lineTotal === 0)).toBe(true);
  expect(seen.attempts).toEqual([]);
  expect([seen.receipts, seen.transfers]).toEqual([[], null]);
  expect(JSON.stringify([seen.history, seen.order.timeline])).not.toMatch(/₦|NGN \d/);
  expect(seen.history.map((h) => h.event)).toEqual(['confirm_transfer', 'confirm_transfer']);
  const managerView = await readStaffOrder(db, order.id, manager);
  expect(managerView.order.amountsInCurrency.total).toBe(order.amountsInCurrency.total);
  expect(managerView.history.map((h) => h.note)).toEqual([expect.stringMatching(/^Transfer received: ₦1,000 /), expect.stringMatching(/paid in full/)]);
});

it('names who did what in the history: a member by name and role, an id the shop does not know as Staff', async () => {
  const adaRow = await insertStaff(db, { email: `ada.${tag()}@example.com`, name: 'Ada Obi', role: 'manager', branch: null, passwordHash: null, createdBy: null }, new Date());
  const ada: StaffViewer = { id: adaRow.id, role: 'manager', branch: null };
  const order = await lagosOrder('awaiting_payment', 'unpaid');
  const confirmed = await applyStaffAction(db, order.id, { type: 'confirm_transfer', amount: String(order.amountsInCurrency.total), reference: `GTB-${tag()}` }, ada, new Date());
  const unknown: StaffViewer = { id: '66666666-6666-4666-8666-666666666666', role: 'florist', branch: 'lagos' };
  await applyStaffAction(db, order.id, { type: 'prepare' }, unknown, new Date());
  const { history } = await readStaffOrder(db, order.id, manager);
  expect(confirmed.history.at(-1)?.actorName).toBe('Ada Obi (Manager)');
  expect(history.map((h) => [h.event, h.actorName])).toEqual([
    ['confirm_transfer', 'Ada Obi (Manager)'],
    ['prepare', 'Staff'],
  ]);
});

it('a manager sends the order out with a rider of its branch; only that rider delivers it', async () => {
  const order = await lagosOrder('paid', 'paid');
  await applyStaffAction(db, order.id, { type: 'prepare' }, manager, new Date());
  const prepared = await readStaffOrder(db, order.id, manager);
  expect(prepared.riders.map((r) => r.id).sort()).toEqual(expect.arrayContaining([lagosRider.id, otherLagosRider.id]));
  expect(prepared.riders.map((r) => r.id)).not.toContain(abujaRider.id);
  await expect(applyStaffAction(db, order.id, { type: 'dispatch', riderId: abujaRider.id }, manager, new Date())).rejects.toMatchObject({ status: 400 });
  await expect(applyStaffAction(db, order.id, { type: 'dispatch', riderId: otherLagosRider.id }, lagosRider, new Date())).rejects.toMatchObject({ status: 403 });

  const out = await applyStaffAction(db, order.id, { type: 'dispatch', riderId: lagosRider.id }, manager, new Date());
  expect(out.order.status).toBe('out_for_delivery');
  expect(out.rider?.id).toBe(lagosRider.id);
  expect((await readStaffOrder(db, order.id, otherLagosRider)).actions).toEqual([]);
  await expect(applyStaffAction(db, order.id, { type: 'deliver', recipientName: 'Ngozi', photo: `deliveries/${'cd'.repeat(16)}.webp` }, otherLagosRider, new Date())).rejects.toMatchObject({ status: 403, message: 'This delivery is out with another rider' });
  expect((await readStaffOrder(db, order.id, lagosRider)).actions).toEqual(['deliver', 'delivery_failed']);
  expect((await applyStaffAction(db, order.id, { type: 'deliver', recipientName: 'Ngozi', photo: `deliveries/${'cd'.repeat(16)}.webp` }, lagosRider, new Date())).order.status).toBe('delivered');
});

it('a rider who takes an order out is recorded as its rider', async () => {
  const order = await lagosOrder('paid', 'paid');
  await applyStaffAction(db, order.id, { type: 'prepare' }, lagosFlorist, new Date());
  expect((await applyStaffAction(db, order.id, { type: 'dispatch' }, otherLagosRider, new Date())).rider?.id).toBe(otherLagosRider.id);
});
