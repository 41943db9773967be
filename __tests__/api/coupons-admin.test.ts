/** @jest-environment node */
/**
 * The back office's coupons over real HTTP (issue 14, settings): a manager creates a coupon
 * (`POST /admin/api/coupons`) that works at checkout at once, lists coupons with their paid and
 * held uses (`GET /admin/api/coupons`), pauses one (`PATCH …/{code}` `{active: false}`), which
 * the checkout refuses from the next request with the shop's message, changes its terms, removes
 * one no order took (`DELETE`, never one an order took) and reads the orders holding one
 * (`GET …/{code}/redemptions`). Every write leaves a `content_audit` line; refusals (403 role,
 * 404, 400 per field, 409, another site) write nothing.
 *
 * Codes are random (this file's own), so that files sharing one PostgreSQL do not meet.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { contentAudit, couponRedemptions, coupons } from '@/lib/server/db/schema';
import { contentChangesOf } from '@/lib/server/services/backoffice/content-audit';
import { contentVersion } from '@/lib/server/live/content';
import { COUPON_MESSAGES } from '@/lib/domain/checkout';
import type { AdminCoupon, CouponRedemptionPage } from '@/lib/contracts/coupons-admin';
import type { Order } from '@/lib/contracts/orders';
import { signedInStaff, staffJson } from '../helpers/staff';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { createCoupon as fixtureCoupon, createOrder, httpCaller, setStatus, tag } from '../helpers/orders';

let db: Db;
let server: ApiServer;
let manager: string;
const shopper = httpCaller(() => server.url);

beforeAll(async () => {
  db = (await openTestDatabase()).db;
  server = await startApiServer();
  manager = (await signedInStaff(db, 'manager', null, 'Bisi Manager')).cookie;
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

const newCode = (prefix = 'ADM') => `${prefix}${tag()}`.toUpperCase();
const create = (body: unknown, cookie = manager) => staffJson<AdminCoupon>(server.url, 'POST', '/admin/api/coupons', body, cookie);
const change = (code: string, body: unknown, cookie = manager) => staffJson<AdminCoupon>(server.url, 'PATCH', `/admin/api/coupons/${code}`, body, cookie);
const remove = (code: string, cookie = manager) => staffJson<null>(server.url, 'DELETE', `/admin/api/coupons/${code}`, undefined, cookie);
const list = (cookie = manager) => staffJson<AdminCoupon[]>(server.url, 'GET', '/admin/api/coupons', undefined, cookie);
const redemptions = (code: string, query = '', cookie = manager) => staffJson<CouponRedemptionPage>(server.url, 'GET', `/admin/api/coupons/${code}/redemptions${query}`, undefined, cookie);
const validate = (orderId: string, code: string) => shopper<Order>('POST', '/v1/coupon/validate?business=regal', { body: { orderId, code } });
const rowOf = async (code: string) => (await db.select().from(coupons).where(eq(coupons.code, code)))[0];
const signedIn = async (role: 'owner' | 'florist' | 'rider') => (await signedInStaff(db, role, role === 'owner' ? null : 'lagos')).cookie;

describe('POST /admin/api/coupons', () => {
  it("creates a coupon (code upper-cased, Lagos times) that the checkout takes on the next request, audited", async () => {
    const code = newCode();
    const res = await create({ code: `  ${code.toLowerCase()} `, description: '15% off spring bouquets', kind: 'percent', amount: 15, minAmount: 20_000, startsAt: '2020-03-01T00:00', endsAt: '2099-03-22T18:30', usageLimit: 50 });
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(`${code} is created`);
    expect(res.body.data).toEqual({
      code,
      description: '15% off spring bouquets',
      kind: 'percent',
      amount: 15,
      minAmount: 20_000,
      // Lagos is UTC+1: midnight there is 23:00 the day before in UTC.
      startsAt: '2020-02-29T23:00:00.000Z',
      endsAt: '2099-03-22T17:30:00.000Z',
      usageLimit: 50,
      active: true,
      createdAt: expect.any(String),
      status: 'active',
      uses: { paid: 0, held: 0 },
      redemptions: 0,
    });

    const order = await createOrder(db);
    const applied = await validate(order.id, code.toLowerCase());
    expect(applied.status).toBe(200);
    expect(applied.body.data.coupon).toEqual({ code, discount: Math.floor((order.amounts.subtotal * 15) / 100) });

    const [line] = await contentChangesOf(db, 'coupon', code);
    expect(line).toMatchObject({
      action: 'created',
      before: null,
      after: { code, kind: 'percent', amount: 15, minAmount: 20_000, startsAt: '2020-02-29T23:00:00.000Z', endsAt: '2099-03-22T17:30:00.000Z', usageLimit: 50, active: true },
      actorId: expect.any(String),
    });

    // The list shows it with its one held use.
    const listed = (await list()).body.data.find((c) => c.code === code);
    expect(listed).toMatchObject({ status: 'active', uses: { paid: 0, held: 1 }, redemptions: 1 });
  });

  it('a fixed coupon with no window or limit; a code that exists is a 409 whatever its case', async () => {
    const code = newCode();
    const res = await create({ code, kind: 'fixed', amount: 5_000 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'fixed', amount: 5_000, minAmount: 0, startsAt: null, endsAt: null, usageLimit: null, description: '', active: true });
    const again = await create({ code: code.toLowerCase(), kind: 'percent', amount: 10 });
    expect(again).toMatchObject({ status: 409, body: { message: `There is already a coupon ${code}` } });
    expect((await rowOf(code))!.kind).toBe('fixed');
    expect(await contentChangesOf(db, 'coupon', code)).toHaveLength(1);
  });

  it('refuses bad fields (400 naming them), florists and riders (403), no session (401) and other sites (403); nothing is written', async () => {
    const code = newCode('BAD');
    const versionBefore = contentVersion();
    const good = { code, kind: 'percent', amount: 10 };
    const cases: [string, unknown][] = [
      ['no code', { kind: 'percent', amount: 10 }],
      ['short code', { ...good, code: 'AB' }],
      ['spaces', { ...good, code: 'SPRING 15' }],
      ['percent 0', { ...good, amount: 0 }],
      ['percent 101', { ...good, amount: 101 }],
      ['fraction', { ...good, amount: 12.5 }],
      ['text amount', { ...good, amount: '10' }],
      ['kind', { ...good, kind: 'half' }],
      ['minimum', { ...good, minAmount: -1 }],
      ['limit 0', { ...good, usageLimit: 0 }],
      ['date', { ...good, startsAt: '2027-02-01' }],
      ['unreal day', { ...good, startsAt: '2027-02-30T10:00' }],
      ['end before start', { ...good, startsAt: '2027-02-14T10:00', endsAt: '2027-02-14T09:00' }],
      ['unknown key', { ...good, percent: 10 }],
    ];
    const answers: Record<string, [number, string]> = {};
    for (const [name, body] of cases) {
      const res = await create(body);
      answers[name] = [res.status, res.body.message];
    }
    expect(answers).toEqual({
      'no code': [400, 'code is required'],
      'short code': [400, 'code: must be 3 to 30 letters or digits (also - and _), e.g. SPRING15'],
      spaces: [400, 'code: must be 3 to 30 letters or digits (also - and _), e.g. SPRING15'],
      'percent 0': [400, 'amount: must be 1 or more'],
      'percent 101': [400, 'amount: a percent coupon takes 1 to 100'],
      fraction: [400, 'amount: must be a whole number: a percent (1 to 100) or naira'],
      'text amount': [400, 'amount: must be a whole number: a percent (1 to 100) or naira'],
      kind: [400, "kind: must be 'percent' or 'fixed'"],
      minimum: [400, 'minAmount: must be 0 or more (0 for no minimum)'],
      'limit 0': [400, 'usageLimit: must be 1 or more (null for no limit)'],
      date: [400, 'startsAt: must be a date and time in Lagos, e.g. 2027-02-01T00:00 (or null for none)'],
      'unreal day': [400, 'startsAt: 2027-02-30T10:00 is not a real date and time'],
      'end before start': [400, 'endsAt: must be after startsAt'],
      'unknown key': [400, 'percent is not a field of this call'],
    });

    expect(await create(good, await signedIn('florist'))).toMatchObject({ status: 403, body: { message: 'A florist cannot do this' } });
    expect((await create(good, await signedIn('rider'))).status).toBe(403);
    expect((await create(good, 'staff_session=nope')).status).toBe(401);
    for (const origin of ['https://evil.example', null]) {
      const headers: Record<string, string> = { 'content-type': 'application/json', cookie: manager };
      if (origin) headers.origin = origin;
      const res = await fetch(`${server.url}/admin/api/coupons`, { method: 'POST', headers, body: JSON.stringify(good) });
      expect(res.status).toBe(403);
    }
    expect(await rowOf(code)).toBeUndefined();
    expect(await db.select().from(contentAudit).where(eq(contentAudit.entityId, code))).toEqual([]);
    expect(contentVersion()).toBe(versionBefore);
  });
});

describe('PATCH /admin/api/coupons/{code}', () => {
  it('a paused coupon is refused at checkout on the next request, and taken off an order holding it; resumed, it works again', async () => {
    const code = newCode('PAUSE');
    expect((await create({ code, kind: 'percent', amount: 10 })).status).toBe(201);
    const holding = await createOrder(db);
    expect((await validate(holding.id, code)).status).toBe(200);

    const paused = await change(code.toLowerCase(), { active: false });
    expect(paused.status).toBe(200);
    expect(paused.body.message).toBe(`${code} is paused`);
    expect(paused.body.data).toMatchObject({ active: false, status: 'paused' });

    // A new order: refused with the shop's message.
    const fresh = await createOrder(db);
    expect(await validate(fresh.id, code)).toMatchObject({ status: 400, body: { message: COUPON_MESSAGES.inactive } });
    // The order that held it: its next change takes it off and says why.
    const again = await validate(holding.id, code);
    expect(again.status).toBe(200);
    expect(again.body.data.coupon).toBeNull();
    expect(again.body.data.couponRemoved).toEqual({ code, reason: 'this coupon is no longer available' });

    const resumed = await change(code, { active: true });
    expect(resumed.body.message).toBe(`${code} is active again`);
    expect((await validate(fresh.id, code)).status).toBe(200);

    const lines = await contentChangesOf(db, 'coupon', code);
    expect(lines.map((l) => [l.action, (l.before as { active?: boolean } | null)?.active, (l.after as { active: boolean }).active])).toEqual([
      ['created', undefined, true],
      ['updated', true, false],
      ['updated', false, true],
    ]);
  });

  it('changes terms (null clears), checks them together, and the same terms again write nothing', async () => {
    const code = newCode('TERMS');
    await create({ code, kind: 'percent', amount: 20, usageLimit: 5, startsAt: '2099-01-01T00:00' });
    expect((await list()).body.data.find((c) => c.code === code)?.status).toBe('scheduled');
    const order = await createOrder(db);
    expect((await validate(order.id, code)).body.message).toBe(COUPON_MESSAGES.notStarted(new Date('2098-12-31T23:00:00Z')));

    expect(await change(code, { amount: 150 })).toMatchObject({ status: 400, body: { message: 'amount: a percent coupon takes 1 to 100' } });
    expect(await change(code, { endsAt: '2098-12-31T23:00' })).toMatchObject({ status: 400, body: { message: 'endsAt: must be after startsAt' } });
    expect(await change(code, {})).toMatchObject({ status: 400, body: { message: 'Send at least one of description, kind, amount, minAmount, startsAt, endsAt, usageLimit, active' } });
    expect(await change(code, { code: 'OTHER' })).toMatchObject({ status: 400, body: { message: 'code is not a field of this call' } });
    expect((await change(newCode('NONE'), { active: false })).status).toBe(404);
    expect((await change(code, { active: false }, await signedIn('florist'))).status).toBe(403);
    expect(await contentChangesOf(db, 'coupon', code)).toHaveLength(1);

    const changed = await change(code, { kind: 'fixed', amount: 7_500, startsAt: null, usageLimit: null, description: 'Seven and a half off' });
    expect(changed.status).toBe(200);
    expect(changed.body.message).toBe(`${code} is changed`);
    expect(changed.body.data).toMatchObject({ kind: 'fixed', amount: 7_500, startsAt: null, usageLimit: null, description: 'Seven and a half off', status: 'active' });
    expect((await validate(order.id, code)).body.data.coupon).toEqual({ code, discount: Math.min(7_500, order.amounts.subtotal) });

    const same = await change(code, { kind: 'fixed', amount: 7_500 });
    expect([same.status, same.body.message]).toEqual([200, 'Nothing to change']);
    const lines = await contentChangesOf(db, 'coupon', code);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toMatchObject({ before: { kind: 'percent', amount: 20, usageLimit: 5, startsAt: '2098-12-31T23:00:00.000Z' }, after: { kind: 'fixed', amount: 7_500, usageLimit: null, startsAt: null } });
  });
});

describe('uses, redemptions and removal', () => {
  it("counts paid and held uses against the limit, lists each order with how its use stands, and never removes a coupon an order took", async () => {
    const code = newCode('USE');
    await create({ code, kind: 'fixed', amount: 2_000, usageLimit: 2 });
    const [paid, held, lapsed] = [await createOrder(db), await createOrder(db), await createOrder(db)];
    // The first order's hold was taken an hour ago: it lapsed and no longer counts, so two more fit.
    expect((await validate(lapsed.id, code)).status).toBe(200);
    await db.update(couponRedemptions).set({ at: new Date(Date.now() - 3_600_000) }).where(eq(couponRedemptions.orderId, lapsed.id));
    for (const order of [paid, held]) expect((await validate(order.id, code)).status).toBe(200);
    await setStatus(db, paid.id, 'paid', 'paid', 'paystack');

    const listed = (await list()).body.data.find((c) => c.code === code)!;
    expect(listed).toMatchObject({ uses: { paid: 1, held: 1 }, redemptions: 3, status: 'used_up' });

    const page = await redemptions(code.toLowerCase());
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({ coupon: { code }, total: 3, page: 1, pageSize: 50 });
    const byOrder = new Map(page.body.data.rows.map((r) => [r.orderNumber, r]));
    expect(byOrder.get(paid.orderNumber)).toMatchObject({ orderId: paid.id, use: 'paid', paymentState: 'paid', status: 'paid', discount: 2_000, currency: 'NGN', heldUntil: null });
    expect(byOrder.get(held.orderNumber)).toMatchObject({ use: 'held', paymentState: 'unpaid', status: 'created', discount: 2_000, heldUntil: expect.any(String) });
    const heldUntil = new Date(byOrder.get(held.orderNumber)!.heldUntil!).getTime();
    expect(heldUntil - Date.now()).toBeGreaterThan(25 * 60_000);
    expect(heldUntil - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(byOrder.get(lapsed.orderNumber)).toMatchObject({ use: 'lapsed', heldUntil: null });

    // The limit is reached: a fourth order is refused, as the list said.
    expect((await validate((await createOrder(db)).id, code)).body.message).toBe(COUPON_MESSAGES.usedUp);

    expect(await remove(code)).toMatchObject({ status: 409, body: { message: `${code} was taken by 3 orders, so it is kept; pause it instead` } });
    expect(await rowOf(code)).toBeDefined();
    expect((await redemptions(newCode('NONE'))).status).toBe(404);
    expect((await redemptions(code, '?page=0')).body.message).toBe('page must be 1 or more');
    expect((await redemptions(code, '', await signedIn('rider'))).status).toBe(403);
  });

  it('a cancelled order keeps its coupon from removal too', async () => {
    const code = await fixtureCoupon(db, { prefix: 'CANC' });
    const order = await createOrder(db);
    expect((await validate(order.id, code)).status).toBe(200);
    // A cancellation frees the use (its redemption row goes) but the order keeps the code.
    await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, order.id));
    await setStatus(db, order.id, 'cancelled');
    expect((await remove(code)).body.message).toBe(`${code} was taken by an order, so it is kept; pause it instead`);
  });

  it('removes a coupon no order took, with its audit line; owners may too', async () => {
    const code = newCode('GONE');
    await create({ code, kind: 'percent', amount: 5 });
    expect((await remove(code, await signedIn('florist'))).status).toBe(403);
    const res = await remove(code.toLowerCase(), await signedIn('owner'));
    expect([res.status, res.body.message]).toEqual([200, `${code} is removed`]);
    expect(await rowOf(code)).toBeUndefined();
    expect((await contentChangesOf(db, 'coupon', code)).map((l) => [l.action, l.after])).toEqual([
      ['created', expect.any(Object)],
      ['deleted', null],
    ]);
    expect((await remove(code)).status).toBe(404);
  });

  it('lists every coupon for owners and managers, the seeded ones included; florists are refused', async () => {
    const all = (await list(await signedIn('owner'))).body.data;
    expect(all.map((c) => c.code)).toEqual(expect.arrayContaining(['WELCOME10', 'FLOWERS5000', 'VALENTINE15', 'ONCE20']));
    expect(all.find((c) => c.code === 'FLOWERS5000')).toMatchObject({ kind: 'fixed', amount: 5_000, minAmount: 40_000 });
    expect((await list(await signedIn('florist'))).status).toBe(403);
  });
});
