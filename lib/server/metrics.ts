/**
 * The app's own Prometheus metrics, next to the request durations that scripts/http-metrics.mjs
 * measures around every request. `/metrics` (only with METRICS_TOKEN) shows them all:
 *
 * - `shop_payments_total{provider, outcome}`: payment attempts started (`started`, or
 *   `start_failed` when the provider refused), and settled (`confirmed`, `failed`, `pending`);
 *   `countPayment()` is called where that happens (lib/server/payments/);
 * - `shop_db_pool_connections{state}`: the PostgreSQL pool's connections (`total`, `idle`) and
 *   the queries waiting for one (`waiting`); nothing on the embedded database;
 * - `shop_queue_depth{queue}`: jobs waiting per queue (lib/server/jobs/queue.ts), the same for
 *   every process of one database, so a cluster shows the largest rather than the sum;
 * - any gauge another module adds with `registerGauge()`.
 *
 * Everything goes into one registry per process, kept on `globalThis.__shopMetricsRegistry`
 * (prom-client's default registry, which the server script shares and the cluster aggregates),
 * and each metric is created once however often Next loads this module.
 */
import client, { type Counter, type Gauge, type Registry } from 'prom-client';
import { databasePoolStats } from '@/lib/server/db/client';
import { queueDepth } from '@/lib/server/jobs/queue';

type Shared = { __shopMetricsRegistry?: Registry; __shopAppMetrics?: boolean };
const shared = globalThis as Shared;

/** How long a gauge may take to read its value during a scrape before it is left out. */
const READ_TIMEOUT_MS = 2_000;

/** The process's registry (the server script's, or prom-client's default where there is none). */
export function metricsRegistry(): Registry {
  shared.__shopMetricsRegistry ??= client.register;
  return shared.__shopMetricsRegistry;
}

export type PaymentOutcome = 'started' | 'start_failed' | 'confirmed' | 'failed' | 'pending';

function paymentsCounter(): Counter<'provider' | 'outcome'> {
  const registry = metricsRegistry();
  return (
    (registry.getSingleMetric('shop_payments_total') as Counter<'provider' | 'outcome'> | undefined) ??
    new client.Counter({
      name: 'shop_payments_total',
      help: 'Payment attempts by provider and outcome: started, start_failed, confirmed, failed, pending',
      labelNames: ['provider', 'outcome'],
      registers: [registry],
    })
  );
}

/**
 * Counts a payment attempt's step. `provider` is a payment method key (`paystack`, `bankTransfer`…),
 * never anything the client sent unchecked.
 *
 * @example countPayment('paystack', 'confirmed')
 */
export function countPayment(provider: string, outcome: PaymentOutcome): void {
  paymentsCounter().inc({ provider: provider.slice(0, 40), outcome });
}

export type GaugeSpec = {
  name: string;
  help: string;
  /** The label the values are keyed by (e.g. `queue`). */
  label: string;
  /** Reads the current values, one per label value; a failure or a slow answer leaves the gauge empty for that scrape. */
  read: () => Promise<Record<string, number> | undefined> | Record<string, number> | undefined;
  /** How a cluster combines the processes' values: `sum` (per-process things) or `max` (one shared thing every process sees). */
  aggregator?: 'sum' | 'max';
};

function within<T>(value: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('too slow')), ms);
  });
  return Promise.race([value, late]).finally(() => clearTimeout(timer));
}

/**
 * Adds a gauge read at every scrape (once per name per process; a second call is ignored).
 *
 * @example registerGauge({ name: 'shop_outbox_unsent', help: 'Mails not sent yet', label: 'kind', read: unsentByKind })
 */
export function registerGauge(spec: GaugeSpec): void {
  const registry = metricsRegistry();
  if (registry.getSingleMetric(spec.name)) return;
  new client.Gauge({
    name: spec.name,
    help: spec.help,
    labelNames: [spec.label],
    aggregator: spec.aggregator ?? 'sum',
    registers: [registry],
    async collect(this: Gauge) {
      this.reset();
      let values: Record<string, number> | undefined;
      try {
        values = await within(Promise.resolve(spec.read()), READ_TIMEOUT_MS);
      } catch {
        return; // no value this scrape rather than a failed scrape
      }
      for (const [key, value] of Object.entries(values ?? {})) this.set({ [spec.label]: key }, value);
    },
  });
}

/** Registers the app's gauges (database pool, queue depth); called once by start-up. */
export function startAppMetrics(): void {
  if (shared.__shopAppMetrics) return;
  shared.__shopAppMetrics = true;
  paymentsCounter();
  registerGauge({
    name: 'shop_db_pool_connections',
    help: 'PostgreSQL pool: connections open (total), idle, and queries waiting for one (waiting)',
    label: 'state',
    read: async () => {
      const stats = await databasePoolStats();
      return stats && { total: stats.total, idle: stats.idle, waiting: stats.waiting };
    },
  });
  registerGauge({ name: 'shop_queue_depth', help: 'Jobs waiting per queue (created or waiting for a retry)', label: 'queue', read: queueDepth, aggregator: 'max' });
}
