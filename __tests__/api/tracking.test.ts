/** @jest-environment node */
/**
 * GET /v1/firebase/order/order-number/{number}?email= over real HTTP against the real database:
 * the number alone shows the order's progress and items but nothing personal; the sender's
 * e-mail adds the id, recipient and review state; misses are limited per client address, and
 * wrong e-mails per order. Clients here are told apart by X-Forwarded-For behind one trusted
 * proxy (TRUST_PROXY=1); __tests__/attacks/addresses.test.ts covers where the address comes from.
 */
import { createApiClient } from '@/lib/api/client';
import * as calls from '@/lib/api/calls';
import type { TrackedOrder } from '@/lib/contracts/orders';
import type { Db } from '@/lib/server/db/client';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { RULES } from '@/lib/server/security/rate-limit';
import { addEvent } from '@/lib/server/services/orders/store';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { httpCaller, placedOrder, setStatus, tag } from '../helpers/orders';

let server: ApiServer;
let db: Db;
const call = httpCaller(() => server.url);

beforeAll(async () => {
  process.env.TRUST_PROXY = '1';
  db = (await openTestDatabase()).db;
  server = await startApiServer();
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

afterEach(resetClock);

/** A fresh client address per test, so that one test's misses never limit another's. */
let addressSerial = 0;
const newAddress = () => `10.${(addressSerial += 1)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const track = (number: string, ip: string, email?: string) =>
  call<TrackedOrder>('GET', `/v1/firebase/order/order-number/${encodeURIComponent(number)}${email === undefined ? '' : `?email=${encodeURIComponent(email)}`}`, {
    headers: { 'x-forwarded-for': ip },
  });

const PERSONAL_KEYS = ['id', 'recipient', 'canReview', 'review'];

describe('tracking by order number', () => {
  it('without the e-mail: status, timeline steps and items, and nothing personal anywhere', async () => {
    const order = await placedOrder(db);
    await addEvent(db, order.id, 'created', `Called ${order.recipientDetails.name} on ${order.recipientDetails.phone}`, new Date());
    const res = await track(order.orderNumber.toLowerCase(), newAddress());
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const data = res.body.data;
    expect(data).toMatchObject({
      orderNumber: order.orderNumber,
      status: 'created',
      statusLabel: 'Order created',
      paymentStatus: 'not paid',
      deliveryDate: '',
      deliveryMethod: 'delivery',
      despatchLocation: '',
      verified: false,
    });
    expect(data.items).toEqual(order.orderProducts.map((p) => ({ name: p.name, quantity: p.quantity, image: p.image })));
    expect(data.timeline.length).toBeGreaterThan(0);
    expect(data.timeline.every((e) => e.note === '')).toBe(true);
    for (const key of PERSONAL_KEYS) expect(data).not.toHaveProperty(key);
    // On the raw text: no recipient, sender or id, however they might be nested.
    for (const secret of [order.id, order.recipientDetails.name, order.recipientDetails.address, order.recipientDetails.phone, order.sender.email, 'Bourdillon', 'Adaeze']) {
      expect(res.text).not.toContain(secret);
    }
  });

  it('with the sender’s e-mail (any case): the id, recipient, timeline notes and review state', async () => {
    const order = await placedOrder(db);
    await addEvent(db, order.id, 'created', 'Card message checked', new Date());
    const res = await track(order.orderNumber, newAddress(), order.sender.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body.data.timeline.at(-1)).toMatchObject({ status: 'created', label: 'Order created', note: 'Card message checked' });
    const r = order.recipientDetails;
    expect(res.body.data).toMatchObject({
      verified: true,
      id: order.id,
      recipient: { name: r.name, address: `[Office] ${r.address}`, phone: `+234${r.phone}` },
      canReview: false,
      review: null,
    });
    // Through the typed client too.
    const api = createApiClient({ baseURL: server.url, business: 'regal' });
    expect(await calls.getOrderByNumber(api, order.orderNumber, order.sender.email, { 'x-forwarded-for': newAddress() })).toEqual(res.body.data);
  });

  it('with another e-mail: the same as without one', async () => {
    const order = await placedOrder(db);
    const ip = newAddress();
    const without = await track(order.orderNumber, ip);
    const wrong = await track(order.orderNumber, ip, 'someone.else@example.com');
    expect(wrong.status).toBe(200);
    expect(wrong.body.data).toEqual(without.body.data);
    expect(wrong.text).not.toContain(order.recipientDetails.name);
    expect(wrong.text).not.toContain(order.id);
  });

  it('an order placed without an e-mail is never verified, even by an empty one', async () => {
    const order = await placedOrder(db, { sender: { name: 'Tunde', email: '' } });
    const res = await track(order.orderNumber, newAddress(), '');
    expect(res.body.data.verified).toBe(false);
    expect(res.text).not.toContain(order.recipientDetails.name);
  });

  it('a delivered order can be reviewed once the e-mail is given', async () => {
    const order = await placedOrder(db);
    await setStatus(db, order.id, 'delivered', 'paid', 'paystack');
    const ip = newAddress();
    const before = await track(order.orderNumber, ip, order.sender.email);
    expect(before.body.data).toMatchObject({ status: 'delivered', statusLabel: 'Delivered', canReview: true, review: null });
    const review = await call('POST', `/v1/firebase/order/submit-review/${order.id}`, { body: { rating: 5, comment: 'Lovely' } });
    expect(review.status).toBe(201);
    const after = await track(order.orderNumber, ip, order.sender.email);
    expect(after.body.data).toMatchObject({ canReview: false, review: { rating: 5, comment: 'Lovely', authorName: 'Adaeze' } });
  });

  it('answers 404 for an unknown number', async () => {
    const res = await track(`RF-${tag()}`, newAddress());
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ data: null, error: true, message: 'We could not find an order with that number', status: 404 });
  });
});

describe('the miss limit per client address', () => {
  it('after repeated misses every lookup from the address is refused until the window passes', async () => {
    const order = await placedOrder(db);
    // Wrong e-mails go to another order, whose own wrong-e-mail limit would stop them otherwise.
    const decoy = await placedOrder(db);
    const ip = newAddress();
    const { limit, windowMs } = RULES.trackMissPerAddress;
    for (let i = 0; i < limit; i++) {
      // Misses of both kinds count: unknown numbers and wrong e-mails.
      const res = i % 2 ? await track(`RF-9${tag()}`, ip) : await track(decoy.orderNumber, ip, `guess${i}@example.com`);
      expect(res.status).toBe(i % 2 ? 404 : 200);
    }
    const refused = await track(order.orderNumber, ip, order.sender.email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(refused.body.message).toMatch(/^Too many attempts/);
    expect(refused.text).not.toContain(order.recipientDetails.name);

    // Another address is not affected.
    expect((await track(order.orderNumber, newAddress(), order.sender.email)).body.data.verified).toBe(true);

    advanceClock(windowMs - 60_000);
    expect((await track(order.orderNumber, ip)).status).toBe(429);
    advanceClock(61_000);
    const again = await track(order.orderNumber, ip, order.sender.email);
    expect(again.status).toBe(200);
    expect(again.body.data.verified).toBe(true);
  });

  it('a burst of simultaneous misses cannot slip past the limit', async () => {
    const ip = newAddress();
    const { limit } = RULES.trackMissPerAddress;
    const answers = await Promise.all(Array.from({ length: limit * 3 }, () => track(`RF-9${tag()}`, ip)));
    const statuses = answers.map((a) => a.status);
    expect(statuses.filter((s) => s === 404).length).toBeLessThanOrEqual(limit);
    expect(statuses.filter((s) => s !== 404 && s !== 429)).toEqual([]);
    // Claims racing each other may all be refused (the limit fails closed), never all let through:
    // one at a time, the address gets exactly what the burst left of its limit, then 429.
    let misses = statuses.filter((s) => s === 404).length;
    for (let i = 0; i <= limit; i++) {
      const status = (await track(`RF-9${tag()}`, ip)).status;
      if (status === 429) break;
      expect(status).toBe(404);
      misses++;
    }
    expect(misses).toBe(limit);
    expect((await track(`RF-9${tag()}`, ip)).status).toBe(429);
  });

  it('correct lookups are never counted', async () => {
    const order = await placedOrder(db);
    const ip = newAddress();
    for (let i = 0; i < RULES.trackMissPerAddress.limit + 2; i++) {
      const res = i % 2 ? await track(order.orderNumber, ip) : await track(order.orderNumber, ip, order.sender.email);
      expect(res.status).toBe(200);
    }
  });
});

describe('the wrong-e-mail limit per order', () => {
  it('after repeated wrong e-mails from many addresses, no e-mail is compared for the order until the window passes', async () => {
    const order = await placedOrder(db);
    const { limit, windowMs } = RULES.trackEmailPerOrder;
    // A right e-mail before the limit is not counted.
    expect((await track(order.orderNumber, newAddress(), order.sender.email)).body.data.verified).toBe(true);
    for (let i = 0; i < limit; i++) expect((await track(order.orderNumber, newAddress(), `guess${i}@example.com`)).status).toBe(200);

    const refused = await track(order.orderNumber, newAddress(), order.sender.email);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(windowMs / 1000 - 120);
    expect(refused.body.message).toMatch(/^Too many attempts/);
    expect(refused.text).not.toContain(order.recipientDetails.name);
    expect((await track(order.orderNumber, newAddress(), 'another.guess@example.com')).status).toBe(429);

    // The status still shows without an e-mail; other orders are not affected.
    const ip = newAddress();
    const bare = await track(order.orderNumber, ip);
    expect(bare.status).toBe(200);
    expect(bare.body.data.verified).toBe(false);
    const other = await placedOrder(db);
    expect((await track(other.orderNumber, ip, other.sender.email)).body.data.verified).toBe(true);
    // A refusal by the order's limit is no miss for the address.
    for (let i = 0; i < RULES.trackMissPerAddress.limit; i++) expect((await track(order.orderNumber, ip, order.sender.email)).status).toBe(429);
    expect((await track(other.orderNumber, ip)).status).toBe(200);

    advanceClock(windowMs + 1000);
    expect((await track(order.orderNumber, newAddress(), order.sender.email)).body.data.verified).toBe(true);
  });
});
