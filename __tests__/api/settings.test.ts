/** @jest-environment node */
/** The handshake and the newsletter subscription over real HTTP against the real database. */
import { createApiClient, type ApiClient } from '@/lib/api/client';
import * as calls from '@/lib/api/calls';
import { getDb } from '@/lib/server/db/client';
import { handshake } from '@/lib/server/services/settings';
import { subscriberCount } from '@/lib/server/services/subscribers';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';

let server: ApiServer;
let api: ApiClient;

beforeAll(async () => {
  await openTestDatabase();
  server = await startApiServer();
  api = createApiClient({ baseURL: server.url, business: 'regal' });
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

describe('GET /v1/regal/handshake', () => {
  it('returns currencies, settings, shop information and no user for a guest', async () => {
    const data = await calls.getHandshake(api);
    expect(data.user).toBeNull();
    expect(data.currencies).toEqual([
      { name: 'NGN', conversionRate: 1, sign: '₦' },
      { name: 'USD', conversionRate: 700, sign: '$' },
      { name: 'GBP', conversionRate: 890, sign: '£' },
    ]);
    const { baseConfig, overrideConfigs } = data.settings.deliverySettings;
    expect(baseConfig).toMatchObject({ type: 'base', active: true, minAmount: 0, freeDeliveryThreshold: 100000 });
    expect(baseConfig.stateDeliveryZones.map((s) => s.state)).toEqual(['lagos', 'abuja', 'other-locations']);
    expect(overrideConfigs.some((c) => c.dates?.includes('02-14'))).toBe(true);
    expect(data.settings.alertSettings.siteWideAlert).toMatch(/\{\{\d+\}\}/);
    expect(data.settings.shopInfo.branches.map((b) => b.key)).toEqual(['lagos', 'abuja']);
    expect(data.settings.shopInfo.paymentInfo.bankAccountNumber).toEqual(expect.any(String));
    expect(data.settings.featuredGroups.map((g) => g.key).sort()).toEqual(['birthday', 'gift', 'occasion', 'product', 'romance', 'valentine']);
  });

  it('names featured products that the slug call returns', async () => {
    const { settings } = await calls.getHandshake(api);
    const birthday = settings.featuredGroups.find((g) => g.key === 'birthday')!;
    const products = await calls.getProductsBySlugs(api, birthday.featuredSlugs);
    expect(products.map((p) => p.slug)).toEqual(birthday.featuredSlugs);
    expect(products.every((p) => p.active && p.inStock)).toBe(true);
  });

  it('gives today’s fee per zone, switching to peak fees on Valentine’s Day in Lagos time', async () => {
    const db = await getDb();
    const ordinary = await handshake(db, new Date('2027-03-10T10:00:00Z'));
    expect(ordinary.deliveryZoneAmount).toMatchObject({ 'lagos-central': 4500, 'lagos-outer': 10000, 'abuja-central': 3500, 'abuja-outer': 6000 });
    // 23:30 UTC on the 13th is already the 14th in Lagos (UTC+1).
    const valentine = await handshake(db, new Date('2027-02-12T23:30:00Z'));
    expect(valentine.deliveryZoneAmount['lagos-central']).toBeGreaterThanOrEqual(20000);
    const dayBefore = await handshake(db, new Date('2027-02-12T22:30:00Z'));
    expect(dayBefore.deliveryZoneAmount['lagos-central']).toBe(4500);
  });

  it('is never cached as a shared answer', async () => {
    const res = await fetch(`${server.url}/v1/regal/handshake?business=regal`);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
  });
});

describe('POST /v1/regal/subscribe', () => {
  it('stores a subscriber once, whatever the case of the address', async () => {
    const db = await getDb();
    const before = await subscriberCount(db);
    const email = `Ada.${Date.now()}@Example.com`;
    expect(await calls.subscribe(api, { email })).toEqual({ email: email.toLowerCase(), alreadySubscribed: false });
    expect(await calls.subscribe(api, { email: email.toLowerCase() })).toEqual({ email: email.toLowerCase(), alreadySubscribed: true });
    expect(await subscriberCount(db)).toBe(before + 1);
  });

  it.each([
    ['', /email is required/],
    ['email=not-an-email', /email must be a valid e-mail address/],
    [`email=${'a'.repeat(250)}@x.com`, /email is too long/],
  ])('refuses %s with 400 naming the field and stores nothing', async (query, message) => {
    const db = await getDb();
    const before = await subscriberCount(db);
    const res = await fetch(`${server.url}/v1/regal/subscribe?business=regal&${query}`, { method: 'POST' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
    expect(await subscriberCount(db)).toBe(before);
  });

  it('answers 405 to GET', async () => {
    const res = await fetch(`${server.url}/v1/regal/subscribe?email=a@b.co`);
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('POST');
  });
});
