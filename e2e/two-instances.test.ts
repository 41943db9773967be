/**
 * Two instances of the shop (`npm start` twice) on one PostgreSQL database, as a shop that grows
 * runs them (issue 14's live changes; issue 16 adds the proxy and more processes). Each keeps
 * its own page cache, answer cache and shell; a change written through one must show on the
 * other at once, through PostgreSQL's NOTIFY on the `shop_content` channel (lib/server/live/content.ts):
 * a manager signed in on the first changes a product's price; the second's product page, already
 * in its page cache, and its product call show the new price on the next request. Then the other
 * way round. The test starts its own throwaway PostgreSQL server (e2e/postgres.ts) and is skipped
 * with the reason when this machine cannot.
 */
import { after, before, test } from 'node:test';
import assert from 'node:assert/strict';
import { type BackOfficeShop, backOfficeEnv, device, type Member, signIn, startBackOfficeShop } from './back-office';
import { startShop, type Shop } from './shop-server';
import { freePort, type Postgres, startPostgres, whyNoPostgres } from './postgres';

const manager: Member = { email: `manager.${Date.now().toString(36)}@shop.test`, name: 'Bisi Manager', role: 'manager', password: 'orchids-in-the-morning-7' };
const noPostgres = whyNoPostgres();

type Item = { id: string; name: string; slug: string; price: number; type: string; inStock: boolean };

let pg: Postgres | undefined;
let first: BackOfficeShop | undefined;
let second: Shop | undefined;

before(async () => {
  if (noPostgres) return;
  pg = startPostgres(await freePort());
  const databaseUrl = pg.newDatabase('shop_two_instances');
  first = await startBackOfficeShop([manager], { databaseUrl });
  // One at a time: the first has migrated and seeded, the second finds it done.
  second = await startShop(backOfficeEnv(first.catcher, databaseUrl));
});

after(async () => {
  await second?.stop();
  await first?.stop();
  pg?.destroy();
});

const naira = (n: number) => `₦${n.toLocaleString('en-NG')}`;

/** How many requests to `url` until its text matches `pattern` (at most 2 s of asking). */
async function requestsUntil(url: string, pattern: RegExp): Promise<number> {
  const deadline = Date.now() + 2_000;
  for (let n = 1; ; n++) {
    if (pattern.test(await (await fetch(url)).text())) return n;
    if (Date.now() > deadline) return Infinity;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

void test('a price changed on one instance shows on the other on the next request, both ways', { skip: noPostgres ? `skipped: ${noPostgres}` : false }, async () => {
  const a = first!.shop.url;
  const b = second!.url;
  const listing = (await (await fetch(`${b}/v1/product/paginate?pageSize=50&categories=all`)).json()) as { data: { items: Item[] } };
  const product = listing.data.items.find((p) => p.type === 'simple' && p.inStock)!;

  // Both instances have the page in their page caches before the change.
  for (const url of [a, b]) {
    // Read to the end: a miss is kept once fully sent, and a gzipped one finishes a moment after its headers.
    await (await fetch(`${url}/product/${product.slug}`)).text();
    assert.equal((await fetch(`${url}/product/${product.slug}`)).headers.get('x-page-cache'), 'HIT', `${url} caches the product page`);
  }

  const errors: string[] = [];
  const context = await device(first!.browser, 1280, errors);
  await signIn(a, first!.catcher, context, manager);
  // The staff cookie is the host's (ports share cookies), so the same member can write through either instance.
  const change = async (through: string, price: number) => {
    const res = await context.request.patch(`${through}/admin/api/products/${product.id}`, { data: { price }, headers: { Origin: through } });
    assert.equal(res.status(), 200, await res.text());
  };

  const counts: number[] = [];
  for (const [writer, reader, price] of [
    [a, b, product.price + 1_500],
    [b, a, product.price + 2_500],
  ] as const) {
    await change(writer, price);
    const pageRequests = await requestsUntil(`${reader}/product/${product.slug}`, new RegExp(naira(price)));
    const callRequests = await requestsUntil(`${reader}/v1/product/slug/${product.slug}`, new RegExp(`"price":${price}[,}]`));
    assert.ok(pageRequests <= 2 && callRequests <= 2, `${reader} shows ₦${price} written through ${writer} (page after ${pageRequests} requests, call after ${callRequests})`);
    counts.push(pageRequests, callRequests);
  }
  console.log(`two instances: requests on the other instance until the change showed: ${counts.join(', ')} (1 = the next request)`);
  assert.deepEqual(errors, []);
  await context.close();
});
