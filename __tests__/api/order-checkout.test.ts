/** @jest-environment node */
/**
 * PUT /v1/firebase/order/checkout-order/{id} over real HTTP against the real database: delivery
 * fees by zone, free delivery, peak days, other states and pick-up; amounts in USD and GBP; the
 * fields it refuses (each naming the field, each leaving the order as it was); saving twice;
 * an account created at checkout (then login works), an e-mail that has an account already,
 * and a logged-in shopper's saved recipients in the next login's user record.
 */
import { count, eq } from 'drizzle-orm';
import { getDb } from '@/lib/server/db/client';
import { orders, recipients, users } from '@/lib/server/db/schema';
import type { CheckoutAnswer, Order, OrderCreated } from '@/lib/contracts/orders';
import { ACCOUNT_EXISTS_NOTICE, ACCOUNT_LATER_NOTICE } from '@/lib/server/services/orders/checkout';
import type { UserRecord } from '@/lib/contracts/auth';
import { advanceClock, now, resetClock } from '@/lib/server/security/clock';
import { shopDay } from '@/lib/domain/dates';
import { addDays } from '@/lib/domain/checkout';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { caller, deliveryCheckout, itemOf, plainDay, seededProducts, uniqueEmail, unitPrice } from '../helpers/order-api';

// ---------------------------------------------------------------------------------------------
// Helpers shared with the other order tests: ../helpers/order-api.ts.

/** The next 14 February at least two days ahead. */
function nextValentine(): string {
  const today = shopDay(now());
  const thisYear = `${today.slice(0, 4)}-02-14`;
  return thisYear > addDays(today, 1) ? thisYear : `${Number(today.slice(0, 4)) + 1}-02-14`;
}

// ---------------------------------------------------------------------------------------------

let server: ApiServer;
let call: ReturnType<typeof caller>;
let shop: Awaited<ReturnType<typeof seededProducts>>;

beforeAll(async () => {
  // Clients are told apart by X-Forwarded-For, as behind one trusted proxy.
  process.env.TRUST_PROXY = '1';
  await openTestDatabase();
  server = await startApiServer();
  call = caller(server.url);
  shop = await seededProducts();
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

type Body = ReturnType<typeof deliveryCheckout> & { shouldCreateAccount?: boolean; shouldSaveAddress?: boolean };

const read = async (id: string) => (await call<Order>('GET', `/v1/firebase/order/${id}`)).body.data;
const checkout = (id: string, body: unknown, token?: string) => call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${id}`, { body, token });

async function newOrder(cartItems: unknown[] = [itemOf(shop.rose)], token?: string): Promise<string> {
  const res = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems, currency: 'NGN', deliveryDate: '' }, token });
  expect(res.status).toBe(201);
  return res.body.data.id;
}

/** A checkout body with some of its parts replaced. */
function withData(body: Body, orderData: Record<string, unknown>, userData: Record<string, unknown> = {}): Body {
  return { ...body, orderData: { ...body.orderData, ...orderData }, userData: { ...body.userData, ...userData } } as Body;
}

async function signup(email = uniqueEmail()) {
  const res = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password: 'orchids-in-bloom' } });
  expect(res.status).toBe(201);
  return { email, password: 'orchids-in-bloom', token: res.body.data.authToken };
}

const login = (email: string, password: string) => call<UserRecord>('POST', '/v1/regal/auth/login', { body: { email, password } });

async function ownerOf(orderId: string): Promise<string | null> {
  const [row] = await (await getDb()).select({ userId: orders.userId }).from(orders).where(eq(orders.id, orderId));
  return row!.userId;
}

async function userIdOf(email: string): Promise<string | null> {
  const [row] = await (await getDb()).select({ id: users.id }).from(users).where(eq(users.email, email));
  return row?.id ?? null;
}

/** The smallest quantity of the rose's first size whose subtotal reaches `naira`. */
const quantityFor = (naira: number) => Math.ceil(naira / unitPrice(shop.rose));

describe('delivery', () => {
  it('Lagos central below the threshold: ₦4,500; every detail stored, phones normalised, residence type apart', async () => {
    const id = await newOrder();
    const day = plainDay();
    const body = deliveryCheckout(day);
    const res = await checkout(id, body);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toBeNull();
    expect(res.body.data).not.toHaveProperty('accountNotice');
    const order = res.body.data.order;
    const subtotal = unitPrice(shop.rose);
    expect(order.amounts).toEqual({ subtotal, deliveryFee: 4_500, discount: 0, total: subtotal + 4_500 });
    expect(order).toMatchObject({
      status: 'created',
      deliveryMethod: 'delivery',
      deliveryDate: day,
      deliveryFeeQuotedByStaff: false,
      client: { name: 'Tunde Bakare', email: body.userData.email, phone: '+2348091234567', phoneCountryCode: '+234' },
      deliveryDetails: {
        recipientName: 'Amaka Obi',
        recipientPhone: '+2348031234567',
        recipientPhoneCountryCode: '+234',
        recipientAltPhone: '',
        recipientAltPhoneCountryCode: '+234',
        recipientAddress: '5 Bourdillon Road, Ikoyi',
        state: 'lagos',
        zone: 'lagos-central',
      },
      recipientAddress: '[Office] 5 Bourdillon Road, Ikoyi',
      deliveryMessage: 'Happy birthday, Amaka!',
      purpose: 'Birthday',
      adminNotes: 'Call before delivery',
      deliveryInstruction: 'Gate 2',
      despatchLocation: '',
      pickupState: '',
    });
    expect(order.timeline.map((e) => e.note)).toEqual(['Order created', 'Delivery details saved']);
    expect(await read(id)).toEqual(order);
  });

  it('Lagos outer: ₦10,000', async () => {
    const id = await newOrder();
    const order = (await checkout(id, deliveryCheckout(plainDay(), { zone: 'lagos-outer' }))).body.data.order;
    expect(order.amounts.deliveryFee).toBe(10_000);
    expect(order.amounts.total).toBe(unitPrice(shop.rose) + 10_000);
  });

  it('free above ₦100,000 in a central zone, but not in an outer one', async () => {
    const items = [itemOf(shop.rose, { quantity: quantityFor(100_000) })];
    const subtotal = unitPrice(shop.rose) * quantityFor(100_000);
    const central = (await checkout(await newOrder(items), deliveryCheckout(plainDay()))).body.data.order;
    expect(central.amounts).toEqual({ subtotal, deliveryFee: 0, discount: 0, total: subtotal });
    const outer = (await checkout(await newOrder(items), deliveryCheckout(plainDay(), { zone: 'lagos-outer' }))).body.data.order;
    expect(outer.amounts).toEqual({ subtotal, deliveryFee: 10_000, discount: 0, total: subtotal + 10_000 });
  });

  it('other states: no zone needed, the fee is quoted by staff and left out of the total', async () => {
    const id = await newOrder();
    const body = deliveryCheckout(plainDay(), { state: 'other-locations' });
    const res = await checkout(id, { ...body, orderData: { ...body.orderData, deliveryDetails: {} } });
    expect(res.status).toBe(200);
    expect(res.body.data.order).toMatchObject({ deliveryFeeQuotedByStaff: true, deliveryDetails: { state: 'other-locations', zone: '' } });
    expect(res.body.data.order.amounts.deliveryFee).toBe(0);
  });

  it("Valentine's: peak fees, a higher free threshold and a smallest order", async () => {
    const day = nextValentine();
    const peak = (await checkout(await newOrder([itemOf(shop.rose, { quantity: quantityFor(30_000) })]), deliveryCheckout(day))).body.data.order;
    expect(peak.deliveryDate).toBe(day);
    expect(peak.amounts.deliveryFee).toBe(20_000);
    const outer = (await checkout(await newOrder([itemOf(shop.rose, { quantity: quantityFor(100_000) })]), deliveryCheckout(day, { zone: 'lagos-outer' }))).body.data.order;
    expect(outer.amounts.deliveryFee).toBe(30_000);
    // ₦100,000 is free on an ordinary day but not on a peak day (threshold ₦150,000).
    const central100 = (await checkout(await newOrder([itemOf(shop.rose, { quantity: quantityFor(100_000) })]), deliveryCheckout(day))).body.data.order;
    expect(central100.amounts.deliveryFee).toBe(unitPrice(shop.rose) * quantityFor(100_000) >= 150_000 ? 0 : 20_000);
    const central150 = (await checkout(await newOrder([itemOf(shop.rose, { quantity: quantityFor(150_000) })]), deliveryCheckout(day))).body.data.order;
    expect(central150.amounts.deliveryFee).toBe(0);

    const small = await newOrder([itemOf(shop.gift)]);
    const refused = await checkout(small, deliveryCheckout(day));
    expect(refused.body).toMatchObject({ status: 400, message: 'The smallest order we can deliver on that day is ₦30,000' });
    expect((await read(small)).deliveryMethod).toBeNull();
  });

  it('amounts in USD and GBP are naira / rate rounded up, with the rate recorded', async () => {
    for (const currency of ['USD', 'GBP'] as const) {
      const id = await newOrder([itemOf(shop.rose, { quantity: 1 }), itemOf(shop.gift, { quantity: 1 })]);
      const order = (await checkout(id, { ...deliveryCheckout(plainDay()), currency })).body.data.order;
      const rate = shop.rate(currency);
      expect(order).toMatchObject({ currency, conversionRate: rate });
      const up = (n: number) => Math.ceil(n / rate);
      expect(order.amountsInCurrency).toEqual({ subtotal: up(order.amounts.subtotal), deliveryFee: up(4_500), discount: 0, total: up(order.amounts.total) });
    }
  });

  it('deliveryDetails win over the recipient fields; a bracketed residence type is taken off the address', async () => {
    const id = await newOrder();
    const body = withData(deliveryCheckout(plainDay()), {
      deliveryDetails: { recipientName: 'Ngozi Eze', recipientPhone: '+44 7700 900123', recipientPhoneCountryCode: '+44', recipientAddress: '[hotel] Transcorp Hilton, Maitama', state: 'abuja', zone: 'abuja-central', recipientAltPhone: '0809 000 1111' },
      recipient: { method: 'delivery', name: 'Someone Else', phone: '0803 000 0000', address: 'Elsewhere', state: 'lagos' },
    });
    const order = (await checkout(id, body)).body.data.order;
    expect(order.deliveryDetails).toEqual({
      recipientName: 'Ngozi Eze',
      recipientPhone: '+447700900123',
      recipientPhoneCountryCode: '+44',
      recipientAltPhone: '+2348090001111',
      recipientAltPhoneCountryCode: '+234',
      recipientAddress: 'Transcorp Hilton, Maitama',
      state: 'abuja',
      zone: 'abuja-central',
    });
    expect(order.recipientAddress).toBe('[Hotel] Transcorp Hilton, Maitama');
    expect(order.amounts.deliveryFee).toBe(3_500);
  });
});

describe('pick-up', () => {
  it('Abuja (APA): no fee, the point and its state stored, every recipient field blank', async () => {
    const id = await newOrder();
    const body = withData(deliveryCheckout(plainDay()), { despatchLocation: 'APA', pickupState: 'Abuja', recipient: { method: 'pick-up', name: 'Amaka Obi', phone: '0803 123 4567', address: 'x', state: 'lagos' } });
    const order = (await checkout(id, body)).body.data.order;
    expect(order).toMatchObject({ deliveryMethod: 'pick-up', despatchLocation: 'APA', pickupState: 'abuja', recipientAddress: '' });
    expect(order.deliveryDetails).toEqual({ recipientName: '', recipientPhone: '', recipientPhoneCountryCode: '+234', recipientAltPhone: '', recipientAltPhoneCountryCode: '+234', recipientAddress: '', state: '', zone: '' });
    expect(order.amounts.deliveryFee).toBe(0);
    expect(order.amounts.total).toBe(unitPrice(shop.rose));
  });

  it('needs a known pickup point whose state agrees', async () => {
    const id = await newOrder();
    const pickup = (extra: Record<string, unknown>) => withData(deliveryCheckout(plainDay()), { recipient: { method: 'pick-up' }, ...extra });
    expect((await checkout(id, pickup({}))).body).toMatchObject({ status: 400, message: 'orderData.despatchLocation is required for a pick-up' });
    expect((await checkout(id, pickup({ despatchLocation: 'XYZ' }))).body).toMatchObject({ status: 400, message: 'orderData.despatchLocation: must be one of LPI, LPL, APA' });
    expect((await checkout(id, pickup({ despatchLocation: 'LPL', pickupState: 'abuja' }))).body).toMatchObject({ status: 400, message: 'orderData.pickupState: Lekki (LPL) is in lagos, not abuja' });
    expect((await read(id)).deliveryMethod).toBeNull();
  });
});

describe('refused details name the field and change nothing', () => {
  const cases: [string, (b: Body) => unknown, string][] = [
    ['no delivery date', (b) => withData(b, { deliveryDate: '' }), 'orderData.deliveryDate is required'],
    ['a past date', (b) => withData(b, { deliveryDate: addDays(shopDay(now()), -1) }), 'orderData.deliveryDate must not be in the past'],
    ['an unknown zone', (b) => withData(b, { deliveryDetails: { zone: 'lagos-moon' } }), 'orderData.deliveryDetails.zone must be one of lagos-central, lagos-outer, lagos-unsure'],
    ['no zone', (b) => withData(b, { deliveryDetails: {} }), 'orderData.deliveryDetails.zone is required'],
    ['an unknown state', (b) => withData(b, { recipient: { ...b.orderData.recipient, state: 'kano' } }), 'orderData.recipient.state must be one of lagos, abuja, other-locations'],
    ['no state', (b) => withData(b, { recipient: { ...b.orderData.recipient, state: undefined } }), 'orderData.deliveryDetails.state is required'],
    ['no recipient name', (b) => withData(b, { recipient: { ...b.orderData.recipient, name: '' } }), 'orderData.deliveryDetails.recipientName is required'],
    ['a recipient phone that is not one', (b) => withData(b, { recipient: { ...b.orderData.recipient, phone: '123' } }), 'orderData.recipient.phone must be a phone number'],
    ['no address', (b) => withData(b, { recipient: { ...b.orderData.recipient, address: '[Home]' } }), 'orderData.recipient.address is required'],
    ['an unknown residence type', (b) => withData(b, { recipient: { ...b.orderData.recipient, residenceType: 'Castle' } }), 'orderData.recipient.residenceType must be one of Home, Office, Hotel, Hospital, Church or mosque, Event venue, Other'],
    ['no sender name', (b) => withData(b, {}, { name: undefined }), 'userData.name is required'],
    ['no sender e-mail', (b) => withData(b, {}, { email: undefined }), 'userData.email is required'],
    ['no sender phone', (b) => withData(b, {}, { phone: '' }), 'userData.phone is required'],
    ['a sender phone that is not one', (b) => withData(b, {}, { phone: '0803' }), 'userData.phone must be a phone number'],
    ['no password for a new account', (b) => ({ ...b, shouldCreateAccount: true }), 'userData.password is required to create an account'],
    ['a short password for a new account', (b) => ({ ...withData(b, {}, { password: 'short' }), shouldCreateAccount: true }), 'userData.password must be at least 8 characters'],
  ];

  it.each(cases)('%s', async (_label, change, message) => {
    const id = await newOrder();
    const body = deliveryCheckout(plainDay());
    const res = await checkout(id, change(body));
    expect(res.body).toMatchObject({ status: 400, message });
    const order = await read(id);
    expect(order.deliveryMethod).toBeNull();
    expect(order.client.email).toBe('');
    expect(order.timeline).toHaveLength(1);
    expect(await userIdOf(body.userData.email)).toBeNull();
  });

  it('an order with no items', async () => {
    const id = await newOrder();
    await call('PUT', `/v1/firebase/order/${id}`, { body: { cartItems: [], currency: 'NGN', deliveryDate: '' } });
    expect((await checkout(id, deliveryCheckout(plainDay()))).body).toMatchObject({ status: 400, message: 'Your order has no items' });
  });

  it('a failing checkout creates no account', async () => {
    const id = await newOrder();
    const body = { ...withData(deliveryCheckout(plainDay()), { deliveryDetails: { zone: 'nowhere' } }, { password: 'sunflowers-4-all' }), shouldCreateAccount: true };
    expect((await checkout(id, body)).status).toBe(400);
    expect(await userIdOf(body.userData.email)).toBeNull();
  });

  it('unknown and malformed ids: 404', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'abc']) {
      expect((await checkout(id, deliveryCheckout(plainDay()))).body).toMatchObject({ status: 404, message: 'Order not found' });
    }
  });
});

describe('saving twice', () => {
  it('adds no second event and no second recipient; the second save wins', async () => {
    const who = await signup();
    const id = await newOrder(undefined, who.token);
    const body = { ...deliveryCheckout(plainDay(), { email: who.email }), shouldSaveAddress: true };
    const first = (await checkout(id, body, who.token)).body.data.order;
    const second = await checkout(id, withData(body, { deliveryMessage: 'Changed my mind' }), who.token);
    expect(second.status).toBe(200);
    expect(second.body.data.order.timeline).toEqual(first.timeline);
    expect(second.body.data.order.deliveryMessage).toBe('Changed my mind');
    const [saved] = await (await getDb()).select({ n: count() }).from(recipients).where(eq(recipients.userId, (await userIdOf(who.email))!));
    expect(saved!.n).toBe(1);
  });
});

describe('accounts at checkout', () => {
  it('creates the account, links the order and answers the user record; login then works', async () => {
    const id = await newOrder();
    const body = { ...withData(deliveryCheckout(plainDay()), {}, { password: 'sunflowers-4-all' }), shouldCreateAccount: true, shouldSaveAddress: true };
    const res = await checkout(id, body);
    expect(res.status).toBe(200);
    const user = res.body.data.user!;
    expect(user).toMatchObject({ authToken: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), email: body.userData.email, name: 'Tunde Bakare', cartItems: [] });
    expect(user.recipients).toEqual([
      { id: expect.any(String), name: 'Amaka Obi', phone: '+2348031234567', phoneCountryCode: '+234', altPhone: '', altPhoneCountryCode: '+234', address: '5 Bourdillon Road, Ikoyi', residenceType: 'Office', state: 'lagos', zone: 'lagos-central' },
    ]);
    expect(res.body.data).not.toHaveProperty('accountNotice');
    expect(await ownerOf(id)).toBe(await userIdOf(body.userData.email));

    const loggedIn = await login(body.userData.email, 'sunflowers-4-all');
    expect(loggedIn.status).toBe(200);
    expect(loggedIn.body.data.recipients).toEqual(user.recipients);
    // The new token works at once.
    const handshake = await call<{ user: UserRecord | null }>('GET', '/v1/regal/handshake', { token: user.authToken });
    expect(handshake.body.data.user?.email).toBe(body.userData.email);
  });

  it('an e-mail with an account: the order is placed, nothing is created, and a notice says to log in', async () => {
    const who = await signup();
    const id = await newOrder();
    const body = { ...withData(deliveryCheckout(plainDay(), { email: who.email }), {}, { password: 'another-password' }), shouldCreateAccount: true, shouldSaveAddress: true };
    const res = await checkout(id, body);
    expect(res.status).toBe(200);
    expect(res.body.data.user).toBeNull();
    expect(res.body.data.accountNotice).toBe('An account already exists for this e-mail. Log in to see this order in your account.');
    expect(res.body.data.order.deliveryMethod).toBe('delivery');
    expect(await ownerOf(id)).toBeNull();
    expect((await login(who.email, 'another-password')).status).toBe(401);
    expect((await login(who.email, who.password)).body.data.recipients).toEqual([]);
  });

  it("a logged-in shopper: the account's e-mail fills a missing one, and saved addresses come with the next login, newest first", async () => {
    const who = await signup();
    const first = deliveryCheckout(plainDay());
    const noEmail = { ...withData(first, {}, { email: undefined }), shouldSaveAddress: true, shouldCreateAccount: true };
    const id = await newOrder(undefined, who.token);
    const res = await checkout(id, noEmail, who.token);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ user: null, order: { client: { email: who.email } } });
    expect(res.body.data).not.toHaveProperty('accountNotice');

    // A guest order checked out while logged in becomes the shopper's.
    const second = await newOrder();
    const other = withData(first, { deliveryDetails: { recipientName: 'Bola Ade', recipientPhone: '07011112222', recipientAddress: '3 Wuse Close', state: 'abuja', zone: 'abuja-outer', recidenceType: 'Home' } });
    expect((await checkout(second, { ...other, shouldSaveAddress: true }, who.token)).status).toBe(200);
    expect(await ownerOf(second)).toBe(await userIdOf(who.email));

    const record = (await login(who.email, who.password)).body.data;
    expect(record.recipients.map((r) => [r.name, r.phone, r.state, r.zone, r.residenceType])).toEqual([
      ['Bola Ade', '+2347011112222', 'abuja', 'abuja-outer', 'Home'],
      ['Amaka Obi', '+2348031234567', 'lagos', 'lagos-central', 'Office'],
    ]);

    // The same person (any case) and phone again: one row, updated.
    const again = withData(first, { recipient: { ...first.orderData.recipient, name: 'AMAKA OBI', address: '7 Glover Road, Ikoyi' } });
    await checkout(await newOrder(undefined, who.token), { ...again, shouldSaveAddress: true }, who.token);
    const after = (await login(who.email, who.password)).body.data.recipients;
    expect(after).toHaveLength(2);
    expect(after[0]).toMatchObject({ name: 'AMAKA OBI', address: '7 Glover Road, Ikoyi' });
  });

  it('a pick-up saves no address', async () => {
    const who = await signup();
    const id = await newOrder(undefined, who.token);
    const body = withData(deliveryCheckout(plainDay(), { email: who.email }), { despatchLocation: 'LPI', recipient: { method: 'pick-up' } });
    expect((await checkout(id, { ...body, shouldSaveAddress: true }, who.token)).status).toBe(200);
    expect((await login(who.email, who.password)).body.data.recipients).toEqual([]);
  });
});

describe('before payment, the details are checked again', () => {
  const choose = (id: string, paymentMethod = 'paystack') =>
    call<Order>('PUT', `/v1/firebase/order/update-payment-details/${id}`, { body: { currency: 'NGN', paymentMethod } });

  afterEach(() => resetClock());

  it('a delivery day that has passed since checkout is refused, and the order is not moved to payment', async () => {
    const id = await newOrder();
    expect((await checkout(id, deliveryCheckout(plainDay(2)))).status).toBe(200);
    advanceClock(5 * 24 * 3_600_000);
    const res = await choose(id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('deliveryDate must not be in the past');
    expect((await read(id)).status).toBe('created');
  });

  it('sender details blanked after checkout are refused', async () => {
    const id = await newOrder();
    expect((await checkout(id, deliveryCheckout(plainDay()))).status).toBe(200);
    await call('PUT', `/v1/firebase/order/save-sender-info/${id}`, { body: { senderEmail: '' } });
    const res = await choose(id);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('senderEmail is required before payment');
  });

  it('a new zone changes the total of an order awaiting payment: it goes back to created', async () => {
    const id = await newOrder();
    const day = plainDay();
    expect((await checkout(id, deliveryCheckout(day))).status).toBe(200);
    expect((await choose(id)).body.data.status).toBe('awaiting_payment');
    const again = await checkout(id, deliveryCheckout(day, { zone: 'lagos-outer' }));
    expect(again.body.data.order).toMatchObject({ status: 'created', amounts: { deliveryFee: 10_000 } });
    expect(again.body.data.order.timeline.at(-1)?.note).toBe('Order total changed: payment to be chosen again');
    // The same details again change no total: choosing payment then stays put.
    expect((await choose(id)).body.data.status).toBe('awaiting_payment');
    expect((await checkout(id, deliveryCheckout(day, { zone: 'lagos-outer' }))).body.data.order.status).toBe('awaiting_payment');
  });
});

describe('the account-exists notice', () => {
  it('is limited per address like signup conflicts, so e-mails cannot be probed in bulk, and the order still goes through', async () => {
    const { email } = await signup();
    const ip = `203.0.113.${Math.floor(Math.random() * 200) + 20}`;
    const answers: { status: number; notice: string | undefined; user: unknown }[] = [];
    for (let i = 0; i < 12; i++) {
      const id = await newOrder();
      const res = await fetch(`${server.url}/v1/firebase/order/checkout-order/${id}`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', 'x-forwarded-for': ip },
        body: JSON.stringify({ ...deliveryCheckout(plainDay(), { email }), shouldCreateAccount: true, userData: { ...deliveryCheckout(plainDay()).userData, email, password: 'orchids-in-bloom' } }),
      });
      const body = (await res.json()) as { data: CheckoutAnswer };
      answers.push({ status: res.status, notice: body.data.accountNotice, user: body.data.user });
    }
    // The order always goes through; past the limit the notice no longer tells whether the e-mail is registered.
    expect(answers.map((a) => a.status)).toEqual(Array(12).fill(200));
    expect(answers.slice(0, 10).map((a) => a.notice)).toEqual(Array(10).fill(ACCOUNT_EXISTS_NOTICE));
    expect(answers.slice(10)).toEqual(Array(2).fill({ status: 200, notice: ACCOUNT_LATER_NOTICE, user: null }));
  });
});
