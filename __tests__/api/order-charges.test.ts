/** @jest-environment node */
/**
 * Extra charges over real HTTP, with a fake Paystack on a local port: a failed door delivery asks
 * the sender for the redelivery fee by an e-mailed pay link, and the order cannot go out again
 * until it is paid (through the link and the provider, once, however often the return or the
 * webhook come) or waived by a manager; an other-states order's quoted fee asked by a manager;
 * charges settled by hand; refusals by role, link, method and state, each writing nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orderCharges, orders, paymentAttempts } from '@/lib/server/db/schema';
import { getConfig, type PaymentsConfig } from '@/lib/server/config';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import { auditOf } from '@/lib/server/services/orders/lifecycle';
import { moveOrder } from '@/lib/server/services/orders/staff';
import { paystackSignature } from '@/lib/server/payments/providers/paystack';
import { createFakePaystack, SANDBOX_SECRETS as PAYSTACK_SANDBOX, type FakePaystack } from '@/lib/sandbox/paystack';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import type { ChargeOutcome, ChargeStart, ChargeView } from '@/lib/contracts/charges';
import { CHARGE_DUE_MESSAGE } from '@/lib/domain/order-lifecycle';
import type { StaffRole } from '@/lib/domain/staff';
import { signedInStaff, staffJson } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { startFakeServer, type FakeServer } from '../helpers/fake-server';
import { placedOrder } from '../helpers/orders';
import { decide, returnQuery } from '../helpers/sandbox-page';

const KEY = 'sk_test_charges_suite_8d2c1f0a';
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-charges-'));

let db: Db;
let api: ApiServer;
let paystack: FakeServer;
let fake: FakePaystack;
let saved: PaymentsConfig['paystack'];
let manager: { id: string; cookie: string };
let rider: { id: string; cookie: string };

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  api = await startApiServer();
  paystack = await startFakeServer((req, res) => fake.handle(req, res));
  fake = createFakePaystack({ publicUrl: paystack.url, webhookUrl: `${api.url}/v1/payments/webhook/paystack`, secrets: { secretKey: KEY }, faults: {} });
  const config = getConfig();
  config.dataDir = dataDir;
  config.smtpUrl = undefined;
  saved = { ...config.payments.paystack };
  config.payments.paystack = { secretKey: KEY, baseUrl: paystack.url };
  manager = await signedIn('manager', null);
  rider = await signedIn('rider', 'lagos');
});

afterAll(async () => {
  getConfig().payments.paystack = saved;
  await mailIdle();
  await paystack.close();
  await api.close();
  await closeTestDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const signedIn = (role: StaffRole, branch: 'lagos' | 'abuja' | null) => signedInStaff(db, role, branch);

const call = <T>(method: string, url: string, body?: unknown, cookie?: string) => staffJson<T>(api.url, method, url, body, cookie);

const act = (orderId: string, cookie: string, body: unknown) => call<StaffOrder>('POST', `/admin/api/orders/${orderId}/actions`, body, cookie);
const chargesIn = (orderId: string) => db.select().from(orderCharges).where(eq(orderCharges.orderId, orderId));

/** A paid Lagos door delivery out with the rider. */
async function outWithRider() {
  const order = await placedOrder(db, { paymentMethod: 'paystack', delivery: 'delivery' });
  await db.update(orders).set({ checkedOutAt: new Date(), status: 'out_for_delivery', paymentState: 'paid', paidWith: 'paystack', riderId: rider.id }).where(eq(orders.id, order.id));
  return order;
}

/** The pay link in the newest charge e-mail to `email`: its token. */
async function mailedToken(email: string): Promise<{ token: string; text: string; subject: string }> {
  await mailIdle();
  const mail = (await readOutbox(dataDir, { to: email })).filter((m) => /fee|change/i.test(m.subject)).at(-1);
  const token = /\/pay\/([A-Za-z0-9_-]{43})/.exec(mail?.text ?? '')?.[1];
  if (!mail || !token) throw new Error(`no pay link mailed to ${email}`);
  return { token, text: mail.text, subject: mail.subject };
}

/** Pays a charge through its link and the fake provider's page; answers the return's verification. */
async function payThroughLink(token: string) {
  const started = await call<ChargeStart>('POST', `/v1/charges/${token}/start`, { method: 'paystack' });
  expect(started.status).toBe(200);
  const back = await decide(started.body.data.redirectUrl, 'pay');
  expect(back.pathname).toBe(`/pay/${token}`);
  return { reference: started.body.data.reference, back, verified: await call<ChargeOutcome & { charge: ChargeView }>('POST', `/v1/charges/${token}/verify`, { reference: back.searchParams.get('reference'), query: returnQuery(back) }) };
}

it('a failed delivery asks the redelivery fee by e-mail; the order goes out again once the sender pays it through the link', async () => {
  const order = await outWithRider();
  const failed = await act(order.id, rider.cookie, { type: 'delivery_failed', note: 'Nobody at the gate' });
  expect(failed.status).toBe(200);
  expect(failed.body.data.order.status).toBe('preparing');
  expect(failed.body.data.charges).toEqual([]); // riders see no money

  const fee = `₦${order.amountsInCurrency.deliveryFee.toLocaleString('en-US')}`;
  const seen = await call<StaffOrder>('GET', `/admin/api/orders/${order.id}`, undefined, manager.cookie);
  expect(seen.body.data.charges).toEqual([expect.objectContaining({ kind: 'redelivery', status: 'due', amount: fee, reason: 'Redelivery after a failed delivery (Nobody at the gate)', askedBy: 'Test rider' })]);
  expect(seen.body.data.order.timeline.map((e) => e.note)).toContain(`Redelivery fee of ${fee} asked: Redelivery after a failed delivery (Nobody at the gate)`);

  // It cannot go out again while the fee is due.
  const held = await act(order.id, rider.cookie, { type: 'dispatch' });
  expect(held).toMatchObject({ status: 409, body: { message: CHARGE_DUE_MESSAGE } });

  const { token, text, subject } = await mailedToken(order.sender.email);
  expect(subject).toBe(`${getConfig().brandName}: redelivery fee for order ${order.orderNumber}`);
  expect(text).toContain(`Redelivery fee for order ${order.orderNumber}: ${fee}.`);
  const view = await call<ChargeView>('GET', `/v1/charges/${token}`);
  expect(view.body.data).toEqual({ orderNumber: order.orderNumber, kind: 'redelivery', what: 'Redelivery fee', reason: 'Redelivery after a failed delivery (Nobody at the gate)', amount: fee, currency: 'NGN', status: 'due', methods: ['paystack', 'flutterwave', 'monnify'], test: false });

  const { reference, back, verified } = await payThroughLink(token);
  expect(verified.status).toBe(200);
  expect(verified.body.data).toMatchObject({ outcome: 'paid', charge: { status: 'paid', methods: [] } });
  expect(fake.transactions.get(reference)).toMatchObject({ amountMinor: order.amountsInCurrency.deliveryFee * 100, currency: 'NGN' });
  // The return again, and the provider's webhook, change nothing more.
  expect((await call<ChargeOutcome>('POST', `/v1/charges/${token}/verify`, { reference, query: returnQuery(back) })).body.data.outcome).toBe('paid');
  const body = JSON.stringify({ event: 'charge.success', data: { id: 1, reference, amount: 1, currency: 'NGN', status: 'success' } });
  const hook = await fetch(`${api.url}/v1/payments/webhook/paystack`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-paystack-signature': paystackSignature(body, KEY) }, body });
  expect(hook.status).toBe(200);
  expect(await chargesIn(order.id)).toEqual([expect.objectContaining({ status: 'paid', settledWith: 'paystack', reference })]);
  const attempts = await db.select().from(paymentAttempts).where(eq(paymentAttempts.orderId, order.id));
  expect(attempts.filter((a) => a.status === 'succeeded')).toHaveLength(1);
  // The order's own payment is untouched; it goes out again.
  const again = await act(order.id, rider.cookie, { type: 'dispatch' });
  expect(again.status).toBe(200);
  expect(again.body.data.order).toMatchObject({ status: 'out_for_delivery', paymentState: 'paid' });
  const lines = (await call<StaffOrder>('GET', `/admin/api/orders/${order.id}`, undefined, manager.cookie)).body.data.order.timeline.map((e) => e.note);
  expect(lines.filter((l) => l.startsWith(`Redelivery fee of ${fee} paid with Paystack`))).toHaveLength(1);
  // Paid: the link says so and starts nothing more.
  expect((await call('POST', `/v1/charges/${token}/start`, { method: 'paystack' })).status).toBe(409);
});

it('a manager waives or marks paid a due fee; a florist may not; a settled charge refuses another move', async () => {
  const order = await outWithRider();
  await act(order.id, rider.cookie, { type: 'delivery_failed', note: 'Wrong address' });
  const [charge] = await chargesIn(order.id);
  const move = (body: unknown, cookie = manager.cookie) => call<StaffOrder>('POST', `/admin/api/orders/${order.id}/charges/${charge!.id}`, body, cookie);
  expect((await move({ move: 'waive' }, (await signedIn('florist', 'lagos')).cookie)).status).toBe(403);
  expect((await move({ move: 'waive' }, rider.cookie)).status).toBe(403);
  expect((await move({ move: 'mark_paid' })).status).toBe(400); // the reference is required
  expect((await move({ move: 'record_refund', reference: 'x' })).status).toBe(409);
  expect((await chargesIn(order.id))[0]!.status).toBe('due');
  const waived = await move({ move: 'waive', note: 'Our mistake: the address was right' });
  expect(waived.status).toBe(200);
  expect(waived.body.data.charges[0]).toMatchObject({ status: 'waived' });
  expect(waived.body.data.order.timeline.at(-1)?.note).toMatch(/^Redelivery fee of ₦[\d,]+ waived: Our mistake: the address was right$/);
  expect((await move({ move: 'mark_paid', reference: 'GTB-1' })).status).toBe(409);
  // The waiver is in the audit, by the manager, once (the refused moves wrote nothing).
  const audit = (await auditOf(db, order.id)).filter((a) => a.event.startsWith('charge_'));
  expect(audit.map((a) => [a.event, a.actorId, a.note])).toEqual([['charge_waive', manager.id, expect.stringMatching(/waived: Our mistake/)]]);
  expect((await act(order.id, rider.cookie, { type: 'dispatch' })).status).toBe(200);

  // After the waiver the link shows it and starts no payment.
  const { token } = await mailedToken(order.sender.email);
  expect((await call<ChargeView>('GET', `/v1/charges/${token}`)).body.data).toMatchObject({ status: 'waived', methods: [] });
  expect((await call('POST', `/v1/charges/${token}/start`, { method: 'paystack' })).status).toBe(409);
});

it("a manager asks an other-states order's quoted delivery fee; refusals write nothing", async () => {
  const order = await placedOrder(db, { paymentMethod: 'paystack', delivery: 'delivery' });
  await db.update(orders).set({ checkedOutAt: new Date(), status: 'paid', paymentState: 'paid', paidWith: 'paystack', state: 'other-locations', zone: null, deliveryFeeQuotedByStaff: true }).where(eq(orders.id, order.id));
  const ask = (body: unknown, cookie = manager.cookie, id = order.id) => call<StaffOrder>('POST', `/admin/api/orders/${id}/charges`, body, cookie);
  expect((await ask({ kind: 'quote', amount: '15000', reason: 'Delivery to Ibadan' }, (await signedIn('florist', 'lagos')).cookie)).status).toBe(403);
  expect((await ask({ kind: 'quote', amount: '-5', reason: 'Delivery to Ibadan' })).body.message).toBe('amount must be a positive amount, like 15000 or 62.50');
  expect((await ask({ kind: 'quote', amount: '15000' })).status).toBe(400);
  const lagos = await outWithRider();
  expect((await ask({ kind: 'quote', amount: '15000', reason: 'x' }, manager.cookie, lagos.id)).status).toBe(409);
  expect(await chargesIn(order.id)).toEqual([]);

  const asked = await ask({ kind: 'quote', amount: '15000', reason: 'Delivery to Ibadan, Oyo State, on the chosen day' });
  expect(asked.status).toBe(201);
  expect(asked.body.data.charges).toEqual([expect.objectContaining({ kind: 'quote', status: 'due', amount: '₦15,000', askedBy: 'Test manager' })]);
  const { token } = await mailedToken(order.sender.email);
  expect((await call<ChargeView>('GET', `/v1/charges/${token}`)).body.data).toMatchObject({ what: 'Delivery fee (quoted)', amount: '₦15,000', status: 'due' });
  expect((await call('POST', `/v1/charges/${token}/start`, { method: 'payPal' })).status).toBe(400);
  const { verified } = await payThroughLink(token);
  expect(verified.body.data.outcome).toBe('paid');
});

it('the automation (API token) recording a failed delivery asks the same fee; its move out again is held too', async () => {
  const order = await outWithRider();
  await moveOrder(db, order.id, 'preparing', { actor: { kind: 'api_token' }, note: 'Gate locked', at: new Date() });
  expect(await chargesIn(order.id)).toEqual([expect.objectContaining({ kind: 'redelivery', status: 'due', createdBy: null, reason: 'Redelivery after a failed delivery (Gate locked)' })]);
  await expect(moveOrder(db, order.id, 'out_for_delivery', { actor: { kind: 'api_token' }, at: new Date() })).rejects.toMatchObject({ status: 409, message: CHARGE_DUE_MESSAGE });
  const { subject } = await mailedToken(order.sender.email);
  expect(subject).toMatch(/redelivery fee for order/);
});

it("the built-in sandbox sends the payer back to the pay link, and to nowhere else", async () => {
  const config = getConfig();
  const siteUrl = config.siteUrl;
  // The sandbox is served by the shop itself, at its site address, and called at its internal one.
  const internal = process.env.INTERNAL_API_URL;
  process.env.INTERNAL_API_URL = api.url;
  config.siteUrl = api.url;
  config.payments.paystack = { secretKey: undefined, baseUrl: 'https://api.paystack.co' };
  try {
    const order = await outWithRider();
    await call('POST', `/admin/api/orders/${order.id}/actions`, { type: 'delivery_failed', note: 'Dog at the gate' }, rider.cookie);
    const { token } = await mailedToken(order.sender.email);
    const started = await call<ChargeStart>('POST', `/v1/charges/${token}/start`, { method: 'paystack' });
    expect([started.status, started.body.message]).toEqual([200, 'Payment started']);
    expect(started.body.data.redirectUrl).toBe(`${api.url}/api/sandbox/paystack/checkout/${started.body.data.reference}`);
    const back = await decide(started.body.data.redirectUrl, 'pay');
    expect(`${back.origin}${back.pathname}`).toBe(`${config.siteUrl}/pay/${token}`);
    const verified = await call<ChargeOutcome & { charge: ChargeView }>('POST', `/v1/charges/${token}/verify`, { reference: started.body.data.reference, query: returnQuery(back) });
    expect(verified.body.data).toMatchObject({ outcome: 'paid', charge: { status: 'paid', test: true } });

    // A transaction made directly on the public sandbox with another return address is not sent there.
    for (const callback of ['https://evil.example/pay/x', `${config.siteUrl}/pay/not-a-token?x=1`, `${config.siteUrl}/admin?`]) {
      const init = await fetch(`${api.url}/api/sandbox/paystack/transaction/initialize`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${PAYSTACK_SANDBOX.secretKey}` },
        body: JSON.stringify({ amount: 100, email: 'a@example.com', currency: 'NGN', callback_url: callback }),
      });
      const url = ((await init.json()) as { data: { authorization_url: string } }).data.authorization_url;
      const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'decision=pay', redirect: 'manual' });
      expect([callback, res.status, res.headers.get('location')]).toEqual([callback, 400, null]);
    }
  } finally {
    config.siteUrl = siteUrl;
    if (internal === undefined) delete process.env.INTERNAL_API_URL;
    else process.env.INTERNAL_API_URL = internal;
    config.payments.paystack = { secretKey: KEY, baseUrl: paystack.url };
  }
});

it('an unknown or malformed link is a 404 for every call', async () => {
  for (const token of ['A'.repeat(43), 'short', '..%2F..%2Fetc']) {
    expect((await call('GET', `/v1/charges/${token}`)).status).toBe(404);
    expect((await call('POST', `/v1/charges/${token}/start`, { method: 'paystack' })).status).toBe(404);
    expect((await call('POST', `/v1/charges/${token}/verify`, { reference: 'RF-1' })).status).toBe(404);
  }
});
