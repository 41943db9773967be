/** @jest-environment node */
/**
 * The back office's shop settings over real HTTP (issue 14): a manager reads the settings
 * (`GET /admin/api/settings`) and replaces the alert texts, the dollar and pound rates and the
 * delivery settings (`PUT /admin/api/settings/{alerts,rates,delivery}`). Each change shows in the
 * next handshake at once (and in checkout's fees and the amounts of new orders), leaves a
 * `content_audit` line with before and after, and bumps the content version. Refusals (403 role,
 * 400 naming the place in words, 409 large rate moves, zones in use and stale pages, other sites)
 * write nothing.
 *
 * Settings are shop-wide: on PostgreSQL this file works in a database of its own (created here on
 * TEST_DATABASE_URL's server and dropped afterwards), so that the other files' fees and rates never
 * move under them while the suite runs in parallel. The embedded database is per file already.
 */
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { closeDatabase, openDatabase, setDatabase, type Db } from '@/lib/server/db/client';
import { prepareDatabase } from '@/lib/server/db/prepare';
import { contentChangesOf } from '@/lib/server/services/backoffice/content-audit';
import { contentVersion } from '@/lib/server/live/content';
import { advanceClock, now, resetClock } from '@/lib/server/security/clock';
import type { AdminRate, AdminSettings, DeliveryDocument } from '@/lib/contracts/settings-admin';
import type { AlertSettings, DeliverySettings, Handshake } from '@/lib/contracts/settings';
import type { CheckoutAnswer, Order, OrderCreated } from '@/lib/contracts/orders';
import type { StaffRole } from '@/lib/domain/staff';
import { shopDay } from '@/lib/domain/dates';
import { addDays } from '@/lib/domain/checkout';
import { signedInStaff, staffJson } from '../helpers/staff';
import { openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';
import { caller, deliveryCheckout, itemOf, plainDay, seededProducts } from '../helpers/order-api';

const postgresUrl = process.env.TEST_DATABASE_URL;
const ownDatabase = `shop_settings_${randomBytes(5).toString('hex')}`;

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

const read = (cookie = manager) => staffJson<AdminSettings>(server.url, 'GET', '/admin/api/settings', undefined, cookie);
const put = <T>(what: 'alerts' | 'rates' | 'delivery', body: unknown, options: { cookie?: string; basedOn?: string | null } = {}) =>
  staffJson<T>(server.url, 'PUT', `/admin/api/settings/${what}${options.basedOn ? `?basedOn=${encodeURIComponent(options.basedOn)}` : ''}`, body, options.cookie ?? manager);
const putAlerts = (body: unknown, options?: { cookie?: string; basedOn?: string | null }) => put<{ alerts: AlertSettings; updatedAt: string; changed: boolean }>('alerts', body, options);
const putRates = (body: unknown, cookie?: string) => put<{ rates: AdminRate[]; changed: boolean }>('rates', body, { cookie });
const putDelivery = (body: unknown, options?: { cookie?: string; basedOn?: string | null }) => put<{ delivery: DeliverySettings; updatedAt: string; changed: boolean }>('delivery', body, options);
const handshake = async () => (await call<Handshake>('GET', '/v1/regal/handshake')).body.data;
const signedIn = async (role: StaffRole, branch: 'lagos' | 'abuja' | null = null) => (await signedInStaff(db, role, branch)).cookie;
const current = async () => (await read()).body.data;
const rateOf = (list: { name: string; conversionRate: number }[], name: string) => list.find((c) => c.name === name)!.conversionRate;

/** A deep copy of the delivery document to change. */
const copy = <T>(value: T): T => structuredClone(value);

/** The zone `key` of a config. */
function zoneOf(settings: DeliveryDocument, config: 'base' | string, key: string) {
  const found = config === 'base' ? settings.baseConfig : settings.overrideConfigs.find((c) => c.name === config)!;
  return found.stateDeliveryZones.flatMap((s) => s.zones).find((z) => z.name === key)!;
}

/** The next 14 February at least two days ahead (shop's clock). */
function nextValentine(): string {
  const today = shopDay(now());
  const thisYear = `${today.slice(0, 4)}-02-14`;
  return thisYear > addDays(today, 1) ? thisYear : `${Number(today.slice(0, 4)) + 1}-02-14`;
}

/** A Lagos central delivery of one rose on `day`: the checkout's answer. */
async function orderDeliveredOn(day: string, currency: 'NGN' | 'USD' = 'NGN') {
  const created = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems: [itemOf(shop.rose)], currency, deliveryDate: '' } });
  expect(created.status).toBe(201);
  const res = await call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${created.body.data.id}`, { body: { ...deliveryCheckout(day), currency } });
  expect(res.status).toBe(200);
  return res.body.data.order;
}

describe('GET /admin/api/settings', () => {
  it('answers both documents with the time each changed, the rates with theirs, and the zones orders carry', async () => {
    const res = await read();
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.alerts.siteWideAlert).toMatch(/\{\{\d+\}\}/);
    expect(data.delivery.baseConfig.stateDeliveryZones.map((s) => s.state)).toEqual(['lagos', 'abuja', 'other-locations']);
    expect(data.delivery.overrideConfigs.map((c) => c.name)).toEqual(['Valentine peak', 'Festive peak']);
    expect(data.rates.map((r) => [r.name, r.conversionRate])).toEqual([
      ['NGN', 1],
      ['USD', 700],
      ['GBP', 890],
    ]);
    for (const time of [data.alertsUpdatedAt, data.deliveryUpdatedAt, ...data.rates.map((r) => r.updatedAt)]) expect(new Date(time!).toISOString()).toBe(time);
    expect(Array.isArray(data.zonesInUse)).toBe(true);
  });

  it('is for owners and managers: florists and riders 403, no session 401', async () => {
    expect((await read(await signedIn('owner'))).status).toBe(200);
    expect((await read(await signedIn('florist', 'lagos'))).status).toBe(403);
    expect((await read(await signedIn('rider', 'abuja'))).status).toBe(403);
    expect((await read('')).status).toBe(401);
  });
});

describe('PUT /admin/api/settings/alerts', () => {
  it('shows the new banner, payment and product alerts in the next handshake, audited before and after', async () => {
    const before = await current();
    const version = contentVersion();
    const next: AlertSettings = {
      siteWideAlert: "Valentine's orders close 12 February · Free delivery above {{150000}}",
      paymentAlerts: [{ paymentMethod: 'bitcoinTransfer', message: 'Send the exact amount; we confirm after one confirmation.' }],
      productAlerts: ['Roses are scarce this week: we may swap a colour.'],
    };
    const res = await putAlerts(next, { basedOn: before.alertsUpdatedAt });
    expect(res.status).toBe(200);
    expect(res.body.message).toMatch(/saved/);
    expect(res.body.data).toMatchObject({ alerts: next, changed: true });
    expect(new Date(res.body.data.updatedAt).getTime()).toBeGreaterThan(new Date(before.alertsUpdatedAt!).getTime());
    expect(contentVersion()).toBeGreaterThan(version);

    expect((await handshake()).settings.alertSettings).toEqual(next);
    const [line] = await contentChangesOf(db, 'settings', 'alerts');
    expect(line).toMatchObject({ action: 'updated', before: before.alerts, after: next, actorId: expect.any(String) });

    // The same document again writes nothing.
    const again = await putAlerts(next);
    expect([again.status, again.body.message, again.body.data.changed]).toEqual([200, 'Nothing to change', false]);
    expect(await contentChangesOf(db, 'settings', 'alerts')).toHaveLength(1);
  });

  it.each([
    [{ siteWideAlert: 'Free delivery above {{a lot}}' }, 'Site-wide alert must write amounts as a number of naira between double braces, e.g. {{100000}}'],
    [{ paymentAlerts: [{ paymentMethod: 'cash', message: 'x' }] }, /^Payment alert 1: payment method must be one of paystack, /],
    [{ paymentAlerts: [{ paymentMethod: 'payPal', message: '' }] }, 'Payment alert for PayPal must not be empty (leave the method out instead)'],
    [{ paymentAlerts: [{ paymentMethod: 'payPal', message: 'a' }, { paymentMethod: 'payPal', message: 'b' }] }, 'Payment alerts must list each payment method once'],
    [{ productAlerts: ['Fine', ''] }, 'Product alert 2 must not be empty'],
    [{ productAlerts: ['x'.repeat(201)] }, 'Product alert 1 must be at most 200 characters'],
    [{ siteWideAlert: 'Hello\u0000' }, 'Site-wide alert must not contain control characters'],
    [{ banner: 'x' }, 'The alert settings: banner is not a field of this call'],
  ])('refuses %j with a 400 in words, writing nothing', async (change, message) => {
    const before = await current();
    const lines = (await contentChangesOf(db, 'settings', 'alerts')).length;
    const res = await putAlerts({ ...before.alerts, ...change });
    expect(res.status).toBe(400);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect((await handshake()).settings.alertSettings).toEqual(before.alerts);
    expect(await contentChangesOf(db, 'settings', 'alerts')).toHaveLength(lines);
  });

  it('refuses a page read before the last change (409), florists and riders (403), other sites (403)', async () => {
    const before = await current();
    const stale = new Date(new Date(before.alertsUpdatedAt!).getTime() - 60_000).toISOString();
    const changed = { ...before.alerts, siteWideAlert: 'A change from an old page' };
    const res = await putAlerts(changed, { basedOn: stale });
    expect(res.status).toBe(409);
    expect(res.body.message).toMatch(/^Someone changed the alerts at .* \(Lagos\) since you opened them/);
    expect((await putAlerts(changed, { cookie: await signedIn('florist', 'lagos') })).status).toBe(403);
    expect((await putAlerts(changed, { cookie: await signedIn('rider', 'lagos') })).status).toBe(403);
    const foreign = await fetch(`${server.url}/admin/api/settings/alerts`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example', cookie: manager },
      body: JSON.stringify(changed),
    });
    expect(foreign.status).toBe(403);
    expect((await handshake()).settings.alertSettings).toEqual(before.alerts);
  });
});

describe('PUT /admin/api/settings/rates', () => {
  it('sets the dollar rate: the next handshake converts with it, new orders use it, an older order keeps its own', async () => {
    const older = await orderDeliveredOn(plainDay(), 'USD');
    expect(older.conversionRate).toBe(700);
    const before = await current();
    const version = contentVersion();

    const res = await putRates({ USD: 750, GBP: rateOf(before.rates, 'GBP') });
    expect(res.status).toBe(200);
    expect(res.body.data.changed).toBe(true);
    const usd = res.body.data.rates.find((r) => r.name === 'USD')!;
    expect(usd.conversionRate).toBe(750);
    expect(Math.abs(new Date(usd.updatedAt).getTime() - now().getTime())).toBeLessThan(60_000);
    // The pound did not change: neither its time nor its audit.
    expect(res.body.data.rates.find((r) => r.name === 'GBP')!.updatedAt).toBe(before.rates.find((r) => r.name === 'GBP')!.updatedAt);
    expect(contentVersion()).toBeGreaterThan(version);

    expect(rateOf((await handshake()).currencies, 'USD')).toBe(750);
    expect(rateOf((await handshake()).currencies, 'NGN')).toBe(1);
    const [line] = await contentChangesOf(db, 'currency', 'USD');
    expect(line).toMatchObject({ action: 'updated', before: { conversionRate: 700 }, after: { conversionRate: 750 } });
    expect(await contentChangesOf(db, 'currency', 'GBP')).toHaveLength(0);

    const newer = await orderDeliveredOn(plainDay(), 'USD');
    expect(newer.conversionRate).toBe(750);
    expect(newer.amountsInCurrency.subtotal).toBe(Math.ceil(newer.amounts.subtotal / 750));
    const olderNow = (await call<Order>('GET', `/v1/firebase/order/${older.id}`)).body.data;
    expect([olderNow.conversionRate, olderNow.amountsInCurrency]).toEqual([700, older.amountsInCurrency]);
  });

  it('refuses a move of more than 20% until it is confirmed (409, nothing written)', async () => {
    const before = await current();
    const usd = rateOf(before.rates, 'USD');
    const gbp = rateOf(before.rates, 'GBP');
    const jump = await putRates({ USD: usd, GBP: 1_900 });
    expect(jump.status).toBe(409);
    expect(jump.body.message).toBe(`The British pound moves from ₦${gbp.toLocaleString('en-US')} to ₦1,900 (up ${Math.round(((1_900 - gbp) / gbp) * 100)}%): more than 20%. Check the rate, then confirm the change.`);
    expect(rateOf((await handshake()).currencies, 'GBP')).toBe(gbp);
    expect(await contentChangesOf(db, 'currency', 'GBP')).toHaveLength(0);

    const confirmed = await putRates({ USD: usd, GBP: 1_900, confirmLargeChange: true });
    expect(confirmed.status).toBe(200);
    expect(rateOf((await handshake()).currencies, 'GBP')).toBe(1_900);
    expect(await contentChangesOf(db, 'currency', 'GBP')).toHaveLength(1);
  });

  it.each([
    [{ USD: 50, GBP: 1_900 }, 'USD: the naira per US dollar must be at least ₦100'],
    [{ USD: 25_000, GBP: 1_900 }, 'USD: the naira per US dollar must be at most ₦20,000'],
    [{ USD: 750.5, GBP: 1_900 }, 'USD: the naira per US dollar must be a whole number, e.g. 1500'],
    [{ USD: '750', GBP: 1_900 }, 'USD: the naira per US dollar must be a whole number, e.g. 1500'],
    [{ USD: 750 }, 'GBP is required: the naira per British pound'],
    [{ USD: 750, GBP: 1_900, NGN: 2 }, 'NGN is not a field of this call'],
  ])('refuses %j with a 400 naming the rate', async (body, message) => {
    const res = await putRates(body);
    expect([res.status, res.body.message]).toEqual([400, message]);
  });

  it('is for owners and managers only', async () => {
    const before = await current();
    const body = { USD: rateOf(before.rates, 'USD') + 1, GBP: rateOf(before.rates, 'GBP') };
    expect((await putRates(body, await signedIn('florist', 'abuja'))).status).toBe(403);
    expect((await putRates(body, await signedIn('rider', 'lagos'))).status).toBe(403);
    expect(rateOf((await handshake()).currencies, 'USD')).toBe(rateOf(before.rates, 'USD'));
  });
});

describe('PUT /admin/api/settings/delivery', () => {
  it("a new Valentine's Lagos fee: in the handshake's fees on 14 February and in checkout for an order dated then", async () => {
    const before = await current();
    const next = copy(before.delivery);
    zoneOf(next, 'Valentine peak', 'lagos-central').amount = 26_000;
    const version = contentVersion();
    const res = await putDelivery(next, { basedOn: before.deliveryUpdatedAt });
    expect(res.status).toBe(200);
    expect(res.body.data.changed).toBe(true);
    expect(contentVersion()).toBeGreaterThan(version);
    expect((await handshake()).settings.deliverySettings).toEqual(next);

    const [line] = await contentChangesOf(db, 'settings', 'delivery');
    expect(line).toMatchObject({ action: 'updated', before: before.delivery, after: next });

    const valentine = nextValentine();
    const order = await orderDeliveredOn(valentine);
    expect(order.amounts.deliveryFee).toBe(26_000);

    // The handshake's fees of the day, with the clock moved to noon on 14 February in Lagos.
    const offset = new Date(`${valentine}T11:00:00Z`).getTime() - now().getTime();
    advanceClock(offset);
    try {
      const fees = (await handshake()).deliveryZoneAmount;
      expect(fees['lagos-central']).toBe(26_000);
      expect(fees['abuja-central']).toBe(zoneOf(next, 'Valentine peak', 'abuja-central').amount);
    } finally {
      resetClock();
    }
  });

  it("a standard fee, threshold and cut-off change reach today's fees and checkout at once", async () => {
    const before = await current();
    const next = copy(before.delivery);
    zoneOf(next, 'base', 'lagos-central').amount = 5_200;
    next.baseConfig.freeDeliveryThreshold = 120_000;
    next.sameDayCutoffHour = 14;
    expect((await putDelivery(next)).status).toBe(200);
    const shake = await handshake();
    expect(shake.settings.deliverySettings.sameDayCutoffHour).toBe(14);
    expect(shake.settings.deliverySettings.baseConfig.freeDeliveryThreshold).toBe(120_000);
    const peakToday = next.overrideConfigs.some((c) => c.active && c.dates?.includes(shopDay(now()).slice(5)));
    if (!peakToday) expect(shake.deliveryZoneAmount['lagos-central']).toBe(5_200);
    expect((await orderDeliveredOn(plainDay())).amounts.deliveryFee).toBe(5_200);
  });

  it('adds peak dates of their own and a new zone (priced in every config); an unused zone may go again', async () => {
    const before = await current();
    const next = copy(before.delivery);
    const lagos = next.baseConfig.stateDeliveryZones.find((s) => s.state === 'lagos')!;
    lagos.zones.push({ name: 'lagos-island', label: 'Lagos Island', areas: ['Lagos Island', 'Obalende'], amount: 6_000, freeAboveThreshold: false });
    for (const peak of next.overrideConfigs) {
      peak.stateDeliveryZones.find((s) => s.state === 'lagos')!.zones.push({ name: 'lagos-island', label: 'Lagos Island', areas: [], amount: 15_000, freeAboveThreshold: false });
    }
    const day = plainDay(5);
    next.overrideConfigs.push({ ...copy(next.baseConfig), name: "Mothers' Day", description: 'Mothering Sunday', type: 'override', dates: [day.slice(5)] });
    zoneOf(next, "Mothers' Day", 'lagos-central').amount = 9_000;
    const res = await putDelivery(next);
    expect(res.status).toBe(200);
    expect((await handshake()).settings.deliverySettings.overrideConfigs.map((c) => c.name)).toEqual(['Valentine peak', 'Festive peak', "Mothers' Day"]);
    expect((await orderDeliveredOn(day)).amounts.deliveryFee).toBe(9_000);

    // No order went to Lagos Island: it may be removed again (from every config).
    const without = copy(res.body.data.delivery);
    for (const config of [without.baseConfig, ...without.overrideConfigs]) {
      const state = config.stateDeliveryZones.find((s) => s.state === 'lagos')!;
      state.zones = state.zones.filter((z) => z.name !== 'lagos-island');
    }
    expect((await putDelivery(without)).status).toBe(200);
  });

  it('keeps a zone that orders carry (409) and never moves a zone to another state (400); nothing written', async () => {
    await orderDeliveredOn(plainDay());
    const before = await current();
    expect(before.zonesInUse).toContain('lagos-central');
    const lines = (await contentChangesOf(db, 'settings', 'delivery')).length;

    const removed = copy(before.delivery);
    for (const config of [removed.baseConfig, ...removed.overrideConfigs]) {
      const state = config.stateDeliveryZones.find((s) => s.state === 'lagos')!;
      state.zones = state.zones.filter((z) => z.name !== 'lagos-central');
    }
    const res = await putDelivery(removed);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Standard delivery: Lagos central (lagos-central) cannot be removed: orders were placed for it. Change the fee or label instead.');

    const moved = copy(before.delivery);
    for (const config of [moved.baseConfig, ...moved.overrideConfigs]) {
      const [lagos, abuja] = [config.stateDeliveryZones.find((s) => s.state === 'lagos')!, config.stateDeliveryZones.find((s) => s.state === 'abuja')!];
      abuja.zones.push(lagos.zones.find((z) => z.name === 'lagos-outer')!);
      lagos.zones = lagos.zones.filter((z) => z.name !== 'lagos-outer');
    }
    const move = await putDelivery(moved);
    expect([move.status, move.body.message]).toEqual([400, 'Standard delivery: the zone Lagos outer (lagos-outer) belongs to Lagos and cannot move to Abuja; add a new zone there instead']);

    expect((await handshake()).settings.deliverySettings).toEqual(before.delivery);
    expect(await contentChangesOf(db, 'settings', 'delivery')).toHaveLength(lines);
  });

  type Change = (d: DeliveryDocument) => void;
  const lagosOf = (config: DeliveryDocument['baseConfig']) => config.stateDeliveryZones.find((s) => s.state === 'lagos')!;
  const valentine = (d: DeliveryDocument) => d.overrideConfigs.find((c) => c.name === 'Valentine peak')!;
  it.each<[string, Change, string]>([
    ['a fraction of a naira', (d) => void (zoneOf(d, 'Valentine peak', 'lagos-central').amount = 4_500.5), 'Valentine peak: Lagos central fee must be a whole number of naira'],
    ['a fee as text', (d) => void ((zoneOf(d, 'base', 'abuja-outer') as { amount: unknown }).amount = '6000'), 'Standard delivery: Abuja outer fee must be a whole number of naira'],
    ['a negative fee of a zone named without its state', (d) => void (zoneOf(d, 'Valentine peak', 'abuja-unsure').amount = -5), 'Valentine peak: Not sure of the address, call the recipient (Abuja) fee must not be below ₦0'],
    ['a negative threshold', (d) => void (valentine(d).freeDeliveryThreshold = -1), 'Valentine peak: free-delivery threshold must not be below ₦0'],
    ['a huge fee', (d) => void (zoneOf(d, 'base', 'lagos-outer').amount = 5_000_000), 'Standard delivery: Lagos outer fee must be at most ₦1,000,000'],
    ['an empty zone label', (d) => void (zoneOf(d, 'base', 'lagos-outer').label = ' '), 'Standard delivery: lagos-outer label must not be empty'],
    ['a bad zone key', (d) => void lagosOf(d.baseConfig).zones.push({ name: 'Lagos Island', label: 'Island', areas: [], amount: 1, freeAboveThreshold: false }), 'Standard delivery: Island (Lagos) key must be lower-case letters and digits joined by hyphens, e.g. lagos-island'],
    ['a cut-off of 24', (d) => void (d.sameDayCutoffHour = 24), 'Same-day cut-off hour must be a whole hour from 0 to 23'],
    ['a date not written MM-DD', (d) => void (valentine(d).dates = ['14/02']), 'Valentine peak: date 1 must be a day written MM-DD, e.g. 02-14'],
    ['30 February', (d) => void (valentine(d).dates = ['02-30']), 'Valentine peak: 02-30 is not a day of the year'],
    ['no dates', (d) => void (valentine(d).dates = []), 'Valentine peak: choose at least one date'],
    ['a day in two peaks', (d) => void valentine(d).dates!.push('12-25'), '25 December is in both Valentine peak and Festive peak; a day can have one peak config'],
    ['two peaks of one name', (d) => void (d.overrideConfigs[1]!.name = 'valentine peak'), 'Peak dates: two configs are called valentine peak'],
    ['a peak without a standard zone', (d) => void (lagosOf(valentine(d)).zones = lagosOf(valentine(d)).zones.filter((z) => z.name !== 'lagos-outer')), 'Valentine peak: Lagos has no fee for Lagos outer (lagos-outer); a peak config prices every standard zone'],
    ['a peak zone standard lacks', (d) => void lagosOf(valentine(d)).zones.push({ name: 'lagos-x', label: 'Lagos X', areas: [], amount: 1, freeAboveThreshold: false }), 'Valentine peak: Lagos has the zone Lagos X (lagos-x), which standard delivery does not have; add it there first'],
    ['Lagos without zones', (d) => void (lagosOf(d.baseConfig).zones = []), 'Standard delivery: Lagos needs at least one zone'],
    ['a zone for other states', (d) => void d.baseConfig.stateDeliveryZones[2]!.zones.push({ name: 'kano', label: 'Kano', areas: [], amount: 1, freeAboveThreshold: false }), 'Standard delivery: Other states cannot have zones: deliveries there are quoted by our staff'],
    ['Abuja missing', (d) => void (d.baseConfig.stateDeliveryZones = d.baseConfig.stateDeliveryZones.filter((s) => s.state !== 'abuja')), 'Standard delivery: Abuja is missing (every config lists Lagos, Abuja and other states)'],
    ['standard switched off', (d) => void (d.baseConfig.active = false), 'Standard delivery cannot be switched off: it prices every day that is not a peak date'],
    ['an unknown field', (d) => void ((valentine(d) as Record<string, unknown>).colour = 'red'), 'Valentine peak: colour is not a field of this call'],
    ['a control character', (d) => void (valentine(d).description = 'Peak\u0007'), 'Valentine peak: description must not contain control characters'],
  ])('refuses %s with a 400 in words, writing nothing', async (_what, change, message) => {
    const before = await current();
    const lines = (await contentChangesOf(db, 'settings', 'delivery')).length;
    const next = copy(before.delivery);
    change(next);
    const res = await putDelivery(next);
    expect([res.status, res.body.message]).toEqual([400, message]);
    expect((await handshake()).settings.deliverySettings).toEqual(before.delivery);
    expect(await contentChangesOf(db, 'settings', 'delivery')).toHaveLength(lines);
  });

  it('refuses a page read before the last change (409) and florists and riders (403)', async () => {
    const before = await current();
    const next = copy(before.delivery);
    next.sameDayCutoffHour = 15;
    const stale = await putDelivery(next, { basedOn: '2020-01-01T00:00:00.000Z' });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toMatch(/^Someone changed the delivery settings at /);
    expect((await putDelivery(next, { cookie: await signedIn('florist', 'lagos') })).status).toBe(403);
    expect((await putDelivery(next, { cookie: await signedIn('rider', 'abuja') })).status).toBe(403);
    expect((await putDelivery(next, { basedOn: 'yesterday' })).body.message).toBe('basedOn must be the ISO time the settings were read at');
    expect((await handshake()).settings.deliverySettings.sameDayCutoffHour).toBe(before.delivery.sameDayCutoffHour);
  });
});
