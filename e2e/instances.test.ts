/**
 * The production shape, proved (issue 16): three app instances on one PostgreSQL behind nginx
 * from Debian's package, running the shop's own nginx rules (deploy/nginx/), with mail going to
 * an SMTP sink in this process and card payments to one fake Paystack in this process
 * (lib/sandbox/paystack.ts, which signs its webhooks like Paystack and posts them through
 * nginx): the built-in sandbox keeps its transactions in each process's memory, so several
 * instances need one provider outside them, as in production.
 *
 * 1. The proxy's rules: deploy/nginx/shop.conf as production runs it (inside Debian's
 *    nginx.conf, TLS with a self-signed certificate on free ports): HTTP → HTTPS, HSTS, TLS 1.2+
 *    with HTTP/2, unknown names refused; and through the test server (same shared rules):
 *    the micro-cache keeps pages and catalogue calls, never with Authorization, never /healthz;
 *    build files are immutable, cached, and compressed with brotli or gzip; one request id in
 *    the answer, the app and the access log, which holds no query strings.
 * 2. The load test's workload (e2e/load-workload.ts: 200 guest checkouts by 20 clients paying
 *    through Paystack, plus 5 browsing) through nginx, with clients that retry as real ones do
 *    (Idempotency-Key on order create and payment start, the same key again after a network
 *    error, a 502/503/504 or a 409 'still running'), while one instance is killed with SIGKILL
 *    a third of the way in and restarted. Then: every order created once, paid once (one
 *    succeeded attempt, one 'Paid with' event, the right total), every payment e-mail received
 *    exactly once (by order number in the sink) and the mail outbox empty once the queue
 *    drained, no 5xx to an idempotent request (GET, PUT) through nginx (its access log), and
 *    the restarted instance serving again.
 * 3. The SMTP sink stopped for 30 s while 20 orders are paid: once it is back, all 20 e-mails
 *    arrive (the queue's retries with backoff), none twice.
 *
 * Every check of a test is evaluated and printed (✓/✗; notes •/⚠ are printed, never failed on)
 * before the test fails, so one run says everything that holds and everything that does not.
 *
 * Skipped unless INSTANCES_PROOF=1 (.ci/run sets it; `npm run e2e` does not, so it runs once),
 * and with the reason when this machine cannot start PostgreSQL (e2e/postgres.ts) or nginx
 * (e2e/nginx.ts). Serves the build in NEXT_DIST_DIR (default .next), building it when stale.
 */
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { createFakePaystack } from '@/lib/sandbox/paystack';
import { type Created, type Listed, storedOrders, type StoredOrder, unpaidOnce, Workload } from './load-workload';
import { type Nginx, startProductionNginx, startTestNginx, whyNoNginx } from './nginx';
import { freePort, type Postgres, startPostgres, whyNoPostgres } from './postgres';
import { shutdownTimeoutMs } from '../scripts/cluster.mjs';

const INSTANCES = 3;
const CHECKOUT_CLIENTS = Number(process.env.LOAD_CLIENTS ?? 20);
const CHECKOUTS_PER_CLIENT = Number(process.env.LOAD_CHECKOUTS_PER_CLIENT ?? 10);
const BROWSE_CLIENTS = 5;
/** The instance killed mid-run (not the first, which built and migrated). */
const VICTIM = 1;
/** The mail workers each instance runs (lib/server/jobs/background.ts): how many messages a kill can catch mid-send. */
const MAIL_WORKERS_PER_INSTANCE = 2;
const OUTAGE_MS = 30_000;
const OUTAGE_CLIENTS = 5;
const OUTAGE_ORDERS_PER_CLIENT = 4;
/** How long mail may take once the sink is back: the queue retries after 5, 10, 20, 40 s… */
const AFTER_OUTAGE_MS = 90_000;
/**
 * How long the queue may take to drain after the load run: a mail job held by the killed
 * instance is taken again once pg-boss expires it (2 minutes, QUEUES.mail in
 * lib/server/jobs/queue.ts) and its maintenance, every 2 minutes by default, notices: up to
 * about 4 minutes (227 s seen), then its retry delay.
 */
const DRAIN_MS = 6 * 60_000;
const PAYSTACK_KEY = 'sk_test_instances_proof_paystack_0123456789';
const ROOT = path.resolve(__dirname, '..');

const notAsked = process.env.INSTANCES_PROOF !== '1' && 'INSTANCES_PROOF is not set (.ci/run sets it: three instances, nginx, its own PostgreSQL)';
const why = notAsked || whyNoPostgres() || whyNoNginx();
const skip = why ? `skipped: ${why}` : false;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// --- The checks of a test, all evaluated, then reported ------------------------------------------

type Check = { name: string; ok: boolean; detail: string; noteOnly?: boolean };

class Checks {
  readonly list: Check[] = [];
  add(name: string, ok: boolean, detail = ''): void {
    this.list.push({ name, ok, detail });
  }
  /** Something worth knowing that the issue does not require: printed (• or ⚠), never failed on. */
  note(name: string, ok: boolean, detail = ''): void {
    this.list.push({ name, ok, detail, noteOnly: true });
  }
  /** Prints every check, then fails if any did not hold. */
  settle(title: string): void {
    const mark = (c: Check) => (c.noteOnly ? (c.ok ? '•' : '⚠') : c.ok ? '✓' : '✗');
    console.log([`${title}:`, ...this.list.map((c) => `  ${mark(c)} ${c.name}${c.detail ? ` (${c.detail})` : ''}`)].join('\n'));
    const failed = this.list.filter((c) => !c.ok && !c.noteOnly);
    assert.deepEqual(
      failed.map((c) => `${c.name}${c.detail ? `: ${c.detail}` : ''}`),
      [],
      `${failed.length} of ${this.list.filter((c) => !c.noteOnly).length} checks failed`,
    );
  }
}

// --- An SMTP sink on a fixed port that can be stopped and started again --------------------------

type Delivery = { orderNumber: string | null; messageId: string | null; subject: string; at: number };

/** A header's value from a raw message (folded lines joined). */
function header(raw: string, name: string): string | null {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  const match = new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, 'im').exec(head);
  return match ? match[1]!.replace(/\r?\n[ \t]+/g, ' ').trim() : null;
}

class MailSink {
  readonly deliveries: Delivery[] = [];
  private server: SMTPServer | undefined;
  private port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      // A stop is an outage: open connections are dropped at once.
      closeTimeout: 50,
      onData: (stream, _session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const subject = header(raw, 'Subject') ?? '';
          this.deliveries.push({ orderNumber: /\border ([A-Z]+-\d+)/.exec(subject)?.[1] ?? null, messageId: header(raw, 'Message-ID'), subject, at: Date.now() });
          callback();
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.port = (server.server.address() as AddressInfo).port;
    this.server = server;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** How many payment e-mails each order number got. */
  paymentMailsByOrder(): Map<string, number> {
    const counts = new Map<string, number>();
    for (const d of this.paymentMails()) counts.set(d.orderNumber!, (counts.get(d.orderNumber!) ?? 0) + 1);
    return counts;
  }

  /** The distinct Message-IDs (one per outbox row) each order number's payment e-mails carried. */
  paymentMessageIds(): Map<string, Set<string>> {
    const ids = new Map<string, Set<string>>();
    for (const d of this.paymentMails()) ids.set(d.orderNumber!, (ids.get(d.orderNumber!) ?? new Set()).add(d.messageId ?? `none-${d.at}`));
    return ids;
  }

  private paymentMails(): Delivery[] {
    return this.deliveries.filter((d) => d.orderNumber && /received for order/i.test(d.subject));
  }
}

// --- App instances on fixed ports (kept across a restart, as nginx's upstream names them) --------

class AppInstance {
  private child: ChildProcess | undefined;
  private exited: Promise<void> = Promise.resolve();
  private output = '';
  starts = 0;

  constructor(
    readonly name: string,
    readonly port: number,
    /** Its own data directory (rendered pictures); the database is the shared PostgreSQL. */
    readonly dataDir: string,
    private readonly env: Record<string, string>,
  ) {}

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /**
   * Starts it: the first start of the first instance as `npm start` does (scripts/start.mjs:
   * build when stale, then serve), the others as start.mjs serves once built (scripts/serve.mjs
   * with NODE_ENV=production), so a restart never rebuilds under the running instances.
   */
  start(build: boolean): void {
    this.starts++;
    const script = build ? 'start.mjs' : 'serve.mjs';
    // The operator asks for production (no payment sandbox, no dev outbox), as start.mjs passes it on.
    const env: NodeJS.ProcessEnv = { ...process.env, ...this.env, PORT: String(this.port), DATA_DIR: this.dataDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' };
    if (!build) env.OPERATOR_NODE_ENV = 'production';
    const child = spawn(process.execPath, [path.join(ROOT, 'scripts', script)], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    const keep = (chunk: Buffer) => (this.output += chunk.toString());
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
    this.child = child;
  }

  /** Waits until `/readyz` answers 200 (database reachable, migrations applied). */
  async ready(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (this.child?.exitCode !== null) throw new Error(`${this.name} exited with ${this.child?.exitCode}:\n${this.output.slice(-3000)}`);
      const status = await fetch(`${this.url}/readyz`).then(
        (res) => res.status,
        () => 0,
      );
      if (status === 200) return;
      await sleep(250);
    }
    throw new Error(`${this.name} was not ready within ${timeoutMs / 1000} s:\n${this.output.slice(-3000)}`);
  }

  /** Sends `signal` to its whole process group and waits for it to exit. */
  async signal(signal: NodeJS.Signals, timeoutMs = 30_000): Promise<void> {
    const pid = this.child?.pid;
    if (!pid || this.child?.exitCode !== null || this.child.signalCode !== null) return;
    const send = (to: NodeJS.Signals) => {
      try {
        process.kill(-pid, to);
      } catch {
        // the group is gone already
      }
    };
    send(signal);
    const late = setTimeout(() => send('SIGKILL'), timeoutMs);
    await this.exited;
    clearTimeout(late);
  }

  /** Lines the app logged at error level or above (pino: level ≥ 50), and any uncaught error. */
  errors(): string[] {
    return this.output.split('\n').filter((line) => /"level":(5\d|60)\b/.test(line) || /^(Error|TypeError|Unhandled)/.test(line));
  }
}

// --- The shared set-up ---------------------------------------------------------------------------

let pg: Postgres | undefined;
let db: Client | undefined;
let proxy: Nginx | undefined;
let sink: MailSink | undefined;
let provider: http.Server | undefined;
const instances: AppInstance[] = [];
let catalogue: Listed[] = [];

/** Starts everything the tests below share, once (the deploy files' test needs none of it). */
let shared: Promise<void> | undefined;
const setUp = () => (shared ??= start());

async function start(): Promise<void> {
  const started = Date.now();
  pg = startPostgres(await freePort());
  const databaseUrl = pg.newDatabase('shop_instances');
  db = new Client({ connectionString: databaseUrl });
  await db.connect();

  sink = new MailSink();
  await sink.start();

  const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));
  proxy = await startTestNginx(ports);

  // One Paystack for every instance, as in production; its webhooks come in through nginx.
  const paystack: { fake?: ReturnType<typeof createFakePaystack> } = {};
  provider = http.createServer((req: IncomingMessage, res: ServerResponse) => void paystack.fake?.handle(req, res));
  await new Promise<void>((resolve) => provider!.listen(0, '127.0.0.1', resolve));
  const providerUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}`;
  paystack.fake = createFakePaystack({ publicUrl: providerUrl, webhookUrl: `${proxy.url}/v1/payments/webhook/paystack`, secrets: { secretKey: PAYSTACK_KEY } });

  const env = {
    DATABASE_URL: databaseUrl,
    SITE_URL: proxy.url,
    TRUST_PROXY: '1',
    SMTP_URL: sink.url,
    PAYSTACK_SECRET_KEY: PAYSTACK_KEY,
    PAYSTACK_BASE_URL: providerUrl,
  };
  ports.forEach((port, i) => instances.push(new AppInstance(`instance ${i + 1}`, port, fs.mkdtempSync(path.join(os.tmpdir(), `shop-instance-${i + 1}-`)), env)));
  // The first builds when stale, migrates and seeds; the others find all of that done.
  instances[0]!.start(true);
  await instances[0]!.ready(8 * 60_000);
  for (const instance of instances.slice(1)) instance.start(false);
  await Promise.all(instances.slice(1).map((instance) => instance.ready(3 * 60_000)));

  catalogue = await new Workload(proxy.url).catalogue();
  assert.ok(catalogue.length >= 5, `the sample catalogue has in-stock simple products (found ${catalogue.length})`);
  console.log(`set-up: PostgreSQL, SMTP sink, nginx and ${INSTANCES} instances ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

after(async () => {
  await Promise.all(instances.map((instance) => instance.signal('SIGTERM')));
  for (const instance of instances) fs.rmSync(instance.dataDir, { recursive: true, force: true });
  await proxy?.stop();
  await sink?.stop();
  provider?.closeAllConnections();
  await new Promise<void>((resolve) => (provider ? provider.close(() => resolve()) : resolve()));
  await db?.end();
  pg?.destroy();
});

// --- Database and mail helpers -------------------------------------------------------------------

const ordersOf = (ids: string[]) => storedOrders(db!, ids);

const orderCount = async () => (await db!.query<{ n: number }>('select count(*)::int as n from orders')).rows[0]!.n;

/** Unsent rows of the mail outbox (0 also while the outbox does not exist yet). */
async function unsentMail(): Promise<number> {
  const { rows } = await db!.query<{ n: number }>('select count(*)::int as n from mail_outbox where sent_at is null').catch(() => ({ rows: [{ n: -1 }] }));
  return rows[0]!.n;
}

/** Polls until every order number got its payment e-mail and the outbox has nothing unsent, or `ms` passed; answers how long it took. */
async function mailSettled(numbers: string[], ms: number): Promise<number> {
  const started = Date.now();
  while (Date.now() - started < ms) {
    const got = sink!.paymentMailsByOrder();
    if (numbers.every((n) => got.has(n)) && (await unsentMail()) <= 0) break;
    await sleep(500);
  }
  const took = Date.now() - started;
  // Anything sent twice would usually follow within moments: give it the chance to show.
  await sleep(3_000);
  return took;
}

/** The order-level checks shared by the load run and the outage run. */
function checkOrders(checks: Checks, created: Created[], rows: Map<string, StoredOrder>): void {
  if (created.length === 0) {
    checks.add('orders to check: none was created', false);
    return;
  }
  const wrong = unpaidOnce(created, rows);
  checks.add('every order paid once: status paid, one succeeded attempt, one "Paid with" event, the right total', wrong.length === 0, wrong.slice(0, 5).join('; '));
  // Not required (paid once is): a payment start killed after its attempt was written but before
  // its answer was kept is run again by the retry once the key's claim lapses, leaving one unpaid
  // attempt beside the paid one.
  const extraAttempts = [...rows.values()].filter((r) => r.attempts !== 1);
  checks.note('one payment attempt per order', extraAttempts.length === 0, extraAttempts.length ? `${extraAttempts.length} orders with more: ${extraAttempts.slice(0, 3).map((r) => r.attempts).join(', ')}` : '');
}

/**
 * The payment e-mails: one outbox row (one Message-ID) per paid order, and every one delivered.
 * `redeliveriesAllowed`: how many times a message may arrive again with the same Message-ID. SMTP
 * cannot make delivery exactly-once across a crash: a process killed after the server accepted a
 * message but before it marked the row sent leaves it to be sent again, with the same Message-ID
 * (which receiving mail systems use to drop the copy). A killed instance has at most its two mail
 * workers in that moment; without a kill nothing may arrive twice.
 */
function checkMails(checks: Checks, numbers: string[], unsent: number, redeliveriesAllowed: number): void {
  if (numbers.length === 0) {
    checks.add('payment e-mails to check: no order was paid', false);
    return;
  }
  const got = sink!.paymentMailsByOrder();
  const ids = sink!.paymentMessageIds();
  const missing = numbers.filter((n) => !got.has(n));
  const twoMessages = numbers.filter((n) => (ids.get(n)?.size ?? 0) > 1);
  const again = numbers.filter((n) => (got.get(n) ?? 0) > (ids.get(n)?.size ?? 0));
  checks.add('a payment e-mail arrived for every paid order', missing.length === 0, missing.length ? `${missing.length} of ${numbers.length} missing, e.g. ${missing.slice(0, 3).join(', ')}` : `${numbers.length}`);
  checks.add('one payment e-mail per order: never two messages (two outbox rows) for one order', twoMessages.length === 0, twoMessages.slice(0, 3).join(', '));
  checks.add(
    `a message arrived again (same Message-ID) at most ${redeliveriesAllowed} time(s)`,
    again.length <= redeliveriesAllowed,
    again.length ? `${again.length}: ${again.slice(0, 3).map((n) => `${n}×${got.get(n)}`).join(', ')}` : '0',
  );
  checks.add('the mail outbox has nothing left unsent', unsent === 0, unsent < 0 ? 'no mail_outbox table' : `${unsent} unsent`);
}

// --- 0. The deploy files CI cannot run ---------------------------------------------------------

const DEPLOY = path.join(ROOT, 'deploy');
const read = (file: string) => fs.readFileSync(path.join(DEPLOY, file), 'utf8');
const seconds = (value: string | undefined) => Number(/^(\d+)s?$/.exec(value ?? '')?.[1] ?? NaN);

void test('the deploy files: the systemd unit verifies and outlasts the app\'s shutdown; compose and the Dockerfiles name what exists', { skip: notAsked ? `skipped: ${notAsked}` : false }, () => {
  const checks = new Checks();
  const shutdownMs = shutdownTimeoutMs({});

  const unit = read('systemd/regal-shop.service');
  const setting = (name: string) => [...unit.matchAll(new RegExp(`^${name}=(.*)$`, 'gm'))].map((m) => m[1]!.trim());
  checks.add(`the unit's TimeoutStopSec outlasts SHUTDOWN_TIMEOUT_MS (${shutdownMs / 1000} s) and its backstop (+5 s)`, seconds(setting('TimeoutStopSec')[0]) * 1000 > shutdownMs + 5_000, setting('TimeoutStopSec').join());
  checks.add('the unit stops with SIGTERM to the main process, restarts on failure, reads /etc/regal-shop.env', setting('KillSignal')[0] === 'SIGTERM' && setting('KillMode')[0] === 'mixed' && setting('Restart')[0] === 'on-failure' && setting('EnvironmentFile')[0] === '/etc/regal-shop.env');
  const dataDir = /DATA_DIR=(\S+)/.exec(setting('Environment').join(' '))?.[1];
  checks.add('the unit can write DATA_DIR and nothing else of the system', setting('ProtectSystem')[0] === 'strict' && Boolean(dataDir) && setting('ReadWritePaths').includes(dataDir!), String(dataDir));
  const analyze = ['/usr/bin/systemd-analyze', '/bin/systemd-analyze'].find((p) => fs.existsSync(p));
  if (analyze) {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-unit-'));
    try {
      fs.copyFileSync(path.join(DEPLOY, 'systemd', 'regal-shop.service'), path.join(dir, 'regal-shop.service'));
      const verify = spawnSync(analyze, ['verify', path.join(dir, 'regal-shop.service')], { encoding: 'utf8' });
      const said = `${verify.stdout}${verify.stderr}`.trim();
      checks.add('systemd-analyze verify finds nothing to say', verify.status === 0 && said === '', said.slice(0, 300));
      const security = spawnSync(analyze, ['security', '--offline=yes', path.join(dir, 'regal-shop.service')], { encoding: 'utf8' });
      const exposure = Number(/Overall exposure level for \S+: ([\d.]+)/.exec(security.stdout)?.[1] ?? NaN);
      if (!Number.isNaN(exposure)) checks.add('systemd-analyze security rates the unit below "medium" exposure', exposure < 5, String(exposure));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  } else {
    console.log('deploy files: no systemd-analyze here; the unit was checked by reading it only');
  }

  const dockerfile = read('Dockerfile');
  checks.add('the image runs on node:20-bookworm-slim as a non-root user, stops with SIGTERM, checks /healthz', /^FROM node:20-bookworm-slim AS runtime$/m.test(dockerfile) && /^USER (?!root)\w+/m.test(dockerfile) && /^STOPSIGNAL SIGTERM$/m.test(dockerfile) && /HEALTHCHECK[\s\S]*\/healthz/.test(dockerfile));
  const nginxDockerfile = read('nginx/Dockerfile');
  const copied = [...nginxDockerfile.matchAll(/^COPY ([^\n]+) \S+$/gm)].flatMap((m) => m[1]!.split(/\s+/));
  const missing = copied.filter((file) => !fs.existsSync(path.join(ROOT, file)));
  checks.add("the nginx image copies files that exist", copied.length > 0 && missing.length === 0, missing.join(', '));
  const ignored = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n');
  checks.add('.dockerignore keeps node_modules, builds, local data and every .env (deploy/.env too) out of the image', ['node_modules', '.next', '.data', '**/.env'].every((entry) => ignored.includes(entry)));

  // Parsed only where a YAML parser is already installed (no dependency is added for it).
  let yaml: { load(text: string): unknown } | undefined;
  try {
    yaml = createRequire(__filename)('js-yaml') as { load(text: string): unknown };
  } catch {
    console.log('deploy files: no YAML parser in node_modules; compose.yaml not parsed');
  }
  if (yaml) {
    type Service = { image?: string; environment?: Record<string, string>; depends_on?: Record<string, { condition: string }>; volumes?: string[]; stop_grace_period?: string };
    const compose = yaml.load(read('compose.yaml')) as { services: Record<string, Service>; volumes: Record<string, unknown> };
    const apps = ['app1', 'app2'].map((name) => compose.services[name]);
    const db = compose.services.db;
    checks.add('compose: PostgreSQL 16 with a volume and a health check', /^postgres:16/.test(db?.image ?? '') && Boolean(db?.volumes?.some((v) => v.startsWith('pgdata:'))) && 'pgdata' in compose.volumes);
    checks.add(
      'compose: two app instances on that database, TRUST_PROXY=1, started once it is healthy',
      apps.every((app) => app && /@db:5432\//.test(app.environment?.DATABASE_URL ?? '') && app.environment?.TRUST_PROXY === '1' && app.depends_on?.db?.condition === 'service_healthy'),
    );
    checks.add('compose: the instances share their pictures (one media volume, or MEDIA_S3_*)', apps.every((app) => app?.volumes?.includes('media:/var/lib/regal-shop') && 'MEDIA_S3_BUCKET' in (app.environment ?? {})));
    checks.add(`compose: stop grace above SHUTDOWN_TIMEOUT_MS (${shutdownMs / 1000} s)`, apps.every((app) => seconds(app?.stop_grace_period) * 1000 > shutdownMs));
    const upstream = read('nginx/upstream.compose.conf');
    const named = [...upstream.matchAll(/^\s*server\s+([\w-]+):3000\b/gm)].map((m) => m[1]);
    checks.add("compose: nginx's upstream names the two instances", named.length === 2 && named.every((name) => name! in compose.services), named.join(', '));
    checks.add('compose: nginx gets that upstream in place of upstream.conf', Boolean(compose.services.nginx?.volumes?.some((v) => v.startsWith('./nginx/upstream.compose.conf:/etc/nginx/regal-shop/upstream.conf'))));
  }
  checks.settle('deploy files');
});

// --- 1. The proxy's rules ------------------------------------------------------------------------

/** One HTTPS request to 127.0.0.1:port with SNI and Host `name`, trusting `ca`. */
function httpsGet(port: number, name: string, ca: string, urlPath: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; protocol: string | null }> {
  return new Promise((resolve, reject) => {
    const req = https.get({ host: '127.0.0.1', port, path: urlPath, servername: name, ca, headers: { host: name }, agent: false }, (res) => {
      const protocol = (res.socket as tls.TLSSocket).getProtocol();
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, protocol }));
    });
    req.on('error', reject);
  });
}

/** The ALPN protocol nginx picks for `name` offering h2 and http/1.1, or the handshake's error. */
function alpn(port: number, name: string, ca: string): Promise<string> {
  return new Promise((resolve) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: name, ca, ALPNProtocols: ['h2', 'http/1.1'] }, () => {
      resolve(String(socket.alpnProtocol));
      socket.destroy();
    });
    socket.on('error', (error: NodeJS.ErrnoException) => resolve(`error: ${error.code ?? error.message}`));
  });
}

void test("nginx runs the shop's rules: TLS, HSTS and the redirect (shop.conf itself), the micro-cache, static files, request ids", { skip, timeout: 12 * 60_000 }, async () => {
  await setUp();
  const checks = new Checks();
  const production = await startProductionNginx(instances.map((i) => i.port));
  try {
    const name = production.serverName;
    const redirect = await fetch(`${production.url}/product/x?y=1`, { redirect: 'manual', headers: { host: 'attacker.test' } });
    checks.add('HTTP answers 301 to HTTPS on the configured name, whatever Host says', redirect.status === 301 && redirect.headers.get('location') === `https://${name}/product/x?y=1`, `${redirect.status} ${redirect.headers.get('location')}`);
    const home = await httpsGet(production.httpsPort, name, production.certificate, '/');
    checks.add('HTTPS serves the shop', home.status === 200, String(home.status));
    checks.add('HSTS on HTTPS answers', /max-age=31536000/.test(String(home.headers['strict-transport-security'])), String(home.headers['strict-transport-security']));
    checks.add('TLS 1.2 or 1.3', home.protocol === 'TLSv1.3' || home.protocol === 'TLSv1.2', String(home.protocol));
    checks.add('the request id reaches HTTPS answers too', /^[0-9a-f]{32}$/.test(String(home.headers['x-request-id'])), String(home.headers['x-request-id']));
    const protocol = await alpn(production.httpsPort, name, production.certificate);
    checks.add('HTTP/2 offered', protocol === 'h2', protocol);
    const stranger = await alpn(production.httpsPort, 'other.example', production.certificate);
    checks.add('a TLS handshake for another name is refused', stranger.startsWith('error'), stranger);
  } finally {
    await production.stop();
  }

  const base = proxy!.url;
  const twice = async (urlPath: string, init: RequestInit = {}) => {
    const first = await fetch(`${base}${urlPath}`, init);
    await first.arrayBuffer();
    const second = await fetch(`${base}${urlPath}`, init);
    await second.arrayBuffer();
    return [first, second] as const;
  };
  const cacheOf = (res: Response) => res.headers.get('x-proxy-cache') ?? '(none)';

  const [, page] = await twice('/contact');
  checks.add('a page (s-maxage) comes from the micro-cache the second time', cacheOf(page) === 'HIT', cacheOf(page));
  const [, listing] = await twice('/v1/product/paginate?pageSize=4&categories=all');
  checks.add('a public catalogue call comes from the micro-cache the second time', cacheOf(listing) === 'HIT', cacheOf(listing));
  const [signedA, signedB] = await twice('/v1/product/paginate?pageSize=5&categories=all', { headers: { authorization: 'Bearer not-a-real-token' } });
  checks.add('a request with Authorization never comes from the cache', cacheOf(signedA) === 'BYPASS' && cacheOf(signedB) === 'BYPASS', `${cacheOf(signedA)}, ${cacheOf(signedB)}`);
  const [, health] = await twice('/healthz');
  checks.add('/healthz is never cached', health.status === 200 && !health.headers.get('x-proxy-cache'), `${health.status} ${cacheOf(health)}`);
  const product = catalogue[0]!;
  const made = await fetch(`${base}/v1/firebase/order/create`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ deliveryDate: '', currency: 'NGN', cartItems: [{ productId: product.id, SKU: product.sku, quantity: 1 }] }),
  });
  const orderId = ((await made.json()) as { data?: { id?: string } }).data?.id;
  const [, order] = await twice(`/v1/firebase/order/${orderId}`);
  checks.add('a private answer (an order) is never cached', order.status === 200 && cacheOf(order) !== 'HIT', `${order.status} ${cacheOf(order)}, ${order.headers.get('cache-control')}`);

  const html = await (await fetch(`${base}/`)).text();
  const chunk = /\/_next\/static\/[^"']+\.js/.exec(html)?.[0];
  checks.add('the home page links a build file', Boolean(chunk));
  if (chunk) {
    const [, cached] = await twice(chunk, { headers: { 'accept-encoding': 'br' } });
    checks.add('build files: immutable for a year', /max-age=31536000/.test(String(cached.headers.get('cache-control'))) && /immutable/.test(String(cached.headers.get('cache-control'))), String(cached.headers.get('cache-control')));
    checks.add('build files: from the micro-cache the second time', cacheOf(cached) === 'HIT', cacheOf(cached));
    checks.add('build files: brotli when asked', cached.headers.get('content-encoding') === 'br', String(cached.headers.get('content-encoding')));
    const gzipped = await fetch(`${base}${chunk}`, { headers: { 'accept-encoding': 'gzip' } });
    await gzipped.arrayBuffer();
    checks.add('build files: gzip when asked (same cached copy)', gzipped.headers.get('content-encoding') === 'gzip' && cacheOf(gzipped) === 'HIT', `${gzipped.headers.get('content-encoding')} ${cacheOf(gzipped)}`);
  }

  const traced = await fetch(`${base}/v1/product/paginate?pageSize=3&searchValue=rose`);
  await traced.arrayBuffer();
  const id = traced.headers.get('x-request-id') ?? '';
  await sleep(200);
  const log = proxy!.accessLog();
  const line = log.find((entry) => entry.requestId === id);
  checks.add("one request id: nginx's, in the answer and the access log", /^[0-9a-f]{32}$/.test(id) && Boolean(line), id);
  const withQuery = log.filter((entry) => entry.path.includes('?') || entry.path.includes('searchValue'));
  checks.add('the access log holds no query strings', withQuery.length === 0, `${withQuery.length} of ${log.length} lines`);
  checks.settle('nginx rules');
});

// --- 2. Load through nginx while an instance is killed -------------------------------------------

void test(
  `${CHECKOUT_CLIENTS * CHECKOUTS_PER_CLIENT} checkouts by ${CHECKOUT_CLIENTS} clients + ${BROWSE_CLIENTS} browsing through nginx and ${INSTANCES} instances, one killed with SIGKILL and restarted mid-run: every order once, paid once, one e-mail each, no 5xx to an idempotent request`,
  { skip, timeout: 25 * 60_000 },
  async () => {
    await setUp();
    const checks = new Checks();
    const total = CHECKOUT_CLIENTS * CHECKOUTS_PER_CLIENT;
    const load = new Workload(proxy!.url, { retry: true });
    const ordersBefore = await orderCount();
    const logFrom = proxy!.accessLog().length;
    const victim = instances[VICTIM]!;

    let restart: Promise<{ killedAt: number; readyAt: number }> | undefined;
    let burst: number[] = [];
    const killAndRestart = async () => {
      const killedAt = Date.now();
      await victim.signal('SIGKILL');
      victim.start(false);
      // While it is down, a burst of GETs: nginx sends some to the dead instance first and must
      // move them to another (proxy_next_upstream) rather than answer 502.
      burst = await Promise.all(Array.from({ length: 12 }, () => fetch(`${proxy!.url}/healthz`).then((r) => r.status, () => 0)));
      await victim.ready(3 * 60_000);
      return { killedAt, readyAt: Date.now() };
    };

    const started = performance.now();
    let finished = false;
    const browsing = Array.from({ length: BROWSE_CLIENTS }, () => load.browse(catalogue, () => finished));
    const { created, errors } = await load.checkouts(catalogue, CHECKOUT_CLIENTS, CHECKOUTS_PER_CLIENT, {
      // A third of the way in (finished checkouts, whether they succeeded or not).
      afterEach: (done) => {
        if (!restart && done.created + done.errors >= Math.floor(total / 3)) restart = killAndRestart();
      },
    });
    const restarted = await restart;
    finished = true;
    await Promise.all(browsing);
    const durationMs = performance.now() - started;
    console.log(load.summary(`${created.length} paid checkouts by ${CHECKOUT_CLIENTS} clients + ${BROWSE_CLIENTS} browsing, through nginx`, durationMs));
    console.log(`retries: ${load.retries.length}${load.retries.length ? `, e.g.\n  ${load.retries.slice(0, 8).join('\n  ')}` : ''}`);

    checks.add(`every checkout completed (${created.length} of ${total})`, errors.length === 0 && created.length === total, errors.slice(0, 3).map(String).join('; '));
    checks.add('no call failed for good', load.failures.length === 0, load.failures.slice(0, 3).join('; '));
    checks.add('the killed instance was restarted and ready', Boolean(restarted), restarted ? `down ${((restarted.readyAt - restarted.killedAt) / 1000).toFixed(1)} s` : 'never killed');

    const log = proxy!.accessLog().slice(logFrom);
    // Idempotent methods, which nginx may send to another instance: GET above all, and the checkout's PUTs.
    const idempotent = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);
    const asked = log.filter((e) => idempotent.has(e.method));
    const failed = asked.filter((e) => e.status >= 500);
    checks.add('no 5xx to an idempotent request (GET, PUT) through nginx (access log)', failed.length === 0, `${failed.length} of ${asked.length}${failed.length ? `: ${failed.slice(0, 3).map((e) => `${e.status} ${e.method} ${e.path}`).join(', ')}` : ''}`);
    const seen = load.samples.filter((s) => idempotent.has(s.method) && s.status >= 500);
    checks.add('no 5xx to an idempotent request seen by the clients', seen.length === 0, String(seen.length));
    const posts5xx = log.filter((e) => e.method === 'POST' && e.status >= 500);
    console.log(`POSTs answered 5xx through nginx (order create and payment start are retried by the clients with their Idempotency-Key): ${posts5xx.length}`);
    if (restarted) {
      const victimAddress = `127.0.0.1:${victim.port}`;
      // nginx writes every instance it tried: "victim, other" is a request it moved after the kill.
      const moved = log.filter((e) => e.upstream.split(', ').length > 1 && e.upstream.includes(victimAddress));
      const byMethod = [...new Set(moved.map((e) => e.method))].map((m) => `${m}×${moved.filter((e) => e.method === m).length}`).join(' ');
      // Not required: once a request (often a POST, which nginx never moves) found the instance
      // dead, nginx skips it for fail_timeout and there is nothing left to move. What is required
      // is that no idempotent request got a 5xx, and that GETs right after the kill answered 200.
      checks.note('nginx moved requests off the killed instance to another', moved.length > 0, `${moved.length}${byMethod ? `: ${byMethod}` : ''}`);
      checks.add('the GETs sent just after the kill all answered 200', burst.length > 0 && burst.every((status) => status === 200), burst.join(' '));
      const servedAfter = log.filter((e) => Date.parse(e.time) >= restarted.readyAt - 1000 && e.upstream.split(', ').at(-1) === victimAddress && e.status < 500);
      checks.add('the restarted instance served requests again', servedAfter.length > 0, `${servedAfter.length} requests`);
    }

    const ids = created.map((c) => c.id);
    const ordersAfter = await orderCount();
    const told = load.orders;
    checks.add(
      'every order created once (new orders in the database = orders the clients were told of, each once)',
      ordersAfter - ordersBefore === told.length && new Set(told).size === told.length && told.length >= created.length,
      `${ordersAfter - ordersBefore} new orders; ${told.length} told of (${new Set(told).size} distinct) by ${created.length} completed checkouts`,
    );
    const rows = await ordersOf(ids);
    checkOrders(checks, created, rows);

    const numbers = [...rows.values()].filter((r) => r.payment_state === 'paid').map((r) => r.order_number);
    const tookMs = await mailSettled(numbers, DRAIN_MS);
    console.log(`mail: ${sink!.deliveries.length} messages received; settled ${(tookMs / 1000).toFixed(1)} s after the run`);
    checkMails(checks, numbers, await unsentMail(), MAIL_WORKERS_PER_INSTANCE);

    for (const instance of instances) {
      const errorLines = instance.errors();
      if (errorLines.length) console.log(`${instance.name} logged ${errorLines.length} error lines, e.g.\n  ${errorLines.slice(0, 3).join('\n  ').slice(0, 1500)}`);
    }
    checks.settle('load through nginx with an instance killed');
  },
);

// --- 3. The mail server away for 30 s ------------------------------------------------------------

void test(`the SMTP server away for ${OUTAGE_MS / 1000} s while ${OUTAGE_CLIENTS * OUTAGE_ORDERS_PER_CLIENT} orders are paid: every e-mail arrives once it is back, none twice`, { skip, timeout: 6 * 60_000 }, async () => {
  await setUp();
  const checks = new Checks();
  const load = new Workload(proxy!.url, { retry: true });
  const before = sink!.deliveries.length;
  await sink!.stop();
  const stoppedAt = Date.now();

  const { created, errors } = await load.checkouts(catalogue, OUTAGE_CLIENTS, OUTAGE_ORDERS_PER_CLIENT, { firstClient: 100 });
  const paidWithin = Date.now() - stoppedAt;
  checks.add('every checkout completed while the mail server was away', errors.length === 0 && created.length === OUTAGE_CLIENTS * OUTAGE_ORDERS_PER_CLIENT, errors.slice(0, 3).map(String).join('; '));
  checks.add(`the orders were paid during the outage (${(paidWithin / 1000).toFixed(1)} s)`, created.length > 0 && paidWithin < OUTAGE_MS);
  const rows = await ordersOf(created.map((c) => c.id));
  checkOrders(checks, created, rows);

  await sleep(Math.max(0, OUTAGE_MS - (Date.now() - stoppedAt)));
  checks.add('nothing was received while the mail server was away', sink!.deliveries.length === before);
  await sink!.start();
  const backAt = Date.now();

  const numbers = [...rows.values()].filter((r) => r.payment_state === 'paid').map((r) => r.order_number);
  const tookMs = await mailSettled(numbers, AFTER_OUTAGE_MS);
  const arrived = sink!.deliveries.filter((d) => d.orderNumber && numbers.includes(d.orderNumber));
  const last = arrived.length ? Math.max(...arrived.map((d) => d.at)) - backAt : NaN;
  console.log(`outage: ${created.length} orders paid in ${(paidWithin / 1000).toFixed(1)} s; sink back after ${((backAt - stoppedAt) / 1000).toFixed(1)} s; last e-mail ${(last / 1000).toFixed(1)} s later; settled after ${(tookMs / 1000).toFixed(1)} s`);
  checks.add(`the e-mails arrived within ${AFTER_OUTAGE_MS / 1000} s of the mail server's return`, arrived.length > 0 && last <= AFTER_OUTAGE_MS, Number.isNaN(last) ? 'none arrived' : `${(last / 1000).toFixed(1)} s`);
  checkMails(checks, numbers, await unsentMail(), 0);
  checks.settle('mail server outage');
});
