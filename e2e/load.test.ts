/**
 * Load with nothing lost (issue 7): the shop as `npm start` runs it on PostgreSQL
 * (LOAD_DATABASE_URL), with no provider keys so that card payments go through the built-in
 * Paystack sandbox (its API, hosted page and signed webhook, served by the app itself).
 * 20 clients each complete CHECKOUTS_PER_CLIENT guest checkouts in sequence (create the order,
 * checkout details for Lagos central or a pick-up, choose Paystack, start the payment, press Pay
 * on the sandbox page, which posts the signed webhook to the app, then verify like the browser's
 * return) while 5 more clients browse the storefront for the whole run.
 * Afterwards: no 5xx and no failed request anywhere; in the database every created order exists
 * exactly once, is paid with a paid payment status, has exactly one succeeded payment attempt and
 * one 'Paid with' timeline event, and its total equals the total this test computes itself from
 * the catalogue prices it chose and the delivery fee rule (Lagos central ₦4,500 below ₦100,000;
 * pick-up free). Prints a summary (requests, req/s, p50/p99 per call type, duration).
 * Skipped unless LOAD_DATABASE_URL names an empty PostgreSQL database (`.ci/run` makes one).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'pg';
import { startShop, type Shop } from './shop-server';

const DATABASE_URL = process.env.LOAD_DATABASE_URL;
// The numbers; LOAD_CLIENTS / LOAD_CHECKOUTS_PER_CLIENT change them to probe the limits.
const CHECKOUT_CLIENTS = Number(process.env.LOAD_CLIENTS ?? 20);
const CHECKOUTS_PER_CLIENT = Number(process.env.LOAD_CHECKOUTS_PER_CLIENT ?? 10);
const BROWSE_CLIENTS = 5;
const BUDGET_MS = 5 * 60_000;

// The seeded delivery rule (lib/samples/settings.ts), restated here on purpose: the test
// checks the server's totals against its own arithmetic, not against the server's code.
const LAGOS_CENTRAL_FEE = 4_500;
const FREE_DELIVERY_FROM = 100_000;
const PEAK_DAYS = ['02-13', '02-14', '02-15', '12-25', '12-26', '01-01'];

type Listed = { id: string; slug: string; sku: string; type: string; price: number; inStock: boolean; active: boolean };
type Envelope<T> = { data: T; error: boolean; message: string };

/** Every response: its call type, status and latency. */
type Sample = { kind: string; status: number; ms: number };
const samples: Sample[] = [];
const failures: string[] = [];

async function call<T>(shop: Shop, kind: string, path: string, init: RequestInit & { json?: unknown } = {}): Promise<{ status: number; body: T; res: Response }> {
  const { json, ...rest } = init;
  const started = performance.now();
  let res: Response;
  try {
    res = await fetch(path.startsWith('http') ? path : `${shop.url}${path}`, {
      ...rest,
      ...(json !== undefined ? { body: JSON.stringify(json), headers: { 'Content-Type': 'application/json', ...rest.headers } } : {}),
    });
  } catch (error) {
    samples.push({ kind, status: 0, ms: performance.now() - started });
    failures.push(`${kind} ${path}: ${error instanceof Error ? error.message : String(error)}`);
    throw error;
  }
  const text = await res.text();
  samples.push({ kind, status: res.status, ms: performance.now() - started });
  let body: T;
  try {
    body = (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
  } catch {
    body = text as T;
  }
  if (res.status >= 500) failures.push(`${kind} ${path}: ${res.status} ${text.slice(0, 200)}`);
  return { status: res.status, body, res };
}

async function expectOk<T>(shop: Shop, kind: string, path: string, init: RequestInit & { json?: unknown } = {}, status = 200): Promise<T> {
  const answer = await call<Envelope<T>>(shop, kind, path, init);
  if (answer.status !== status) {
    const message = `${kind} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
    failures.push(message);
    throw new Error(message);
  }
  return answer.body.data;
}

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));

/** A day 3 to 7 days ahead (Lagos time), never a peak day. */
function deliveryDay(): string {
  const lagosToday = new Date(Date.now() + 60 * 60_000).toISOString().slice(0, 10);
  for (let ahead = randomInt(3, 7); ; ahead++) {
    const at = new Date(`${lagosToday}T12:00:00Z`);
    at.setUTCDate(at.getUTCDate() + ahead);
    const day = at.toISOString().slice(0, 10);
    if (!PEAK_DAYS.includes(day.slice(5))) return day;
  }
}

type Created = { id: string; expectedTotal: number; delivery: boolean };

/** One complete guest checkout through the Paystack sandbox. */
async function checkout(shop: Shop, catalogue: Listed[], client: number, n: number): Promise<Created> {
  const chosen = [...catalogue].sort(() => Math.random() - 0.5).slice(0, randomInt(1, 3));
  const lines = chosen.map((p) => ({ product: p, quantity: randomInt(1, 3) }));
  const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  const delivery = Math.random() < 0.7;
  const expectedTotal = subtotal + (delivery && subtotal < FREE_DELIVERY_FROM ? LAGOS_CENTRAL_FEE : 0);

  const created = await expectOk<{ id: string }>(
    shop,
    'order/create',
    '/v1/firebase/order/create',
    { method: 'POST', json: { deliveryDate: '', currency: 'NGN', cartItems: lines.map((l) => ({ productId: l.product.id, SKU: l.product.sku, quantity: l.quantity })) } },
    201,
  );
  const id = created.id;
  const day = deliveryDay();
  const who = `Load Client${client} Order${n}`;
  const orderData = delivery
    ? {
        deliveryDate: day,
        deliveryZone: 'lagos-central',
        recipient: { method: 'delivery', name: 'Amaka Obi', phone: '08091234567', address: '5 Bourdillon Road, Ikoyi', state: 'lagos', residenceType: 'Home' },
      }
    : { deliveryDate: day, despatchLocation: pick(['LPI', 'LPL', 'APA'] as const), recipient: { method: 'pick-up' } };
  await expectOk(shop, 'order/checkout-order', `/v1/firebase/order/checkout-order/${id}`, {
    method: 'PUT',
    json: { currency: 'NGN', orderData, userData: { name: who, email: `load.${client}.${n}.${Date.now().toString(36)}@example.com`, phone: '0803 123 4567' } },
  });
  await expectOk(shop, 'order/update-payment-details', `/v1/firebase/order/update-payment-details/${id}`, { method: 'PUT', json: { currency: 'NGN', paymentMethod: 'paystack' } });
  const start = await expectOk<{ kind: string; reference: string; redirectUrl: string }>(shop, 'payments/start', `/v1/payments/start/${id}`, { method: 'POST', json: {} });
  assert.equal(start.kind, 'redirect');

  const decision = await call<string>(shop, 'sandbox/pay (+webhook)', start.redirectUrl, {
    method: 'POST',
    body: 'decision=pay',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  if (decision.status !== 303) {
    failures.push(`sandbox pay for ${id}: expected 303, got ${decision.status}`);
    throw new Error(`sandbox pay for ${id}: ${decision.status}`);
  }
  const back = new URL(decision.res.headers.get('location') ?? '', shop.url);
  assert.equal(back.searchParams.get('reference'), start.reference, 'the sandbox returns to the shop with the reference');

  const outcome = await expectOk<{ outcome: string }>(shop, 'payments/verify', `/v1/payments/verify/${id}?reference=${encodeURIComponent(start.reference)}`);
  if (outcome.outcome !== 'paid') failures.push(`verify ${id}: outcome ${outcome.outcome}`);
  return { id, expectedTotal, delivery };
}

/** Storefront traffic until `done()`: pages, product pages, category pages, searches. */
async function browse(shop: Shop, catalogue: Listed[], done: () => boolean): Promise<void> {
  const categories = ['anniversary-flowers', 'birthday-flowers', 'get-well-soon', 'bridal-bouquets'];
  const searches = ['rose', 'lily', 'red', 'vase', 'birthday', 'chocolate'];
  while (!done()) {
    const product = pick(catalogue);
    const step = pick(['home', 'category', 'product', 'search', 'product-api'] as const);
    const path = {
      home: '/',
      category: `/product-category/${pick(categories)}`,
      product: `/product/${product.slug}`,
      search: `/v1/product/paginate?pageSize=24&searchValue=${pick(searches)}`,
      'product-api': `/v1/product/slug/${product.slug}?relatedProductsCount=4`,
    }[step];
    const { status } = await call(shop, `browse/${step}`, path).catch(() => ({ status: 0 }));
    if (status >= 400 && status !== 404) failures.push(`browse ${path}: ${status}`);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

function summary(checkouts: number, durationMs: number): string {
  const kinds = [...new Set(samples.map((s) => s.kind))].sort();
  const rows = kinds.map((kind) => {
    const times = samples
      .filter((s) => s.kind === kind)
      .map((s) => s.ms)
      .sort((a, b) => a - b);
    return `  ${kind.padEnd(32)} ${String(times.length).padStart(6)}  p50 ${percentile(times, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(times, 99).toFixed(0).padStart(5)} ms`;
  });
  const statuses = Object.entries(
    samples.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {}),
  )
    .map(([status, count]) => `${status}×${count}`)
    .join(' ');
  return [
    `load: ${checkouts} paid checkouts by ${CHECKOUT_CLIENTS} clients + ${BROWSE_CLIENTS} browsing, ${samples.length} requests in ${(durationMs / 1000).toFixed(1)} s (${((samples.length * 1000) / durationMs).toFixed(1)} req/s)`,
    `  statuses: ${statuses}`,
    ...rows,
  ].join('\n');
}

void test(
  `${CHECKOUT_CLIENTS} clients complete ${CHECKOUT_CLIENTS * CHECKOUTS_PER_CLIENT} guest checkouts through the Paystack sandbox while ${BROWSE_CLIENTS} browse: nothing lost, nothing paid twice, no 5xx`,
  { skip: DATABASE_URL ? false : 'LOAD_DATABASE_URL is not set (the load test needs an empty PostgreSQL database; .ci/run provides one)', timeout: 15 * 60_000 },
  async () => {
    const shop = await startShop({ DATABASE_URL: DATABASE_URL! });
    const db = new Client({ connectionString: DATABASE_URL });
    await db.connect();
    try {
      const listing = await expectOk<{ items: Listed[] }>(shop, 'catalogue', '/v1/product/paginate?pageSize=100&categories=all');
      const catalogue = listing.items.filter((p) => p.type === 'simple' && p.inStock && p.active && p.price > 0);
      assert.ok(catalogue.length >= 5, `the sample catalogue has in-stock simple products (found ${catalogue.length})`);
      samples.length = 0;
      const logFrom = shop.output().length;

      const started = performance.now();
      let finished = false;
      const browsing = Array.from({ length: BROWSE_CLIENTS }, () => browse(shop, catalogue, () => finished));
      const created: Created[] = [];
      const errors: unknown[] = [];
      await Promise.all(
        Array.from({ length: CHECKOUT_CLIENTS }, async (_, client) => {
          for (let n = 0; n < CHECKOUTS_PER_CLIENT; n++) {
            try {
              created.push(await checkout(shop, catalogue, client, n));
            } catch (error) {
              errors.push(error);
            }
          }
        }),
      );
      finished = true;
      await Promise.all(browsing);
      const durationMs = performance.now() - started;
      console.log(summary(created.length, durationMs));

      const logged = shop
        .output()
        .slice(logFrom)
        .split('\n')
        .filter((line) => /error|fail|unhandled|deadlock|timeout|refused/i.test(line));
      assert.deepEqual(logged, [], 'the server logged no error during the run');
      assert.deepEqual(failures, [], 'no request failed (no 5xx, no unexpected status)');
      assert.deepEqual(errors.map(String), [], 'every checkout completed');
      assert.equal(created.length, CHECKOUT_CLIENTS * CHECKOUTS_PER_CLIENT);
      assert.ok(
        samples.every((s) => s.status > 0 && s.status < 500),
        'no 5xx',
      );

      const ids = created.map((c) => c.id);
      assert.equal(new Set(ids).size, ids.length, 'every order id is new');
      const { rows } = await db.query<{ id: string; copies: number; status: string; payment_state: string; total: number; succeeded: number; paid_events: number }>(
        `select o.id, count(*) over (partition by o.id)::int as copies, o.status, o.payment_state, o.total,
           (select count(*)::int from payment_attempts a where a.order_id = o.id and a.status = 'succeeded') as succeeded,
           (select count(*)::int from order_events e where e.order_id = o.id and e.note like 'Paid with %') as paid_events
         from orders o where o.id = any($1::uuid[])`,
        [ids],
      );
      const byId = new Map(rows.map((r) => [r.id, r]));
      assert.equal(rows.length, ids.length, 'every created order is stored exactly once');
      const wrong: string[] = [];
      for (const order of created) {
        const row = byId.get(order.id);
        if (!row) {
          wrong.push(`${order.id}: missing`);
          continue;
        }
        const problems = [
          row.copies !== 1 && `${row.copies} rows`,
          row.status !== 'paid' && `status ${row.status}`,
          row.payment_state !== 'paid' && `payment state ${row.payment_state}`,
          row.succeeded !== 1 && `${row.succeeded} succeeded attempts`,
          row.paid_events !== 1 && `${row.paid_events} 'Paid with' events`,
          row.total !== order.expectedTotal && `total ${row.total}, expected ${order.expectedTotal}`,
        ].filter(Boolean);
        if (problems.length > 0) wrong.push(`${order.id}: ${problems.join(', ')}`);
      }
      assert.deepEqual(wrong, [], 'every order is paid once with the right total');
      const both = created.filter((c) => c.delivery).length;
      assert.ok(both > 0 && both < created.length, 'the run mixes deliveries and pick-ups');
      assert.ok(durationMs < BUDGET_MS, `the run took ${(durationMs / 1000).toFixed(1)} s (budget 5 minutes)`);
    } finally {
      await db.end();
      await shop.stop();
    }
  },
);
