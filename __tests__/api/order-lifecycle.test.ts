/** @jest-environment node */
/**
 * The order lifecycle against the real database: every reachable state meets every event. An
 * allowed pair changes the state to what the table below says and writes exactly one timeline
 * line and one audit row; a refused pair answers 409 with a message and changes nothing. The
 * expected table is written out here on purpose, apart from the one in
 * lib/domain/order-lifecycle.ts: a change to the rules must change both. A confirmed transfer is
 * walked twice: for all that is due (paid) and for less (part paid). Then the actors, the
 * guards, the audit's immutability and the staff refund call over HTTP.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { getConfig } from '@/lib/server/config';
import { orderAudit, orders } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { auditOf, transferReceiptsOf, transition, type TransitionEvent } from '@/lib/server/services/orders/lifecycle';
import { insertStaff } from '@/lib/server/services/staff/members';
import { readOrder } from '@/lib/server/services/orders/store';
import {
  ORDER_EVENT_TYPES,
  reachableStates,
  TRANSITIONS,
  type Actor,
  type OrderEventType,
  type OrderStatus,
  type PaymentState,
} from '@/lib/domain/order-lifecycle';
import type { Order } from '@/lib/contracts/orders';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { createOrder, httpCaller, placedOrder, tag } from '../helpers/orders';

let db: Db;
let server: ApiServer;
const TOKEN = 'lifecycle-staff-token-0123456789abcdef';
const call = httpCaller(() => server.url);
/** A staff member in the database (a confirmed transfer's receipt names them). */
let staffId: string;

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  staffId = (await insertStaff(db, { email: `walk.${Date.now()}@example.com`, name: 'Walk Manager', role: 'manager', branch: null, passwordHash: null, createdBy: null }, new Date())).id;
});

afterAll(async () => {
  getConfig().adminToken = undefined;
  await server.close();
  await closeTestDatabase();
});

type StateKey = `${OrderStatus}/${PaymentState}`;
/** The events, and a confirmed transfer short of the total as a step of its own. */
type Step = OrderEventType | 'confirm_transfer_short';

/** Where each event leads from each state it allows; any other state refuses it. */
const EXPECTED: Record<Step, Partial<Record<StateKey, StateKey>>> = {
  choose_method: { 'created/unpaid': 'awaiting_payment/unpaid', 'awaiting_payment/unpaid': 'awaiting_payment/unpaid' },
  reopen: { 'awaiting_payment/unpaid': 'created/unpaid' },
  transfer_sent: { 'created/unpaid': 'created/awaiting_confirmation', 'awaiting_payment/unpaid': 'awaiting_payment/awaiting_confirmation' },
  payment_confirmed: {
    'created/unpaid': 'paid/paid',
    'awaiting_payment/unpaid': 'paid/paid',
    'created/awaiting_confirmation': 'paid/paid',
    'awaiting_payment/awaiting_confirmation': 'paid/paid',
  },
  // All that is still due.
  confirm_transfer: {
    'created/unpaid': 'paid/paid',
    'awaiting_payment/unpaid': 'paid/paid',
    'created/awaiting_confirmation': 'paid/paid',
    'awaiting_payment/awaiting_confirmation': 'paid/paid',
    'created/part_paid': 'paid/paid',
    'awaiting_payment/part_paid': 'paid/paid',
  },
  // Less than is due: part paid, the status stays.
  confirm_transfer_short: {
    'created/unpaid': 'created/part_paid',
    'awaiting_payment/unpaid': 'awaiting_payment/part_paid',
    'created/awaiting_confirmation': 'created/part_paid',
    'awaiting_payment/awaiting_confirmation': 'awaiting_payment/part_paid',
    'created/part_paid': 'created/part_paid',
    'awaiting_payment/part_paid': 'awaiting_payment/part_paid',
  },
  prepare: { 'paid/paid': 'preparing/paid' },
  dispatch: { 'preparing/paid': 'out_for_delivery/paid' },
  deliver: { 'preparing/paid': 'delivered/paid', 'out_for_delivery/paid': 'delivered/paid' },
  delivery_failed: { 'out_for_delivery/paid': 'preparing/paid' },
  cancel: {
    'created/unpaid': 'cancelled/unpaid',
    'awaiting_payment/unpaid': 'cancelled/unpaid',
    'created/awaiting_confirmation': 'cancelled/unpaid',
    'awaiting_payment/awaiting_confirmation': 'cancelled/unpaid',
    'created/part_paid': 'cancelled/refund_due',
    'awaiting_payment/part_paid': 'cancelled/refund_due',
    'paid/paid': 'cancelled/refund_due',
    'preparing/paid': 'cancelled/refund_due',
  },
  late_payment: { 'cancelled/unpaid': 'cancelled/refund_due' },
  record_refund: { 'cancelled/refund_due': 'cancelled/refunded' },
};

/** Every state an order can be in, as the test sees it (cancelled/paid: cancelled after a sandbox payment). */
const STATES: StateKey[] = [
  'created/unpaid',
  'awaiting_payment/unpaid',
  'created/awaiting_confirmation',
  'awaiting_payment/awaiting_confirmation',
  'created/part_paid',
  'awaiting_payment/part_paid',
  'paid/paid',
  'preparing/paid',
  'out_for_delivery/paid',
  'delivered/paid',
  'cancelled/unpaid',
  'cancelled/refund_due',
  'cancelled/refunded',
  'cancelled/paid',
];

function eventOf(type: Step): TransitionEvent {
  switch (type) {
    case 'confirm_transfer':
      return { type, reference: `GTB-${tag()}`, note: 'Seen on the statement' };
    case 'confirm_transfer_short':
      return { type: 'confirm_transfer', reference: `GTB-${tag()}`, amountMinor: 100n };
    case 'choose_method':
      return { type, method: 'gtbTransfer', currency: 'NGN' };
    case 'reopen':
      return { type, note: 'Order total changed: payment to be chosen again' };
    case 'transfer_sent':
      return { type };
    case 'payment_confirmed':
      return { type, method: 'paystack', test: false, coversTotal: true, note: 'Paid with Paystack, reference T-1' };
    case 'record_refund':
      return { type, note: 'reference RF-REFUND-1' };
    case 'late_payment':
      return { type, method: 'paystack', note: 'Payment T-2: paid after the order was cancelled: refund due' };
    default:
      return { type, note: `${type} by the test` };
  }
}

/** An actor the table allows for the event. */
function actorFor(step: Step): Actor {
  const kind = TRANSITIONS[step === 'confirm_transfer_short' ? 'confirm_transfer' : step].actors[0]!;
  if (kind === 'provider') return { kind, provider: 'paystack' };
  if (kind === 'staff') return { kind, id: staffId };
  return { kind } as Actor;
}

/** A checked-out order with items, sender and a manual method (every guard satisfied), put in `state`. */
async function orderIn(state: StateKey): Promise<Order> {
  const [status, payment] = state.split('/') as [OrderStatus, PaymentState];
  const order = await placedOrder(db, { paymentMethod: 'gtbTransfer' });
  const paid = payment !== 'unpaid' && payment !== 'awaiting_confirmation' && payment !== 'part_paid';
  await db
    .update(orders)
    .set({ status, paymentState: payment, paidWith: paid ? 'paystack' : null, paymentTest: state === 'cancelled/paid', checkedOutAt: new Date() })
    .where(eq(orders.id, order.id));
  return readOrder(db, order.id);
}

const stateOf = (o: Order): StateKey => `${o.status}/${o.paymentState}`;
const apply = (id: string, event: TransitionEvent, actor: Actor) => db.transaction((tx) => transition(tx, id, event, actor, new Date()));

describe('the transition table', () => {
  it('walks every state an order can reach', () => {
    expect(reachableStates().map((s) => `${s.status}/${s.payment}`).sort()).toEqual([...STATES].sort());
    expect([...ORDER_EVENT_TYPES, 'confirm_transfer_short'].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  const steps: Step[] = [...ORDER_EVENT_TYPES, 'confirm_transfer_short'];
  const pairs = STATES.flatMap((state) => steps.map((type) => [state, type, EXPECTED[type][state] ?? null] as const));

  it.each(pairs)('%s + %s → %s', async (state, type, expected) => {
    const before = await orderIn(state);
    const auditBefore = await auditOf(db, before.id);
    const actor = actorFor(type);
    if (expected) {
      await apply(before.id, eventOf(type), actor);
      const after = await readOrder(db, before.id);
      expect(stateOf(after)).toBe(expected);
      expect(after.timeline).toHaveLength(before.timeline.length + 1);
      expect(after.timeline.at(-1)?.status).toBe(after.status);
      const audit = await auditOf(db, before.id);
      expect(audit).toHaveLength(auditBefore.length + 1);
      expect(audit.at(-1)).toMatchObject({ event: type === 'confirm_transfer_short' ? 'confirm_transfer' : type, actorKind: actor.kind, fromStatus: before.status, toStatus: after.status, fromPayment: before.paymentState, toPayment: after.paymentState });
      // A confirmed transfer records its receipt; nothing else does.
      expect(await transferReceiptsOf(db, before.id)).toHaveLength(type.startsWith('confirm_transfer') ? 1 : 0);
    } else {
      const refused = await apply(before.id, eventOf(type), actor).then(
        () => null,
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(HttpError);
      expect((refused as HttpError).status).toBe(409);
      expect((refused as HttpError).message).toMatch(/\S/);
      expect(await readOrder(db, before.id)).toEqual(before);
      expect(await auditOf(db, before.id)).toHaveLength(auditBefore.length);
      expect(await transferReceiptsOf(db, before.id)).toEqual([]);
    }
  });
});

describe('actors and guards', () => {
  it('refuses an event from an actor the table does not name (403), writing nothing', async () => {
    const paid = await orderIn('paid/paid');
    await expect(apply(paid.id, { type: 'prepare' }, { kind: 'shopper' })).rejects.toMatchObject({ status: 403, message: 'Only staff or the staff API token can prepare an order' });
    const fresh = await orderIn('created/unpaid');
    await expect(apply(fresh.id, eventOf('choose_method'), { kind: 'staff', id: 's1' })).rejects.toMatchObject({ status: 403 });
    await expect(apply(fresh.id, eventOf('payment_confirmed'), { kind: 'staff', id: 's1' })).rejects.toMatchObject({ status: 403 });
    expect(await readOrder(db, paid.id)).toEqual(paid);
    expect(await readOrder(db, fresh.id)).toEqual(fresh);
  });

  it('a payment method needs items and complete details; a transfer needs a manual method; a stale payment is refused', async () => {
    const shopper: Actor = { kind: 'shopper' };
    const empty = await placedOrder(db, { items: [] });
    await db.update(orders).set({ checkedOutAt: new Date() }).where(eq(orders.id, empty.id));
    await expect(apply(empty.id, eventOf('choose_method'), shopper)).rejects.toMatchObject({ status: 400, message: 'Your order has no items' });
    const notCheckedOut = await createOrder(db);
    await expect(apply(notCheckedOut.id, eventOf('choose_method'), shopper)).rejects.toMatchObject({ status: 400, message: 'Please complete the delivery details first' });
    const noPhone = await orderIn('created/unpaid');
    await db.update(orders).set({ senderPhone: '' }).where(eq(orders.id, noPhone.id));
    await expect(apply(noPhone.id, eventOf('choose_method'), shopper)).rejects.toMatchObject({ status: 400, message: 'senderPhoneNumber is required before payment' });
    await expect(apply(noPhone.id, { type: 'choose_method', method: 'payPal', currency: 'NGN' }, shopper)).rejects.toMatchObject({ status: 400, message: 'paymentMethod: PayPal is not available in NGN' });
    const card = await orderIn('awaiting_payment/unpaid');
    await db.update(orders).set({ paymentMethod: 'paystack' }).where(eq(orders.id, card.id));
    await expect(apply(card.id, { type: 'transfer_sent' }, shopper)).rejects.toMatchObject({ status: 400 });
    await expect(apply(card.id, { ...(eventOf('payment_confirmed') as Extract<TransitionEvent, { type: 'payment_confirmed' }>), coversTotal: false }, { kind: 'provider', provider: 'paystack' })).rejects.toMatchObject({
      status: 409,
      message: 'The order changed after this payment started',
    });
    expect(stateOf(await readOrder(db, card.id))).toBe('awaiting_payment/unpaid');
  });

  it('a cancelled sandbox payment stays a test payment with nothing to refund; a real one is due back in its currency', async () => {
    const staff: Actor = { kind: 'staff', id: 's1' };
    const test = await orderIn('paid/paid');
    await db.update(orders).set({ paymentTest: true }).where(eq(orders.id, test.id));
    await apply(test.id, { type: 'cancel' }, staff);
    const afterTest = await readOrder(db, test.id);
    expect(afterTest).toMatchObject({ status: 'cancelled', paymentState: 'paid', paymentTest: true });
    expect(afterTest.timeline.at(-1)?.note).toBe('Cancelled after a test payment: nothing to refund (TEST PAYMENT, no money taken)');
    const real = await orderIn('preparing/paid');
    await apply(real.id, { type: 'cancel', note: 'Recipient moved abroad' }, staff);
    const afterReal = await readOrder(db, real.id);
    expect(afterReal).toMatchObject({ status: 'cancelled', paymentState: 'refund_due', paymentStatus: 'REFUND DUE (paid with Paystack)' });
    expect(afterReal.timeline.at(-1)?.note).toBe(`Recipient moved abroad — Cancelled after payment: refund due: NGN ${real.amountsInCurrency.total.toLocaleString('en-US')}.00`);
  });

  it('an audit row, once written, cannot be changed or removed', async () => {
    const order = await orderIn('paid/paid');
    await apply(order.id, { type: 'prepare', note: 'Roses in water' }, { kind: 'staff', id: 's1' });
    const failed = await db
      .update(orderAudit)
      .set({ note: 'rewritten' })
      .where(eq(orderAudit.orderId, order.id))
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failed).not.toBeNull();
    await expect(db.delete(orderAudit).where(eq(orderAudit.orderId, order.id))).rejects.toThrow();
    await expect(db.delete(orders).where(eq(orders.id, order.id))).rejects.toThrow();
    expect((await auditOf(db, order.id)).map((a) => a.note)).toEqual(['Roses in water']);
  });
});

describe('POST /v1/admin/order/{id}/refund', () => {
  const refund = (id: string, body: unknown) => call<Order>('POST', `/v1/admin/order/${id}/refund`, { body, headers: { authorization: `Bearer ${TOKEN}` } });
  const move = (id: string, body: unknown) => call<Order>('PUT', `/v1/admin/order/${id}/status`, { body, headers: { authorization: `Bearer ${TOKEN}` } });

  beforeEach(() => {
    getConfig().adminToken = TOKEN;
  });

  it('records the refund of a cancelled paid order once, as the API token', async () => {
    const order = await orderIn('paid/paid');
    expect((await move(order.id, { status: 'cancelled' })).body.data.paymentState).toBe('refund_due');
    const res = await refund(order.id, { reference: 'GTB-RFND-778', note: 'Refunded to the sender' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'cancelled', paymentState: 'refunded', paymentStatus: 'REFUNDED (paid with Paystack)' });
    expect(res.body.data.timeline.at(-1)?.note).toBe('Refund recorded: reference GTB-RFND-778; Refunded to the sender');
    expect((await auditOf(db, order.id)).at(-1)).toMatchObject({ event: 'record_refund', actorKind: 'api_token', fromPayment: 'refund_due', toPayment: 'refunded' });
    const again = await refund(order.id, { reference: 'GTB-RFND-778' });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('An order that is cancelled and refunded cannot be marked refunded');
  });

  it('refuses an order that is due no refund (409) and a body without a reference (400), writing nothing', async () => {
    const unpaid = await orderIn('awaiting_payment/unpaid');
    const res = await refund(unpaid.id, { reference: 'X-1' });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('An order that is awaiting payment and unpaid cannot be marked refunded');
    const cancelled = await orderIn('cancelled/refund_due');
    for (const body of [{}, { reference: '' }, { reference: 'A', extra: 1 }]) expect((await refund(cancelled.id, body)).status).toBe(400);
    expect(await readOrder(db, cancelled.id)).toEqual(cancelled);
    expect(await readOrder(db, unpaid.id)).toEqual(unpaid);
  });
});
