/** @jest-environment node */
/**
 * The metrics: route labels are patterns, never raw paths; the bearer check; and the app's own
 * metrics in the process's registry on the test's real database (embedded, or PostgreSQL with
 * TEST_DATABASE_URL): payments by provider and outcome, the PostgreSQL pool, the job queue's depth,
 * and a gauge that fails to read leaving a scrape intact. The served endpoint (token, 404/401,
 * the cluster's aggregation) is proven on a started server in e2e/ops.test.ts.
 */
import { queueDepth, stopJobs } from '@/lib/server/jobs/queue';
import { countPayment, metricsRegistry, registerGauge, startAppMetrics } from '@/lib/server/metrics';
import type * as HttpMetrics from '../../../scripts/http-metrics.mjs';
import { closeTestDatabase, openTestDatabase, usingPostgres } from '../../helpers/db';

let httpMetrics: typeof HttpMetrics;

beforeAll(async () => {
  httpMetrics = await import('../../../scripts/http-metrics.mjs');
  await openTestDatabase();
});
afterAll(async () => {
  await stopJobs();
  await closeTestDatabase();
});

/** The value of one sample in the registry's text, or undefined when absent. */
async function sample(name: string, labels: string): Promise<number | undefined> {
  const text = await metricsRegistry().metrics();
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line === undefined ? undefined : Number(line.split(' ').at(-1));
}

describe('route labels', () => {
  it.each([
    ['/product/[slug]', '/product/red-roses', '/product/[slug]'],
    ['/api/v1/payments/start/[orderId]', '/v1/payments/start/9f3c2a', '/v1/payments/start/[orderId]'],
    ['/api/v1/product/paginate', '/v1/product/paginate?categories=all', '/v1/product/paginate'],
    ['/api/staff/[...path]', '/admin/api/orders/17', '/admin/api/[...path]'],
    ['/api/media/p/[file]', '/media/p/rose.webp', '/media/p/[file]'],
    ['/404', '/no-such-page', '/404'],
    [undefined, '/_next/static/chunks/app-123.js', '/_next/static'],
    [undefined, '/healthz', '/healthz'],
    [undefined, '/v1/bad%ff', '(unmatched)'],
  ])('Next page %s for %s is labelled %s', (page, path, label) => {
    expect(httpMetrics.routeLabel(page, path)).toBe(label);
  });
});

describe('the bearer check', () => {
  const token = 'a-metrics-token-of-enough-length-1234';
  it('accepts exactly "Bearer <token>"', () => {
    expect(httpMetrics.bearerMatches(`Bearer ${token}`, token)).toBe(true);
  });
  it.each([undefined, '', token, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, `bearer ${token}`, `Basic ${token}`])('refuses %p', (sent) => {
    expect(httpMetrics.bearerMatches(sent, token)).toBe(false);
  });
  it('refuses everything when no token is configured', () => {
    expect(httpMetrics.bearerMatches('Bearer ', '')).toBe(false);
  });
});

describe('the app metrics', () => {
  beforeAll(() => startAppMetrics());

  it('share one registry with the server script', () => {
    expect(httpMetrics.metricsRegistry()).toBe(metricsRegistry());
  });

  it('count payments by provider and outcome', async () => {
    const before = (await sample('shop_payments_total', 'provider="paystack",outcome="started"')) ?? 0;
    countPayment('paystack', 'started');
    countPayment('paystack', 'started');
    countPayment('paystack', 'confirmed');
    expect(await sample('shop_payments_total', 'provider="paystack",outcome="started"')).toBe(before + 2);
    expect(await sample('shop_payments_total', 'provider="paystack",outcome="confirmed"')).toBeGreaterThanOrEqual(1);
  });

  it('show the PostgreSQL pool, and nothing of it on the embedded database', async () => {
    const total = await sample('shop_db_pool_connections', 'state="total"');
    if (usingPostgres) {
      expect(total).toBeGreaterThanOrEqual(1);
      expect(await sample('shop_db_pool_connections', 'state="waiting"')).toBe(0);
    } else {
      expect(total).toBeUndefined();
    }
  });

  it('show the job queue depth per queue', async () => {
    // The test database may hold jobs other files wrote (no worker runs under the tests).
    const depth = await queueDepth();
    expect(Object.keys(depth).length).toBeGreaterThan(0);
    for (const [queue, jobs] of Object.entries(depth)) expect(await sample('shop_queue_depth', `queue="${queue}"`)).toBe(jobs);
  });

  it('leave a gauge that cannot be read out of the scrape rather than failing it', async () => {
    registerGauge({ name: 'shop_test_broken', help: 'A gauge whose source fails', label: 'part', read: () => Promise.reject(new Error('source down')) });
    registerGauge({ name: 'shop_test_working', help: 'A gauge whose source works', label: 'part', read: () => ({ one: 7 }) });
    const text = await metricsRegistry().metrics();
    expect(text).toContain('# TYPE shop_test_broken gauge');
    expect(text).not.toMatch(/^shop_test_broken\{/m);
    expect(await sample('shop_test_working', 'part="one"')).toBe(7);
  });
});
