/**
 * The server's operational side, on the shop as `npm start` runs it (scripts/start.mjs, then
 * scripts/serve.mjs, scripts/app-server.mjs, scripts/cluster.mjs):
 *
 * - one process on the embedded database: `/healthz` and `/readyz`, request ids on page, API and
 *   page-cache answers (a valid incoming one kept, anything else replaced), `/metrics` off without
 *   METRICS_TOKEN, and a graceful shutdown: with an order's body still being uploaded, SIGTERM
 *   refuses new connections and says 503 on `/readyz` to a health check already connected, the
 *   upload completes and is answered, and the server exits 0;
 * - WORKERS=2 on PostgreSQL (a throwaway server, e2e/postgres.ts; skipped with the reason where it
 *   cannot start): answers from two processes, one scrape of `/metrics` counting both (route
 *   patterns, never raw ids; 401 without the token), a SIGKILLed worker replaced while the other
 *   answers, `/readyz` 503 while the database is down and 200 once it is back, exit 0 on SIGTERM;
 * - WORKERS > 1 without DATABASE_URL refused at once with the reason.
 */
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { freePort, type Postgres, startPostgres, whyNoPostgres } from './postgres';

const ROOT = path.resolve(__dirname, '..');
const TOKEN = 'ops-test-metrics-token-0123456789abcdef';
const UUID_ISH = /^[A-Za-z0-9-]{8,64}$/;

type Exit = { code: number | null; signal: NodeJS.Signals | null };
type Server = { url: string; port: number; child: ChildProcess; exited: Promise<Exit>; output(): string; stop(): Promise<Exit> };

/**
 * What `npm start` runs (`node scripts/start.mjs`: build when stale, then serve) in a process group
 * of its own, on a free port and a fresh data directory. Without npm in between: npm itself dies
 * of a SIGTERM rather than reporting the server's exit code, and a process manager runs node.
 */
async function startServer(env: Record<string, string>, waitReady = true): Promise<Server> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-e2e-ops-'));
  let log = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs')], {
    cwd: ROOT,
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', DATABASE_URL: '', WORKERS: '', METRICS_TOKEN: '', ...env, PORT: String(port), DATA_DIR: dataDir, SITE_URL: `http://127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
  const exited = new Promise<Exit>((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  void exited.then(() => fs.rmSync(dataDir, { recursive: true, force: true }));
  const url = `http://127.0.0.1:${port}`;
  const server: Server = {
    url,
    port,
    child,
    exited,
    output: () => log,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid!, 'SIGTERM');
      return exited;
    },
  };
  if (!waitReady) return server;
  const deadline = Date.now() + 300_000; // a first build on a slow machine
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the shop exited with ${child.exitCode}:\n${log}`);
    // Listening (every process of a cluster: the primary says so once all are) and ready.
    const ready = log.includes('"msg":"Shop listening') ? await get(`${url}/readyz`).catch(() => undefined) : undefined;
    if (ready?.status === 200) return server;
    await sleep(500);
  }
  await server.stop();
  throw new Error(`the shop was not ready within 5 minutes:\n${log}`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

/** A GET on a connection of its own (so that a cluster hands each to the next worker). */
function get(url: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer from ${url}`)));
  });
}

/** A raw HTTP/1.1 exchange on an open socket: writes `rest`, reads one whole answer. */
function finishExchange(socket: net.Socket, rest: string): Promise<{ status: number; head: string; body: string }> {
  return new Promise((resolve, reject) => {
    let data = '';
    const done = () => {
      const [head = '', ...body] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), head, body: body.join('\r\n\r\n') });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (data += chunk));
    // The server closes the connection after the answer (Connection: close while draining).
    socket.once('end', done);
    socket.once('error', reject);
    socket.write(rest);
  });
}

function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function firstProduct(url: string): Promise<{ id: string; slug: string; sku: string }> {
  const res = await fetch(`${url}/v1/product/paginate?pageSize=50`);
  const items = ((await res.json()) as { data: { items: { id: string; slug: string; sku: string; type: string; inStock: boolean; active: boolean }[] } }).data.items;
  const product = items.find((p) => p.type === 'simple' && p.inStock && p.active);
  assert.ok(product, 'an in-stock simple product');
  return product;
}

/** The value of one sample of the metrics text, 0 when absent. */
function sample(text: string, name: string, labels: string): number {
  const line = text.split('\n').find((l) => l.startsWith(`${name}{${labels}}`));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

void describe('one process on the embedded database', () => {
  let shop: Server;
  before(async () => {
    shop = await startServer({});
  });
  after(async () => {
    await shop?.stop();
  });

  void test('/healthz answers that the process is alive, uncached', async () => {
    for (let i = 0; i < 2; i++) {
      const res = await get(`${shop.url}/healthz`);
      assert.equal(res.status, 200);
      const body = JSON.parse(res.body) as { status: string; pid: number };
      assert.equal(body.status, 'ok');
      assert.ok(Number.isInteger(body.pid));
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.equal(res.headers['x-page-cache'], undefined, 'never through the page cache');
      assert.match(String(res.headers['x-request-id']), UUID_ISH);
    }
  });

  void test('the start-up code is served with its compile hint (scripts/compile-hints.mjs), the rest as built', async () => {
    const home = await get(`${shop.url}/`);
    const list = /<script id="shop-scripts" type="application\/json">([^<]*)<\/script>/.exec(home.body);
    assert.ok(list, 'the page lists its scripts');
    const sources = JSON.parse(list[1]!) as string[];
    const hinted: string[] = [];
    for (const src of sources) {
      const res = await get(`${shop.url}${src}`);
      assert.equal(res.status, 200, src);
      if (res.body.startsWith('//# allFunctionsCalledOnLoad\n')) hinted.push(src);
    }
    // React DOM, Next's client, the app chunk and Turbopack's runtime; not the page's own chunk.
    assert.ok(hinted.length >= 3, `hinted: ${hinted.join(', ')}`);
    assert.ok(hinted.length < sources.length, 'not every script');
  });

  void test("a product page's render-blocking stylesheets hold its own rules, not the checkout's or the account's (next.config.js, cssChunking)", async () => {
    const product = await firstProduct(shop.url);
    const page = await get(`${shop.url}/product/${product.slug}`);
    assert.equal(page.status, 200);
    const sheets = [...page.body.matchAll(/<link rel="stylesheet" href="([^"]+\.css)"/g)].map((m) => m[1]!);
    assert.ok(sheets.length > 0, 'the page links its stylesheets');
    let gzipped = 0;
    for (const href of new Set(sheets)) {
      const res = await get(`${shop.url}${href}`);
      assert.equal(res.status, 200, href);
      gzipped += zlib.gzipSync(res.body, { level: 9 }).length;
    }
    // 8.5 kB with the graph chunker; 15.5 kB when the default one merged every page's modules
    // (checkout, payment, account, tracker) into one stylesheet all of them load.
    assert.ok(gzipped <= 11_000, `the product page's stylesheets come to ${gzipped} bytes gzipped, at most 11,000`);
  });

  void test('/readyz says ready: the database answers and every migration is applied', async () => {
    const res = await get(`${shop.url}/readyz`);
    assert.equal(res.status, 200);
    assert.deepEqual(JSON.parse(res.body), { status: 'ready', checks: { database: 'ok', migrations: 'ok' } });
    assert.equal(res.headers['cache-control'], 'no-store');
    assert.equal(res.headers['x-page-cache'], undefined);
  });

  void test('every answer carries a request id: pages, cached pages and API calls; a valid incoming one is kept', async () => {
    const { slug } = await firstProduct(shop.url);
    const page = `${shop.url}/product/${slug}`;
    const first = await get(page);
    const second = await get(page);
    assert.equal(first.status, 200);
    assert.equal(second.headers['x-page-cache'], 'HIT');
    for (const res of [first, second]) assert.match(String(res.headers['x-request-id']), UUID_ISH);
    assert.notEqual(first.headers['x-request-id'], second.headers['x-request-id'], 'a cached answer gets its own request id');

    const sent = 'nginx-0a1b2c3d4e5f60718293a4b5c6d7e8f9';
    for (const [what, url] of [
      ['a cached page', page],
      ['a page rendered', `${page}?variant=${Date.now()}`],
      ['an API call', `${shop.url}/v1/regal/handshake`],
      ['an API error', `${shop.url}/v1/firebase/order/not-an-order`],
      ['a missing page', `${shop.url}/no-such-page`],
    ] as const) {
      const res = await get(url, { 'X-Request-Id': sent });
      assert.equal(res.headers['x-request-id'], sent, `${what} keeps the incoming id (${res.status})`);
    }
    for (const bad of ['short', 'has spaces in it', 'semi;colon-0123456789', 'x'.repeat(65)]) {
      const res = await get(`${shop.url}/v1/regal/handshake`, { 'X-Request-Id': bad });
      const id = String(res.headers['x-request-id']);
      assert.notEqual(id, bad, `"${bad}" is replaced`);
      assert.match(id, UUID_ISH);
    }
  });

  void test('/metrics does not exist without METRICS_TOKEN', async () => {
    assert.equal((await get(`${shop.url}/metrics`)).status, 404);
    assert.equal((await get(`${shop.url}/metrics`, { Authorization: 'Bearer anything-at-all-0123456789' })).status, 404);
  });

  void test('SIGTERM: no new connections, /readyz 503 to a check already connected, the upload in flight answered, exit 0', async () => {
    const product = await firstProduct(shop.url);
    const body = JSON.stringify({ cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1 }], currency: 'NGN', deliveryDate: '' });
    const half = Math.floor(body.length / 2);
    // A shopper on a slow network: the order's body is half sent when the server is told to stop.
    const upload = await connect(shop.port);
    upload.write(`POST /v1/firebase/order/create HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`);
    // A proxy's health check, connected and half sent.
    const check = await connect(shop.port);
    check.write('GET /readyz HTTP/1.1\r\nHost: 127.0.0.1\r\n');
    // A browser's keep-alive connection, idle after its answer.
    const idle = await connect(shop.port);
    await new Promise<void>((resolve) => {
      idle.once('data', () => resolve());
      idle.write('GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
    });
    const idleClosed = new Promise<'closed'>((resolve) => idle.once('close', () => resolve('closed')));
    await sleep(500);

    process.kill(-shop.child.pid!, 'SIGTERM');
    assert.equal(await Promise.race([idleClosed, sleep(2000).then(() => 'still open')]), 'closed', 'an idle keep-alive connection is closed at once');
    await sleep(500);
    await assert.rejects(connect(shop.port), /ECONNREFUSED/, 'new connections are refused while draining');

    const readiness = await finishExchange(check, '\r\n');
    assert.equal(readiness.status, 503);
    assert.match(readiness.head, /connection: close/i);
    assert.equal((JSON.parse(readiness.body) as { status: string }).status, 'draining');

    const answer = await finishExchange(upload, body.slice(half));
    assert.equal(answer.status, 201, answer.body);
    assert.match(answer.head, /connection: close/i);
    assert.match(answer.body, /"orderNumber"/);

    const exit = await Promise.race([shop.exited, sleep(20_000).then(() => 'still running' as const)]);
    assert.deepEqual(exit, { code: 0, signal: null }, shop.output());
    const lines = shop
      .output()
      .split('\n')
      .filter((l) => l.startsWith('{'))
      .map((l) => JSON.parse(l) as { msg?: string; pid?: number; level?: number; time?: string });
    assert.ok(
      lines.some((l) => l.msg?.startsWith('shutting down') && l.pid && l.level === 30 && l.time),
      'the shutdown is logged as a JSON line',
    );
    assert.ok(lines.some((l) => l.msg === 'stopped'));
  });
});

void describe('two processes on PostgreSQL', { skip: whyNoPostgres() || false }, () => {
  let pg: Postgres | undefined;
  let shop: Server;
  before(async () => {
    pg = startPostgres(await freePort());
    shop = await startServer({ DATABASE_URL: pg.newDatabase('shop_ops'), WORKERS: '2', METRICS_TOKEN: TOKEN });
  });
  after(async () => {
    await shop?.stop();
    pg?.destroy();
  });

  const pids = async (n: number) => {
    const seen: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await get(`${shop.url}/healthz`);
      assert.equal(res.status, 200);
      seen.push((JSON.parse(res.body) as { pid: number }).pid);
    }
    return new Set(seen);
  };

  void test('answers come from two processes', async () => {
    assert.equal((await pids(10)).size, 2);
  });

  void test('/metrics wants the token, and one scrape counts both processes by route pattern', async () => {
    assert.equal((await get(`${shop.url}/metrics`)).status, 401);
    const wrong = await get(`${shop.url}/metrics`, { Authorization: `Bearer ${TOKEN.slice(0, -1)}x` });
    assert.equal(wrong.status, 401);
    assert.equal(wrong.headers['cache-control'], 'no-store');
    const scrape = async () => {
      const res = await get(`${shop.url}/metrics`, { Authorization: `Bearer ${TOKEN}` });
      assert.equal(res.status, 200);
      assert.equal(res.headers['cache-control'], 'no-store');
      assert.match(String(res.headers['content-type']), /^text\/plain/);
      return res.body;
    };

    const { slug, id } = await firstProduct(shop.url);
    const before = await scrape();
    for (let i = 0; i < 10; i++) await get(`${shop.url}/healthz`);
    for (let i = 0; i < 3; i++) await get(`${shop.url}/product/${slug}`);
    await get(`${shop.url}/v1/firebase/order/${id}`);
    const text = await scrape();

    const healthz = 'route="/healthz",method="GET",status_class="2xx",cache="none"';
    assert.equal(sample(text, 'http_request_duration_seconds_count', healthz) - sample(before, 'http_request_duration_seconds_count', healthz), 10, 'both processes are counted');
    assert.match(text, /http_request_duration_seconds_bucket\{le="[^"]+",route="\/product\/\[slug\]",method="GET",status_class="2xx",cache="miss"\}/);
    assert.match(text, /http_request_duration_seconds_count\{route="\/v1\/product\/slug\/\[slug\]"/, 'the API call the page made, by its pattern');
    assert.match(text, /http_request_duration_seconds_count\{route="\/v1\/firebase\/order\/\[id\]",method="GET",status_class="4xx"/);
    assert.ok(!text.includes(slug) && !text.includes(id), 'no raw slug or id in any label');
    assert.match(text, /^shop_db_pool_connections\{state="total"\} [1-9]/m);
    assert.match(text, /^shop_queue_depth\{queue="mail"\} \d+/m);
    assert.match(text, /^process_resident_memory_bytes \d+/m);
    // The product page's render (its body and _document) went through React's string renderer.
    assert.ok(sample(text, 'shop_react_renders_total', 'renderer="string"') >= 2, 'pages rendered as strings (scripts/string-render.mjs)');
  });

  void test('a worker killed with SIGKILL is replaced while the other answers', async () => {
    const before = await pids(6);
    const [victim] = [...before];
    process.kill(victim!, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let failures = 0;
    let replaced: number | undefined;
    while (Date.now() < deadline && replaced === undefined) {
      try {
        const res = await get(`${shop.url}/healthz`);
        assert.equal(res.status, 200);
        const pid = (JSON.parse(res.body) as { pid: number }).pid;
        assert.notEqual(pid, victim, 'the killed worker answers nothing');
        if (!before.has(pid)) replaced = pid;
      } catch (error) {
        if (error instanceof assert.AssertionError) throw error;
        failures++; // a connection handed to the worker as it died
      }
      await sleep(100);
    }
    assert.ok(replaced, `a new worker answers:\n${shop.output()}`);
    assert.ok(failures <= 1, `${failures} requests failed while a worker was replaced`);
    assert.equal((await pids(10)).size, 2);
    assert.match(shop.output(), /"msg":"worker died"/);
  });

  void test('/readyz says 503 while the database is down, naming the check, and 200 once it is back', async () => {
    pg!.stopImmediately();
    try {
      let res: Answer | undefined;
      for (let i = 0; i < 40; i++) {
        res = await get(`${shop.url}/readyz`);
        if (res.status === 503) break;
        await sleep(250);
      }
      assert.equal(res?.status, 503);
      const body = JSON.parse(res!.body) as { status: string; checks: { database: string } };
      assert.equal(body.status, 'not ready');
      assert.match(body.checks.database, /^failed: /);
      assert.equal((await get(`${shop.url}/healthz`)).status, 200, 'the process itself is alive');
    } finally {
      pg!.start();
    }
    let status = 0;
    for (let i = 0; i < 60 && status !== 200; i++) {
      status = (await get(`${shop.url}/readyz`).catch(() => ({ status: 0 }))).status;
      if (status !== 200) await sleep(500);
    }
    assert.equal(status, 200);
  });

  void test('SIGTERM stops every process, exit 0', async () => {
    const exit = await Promise.race([shop.stop(), sleep(30_000).then(() => 'still running' as const)]);
    assert.deepEqual(exit, { code: 0, signal: null }, shop.output());
  });
});

void test('a start-up that fails (the database unreachable) exits 1 rather than answering 500s, alone and as a cluster', async () => {
  const nowhere = `postgres://shop@127.0.0.1:${await freePort()}/nowhere`;
  const alone = await startServer({ DATABASE_URL: nowhere }, false);
  const cluster = await startServer({ DATABASE_URL: nowhere, WORKERS: '2' }, false);
  for (const [what, server] of [
    ['one process', alone],
    ['two processes', cluster],
  ] as const) {
    const exit = await Promise.race([server.exited, sleep(90_000).then(() => 'still running' as const)]);
    assert.deepEqual(exit, { code: 1, signal: null }, `${what}:\n${server.output()}`);
    assert.match(server.output(), /"msg":"start-up failed; exiting"/, what);
  }
  assert.match(cluster.output(), /"msg":"workers keep failing to start/);
  assert.equal(cluster.output().match(/"msg":"worker failed to start"/g)?.length, 5, 'five attempts, not a tight loop');
});

void test('WORKERS above 1 without DATABASE_URL is refused at once, saying why', async () => {
  const refused = await startServer({ WORKERS: '3' }, false);
  const exit = await Promise.race([refused.exited, sleep(20_000).then(() => 'still running' as const)]);
  assert.deepEqual(exit, { code: 1, signal: null });
  assert.match(refused.output(), /WORKERS=3 needs DATABASE_URL: the embedded database \(no DATABASE_URL\) belongs to one process/);
  assert.doesNotMatch(refused.output(), /Building the shop/, 'refused before building');
});
