/** @jest-environment node */
/**
 * The back office's board over the real database: orders of one delivery day by branch and
 * board state with their counts, search by number, e-mail, phone in any format and recipient
 * name, a staff member's branch scope, pagination, and orders that never reached checkout left
 * out. Each test books its own random far-future day, so files sharing a PostgreSQL database do
 * not see each other's orders.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders } from '@/lib/server/db/schema';
import { readBoard, type BoardQuery } from '@/lib/server/services/backoffice/board';
import { boardSearch, boardStateOf } from '@/lib/domain/backoffice';
import { transition } from '@/lib/server/services/orders/lifecycle';
import { reachableStates, type OrderStatus, type PaymentState } from '@/lib/domain/order-lifecycle';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { freeDay, createOrder, placedOrder, tag } from '../helpers/orders';

let db: Db;

beforeAll(async () => {
  db = (await openTestDatabase()).db;
});

afterAll(async () => {
  await closeTestDatabase();
});

const someDay = () => freeDay(db);

type Placement = { status?: OrderStatus; payment?: PaymentState; pickup?: 'LPI' | 'LPL' | 'APA'; state?: string; name?: string; phone?: string; checkedOut?: boolean };

async function booked(day: string, p: Placement = {}) {
  const t = tag();
  const order = await placedOrder(db, {
    delivery: p.pickup ? 'pick-up' : 'delivery',
    recipient: { name: p.name ?? `Recipient ${t}`, phone: p.phone ?? '+2348031234567', address: `${t} Admiralty Way` },
  });
  await db
    .update(orders)
    .set({
      deliveryDate: day,
      status: p.status ?? 'paid',
      paymentState: p.payment ?? (p.status === 'created' || p.status === 'awaiting_payment' ? 'unpaid' : 'paid'),
      checkedOutAt: p.checkedOut === false ? null : new Date(),
      ...(p.pickup && { despatchLocation: p.pickup, state: null }),
      ...(p.state && { state: p.state }),
    })
    .where(eq(orders.id, order.id));
  return order;
}

const board = (q: Partial<BoardQuery> & { day: string }) => readBoard(db, { branch: null, state: null, q: '', page: 1, scope: null, ...q });

describe('the day’s board', () => {
  it('counts each state of the day and lists one state’s orders, earliest first', async () => {
    const day = await someDay();
    const first = await booked(day, { status: 'paid' });
    await booked(day, { status: 'paid' });
    await booked(day, { status: 'preparing' });
    await booked(day, { status: 'awaiting_payment', payment: 'awaiting_confirmation' });
    await booked(day, { status: 'awaiting_payment', payment: 'part_paid' });
    await booked(day, { status: 'created', payment: 'part_paid' });
    await booked(day, { status: 'awaiting_payment' });
    await booked(day, { status: 'cancelled', payment: 'refund_due' });
    await booked(day, { status: 'created', checkedOut: false }); // a cart, not work for the shop
    await booked(await someDay(), { status: 'paid' }); // another day

    const all = await board({ day });
    expect(all.counts).toEqual({ awaiting_payment: 1, awaiting_confirmation: 1, part_paid: 2, paid: 2, preparing: 1, out_for_delivery: 0, failed: 0, delivered: 0, cancelled: 1 });
    expect(all.total).toBe(8);
    const paid = await board({ day, state: 'paid' });
    expect(paid.total).toBe(2);
    expect(paid.rows[0]).toMatchObject({ id: first.id, boardState: 'paid', deliveryDate: day, city: 'lagos', itemCount: 1 });
    expect(paid.counts).toEqual(all.counts);
    expect((await board({ day, state: 'awaiting_confirmation' })).rows.map((r) => r.boardState)).toEqual(['awaiting_confirmation']);
    // Part paid is a column of its own: not awaiting payment, not paid.
    expect((await board({ day, state: 'part_paid' })).rows.map((r) => r.boardState)).toEqual(['part_paid', 'part_paid']);
    expect((await board({ day, state: 'awaiting_payment' })).rows.map((r) => r.boardState)).toEqual(['awaiting_payment']);
  });

  it('filters by branch: a city takes its deliveries and pickup points; a point only its own; other states apart', async () => {
    const day = await someDay();
    await booked(day, { state: 'lagos' });
    await booked(day, { pickup: 'LPL' });
    await booked(day, { pickup: 'LPI' });
    await booked(day, { state: 'abuja' });
    await booked(day, { pickup: 'APA' });
    await booked(day, { state: 'other-locations' });
    const total = async (branch: BoardQuery['branch']) => (await board({ day, branch })).total;
    expect(await total('lagos')).toBe(3);
    expect(await total('LPL')).toBe(1);
    expect(await total('abuja')).toBe(2);
    expect(await total('APA')).toBe(1);
    expect(await total('other')).toBe(1);
    expect(await total(null)).toBe(6);
    // A florist of Abuja sees Abuja only, whatever they ask for.
    expect((await readBoard(db, { day, branch: null, state: null, q: '', page: 1, scope: 'abuja' })).total).toBe(2);
    expect((await readBoard(db, { day, branch: 'lagos', state: null, q: '', page: 1, scope: 'abuja' })).total).toBe(0);
  });

  it('finds an order by number, sender e-mail, a phone typed any way, or part of the recipient’s name', async () => {
    const day = await someDay();
    const t = tag();
    const wanted = await booked(day, { name: `Ngozi Adebayo-${t}`, phone: '+2348099990000' });
    await booked(day);
    const ids = async (q: string) => (await board({ day, q })).rows.map((r) => r.id);
    expect(await ids(wanted.orderNumber)).toEqual([wanted.id]);
    expect(await ids(wanted.orderNumber.replace('RF-', 'rf '))).toEqual([wanted.id]);
    expect(await ids(wanted.sender.email.toUpperCase())).toEqual([wanted.id]);
    expect(await ids('0809 999 0000')).toEqual([wanted.id]);
    expect(await ids('+234 809-999-0000')).toEqual([wanted.id]);
    expect(await ids(`adebayo-${t}`)).toEqual([wanted.id]);
    expect(await ids('%')).toEqual([]); // a wildcard is a character, not "everything"
  });

  it('pages in the database', async () => {
    const day = await someDay();
    for (let i = 0; i < 5; i++) await booked(day);
    const one = await board({ day, pageSize: 2, page: 1 });
    const three = await board({ day, pageSize: 2, page: 3 });
    expect([one.total, one.rows.length, three.rows.length]).toEqual([5, 2, 1]);
    expect(new Set([...one.rows, ...(await board({ day, pageSize: 2, page: 2 })).rows, ...three.rows].map((r) => r.id)).size).toBe(5);
  });

  it('puts every state an order can reach in exactly the column boardStateOf names (the SQL and the rule agree)', async () => {
    for (const state of reachableStates()) {
      const day = await someDay();
      const name = `Walk ${tag()}`;
      await booked(day, { status: state.status, payment: state.payment, name });
      const { counts } = await board({ day, q: name });
      const expected = boardStateOf(state);
      expect(Object.entries(counts).filter(([, n]) => n > 0)).toEqual([[expected, 1]]);
    }
  });

  it("an order back in the shop after a failed delivery is under 'Delivery failed' until it goes out again", async () => {
    const day = await someDay();
    const name = `Failed ${tag()}`;
    const order = await booked(day, { status: 'out_for_delivery', name });
    await db.transaction((tx) => transition(tx, order.id, { type: 'delivery_failed', note: 'Nobody at the gate' }, { kind: 'api_token' }, new Date()));
    const failed = await board({ day, q: name });
    expect(Object.entries(failed.counts).filter(([, n]) => n > 0)).toEqual([['failed', 1]]);
    expect(failed.rows.map((r) => r.boardState)).toEqual(['failed']);
    expect((await board({ day, state: 'failed' })).rows.map((r) => r.id)).toEqual([order.id]);
    expect((await board({ day, state: 'preparing' })).rows).toEqual([]);
    await db.transaction((tx) => transition(tx, order.id, { type: 'dispatch' }, { kind: 'api_token' }, new Date()));
    expect((await board({ day, q: name })).rows.map((r) => r.boardState)).toEqual(['out_for_delivery']);
  });

  it('leaves out orders that never reached checkout', async () => {
    const day = await someDay();
    const cart = await createOrder(db);
    await db.update(orders).set({ deliveryDate: day }).where(eq(orders.id, cart.id));
    expect((await board({ day })).total).toBe(0);
  });
});

describe('board rules', () => {
  it.each([
    [{ status: 'awaiting_payment', payment: 'awaiting_confirmation' }, 'awaiting_confirmation'],
    [{ status: 'created', payment: 'unpaid' }, 'awaiting_payment'],
    [{ status: 'created', payment: 'part_paid' }, 'part_paid'],
    [{ status: 'awaiting_payment', payment: 'part_paid' }, 'part_paid'],
    [{ status: 'cancelled', payment: 'refund_due' }, 'cancelled'],
    [{ status: 'out_for_delivery', payment: 'paid' }, 'out_for_delivery'],
    [{ status: 'preparing', payment: 'paid', failedDelivery: true }, 'failed'],
    [{ status: 'preparing', payment: 'paid', failedDelivery: false }, 'preparing'],
    [{ status: 'delivered', payment: 'paid', failedDelivery: true }, 'delivered'],
  ] as const)('%j is %s', (order, state) => {
    expect(boardStateOf(order)).toBe(state);
  });

  it.each([
    ['RF-123456', { kind: 'number', orderNumber: 'RF-123456' }],
    ['123456', { kind: 'number', orderNumber: 'RF-123456' }],
    ['Ada@Example.com', { kind: 'email', email: 'ada@example.com' }],
    ['0803 123 4567', { kind: 'phone', phone: '+2348031234567' }],
    ['+44 7700 900123', { kind: 'phone', phone: '+447700900123' }],
    ['Chiamaka', { kind: 'name', name: 'Chiamaka' }],
    ['   ', null],
  ])('%j searches %j', (term, search) => {
    expect(boardSearch(term)).toEqual(search);
  });
});
