/** @jest-environment node */
/**
 * Staff change a paid door delivery's date, zone or address over real HTTP (POST
 * /admin/api/orders/{id}/delivery): the fee difference under the checkout's rules (zones, peak
 * days, the free-delivery threshold, the order's own currency and rate) is asked of the sender by
 * an e-mailed pay link and holds the dispatch until it is settled, or recorded as owed back, or
 * nothing when the fee is the same; the order's totals stay as paid. Refusals by role, branch,
 * order and body each write nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderAudit, orderCharges, orderEvents, orders } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { recomputeTotals } from '@/lib/server/services/orders/store';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import type { ChargeView } from '@/lib/contracts/charges';
import { addDays } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';
import { deliveryDayText } from '@/lib/domain/delivery-change';
import { CHARGE_DUE_MESSAGE, type OrderStatus } from '@/lib/domain/order-lifecycle';
import type { CurrencyCode } from '@/lib/domain/money';
import type { StaffRole } from '@/lib/domain/staff';
import { signedInStaff, staffJson } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { placedOrder, someProduct, type ItemSpec } from '../helpers/orders';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-delivery-change-'));

let db: Db;
let api: ApiServer;
let manager: { id: string; cookie: string };

/** Days of the sample settings' peak fees (Valentine's, Christmas, New Year). */
const PEAK_DAYS = ['02-13', '02-14', '02-15', '12-25', '12-26', '01-01'];
const today = () => shopDay(new Date());
/** An ordinary (not peak) day at least `from` days ahead. */
function ordinaryDay(from: number): string {
  let day = addDays(today(), from);
  while (PEAK_DAYS.includes(day.slice(5))) day = addDays(day, 1);
  return day;
}
/** The next Valentine's Day after tomorrow (Valentine peak fees: Lagos central ₦20,000). */
function valentine(): string {
  const year = Number(today().slice(0, 4));
  return [`${year}-02-14`, `${year + 1}-02-14`].find((d) => d > addDays(today(), 1))!;
}

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  api = await startApiServer();
  const config = getConfig();
  config.dataDir = dataDir;
  config.smtpUrl = undefined;
  manager = await signedIn('manager', null);
});

afterAll(async () => {
  await mailIdle();
  await api.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const signedIn = (role: StaffRole, branch: 'lagos' | 'abuja' | null) => signedInStaff(db, role, branch);

const call = <T>(method: string, url: string, body?: unknown, cookie?: string) => staffJson<T>(api.url, method, url, body, cookie);

const change = (orderId: string, body: unknown, cookie = manager.cookie) => call<StaffOrder>('POST', `/admin/api/orders/${orderId}/delivery`, body, cookie);
const read = (orderId: string, cookie = manager.cookie) => call<StaffOrder>('GET', `/admin/api/orders/${orderId}`, undefined, cookie);
const act = (orderId: string, body: unknown, cookie = manager.cookie) => call<StaffOrder>('POST', `/admin/api/orders/${orderId}/actions`, body, cookie);
const chargesIn = (orderId: string) => db.select().from(orderCharges).where(eq(orderCharges.orderId, orderId));

type PaidSpec = { zone?: string; day?: string | null; items?: ItemSpec[]; currency?: CurrencyCode; status?: OrderStatus };

/**
 * A paid Lagos door delivery (default: Lagos central on an ordinary day, one item of ₦30,000 to
 * ₦45,000, so a ₦4,500 fee; in preparation), its totals from the checkout's own rules.
 */
async function paidOrder(spec: PaidSpec = {}) {
  const items = spec.items ?? [{ product: await someProduct(db, { min: 30_000, max: 45_000 }) }];
  const order = await placedOrder(db, { paymentMethod: 'paystack', delivery: 'delivery', items, currency: spec.currency ?? 'NGN' });
  await db
    .update(orders)
    .set({ zone: spec.zone ?? 'lagos-central', deliveryDate: spec.day === undefined ? ordinaryDay(3) : spec.day })
    .where(eq(orders.id, order.id));
  await recomputeTotals(db, order.id, new Date());
  await db.update(orders).set({ checkedOutAt: new Date(), status: spec.status ?? 'preparing', paymentState: 'paid', paidWith: 'paystack' }).where(eq(orders.id, order.id));
  const [row] = await db.select().from(orders).where(eq(orders.id, order.id));
  const paid = { subtotal: row!.subtotalInCurrency, deliveryFee: row!.deliveryFeeInCurrency, discount: row!.discountInCurrency, total: row!.totalInCurrency };
  return { ...order, row: row!, amountsInCurrency: paid };
}

/** The newest delivery-change e-mail to `email`, with its pay link's token; null when none. */
async function changeMail(email: string) {
  await mailIdle();
  const mail = (await readOutbox(dataDir, { to: email })).find((m) => /delivery change/i.test(m.subject));
  if (!mail) return null;
  return { ...mail, token: /\/pay\/([A-Za-z0-9_-]{43})/.exec(mail.text)?.[1] ?? '' };
}

/** Everything a refused call must leave as it was. */
async function snapshot(orderId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
  return {
    row,
    charges: await chargesIn(orderId),
    events: await db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(asc(orderEvents.at)),
    audit: await db.select().from(orderAudit).where(eq(orderAudit.orderId, orderId)),
  };
}

describe('Success', () => {
  it('a manager moves a Lagos central order to Lagos outer: the difference is e-mailed as a pay link, and the order cannot go out until it is paid', async () => {
    const order = await paidOrder();
    expect(order.row).toMatchObject({ deliveryFee: 4_500, deliveryFeeInCurrency: 4_500 });
    // The order page offers the change, with the zones of Lagos.
    expect((await read(order.id)).body.data.deliveryChange?.zones.map((z) => z.name)).toEqual(['lagos-central', 'lagos-outer', 'lagos-unsure']);

    const moved = await change(order.id, { zone: 'lagos-outer', recipientAddress: '12 Ikorodu Road, Ikorodu', residenceType: 'Home', note: 'The recipient is at home this week' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Delivery changed. The sender has been e-mailed a link to pay the difference of ₦5,500; the order cannot go out until it is paid or waived');
    const reason = 'Delivery zone changed to Lagos outer: fee ₦10,000 instead of ₦4,500, ₦5,500 more';
    const data = moved.body.data;
    expect(data.charges).toEqual([expect.objectContaining({ kind: 'change', status: 'due', amount: '₦5,500', reason, askedBy: 'Test manager' })]);
    expect(data.order.deliveryDetails).toMatchObject({ zone: 'lagos-outer', recipientAddress: '12 Ikorodu Road, Ikorodu' });
    expect(data.order.recipientAddress).toBe('[Home] 12 Ikorodu Road, Ikorodu');
    // The shopper paid these totals: they stay; the difference lives in the charge.
    expect(data.order.amountsInCurrency).toEqual(order.amountsInCurrency);
    expect(data.order.status).toBe('preparing');
    const notes = data.order.timeline.map((e) => e.note);
    expect(notes.slice(-2)).toEqual([
      'Delivery changed: zone Lagos central → Lagos outer; address now [Home] 12 Ikorodu Road, Ikorodu: The recipient is at home this week',
      `Delivery change of ₦5,500 asked: ${reason}`,
    ]);
    expect(data.history.at(-1)).toMatchObject({ event: 'change_delivery', actorName: 'Test manager (Manager)', from: 'preparing/paid', to: 'preparing/paid' });
    expect(data.history.at(-1)?.note).toMatch(/\(₦5,500 asked of the sender\)$/);

    // The sender's e-mail carries the pay link, which opens the charge.
    const mail = await changeMail(order.sender.email);
    expect(mail?.subject).toBe(`${getConfig().brandName}: delivery change for order ${order.orderNumber}`);
    expect(mail?.text).toContain(`Delivery change for order ${order.orderNumber}: ₦5,500.`);
    expect(mail?.text).toContain(reason);
    const view = await call<ChargeView>('GET', `/v1/charges/${mail!.token}`);
    expect(view.body.data).toMatchObject({ orderNumber: order.orderNumber, kind: 'change', what: 'Delivery change', amount: '₦5,500', status: 'due' });

    // It cannot go out while the difference is due, and another change waits for it too.
    expect(await act(order.id, { type: 'dispatch' })).toMatchObject({ status: 409, body: { message: CHARGE_DUE_MESSAGE } });
    const again = await change(order.id, { zone: 'lagos-central' });
    expect(again).toMatchObject({ status: 409, body: { message: 'An earlier delivery change of ₦5,500 is still awaiting payment: mark it paid or waive it before changing the delivery again' } });

    // Paid (a transfer staff saw): it goes out.
    const [charge] = await chargesIn(order.id);
    expect((await call('POST', `/admin/api/orders/${order.id}/charges/${charge!.id}`, { move: 'mark_paid', reference: 'GTB-DIFF-1' }, manager.cookie)).status).toBe(200);
    const out = await act(order.id, { type: 'dispatch' });
    expect(out.status).toBe(200);
    expect(out.body.data.order.status).toBe('out_for_delivery');
    // Out of the shop: no more changes, and no offer.
    expect(out.body.data.deliveryChange).toBeUndefined();
    expect((await change(order.id, { zone: 'lagos-central' })).status).toBe(409);
  });

  it('a move to a cheaper zone records the difference as owed back and e-mails nothing; moving back asks only what was refunded', async () => {
    const order = await paidOrder({ zone: 'lagos-outer', status: 'paid' });
    expect(order.row.deliveryFeeInCurrency).toBe(10_000);
    const moved = await change(order.id, { zone: 'lagos-central' });
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe('Delivery changed. ₦5,500 is owed back to the sender: record the refund once it is made');
    const reason = 'Delivery zone changed to Lagos central: fee ₦4,500 instead of ₦10,000';
    expect(moved.body.data.charges).toEqual([expect.objectContaining({ kind: 'change', status: 'refund_due', amount: '₦5,500', reason })]);
    expect(moved.body.data.order.timeline.at(-1)?.note).toBe(`Refund due: ₦5,500 (${reason})`);
    expect(moved.body.data.order.amountsInCurrency).toEqual(order.amountsInCurrency);
    expect(await changeMail(order.sender.email)).toBeNull();
    const [owed] = await chargesIn(order.id);
    expect(owed).toMatchObject({ status: 'refund_due', amountMinor: 550_000n, tokenHash: null });

    // Money owed back does not hold the order; staff record the refund when made.
    const refunded = await call<StaffOrder>('POST', `/admin/api/orders/${order.id}/charges/${owed!.id}`, { move: 'record_refund', reference: 'RFD-77' }, manager.cookie);
    expect(refunded.body.data.charges[0]).toMatchObject({ status: 'refunded', reference: 'RFD-77' });

    // Back to Lagos outer: the sender has paid ₦10,000 less the ₦5,500 refunded, so ₦5,500 is asked.
    const back = await change(order.id, { zone: 'lagos-outer' });
    expect(back.body.data.charges.at(-1)).toMatchObject({ status: 'due', amount: '₦5,500', reason: 'Delivery zone changed to Lagos outer: fee ₦10,000 instead of ₦4,500, ₦5,500 more' });
    expect(await changeMail(order.sender.email)).not.toBeNull();
  });

  it('the same fee asks nothing: an address in the same zone, another ordinary day, a zone of the same fee', async () => {
    const order = await paidOrder({ zone: 'lagos-outer' });
    const address = await change(order.id, { recipientAddress: '3 Ebute Road, Ikorodu' });
    expect(address.status).toBe(200);
    expect(address.body.message).toBe('Delivery changed. The delivery fee is the same: nothing to pay or refund');
    expect(address.body.data.order.recipientAddress).toBe('[Office] 3 Ebute Road, Ikorodu');
    expect(address.body.data.order.timeline.at(-1)?.note).toBe('Delivery changed: address now [Office] 3 Ebute Road, Ikorodu');

    const day = ordinaryDay(5);
    const later = await change(order.id, { deliveryDate: day });
    expect(later.body.data.order.deliveryDate).toBe(day);
    expect(later.body.data.order.timeline.at(-1)?.note).toBe(`Delivery changed: date ${deliveryDayText(order.row.deliveryDate!)} → ${deliveryDayText(day)}`);
    const unsure = await change(order.id, { zone: 'lagos-unsure' });
    expect(unsure.body.data.order.deliveryDetails.zone).toBe('lagos-unsure');
    expect(unsure.body.data.history.at(-1)?.note).toBe('Delivery changed: zone Lagos outer → Not sure of the address, call the recipient (no fee difference)');

    expect(await chargesIn(order.id)).toEqual([]);
    expect(await changeMail(order.sender.email)).toBeNull();
  });

  it("a move to Valentine's Day asks the peak fee's difference; a delivery free above the threshold keeps the threshold rule", async () => {
    const day = valentine();
    const order = await paidOrder();
    const moved = await change(order.id, { deliveryDate: day });
    expect(moved.status).toBe(200);
    expect(moved.body.data.charges).toEqual([
      expect.objectContaining({ status: 'due', amount: '₦15,500', reason: `Delivery moved to ${deliveryDayText(day)}: Valentine peak fee ₦20,000 instead of ₦4,500, ₦15,500 more` }),
    ]);

    // Items of ₦100,000 or more: free in Lagos central on an ordinary day (threshold ₦100,000),
    // still free on another ordinary day; not on Valentine's (threshold ₦150,000).
    const product = await someProduct(db, { min: 50_000, max: 70_000 });
    const free = await paidOrder({ items: [{ product, quantity: 2 }] });
    expect(free.row).toMatchObject({ deliveryFee: 0, deliveryFeeInCurrency: 0 });
    const ordinary = await change(free.id, { deliveryDate: ordinaryDay(6) });
    expect(ordinary.body.data.charges).toEqual([]);
    const peak = await change(free.id, { deliveryDate: day, zone: 'lagos-central' });
    expect(peak.body.data.charges).toEqual([
      expect.objectContaining({ status: 'due', amount: '₦20,000', reason: `Delivery moved to ${deliveryDayText(day)}: Valentine peak fee ₦20,000 instead of free delivery, ₦20,000 more` }),
    ]);
  });

  it("an order in dollars is asked the difference in dollars, converted at the order's own rate", async () => {
    const order = await paidOrder({ currency: 'USD' });
    const rate = order.row.conversionRate;
    expect(order.row.deliveryFeeInCurrency).toBe(Math.ceil(4_500 / rate));
    const moved = await change(order.id, { zone: 'lagos-outer' });
    const cents = BigInt(Math.ceil(10_000 / rate) - Math.ceil(4_500 / rate)) * 100n;
    expect(await chargesIn(order.id)).toEqual([expect.objectContaining({ status: 'due', currency: 'USD', amountMinor: cents })]);
    expect(moved.body.data.charges[0]?.amount).toBe(`$${Number(cents / 100n).toLocaleString('en-US')}`);
  });
});

describe('Errors', () => {
  it('refuses florists and riders (403), another branch (404), orders that cannot change (409), bad bodies (400), writing nothing', async () => {
    const order = await paidOrder();
    const before = await snapshot(order.id);
    const florist = await signedIn('florist', 'lagos');
    const rider = await signedIn('rider', 'lagos');
    const abujaManager = await signedIn('manager', 'abuja');
    const expectations: [unknown, string, number, string?][] = [
      [{ zone: 'lagos-outer' }, florist.cookie, 403, 'A florist cannot do this'],
      [{ zone: 'lagos-outer' }, rider.cookie, 403, 'A rider cannot do this'],
      [{ zone: 'lagos-outer' }, '', 401],
      [{ zone: 'lagos-outer' }, abujaManager.cookie, 404],
      [{ deliveryDate: '2020-01-01' }, manager.cookie, 400, 'deliveryDate must not be in the past'],
      [{ deliveryDate: '2027-02-30' }, manager.cookie, 400, 'deliveryDate must be a day written YYYY-MM-DD'],
      [{ deliveryDate: addDays(today(), 400) }, manager.cookie, 400, 'deliveryDate must be within a year from today'],
      [{ zone: 'lagos-nowhere' }, manager.cookie, 400, 'zone must be one of lagos-central, lagos-outer, lagos-unsure'],
      [{ zone: 'abuja-central' }, manager.cookie, 400, 'zone must be one of lagos-central, lagos-outer, lagos-unsure'],
      [{}, manager.cookie, 400, 'Send at least one change: deliveryDate, zone, recipientAddress or residenceType'],
      [{ note: 'only a note' }, manager.cookie, 400, 'Send at least one change: deliveryDate, zone, recipientAddress or residenceType'],
      [{ zone: 'lagos-outer', total: 0 }, manager.cookie, 400, 'total is not a field of this call'],
      [{ residenceType: 'Castle' }, manager.cookie, 400],
      [{ recipientAddress: '   ' }, manager.cookie, 400, 'recipientAddress must not be empty'],
      [{ zone: 'lagos-central', deliveryDate: order.row.deliveryDate }, manager.cookie, 400, 'Nothing to change: the order already has this delivery date, zone and address'],
    ];
    for (const [body, cookie, status, message] of expectations) {
      const res = await change(order.id, body, cookie);
      expect({ body, status: res.status }).toEqual({ body, status });
      if (message) expect(res.body.message).toBe(message);
    }
    expect(await snapshot(order.id)).toEqual(before);
    expect(await changeMail(order.sender.email)).toBeNull();
  });

  it('refuses a pick-up, an other-states order, and orders not paid or already out (409), writing nothing', async () => {
    const pickup = await placedOrder(db, { paymentMethod: 'paystack', delivery: 'pick-up' });
    await db.update(orders).set({ checkedOutAt: new Date(), status: 'paid', paymentState: 'paid', paidWith: 'paystack', deliveryDate: ordinaryDay(3) }).where(eq(orders.id, pickup.id));
    const other = await paidOrder();
    await db.update(orders).set({ state: 'other-locations', zone: null, deliveryFeeQuotedByStaff: true }).where(eq(orders.id, other.id));
    const cases: [string, string][] = [
      [pickup.id, 'This order is collected from a pickup point: it has no delivery to change'],
      [other.id, 'This order goes to another state: its delivery fee is quoted by staff, so ask the sender for a new quote instead'],
      [(await paidOrder({ status: 'out_for_delivery' })).id, 'This order is out for delivery: its delivery can be changed only before it leaves the shop'],
      [(await paidOrder({ status: 'delivered' })).id, 'This order is delivered: its delivery can no longer be changed'],
      [(await paidOrder({ status: 'cancelled' })).id, 'This order is cancelled: its delivery can no longer be changed'],
    ];
    const unpaid = await placedOrder(db, { paymentMethod: 'paystack', delivery: 'delivery', status: 'awaiting_payment' });
    cases.push([unpaid.id, 'This order is not paid yet: the sender can still change the delivery at checkout']);
    for (const [id, message] of cases) {
      const before = await snapshot(id);
      expect((await read(id)).body.data.deliveryChange).toBeUndefined();
      const res = await change(id, { zone: 'lagos-outer', recipientAddress: '1 Somewhere Road' });
      expect({ id, status: res.status, message: res.body.message }).toEqual({ id, status: 409, message });
      expect(await snapshot(id)).toEqual(before);
    }
  });

  it('a refused day on a peak date (below its smallest order) writes nothing', async () => {
    const cheap = await someProduct(db, { min: 1, max: 29_999 });
    const order = await paidOrder({ items: [{ product: cheap }] });
    const before = await snapshot(order.id);
    const res = await change(order.id, { deliveryDate: valentine() });
    expect(res).toMatchObject({ status: 400, body: { message: 'deliveryDate: The smallest order we can deliver on that day is ₦30,000' } });
    expect(await snapshot(order.id)).toEqual(before);
  });
});
