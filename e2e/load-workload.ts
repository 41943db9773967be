/**
 * The load tests' workload, shared by e2e/load.test.ts (one instance) and e2e/instances.test.ts
 * (three instances behind nginx): one complete guest checkout through the Paystack sandbox or a
 * fake Paystack (create the order, checkout details for Lagos central or a pick-up, choose
 * Paystack, start the payment, press Pay on the provider's page, which posts the signed webhook
 * to the shop, then verify like the browser's return), storefront browsing, and a summary of
 * every response (requests, statuses, p50/p99 per call type).
 *
 * A `Workload` with `retry` behaves like a real client behind a proxy: it sends an
 * `Idempotency-Key` on order create and payment start and repeats any call that failed with a
 * network error or a 502/503/504 (with the same key), and a keyed call answered 409 (the first
 * request with that key is still running, or died holding it: the app's claim lasts 2 minutes),
 * after its Retry-After, for up to 3 minutes. Without it the first answer counts, as on one
 * instance where nothing should fail.
 *
 * @example
 * const load = new Workload(shop.url);
 * const catalogue = await load.catalogue();
 * const order = await load.checkout(catalogue, 0, 0);
 * console.log(load.summary('1 checkout', 1000));
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';

// The seeded delivery rule (lib/samples/settings.ts), restated here on purpose: the tests check
// the server's totals against their own arithmetic, not against the server's code.
const LAGOS_CENTRAL_FEE = 4_500;
const FREE_DELIVERY_FROM = 100_000;
const PEAK_DAYS = ['02-13', '02-14', '02-15', '12-25', '12-26', '01-01'];

/** Statuses after which a retrying client asks again: the proxy could not get an answer. */
const RETRY_STATUSES = new Set([502, 503, 504]);
/**
 * How long a retrying client keeps asking: longer than an instance's restart and than the claim a
 * keyed request holds when its instance died under it (LOCK_MS in lib/server/http/idempotency.ts).
 */
const RETRY_FOR_MS = 180_000;

export type Listed = { id: string; slug: string; sku: string; type: string; price: number; inStock: boolean; active: boolean };
export type Envelope<T> = { data: T; error: boolean; message: string };

/** One response: its call type, method, status (0: no answer) and latency. */
export type Sample = { kind: string; method: string; status: number; ms: number };

/** A paid checkout: the order and the total this test computed for it. */
export type Created = { id: string; expectedTotal: number; delivery: boolean };

type CallInit = RequestInit & { json?: unknown; idempotencyKey?: string };

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const randomInt = (min: number, max: number) => min + Math.floor(Math.random() * (max - min + 1));
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

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

export class Workload {
  /** Every response (retried ones included). */
  readonly samples: Sample[] = [];
  /** Calls that failed for good: no answer, a 5xx, or an unexpected status. */
  readonly failures: string[] = [];
  /** Calls asked again after a network error or a 502/503/504 (retrying clients only). */
  readonly retries: string[] = [];
  /** Every order the shop said it created (checkouts that failed later included). */
  readonly orders: string[] = [];

  constructor(
    readonly url: string,
    private readonly options: { retry?: boolean } = {},
  ) {}

  async call<T>(kind: string, path: string, init: CallInit = {}): Promise<{ status: number; body: T; res: Response }> {
    const { json, idempotencyKey, ...rest } = init;
    const method = rest.method ?? 'GET';
    const headers: Record<string, string> = {
      ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(idempotencyKey ? { 'Idempotency-Key': idempotencyKey } : {}),
      ...(rest.headers as Record<string, string> | undefined),
    };
    const request: RequestInit = { ...rest, headers, ...(json !== undefined ? { body: JSON.stringify(json) } : {}) };
    const url = path.startsWith('http') ? path : `${this.url}${path}`;
    const giveUpAt = Date.now() + RETRY_FOR_MS;
    for (let attempt = 1; ; attempt++) {
      const again = this.options.retry === true && Date.now() < giveUpAt;
      const started = performance.now();
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, request);
        text = await res.text();
      } catch (error) {
        this.samples.push({ kind, method, status: 0, ms: performance.now() - started });
        const reason = `${kind} ${path}: ${error instanceof Error ? error.message : String(error)}`;
        if (again) {
          this.retries.push(`${reason} (attempt ${attempt})`);
          await sleep(Math.min(2_000, 250 * attempt));
          continue;
        }
        this.failures.push(reason);
        throw error;
      }
      this.samples.push({ kind, method, status: res.status, ms: performance.now() - started });
      if (again && (RETRY_STATUSES.has(res.status) || (idempotencyKey && res.status === 409))) {
        this.retries.push(`${kind} ${path}: ${res.status} (attempt ${attempt})`);
        const retryAfterMs = Number(res.headers.get('retry-after') ?? 0) * 1000;
        await sleep(retryAfterMs > 0 ? Math.min(5_000, retryAfterMs) : Math.min(2_000, 250 * attempt));
        continue;
      }
      let body: T;
      try {
        body = (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text) as T;
      } catch {
        body = text as T;
      }
      if (res.status >= 500) this.failures.push(`${kind} ${path}: ${res.status} ${text.slice(0, 200)}`);
      return { status: res.status, body, res };
    }
  }

  async expectOk<T>(kind: string, path: string, init: CallInit = {}, status = 200): Promise<T> {
    const answer = await this.call<Envelope<T>>(kind, path, init);
    if (answer.status !== status) {
      const message = `${kind} ${path}: expected ${status}, got ${answer.status} ${JSON.stringify(answer.body).slice(0, 300)}`;
      this.failures.push(message);
      throw new Error(message);
    }
    return answer.body.data;
  }

  /** The catalogue's in-stock simple products with a price, which checkouts choose from. */
  async catalogue(): Promise<Listed[]> {
    const listing = await this.expectOk<{ items: Listed[] }>('catalogue', '/v1/product/paginate?pageSize=100&categories=all');
    return listing.items.filter((p) => p.type === 'simple' && p.inStock && p.active && p.price > 0);
  }

  /** One complete guest checkout through Paystack (the sandbox or a fake); `client` and `n` name the shopper. */
  async checkout(catalogue: Listed[], client: number, n: number): Promise<Created> {
    const chosen = [...catalogue].sort(() => Math.random() - 0.5).slice(0, randomInt(1, 3));
    const lines = chosen.map((p) => ({ product: p, quantity: randomInt(1, 3) }));
    const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
    const delivery = Math.random() < 0.7;
    const expectedTotal = subtotal + (delivery && subtotal < FREE_DELIVERY_FROM ? LAGOS_CENTRAL_FEE : 0);
    const key = () => (this.options.retry ? randomUUID() : undefined);

    const created = await this.expectOk<{ id: string }>(
      'order/create',
      '/v1/firebase/order/create',
      {
        method: 'POST',
        idempotencyKey: key(),
        json: { deliveryDate: '', currency: 'NGN', cartItems: lines.map((l) => ({ productId: l.product.id, SKU: l.product.sku, quantity: l.quantity })) },
      },
      201,
    );
    const id = created.id;
    this.orders.push(id);
    const day = deliveryDay();
    const who = `Load Client${client} Order${n}`;
    const orderData = delivery
      ? {
          deliveryDate: day,
          deliveryZone: 'lagos-central',
          recipient: { method: 'delivery', name: 'Amaka Obi', phone: '08091234567', address: '5 Bourdillon Road, Ikoyi', state: 'lagos', residenceType: 'Home' },
        }
      : { deliveryDate: day, despatchLocation: pick(['LPI', 'LPL', 'APA'] as const), recipient: { method: 'pick-up' } };
    await this.expectOk('order/checkout-order', `/v1/firebase/order/checkout-order/${id}`, {
      method: 'PUT',
      json: { currency: 'NGN', orderData, userData: { name: who, email: `load.${client}.${n}.${Date.now().toString(36)}@example.com`, phone: '0803 123 4567' } },
    });
    await this.expectOk('order/update-payment-details', `/v1/firebase/order/update-payment-details/${id}`, { method: 'PUT', json: { currency: 'NGN', paymentMethod: 'paystack' } });
    const start = await this.expectOk<{ kind: string; reference: string; redirectUrl: string }>('payments/start', `/v1/payments/start/${id}`, {
      method: 'POST',
      idempotencyKey: key(),
      json: {},
    });
    assert.equal(start.kind, 'redirect');

    const decision = await this.call<string>('sandbox/pay (+webhook)', start.redirectUrl, {
      method: 'POST',
      body: 'decision=pay',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
    if (decision.status !== 303) {
      this.failures.push(`sandbox pay for ${id}: expected 303, got ${decision.status}`);
      throw new Error(`sandbox pay for ${id}: ${decision.status}`);
    }
    const back = new URL(decision.res.headers.get('location') ?? '', this.url);
    assert.equal(back.searchParams.get('reference'), start.reference, 'the sandbox returns to the shop with the reference');

    const outcome = await this.expectOk<{ outcome: string }>('payments/verify', `/v1/payments/verify/${id}?reference=${encodeURIComponent(start.reference)}`);
    if (outcome.outcome !== 'paid') this.failures.push(`verify ${id}: outcome ${outcome.outcome}`);
    return { id, expectedTotal, delivery };
  }

  /** Storefront traffic until `done()`: pages, product pages, category pages, searches. */
  /**
   * `clients` clients at once, each completing `perClient` checkouts one after another (client
   * numbers from `firstClient`); `afterEach` is told after every checkout, failed or not. Answers
   * the orders made and the errors thrown.
   */
  async checkouts(catalogue: Listed[], clients: number, perClient: number, options: { firstClient?: number; afterEach?: (done: { created: number; errors: number }) => void } = {}): Promise<{ created: Created[]; errors: unknown[] }> {
    const created: Created[] = [];
    const errors: unknown[] = [];
    await Promise.all(
      Array.from({ length: clients }, async (_, client) => {
        for (let n = 0; n < perClient; n++) {
          try {
            created.push(await this.checkout(catalogue, (options.firstClient ?? 0) + client, n));
          } catch (error) {
            errors.push(error);
          }
          options.afterEach?.({ created: created.length, errors: errors.length });
        }
      }),
    );
    return { created, errors };
  }

  async browse(catalogue: Listed[], done: () => boolean): Promise<void> {
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
      const { status } = await this.call(`browse/${step}`, path).catch(() => ({ status: 0 }));
      if (status >= 400 && status !== 404) this.failures.push(`browse ${path}: ${status}`);
    }
  }

  /** Requests, req/s, statuses and p50/p99 per call type; `what` heads the first line. */
  summary(what: string, durationMs: number): string {
    const kinds = [...new Set(this.samples.map((s) => s.kind))].sort();
    const rows = kinds.map((kind) => {
      const times = this.samples
        .filter((s) => s.kind === kind)
        .map((s) => s.ms)
        .sort((a, b) => a - b);
      return `  ${kind.padEnd(32)} ${String(times.length).padStart(6)}  p50 ${percentile(times, 50).toFixed(0).padStart(5)} ms  p99 ${percentile(times, 99).toFixed(0).padStart(5)} ms`;
    });
    const statuses = Object.entries(
      this.samples.reduce<Record<string, number>>((acc, s) => ({ ...acc, [s.status]: (acc[s.status] ?? 0) + 1 }), {}),
    )
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    return [
      `load: ${what}, ${this.samples.length} requests in ${(durationMs / 1000).toFixed(1)} s (${((this.samples.length * 1000) / durationMs).toFixed(1)} req/s)`,
      `  statuses: ${statuses}`,
      ...rows,
    ].join('\n');
  }
}

/** An order as the load tests check it in the database. */
export type StoredOrder = { id: string; order_number: string; copies: number; status: string; payment_state: string; total: number; succeeded: number; attempts: number; paid_events: number };

/** The created orders as stored, by id: rows per id, status, payment, successful and all attempts, 'Paid with' events. */
export async function storedOrders(db: { query<R>(text: string, values: unknown[]): Promise<{ rows: R[] }> }, ids: string[]): Promise<Map<string, StoredOrder>> {
  const { rows } = await db.query<StoredOrder>(
    `select o.id, o.order_number, count(*) over (partition by o.id)::int as copies, o.status, o.payment_state, o.total,
       (select count(*)::int from payment_attempts a where a.order_id = o.id and a.status = 'succeeded') as succeeded,
       (select count(*)::int from payment_attempts a where a.order_id = o.id) as attempts,
       (select count(*)::int from order_events e where e.order_id = o.id and e.note like 'Paid with %') as paid_events
     from orders o where o.id = any($1::uuid[])`,
    [ids],
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** One line per created order that is not stored once and paid once with the expected total (none: every order is right). */
export function unpaidOnce(created: Created[], stored: Map<string, StoredOrder>): string[] {
  const wrong: string[] = [];
  for (const order of created) {
    const row = stored.get(order.id);
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
  return wrong;
}
