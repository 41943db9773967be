/** @jest-environment node */
/**
 * Delivery capacity over real HTTP (issue 18): a manager sets each branch's daily limit and days
 * with their own (`GET|PUT /admin/api/settings/capacity`: checked, audited, basedOn); the public
 * calendar (`GET /v1/delivery/calendar`) answers the full days; every path that puts an order on a
 * day refuses a full one with 409 (checkout, the cart's update before and after checkout, a payment
 * start, staff moving a delivery); unpaid orders hold their place for an hour, paid ones for good,
 * cancelled ones not at all; and two shoppers racing for the last place get one 200 and one 409.
 *
 * The limits are shop-wide: on PostgreSQL this file works in a database of its own (created on
 * TEST_DATABASE_URL's server and dropped afterwards), where the race runs on the pool's concurrent
 * connections. The embedded database is per file already.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { Client } from 'pg';
import { closeDatabase, openDatabase, setDatabase, type Db } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { orders } from '@/lib/server/db/schema';
import { contentChangesOf } from '@/lib/server/services/backoffice/content-audit';
import { advanceClock, now, resetClock } from '@/lib/server/security/clock';
import type { AdminCapacity } from '@/lib/contracts/capacity';
import type { CheckoutAnswer, OrderCreated } from '@/lib/contracts/orders';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import { fullyBookedMessage, SLOT_HOLD_MS, type CapacitySettings, type DeliveryCalendar } from '@/lib/domain/capacity';
import { addDays } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';
import { signedInStaff, staffJson } from '../helpers/staff';
import { openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { caller, deliveryCheckout, itemOf, plainDay, seededProducts } from '../helpers/order-api';

const postgresUrl = process.env.TEST_DATABASE_URL;
const ownDatabase = `shop_capacity_${randomBytes(5).toString('hex')}`;

async function onServer(sql: string): Promise<void> {
  const client = new Client({ connectionString: postgresUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

let db: Db;
let server: ApiServer;
let manager: string;
let call: ReturnType<typeof caller>;
let shop: Awaited<ReturnType<typeof seededProducts>>;

beforeAll(async () => {
  if (postgresUrl) {
    await onServer(`CREATE DATABASE ${ownDatabase}`);
    const url = new URL(postgresUrl);
    url.pathname = `/${ownDatabase}`;
    const database = await openDatabase({ databaseUrl: url.toString() });
    await prepareDatabase(database);
    setDatabase(database);
    db = database.db;
  } else {
    db = (await openTestDatabase()).db;
  }
  server = await startApiServer();
  manager = (await signedInStaff(db, 'manager', null, 'Bisi Manager')).cookie;
  call = caller(server.url);
  shop = await seededProducts();
}, 120_000);

afterAll(async () => {
  resetClock();
  await server.close();
  await closeDatabase();
  if (postgresUrl) await onServer(`DROP DATABASE IF EXISTS ${ownDatabase} WITH (FORCE)`);
});

afterEach(() => resetClock());

// ---------------------------------------------------------------------------------------------
// Steps

const readCapacity = (cookie = manager) => staffJson<AdminCapacity>(server.url, 'GET', '/admin/api/settings/capacity', undefined, cookie);
const putCapacity = (body: unknown, options: { cookie?: string; basedOn?: string | null } = {}) =>
  staffJson<AdminCapacity>(server.url, 'PUT', `/admin/api/settings/capacity${options.basedOn ? `?basedOn=${encodeURIComponent(options.basedOn)}` : ''}`, body, options.cookie ?? manager);

/** Saves limits (over what is there) and checks the save went through. */
async function limits(next: Partial<CapacitySettings>): Promise<AdminCapacity> {
  const current = (await readCapacity()).body.data.capacity;
  const res = await putCapacity({ ...current, ...next });
  expect(res.status).toBe(200);
  return res.body.data;
}

/** One day's own limits (null keeps the branch's default). */
const day = (date: string, lagos: number | null, abuja: number | null = null, note = '') => ({ day: date, lagos, abuja, note });

const calendar = async (days?: number) => call<DeliveryCalendar>('GET', `/v1/delivery/calendar${days ? `?days=${days}` : ''}`);

/** A new unpaid order of one rose, not checked out: its id. */
async function newOrder(deliveryDate = ''): Promise<string> {
  const res = await call<OrderCreated>('POST', '/v1/firebase/order/create', {
    body: { cartItems: [itemOf(shop.rose)], currency: 'NGN', deliveryDate },
  });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

const abujaDelivery = { state: 'abuja', zone: 'abuja-central' };
const checkout = (id: string, date: string, where: { state?: string; zone?: string } = {}) =>
  call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, {
    body: deliveryCheckout(date, where),
  });
const pickupAt = (id: string, date: string, point: 'LPI' | 'APA') => {
  const body = deliveryCheckout(date);
  return call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, {
    body: {
      ...body,
      orderData: {
        ...body.orderData,
        despatchLocation: point,
        recipient: { method: 'pick-up' },
        deliveryDetails: undefined,
      },
    },
  });
};

/** A checked-out order on `date` (Lagos central unless told): its id. */
async function placed(date: string, where: { state?: string; zone?: string } = {}): Promise<string> {
  const id = await newOrder();
  const res = await checkout(id, date, where);
  expect(res.status).toBe(200);
  return id;
}

/** Puts an order's money and state as if it had got there (a fixture: the lifecycle is tested elsewhere). */
const setState = (id: string, status: 'paid' | 'cancelled' | 'preparing', paymentState: 'paid' | 'unpaid') =>
  db
    .update(orders)
    .set({
      status,
      paymentState,
      ...(paymentState === 'paid' && { paidWith: 'paystack' }),
    })
    .where(eq(orders.id, id));

// ---------------------------------------------------------------------------------------------

describe('GET|PUT /admin/api/settings/capacity', () => {
  it('round-trips the limits: no limits at first, then the saved ones with their time, audited before and after', async () => {
    const first = await readCapacity();
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({
      capacity: { defaults: { lagos: null, abuja: null }, days: [] },
      updatedAt: null,
      today: shopDay(now()),
    });
    expect(first.body.data.use).toHaveLength(14);

    const peak = plainDay(20);
    const later = plainDay(30);
    const saved = await putCapacity({
      defaults: { lagos: 40, abuja: 25 },
      days: [day(later, 5, null, 'Staff outing'), day(peak, 90, 60, 'Peak')],
    });
    expect(saved).toMatchObject({
      status: 200,
      body: {
        message: 'The delivery capacity is saved: the calendar and checkout use it at once',
      },
    });
    // Days in order; a day's own limit, or the branch's default where it has none.
    expect(saved.body.data.capacity).toEqual({
      defaults: { lagos: 40, abuja: 25 },
      days: [day(peak, 90, 60, 'Peak'), day(later, 5, null, 'Staff outing')],
    });
    expect(saved.body.data.use.find((u) => u.day === later)).toEqual({
      day: later,
      lagos: { taken: 0, limit: 5 },
      abuja: { taken: 0, limit: 25 },
    });
    expect((await readCapacity()).body.data).toEqual(saved.body.data);

    const [line] = await contentChangesOf(db, 'settings', 'capacity');
    expect(line).toMatchObject({
      action: 'updated',
      before: { defaults: { lagos: null, abuja: null }, days: [] },
      after: { defaults: { lagos: 40, abuja: 25 } },
    });

    const again = await putCapacity(saved.body.data.capacity);
    expect(again.body.message).toBe('Nothing to change');
    expect(await contentChangesOf(db, 'settings', 'capacity')).toHaveLength(1);
    await limits({ defaults: { lagos: null, abuja: null }, days: [] });
  });

  it.each([
    [{ defaults: { lagos: -1, abuja: null }, days: [] }, 'defaults.lagos must be 0 or more (0: no orders that day)'],
    [{ defaults: { lagos: 2.5, abuja: null }, days: [] }, 'defaults.lagos must be a whole number'],
    [{ defaults: { lagos: 'ten', abuja: null }, days: [] }, 'defaults.lagos must be a number (empty for no limit)'],
    [{ defaults: { lagos: null }, days: [] }, 'defaults.abuja must be a number (empty for no limit)'],
    [{ defaults: { lagos: null, abuja: null }, days: [day('2027-02-30', 3)] }, '2027-02-30: not a day written YYYY-MM-DD'],
    [{ defaults: { lagos: null, abuja: null }, days: [day('14/02/2027', 3)] }, 'days.0.day: must be a day written YYYY-MM-DD'],
    [{ defaults: { lagos: null, abuja: null }, days: [day('2099-02-14', -2)] }, 'days.0.lagos: the Lagos limit must be 0 or more (0: no orders that day)'],
    [{ defaults: { lagos: null, abuja: null }, days: [day('2020-02-14', 3)] }, '2020-02-14: the day has passed'],
    [
      {
        defaults: { lagos: null, abuja: null },
        days: [day('2099-02-14', null, null)],
      },
      '2099-02-14: give a limit for Lagos, Abuja or both',
    ],
    [
      {
        defaults: { lagos: null, abuja: null },
        days: [day('2099-02-14', 3), day('2099-02-14', 4)],
      },
      '2099-02-14: the day is listed twice',
    ],
    [{ defaults: { lagos: null, abuja: null }, days: [], extra: 1 }, 'extra is not a field of this call'],
  ])('refuses %j with a 400 that says why, writing nothing', async (body, message) => {
    const lines = (await contentChangesOf(db, 'settings', 'capacity')).length;
    const res = await putCapacity(body);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    expect(await contentChangesOf(db, 'settings', 'capacity')).toHaveLength(lines);
  });

  it("refuses a save over a colleague's newer one (409), and florists and riders (403)", async () => {
    const read = (await readCapacity()).body.data;
    await limits({ defaults: { lagos: 30, abuja: null } });
    const stale = await putCapacity({ ...read.capacity, defaults: { lagos: 10, abuja: null } }, { basedOn: read.updatedAt ?? new Date(0).toISOString() });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Someone changed the delivery capacity at .* since you opened it/);
    expect((await readCapacity((await signedInStaff(db, 'florist', 'lagos')).cookie)).status).toBe(403);
    expect(
      (
        await putCapacity(read.capacity, {
          cookie: (await signedInStaff(db, 'rider', 'abuja')).cookie,
        })
      ).status,
    ).toBe(403);
    await limits({ defaults: { lagos: null, abuja: null }, days: [] });
  });
});

describe('GET /v1/delivery/calendar', () => {
  it('answers no full day without limits, publicly cacheable for 15 s; a bad `days` is a 400', async () => {
    const res = await calendar();
    expect(res.status).toBe(200);
    const today = shopDay(now());
    expect(res.body.data).toEqual({
      today,
      until: addDays(today, 61),
      full: { lagos: [], abuja: [] },
    });
    const raw = await fetch(`${server.url}/v1/delivery/calendar?days=7`);
    expect(raw.headers.get('cache-control')).toBe('public, max-age=15, s-maxage=15');
    expect((await calendar(500)).body).toMatchObject({
      error: true,
      status: 400,
      message: 'days must be at most 120',
    });
  });

  it('answers the days each branch is full: a day closed (0), a day its orders filled, a default of 0', async () => {
    const closed = plainDay(4);
    const filled = plainDay(6);
    await limits({ days: [day(closed, 0, 0), day(filled, 1)] });
    await placed(filled);
    const { full } = (await calendar()).body.data;
    expect(full.lagos).toEqual(expect.arrayContaining([closed, filled]));
    expect(full.abuja).toContain(closed);
    expect(full.abuja).not.toContain(filled);

    await limits({ defaults: { lagos: null, abuja: 0 } });
    const everyAbujaDay = (await calendar(10)).body.data.full.abuja;
    expect(everyAbujaDay).toHaveLength(10);
    await limits({ defaults: { lagos: null, abuja: null }, days: [] });
  });
});

describe('a full day is refused (409)', () => {
  it('at checkout, per branch: Lagos full, Abuja still open; pick-ups count for their point’s branch', async () => {
    const date = plainDay(8);
    await limits({ days: [day(date, 2, 1)] });
    await placed(date);
    await placed(date);
    const third = await checkout(await newOrder(), date);
    expect(third.status).toBe(409);
    expect(third.body).toMatchObject({
      error: true,
      status: 409,
      message: fullyBookedMessage(date, 'lagos'),
    });
    expect(third.body.message).toMatch(/ is fully booked in Lagos: please choose another day$/);
    // The Ikoyi pick-up point is Lagos's; Abuja's point is Abuja's, which then is full too.
    expect((await pickupAt(await newOrder(), date, 'LPI')).status).toBe(409);
    expect((await pickupAt(await newOrder(), date, 'APA')).status).toBe(200);
    expect((await checkout(await newOrder(), date, abujaDelivery)).body).toMatchObject({
      status: 409,
      message: fullyBookedMessage(date, 'abuja'),
    });
    // Another day is open.
    expect((await checkout(await newOrder(), addDays(date, 1))).status).toBe(200);
  });

  it('the cart: a day no branch can take on create and update; after checkout, a day its branch cannot take', async () => {
    const closed = plainDay(10);
    const lagosFull = plainDay(11);
    await limits({ days: [day(closed, 0, 0), day(lagosFull, 0)] });
    const refused = await call('POST', '/v1/firebase/order/create', {
      body: {
        cartItems: [itemOf(shop.rose)],
        currency: 'NGN',
        deliveryDate: closed,
      },
    });
    expect(refused.body).toMatchObject({
      status: 409,
      message: fullyBookedMessage(closed, null),
    });
    expect(refused.body.message).toMatch(/fully booked in Lagos and Abuja/);

    // Before checkout the branch is unknown: a day Abuja can still take is fine.
    const id = await newOrder(lagosFull);
    const open = plainDay(12);
    expect(
      (
        await call('PUT', `/v1/firebase/order/${id}`, {
          body: { cartItems: null, currency: 'NGN', deliveryDate: closed },
        })
      ).status,
    ).toBe(409);
    expect((await checkout(id, open)).status).toBe(200);
    // Checked out for Lagos: the cart cannot move it to the day Lagos is full.
    const moved = await call('PUT', `/v1/firebase/order/${id}`, {
      body: { cartItems: null, currency: 'NGN', deliveryDate: lagosFull },
    });
    expect(moved.body).toMatchObject({
      status: 409,
      message: fullyBookedMessage(lagosFull, 'lagos'),
    });
    const [row] = await db.select({ deliveryDate: orders.deliveryDate }).from(orders).where(eq(orders.id, id));
    expect(row!.deliveryDate).toBe(open);
  });

  it('staff moving a paid delivery onto a full day get the 409 with what they can do', async () => {
    const full = plainDay(14);
    await limits({ days: [day(full, 0)] });
    const id = await placed(plainDay(15));
    await setState(id, 'paid', 'paid');
    const res = await staffJson<StaffOrder>(server.url, 'POST', `/admin/api/orders/${id}/delivery`, { deliveryDate: full }, manager);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe(fullyBookedMessage(full, 'lagos', 'staff'));
    expect(res.body.message).toMatch(/raise the day's limit under Settings › Capacity, or choose another day$/);
  });
});

describe('which orders hold a place', () => {
  it('an unpaid checkout holds it for an hour; a paid one for good; a cancelled one not at all', async () => {
    const date = plainDay(16);
    await limits({ days: [day(date, 2)] });
    const unpaid = await placed(date);
    const paid = await placed(date);
    await setState(paid, 'paid', 'paid');
    expect((await checkout(await newOrder(), date)).status).toBe(409);

    // An hour on, the unpaid order's hold has lapsed: its place is free again, the paid one's is not.
    advanceClock(SLOT_HOLD_MS + 1000);
    const late = await newOrder();
    expect((await checkout(late, date)).status).toBe(200);
    expect((await checkout(await newOrder(), date)).status).toBe(409);

    // The first shopper comes back to pay: the day is full now, and they are told before paying.
    const pay = await call('PUT', `/v1/firebase/order/update-payment-details/${unpaid}`, { body: { currency: 'NGN', paymentMethod: 'paystack' } });
    expect(pay.body).toMatchObject({
      status: 409,
      message: fullyBookedMessage(date, 'lagos'),
    });

    // A cancelled order frees its place at once.
    await setState(paid, 'cancelled', 'unpaid');
    expect((await call('PUT', `/v1/firebase/order/update-payment-details/${unpaid}`, { body: { currency: 'NGN', paymentMethod: 'paystack' } })).status).toBe(200);
  });
});

describe('the race for the last place', () => {
  it('two checkouts at once for the last place: exactly one succeeds, the other gets the 409 (five rounds)', async () => {
    const days = [20, 21, 22, 23, 24].map((ahead) => plainDay(ahead));
    await limits({ days: days.map((d) => day(d, 1)) });
    for (const date of days) {
      const [a, b] = [await newOrder(), await newOrder()];
      const answers = await Promise.all([checkout(a, date), checkout(b, date)]);
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(answers.find((r) => r.status === 409)!.body.message).toBe(fullyBookedMessage(date, 'lagos'));
      const holding = await db.select({ id: orders.id }).from(orders).where(eq(orders.deliveryDate, date));
      expect(holding).toHaveLength(1);
    }
  });

  it('a checkout and a move of another checked-out order onto the last place at once: one wins', async () => {
    const date = plainDay(26);
    await limits({ days: [day(date, 1)] });
    const mover = await placed(plainDay(27));
    const fresh = await newOrder();
    const answers = await Promise.all([
      checkout(fresh, date),
      call('PUT', `/v1/firebase/order/${mover}`, {
        body: { cartItems: null, currency: 'NGN', deliveryDate: date },
      }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });
});
