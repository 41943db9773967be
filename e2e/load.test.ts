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
 * The workload itself is e2e/load-workload.ts (shared with e2e/instances.test.ts).
 * Skipped unless LOAD_DATABASE_URL names an empty PostgreSQL database (`.ci/run` makes one).
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Client } from 'pg';
import { startShop } from './shop-server';
import { storedOrders, unpaidOnce, Workload } from './load-workload';

const DATABASE_URL = process.env.LOAD_DATABASE_URL;
// The numbers; LOAD_CLIENTS / LOAD_CHECKOUTS_PER_CLIENT change them to probe the limits.
const CHECKOUT_CLIENTS = Number(process.env.LOAD_CLIENTS ?? 20);
const CHECKOUTS_PER_CLIENT = Number(process.env.LOAD_CHECKOUTS_PER_CLIENT ?? 10);
const BROWSE_CLIENTS = 5;
const BUDGET_MS = 5 * 60_000;

void test(
  `${CHECKOUT_CLIENTS} clients complete ${CHECKOUT_CLIENTS * CHECKOUTS_PER_CLIENT} guest checkouts through the Paystack sandbox while ${BROWSE_CLIENTS} browse: nothing lost, nothing paid twice, no 5xx`,
  { skip: DATABASE_URL ? false : 'LOAD_DATABASE_URL is not set (the load test needs an empty PostgreSQL database; .ci/run provides one)', timeout: 15 * 60_000 },
  async () => {
    const shop = await startShop({ DATABASE_URL: DATABASE_URL! });
    const db = new Client({ connectionString: DATABASE_URL });
    await db.connect();
    try {
      const catalogue = await new Workload(shop.url).catalogue();
      assert.ok(catalogue.length >= 5, `the sample catalogue has in-stock simple products (found ${catalogue.length})`);
      const load = new Workload(shop.url);
      const { samples, failures } = load;
      const logFrom = shop.output().length;

      const started = performance.now();
      let finished = false;
      const browsing = Array.from({ length: BROWSE_CLIENTS }, () => load.browse(catalogue, () => finished));
      const { created, errors } = await load.checkouts(catalogue, CHECKOUT_CLIENTS, CHECKOUTS_PER_CLIENT);
      finished = true;
      await Promise.all(browsing);
      const durationMs = performance.now() - started;
      console.log(load.summary(`${created.length} paid checkouts by ${CHECKOUT_CLIENTS} clients + ${BROWSE_CLIENTS} browsing`, durationMs));

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
      const byId = await storedOrders(db, ids);
      assert.equal(byId.size, ids.length, 'every created order is stored exactly once');
      const wrong = unpaidOnce(created, byId);
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
