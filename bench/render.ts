/**
 * The uncached render bench: server CPU per page render that the shared-page cache
 * (scripts/page-cache.mjs) does not answer, as a crawler walking product pages and the long tail
 * of filter URLs causes. Target: ≤ 2.5 ms of CPU per render.
 *
 * It seeds a fresh embedded database with the large catalogue (`npm run db:seed -- --products N`,
 * default 10,000), starts the built shop on it the way `npm start` does once its build is current
 * (`node scripts/serve.mjs` with NODE_ENV=production and the build's own V8 flags,
 * scripts/node-flags.mjs: started directly, so that a source edited meanwhile does not rebuild the
 * build under test), and for each page:
 *
 * - sends every request with its own harmless query parameter (`?render=…`): the page cache keys
 *   by URL, so each one is a miss that Next renders (the answer says `X-Page-Cache: MISS`, which
 *   the bench checks); the server's API answer cache (lib/api/answer-cache.ts) stays warm, as for a
 *   crawler asking for the same page again after 30 s;
 * - "product, cold answers": distinct product pages, each asked once, so the product call is not
 *   in the answer cache either (a crawler walking 10,000 products);
 * - first settles each server: `--render-settle` renders of every page but the cold case, in turn,
 *   as a server that has been up a while has done. V8 compiles the hot code in stages over the
 *   first few thousand renders (a category page cost about 6.5 ms at first, 3.0-3.7 after 2,500,
 *   2026-11-28), and a crawler walking 10,000 pages meets a server past that. The CPU per render of
 *   the settling renders is reported too (`settled`), so the cost of a fresh start stays in view;
 *   `--render-settle 0` measures a fresh server, as the bench did before;
 * - warms up, then measures `--render-rounds` rounds of `--render-requests` sequential requests:
 *   CPU time (utime + stime from /proc) of the server's process tree per round divided by the
 *   requests, and the median over the rounds; the HTML and `__NEXT_DATA__` sizes too.
 *
 * `--render-baseline DIR` measures an earlier version alongside, on a copy of the same database,
 * the rounds of the two taken in turn (so that the machine's load falls on both alike): DIR is a
 * built copy of its sources (e.g. `git archive <commit> | tar -x -C DIR`, `cp -al node_modules`
 * there, as Turbopack will not build through a symlinked one, `npm run build` in DIR).
 * `--render-profile DIR` runs the servers under `node --cpu-prof` and prints each page's top
 * self-time functions and modules (samples sliced by when each page was measured; the build's
 * minified server chunks named through their source maps), keeping the `.cpuprofile` files in DIR.
 *
 * Options: --render-rounds N (default 5), --render-requests N (default 100), --render-warmup N
 * (default 30), --render-settle N (default 400), --no-build, --products N, --render-baseline DIR, --render-profile DIR,
 * --render-data-dir DIR (a database seeded before, kept; seeded when empty). Writes
 * bench/results/render.json. Run alone with `tsx bench/render.ts`, or through `npm run bench`
 * (`--skip-render` leaves it out).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { freePort } from '../e2e/shop-server';
import { CLK_TCK, cpuTicks, median, processTree, round } from './measure';

const ROOT = path.resolve(__dirname, '..');
process.env.NEXT_DIST_DIR ||= '.next-bench';

export const RENDER_TARGET_MS = 2.5;

export type RenderOptions = {
  build: boolean;
  products: number;
  rounds: number;
  requests: number;
  warmup: number;
  /** Renders of every (warm) page on each server before any is measured. */
  settle: number;
  baseline?: string;
  profileDir?: string;
  dataDir?: string;
};

/** Reads this bench's options (others on the command line are left to the other benches). */
export function parseRenderOptions(argv: readonly string[]): RenderOptions {
  const number = (name: string, fallback: number, min: number) => {
    const at = argv.indexOf(`--${name}`);
    const value = at >= 0 ? Number(argv[at + 1]) : fallback;
    if (!Number.isInteger(value) || value < min) throw new Error(`--${name} needs a whole number of at least ${min}`);
    return value;
  };
  const text = (name: string) => {
    const at = argv.indexOf(`--${name}`);
    if (at < 0) return undefined;
    const value = argv[at + 1];
    if (!value || value.startsWith('--')) throw new Error(`--${name} needs a folder`);
    return path.resolve(value);
  };
  const baseline = text('render-baseline');
  if (baseline && !fs.existsSync(path.join(baseline, 'scripts', 'serve.mjs'))) throw new Error(`--render-baseline ${baseline}: no scripts/serve.mjs there`);
  return {
    build: !argv.includes('--no-build'),
    products: number('products', 10_000, 1),
    rounds: number('render-rounds', 5, 1),
    requests: number('render-requests', 100, 1),
    warmup: number('render-warmup', 30, 0),
    settle: number('render-settle', 400, 0),
    baseline,
    profileDir: text('render-profile'),
    dataDir: text('render-data-dir'),
  };
}

// ---------------------------------------------------------------------------------------------
// Starting and stopping the server

type Server = { url: string; pid: number; alive(): boolean; stop(): Promise<void>; output(): string };

const cleanups = new Set<() => Promise<void> | void>();

function run(command: string, args: string[], env: Record<string, string>, cwd = ROOT): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'inherit', env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env } });
    const stop = () => void child.kill('SIGTERM');
    cleanups.add(stop);
    child.on('error', reject);
    child.on('exit', (code) => {
      cleanups.delete(stop);
      if (code === 0) resolve();
      else reject(new Error(`${command} ${args.join(' ')} exited with ${code}`));
    });
  });
}

/** The build folder in `root`: NEXT_DIST_DIR when built there, else Next's default `.next`. */
function distDirIn(root: string): string {
  const wanted = process.env.NEXT_DIST_DIR!;
  if (fs.existsSync(path.join(root, wanted, 'BUILD_ID'))) return wanted;
  if (fs.existsSync(path.join(root, '.next', 'BUILD_ID'))) return '.next';
  throw new Error(`no build in ${path.join(root, wanted)} (nor .next): build it first`);
}

/** What `npm start` runs once the build is current (scripts/start.mjs), in `root`. */
async function startServer(root: string, dataDir: string, profileDir?: string): Promise<Server> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  // The V8 flags start.mjs starts that build's server with (none in a build from before them).
  const flagsFile = path.join(root, 'scripts', 'node-flags.mjs');
  const flags = fs.existsSync(flagsFile) ? ((await import(pathToFileURL(flagsFile).href)) as { SERVER_NODE_FLAGS: string[] }).SERVER_NODE_FLAGS : [];
  const node = [...flags, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])];
  let log = '';
  const child: ChildProcess = spawn(process.execPath, [...node, path.join(root, 'scripts', 'serve.mjs')], {
    cwd: root,
    env: {
      ...process.env,
      NEXT_TELEMETRY_DISABLED: '1',
      NODE_ENV: 'production',
      OPERATOR_NODE_ENV: '',
      NEXT_DIST_DIR: distDirIn(root),
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      SITE_URL: url,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  child.stderr?.on('data', (chunk: Buffer) => (log = (log + chunk.toString()).slice(-20_000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const stop = async () => {
    cleanups.delete(stop);
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await exited;
    }
  };
  cleanups.add(stop);
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}:\n${log}`);
    try {
      if ((await fetch(`${url}/v1/regal/handshake`)).ok) return { url, pid: child.pid!, alive: () => child.exitCode === null && child.signalCode === null, stop, output: () => log };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
  await stop();
  throw new Error(`the server did not answer within 2 minutes:\n${log}`);
}

// ---------------------------------------------------------------------------------------------
// The pages

export type RenderCase = { name: string; path: string } | { name: string; paths: string[] };

/** Active product slugs, enough for the cold case (each page asked once). */
async function productSlugs(url: string, count: number): Promise<string[]> {
  const slugs: string[] = [];
  for (let page = 1; slugs.length < count; page++) {
    const res = await fetch(`${url}/v1/product/paginate?pageSize=100&pageNumber=${page}`);
    const items = ((await res.json()) as { data?: { items?: { slug: string; active: boolean }[] } }).data?.items ?? [];
    if (items.length === 0) break;
    slugs.push(...items.filter((p) => p.active).map((p) => p.slug));
  }
  if (slugs.length < count) throw new Error(`only ${slugs.length} active products for ${count} cold product pages: lower --render-requests or raise --products`);
  return slugs.slice(0, count);
}

export function renderCases(slugs: readonly string[]): RenderCase[] {
  return [
    { name: 'home', path: '/' },
    { name: 'category', path: '/product-category/birthday-flowers' },
    { name: 'product', path: `/product/${slugs[0]}` },
    { name: 'product, cold answers', paths: slugs.slice(1).map((slug) => `/product/${slug}`) },
    { name: 'filters (shop-by)', path: '/filters?shopBy=same+day+delivery' },
    { name: 'search', path: '/filters?search=roses' },
    { name: 'content (FAQ)', path: '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja' },
  ];
}

/**
 * The address of the case's `n`-th request: its own page for the cold case, else the page with a
 * query parameter no page reads, so that the page cache misses.
 * @example requestPath({ name: 'home', path: '/' }, 3) // '/?render=3'
 */
export function requestPath(c: RenderCase, n: number): string {
  if ('paths' in c) return c.paths[n]!;
  return `${c.path}${c.path.includes('?') ? '&' : '?'}render=${n}`;
}

export type RenderResult = {
  name: string;
  path: string;
  /** Median over the rounds of the server's CPU per render. */
  cpuMsPerRender: number;
  rounds: number[];
  medianLatencyMs: number;
  htmlBytes: number;
  nextDataBytes: number;
};

/** Monotonic microseconds, the clock of V8's CPU profiles on Linux (CLOCK_MONOTONIC). */
const monotonicUs = () => Number(process.hrtime.bigint() / 1000n);

/** One version of the shop under measurement, and what was measured of it so far. */
type Subject = {
  label: string;
  root: string;
  server: Server;
  pids: number[];
  profileDir?: string;
  results: RenderResult[];
  windows: Map<string, [number, number][]>;
  settled?: Settled;
};

/** The settling renders of one server: how many, and their CPU per render (all pages together). */
export type Settled = { renders: number; cpuMsPerRender: number };

/**
 * Settles every subject before any page is measured: `options.settle` uncached renders of each
 * page but the cold case (its products are each asked once, later), the pages in turn, one
 * subject after the other.
 */
async function settle(subjects: readonly Subject[], cases: readonly RenderCase[], options: RenderOptions): Promise<void> {
  const warm = cases.filter((c): c is { name: string; path: string } => 'path' in c);
  for (const subject of subjects) {
    const before = cpuTicks(subject.pids);
    let renders = 0;
    for (let i = 0; i < options.settle; i++) {
      for (const c of warm) {
        const res = await fetch(`${subject.server.url}${c.path}${c.path.includes('?') ? '&' : '?'}settle=${i}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`${c.path} answered ${res.status} while settling`);
        renders++;
      }
    }
    if (renders > 0) subject.settled = { renders, cpuMsPerRender: round((((cpuTicks(subject.pids) - before) / CLK_TCK) * 1000) / renders, 3) };
  }
}

/**
 * Measures one page on every subject: a warm-up each, then the rounds taken in turn (before,
 * after, before, …), so that a change in the machine's load falls on both alike.
 */
async function measureCase(subjects: readonly Subject[], c: RenderCase, options: RenderOptions): Promise<void> {
  const state = subjects.map(() => ({ n: 0, latencies: [] as number[], htmlBytes: 0, nextDataBytes: 0, rounds: [] as number[] }));
  const hit = async (index: number) => {
    const s = state[index]!;
    const address = requestPath(c, s.n++);
    const started = performance.now();
    // As a browser or a crawler asks: on a miss the app server sends the page in brotli (scripts/compress.mjs; the page cache keeps that copy).
    const res = await fetch(`${subjects[index]!.server.url}${address}`, { headers: { 'accept-encoding': 'gzip, deflate, br' } });
    const html = await res.text();
    s.latencies.push(performance.now() - started);
    if (res.status !== 200) throw new Error(`${address} answered ${res.status}`);
    if (res.headers.get('x-page-cache') !== 'MISS') throw new Error(`${address} was not a page-cache miss (X-Page-Cache: ${res.headers.get('x-page-cache')})`);
    s.htmlBytes = Buffer.byteLength(html);
    s.nextDataBytes = Buffer.byteLength(/<script id="__NEXT_DATA__" type="application\/json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '');
  };
  for (let index = 0; index < subjects.length; index++) {
    for (let i = 0; i < options.warmup; i++) await hit(index);
    state[index]!.latencies.length = 0;
  }
  for (let r = 0; r < options.rounds; r++) {
    for (let index = 0; index < subjects.length; index++) {
      const subject = subjects[index]!;
      const from = monotonicUs();
      const before = cpuTicks(subject.pids);
      for (let i = 0; i < options.requests; i++) await hit(index);
      if (!subject.server.alive()) throw new Error(`${subject.label}'s server exited`);
      state[index]!.rounds.push(round((((cpuTicks(subject.pids) - before) / CLK_TCK) * 1000) / options.requests, 3));
      subject.windows.set(c.name, [...(subject.windows.get(c.name) ?? []), [from, monotonicUs()]]);
    }
  }
  subjects.forEach((subject, index) => {
    const s = state[index]!;
    subject.results.push({
      name: c.name,
      path: 'paths' in c ? `${c.paths[0]} … (${c.paths.length} products)` : c.path,
      cpuMsPerRender: round(median(s.rounds), 3),
      rounds: s.rounds,
      medianLatencyMs: round(median(s.latencies)),
      htmlBytes: s.htmlBytes,
      nextDataBytes: s.nextDataBytes,
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Profiles: self time per function and per module, per page

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type CpuProfile = { nodes: ProfileNode[]; startTime: number; endTime: number; samples: number[]; timeDeltas: number[] };
type Share = { name: string; ms: number; share: number };
export type ProfileSummary = { sampledMs: number; functions: Share[]; modules: Share[] };

/**
 * Where a frame's code lives, short: a package under node_modules (`next`, `react-dom`), a file of
 * the app (the server chunks' source maps say which), node's own (`node:internal`), or V8's
 * (`(garbage collector)`, `(program)`, `(native)` for built-ins such as writev).
 * @example moduleOf('file:///w/node_modules/next/dist/server/render.js', '') // 'next'
 */
export function moduleOf(source: string, functionName: string): string {
  if (!source) return functionName.startsWith('(') ? functionName : '(native)';
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source)?.[1];
  if (pkg) return pkg;
  if (source.startsWith('node:')) return `node:${source.slice(5).split('/')[0]}`;
  if (source.startsWith('wasm:')) return 'wasm';
  return source.replace(/^file:\/\//, '').replace(/^(\.\.\/)+|^\[project\]\//, '');
}

/** Maps frames of the build's server chunks (minified) to the app's sources through their `.map` files. */
function sourceMapper(): (frame: CallFrame) => { source: string; line: number } {
  const maps = new Map<string, SourceMap | null>();
  return (frame) => {
    const file = frame.url.replace(/^file:\/\//, '');
    if (file.includes('/.next') && file.endsWith('.js')) {
      if (!maps.has(file)) {
        let map: SourceMap | null = null;
        try {
          map = new SourceMap(JSON.parse(fs.readFileSync(`${file}.map`, 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
        } catch {
          // no map: the chunk's own name is said
        }
        maps.set(file, map);
      }
      const entry = maps.get(file)?.findEntry(frame.lineNumber, frame.columnNumber) as { originalSource?: string; originalLine?: number } | undefined;
      if (entry?.originalSource) return { source: entry.originalSource, line: (entry.originalLine ?? 0) + 1 };
    }
    return { source: frame.url, line: frame.lineNumber + 1 };
  };
}

/** Self time of the samples taken within `windows` (monotonic µs), by function and by module. */
export function summariseProfile(profile: CpuProfile, windows: readonly [number, number][], top = 12): ProfileSummary {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const locate = sourceMapper();
  const functions = new Map<string, number>();
  const modules = new Map<string, number>();
  let t = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    t += profile.timeDeltas[i]!;
    // A sample stands for the time until the next one.
    const weight = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    if (!windows.some(([from, to]) => t >= from && t <= to)) continue;
    const frame = byId.get(profile.samples[i]!)!.callFrame;
    if (frame.functionName === '(idle)') continue;
    const { source, line } = locate(frame);
    const where = moduleOf(source, frame.functionName);
    const fn = `${frame.functionName || '(anonymous)'}${source ? ` ${where}${where.startsWith('node:') || where.includes('/') ? '' : `/${source.split('/').pop()}`}:${line}` : ''}`;
    functions.set(fn, (functions.get(fn) ?? 0) + weight);
    modules.set(where, (modules.get(where) ?? 0) + weight);
    total += weight;
  }
  const list = (map: Map<string, number>) =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms: round(ms, 1), share: round((ms / (total || 1)) * 100, 1) }));
  return { sampledMs: round(total, 1), functions: list(functions), modules: list(modules) };
}

// ---------------------------------------------------------------------------------------------
// The bench

export type RenderRun = {
  label: string;
  root: string;
  distDir: string;
  results: RenderResult[];
  profiles?: Record<string, ProfileSummary>;
  /** The renders that settled the server before any page was measured (none with --render-settle 0). */
  settled?: Settled;
  /** With a profile: its file, and when each page was measured (monotonic µs, the profile's clock), for a closer look. */
  profile?: { file: string; windows: Record<string, [number, number][]> };
};

async function startSubject(label: string, root: string, dataDir: string, options: RenderOptions): Promise<Subject> {
  const profileDir = options.profileDir ? path.join(options.profileDir, label) : undefined;
  if (profileDir) fs.mkdirSync(profileDir, { recursive: true });
  console.log(`${label}: starting the shop from ${root} (${distDirIn(root)})${profileDir ? ' under --cpu-prof' : ''}`);
  const server = await startServer(root, dataDir, profileDir);
  return { label, root, server, pids: processTree(server.pid), profileDir, results: [], windows: new Map() };
}

/** The subject's results, with its profile summarised per page when it ran under --cpu-prof (after its server stopped). */
function runOf(subject: Subject): RenderRun {
  const run: RenderRun = { label: subject.label, root: subject.root, distDir: distDirIn(subject.root), results: subject.results, settled: subject.settled };
  if (!subject.profileDir) return run;
  // The profile of the process that served: the largest one written.
  const file = fs
    .readdirSync(subject.profileDir)
    .filter((f) => f.endsWith('.cpuprofile'))
    .map((f) => path.join(subject.profileDir!, f))
    .sort((a, b) => fs.statSync(b).size - fs.statSync(a).size)[0];
  if (!file) return run;
  const profile = JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile;
  run.profiles = Object.fromEntries([...subject.windows].map(([name, windows]) => [name, summariseProfile(profile, windows)]));
  run.profile = { file, windows: Object.fromEntries(subject.windows) };
  return run;
}

function printRuns(runs: readonly RenderRun[], options: RenderOptions): void {
  const cases = runs[0]!.results.map((r) => r.name);
  const width = Math.max(...cases.map((c) => c.length));
  const kb = (bytes: number) => (bytes / 1000).toFixed(1);
  console.log(
    `\nUncached renders: server CPU per render, median of ${options.rounds} rounds of ${options.requests} (target ≤ ${RENDER_TARGET_MS} ms)${runs.length > 1 ? `; rounds taken in turn, ${runs.map((r) => r.label).join(' and ')}` : ''}`,
  );
  console.log(
    runs.some((r) => r.settled)
      ? `after settling each server with ${runs.map((r) => `${r.settled?.renders ?? 0} renders (${r.label}: ${r.settled?.cpuMsPerRender.toFixed(2) ?? '–'} ms each)`).join(', ')}\n`
      : 'on freshly started servers (--render-settle 0)\n',
  );
  console.log(`${'page'.padEnd(width)}  ${runs.map((r) => `${r.label} ms`.padStart(12)).join('  ')}  latency ms   HTML kB  __NEXT_DATA__ kB`);
  for (const name of cases) {
    const of = runs.map((r) => r.results.find((x) => x.name === name)!);
    const last = of[of.length - 1]!;
    const span = (values: string[]) => (values.length > 1 ? `${values[0]} → ${values[values.length - 1]}` : values[0]!);
    console.log(
      [
        name.padEnd(width),
        ...of.map((r) => `${r.cpuMsPerRender.toFixed(2)} ${r === last ? (r.cpuMsPerRender <= RENDER_TARGET_MS ? '✓' : '✗') : ' '}`.padStart(12)),
        String(last.medianLatencyMs).padStart(10),
        span(of.map((r) => kb(r.htmlBytes))).padStart(8),
        span(of.map((r) => kb(r.nextDataBytes))).padStart(16),
      ].join('  '),
    );
  }
  for (const run of runs) {
    if (!run.profiles) continue;
    for (const [name, p] of Object.entries(run.profiles)) {
      console.log(`\nProfile, ${run.label}, ${name} (${p.sampledMs} ms sampled, self time; the profiler slows the server)`);
      console.log(`  by module: ${p.modules.map((m) => `${m.name} ${m.share}%`).join(', ')}`);
      for (const f of p.functions) console.log(`  ${String(f.share).padStart(5)}%  ${f.name}`);
    }
  }
}

export async function runRenderBench(options: RenderOptions): Promise<RenderRun[]> {
  const stopOnSignal = (signal: NodeJS.Signals) => {
    console.error(`\n${signal}: stopping what the render bench started`);
    void Promise.allSettled([...cleanups].map((c) => c())).then(() => process.exit(130));
  };
  process.once('SIGINT', stopOnSignal);
  process.once('SIGTERM', stopOnSignal);
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'shop-render-data-'));
  // The embedded database has one owner: the earlier version serves a copy of it.
  const baselineDataDir = options.baseline ? `${dataDir}-before` : undefined;
  const subjects: Subject[] = [];
  try {
    if (options.build) {
      console.log('\nBuilding the shop (npm run build)...');
      await run('npm', ['run', 'build'], {});
    }
    const seeded = path.join(dataDir, `.render-bench-${options.products}`);
    if (!fs.existsSync(seeded)) {
      console.log(`\nSeeding ${options.products} products into the embedded database in ${dataDir} (npm run db:seed)...`);
      await run('npm', ['run', '--silent', 'db:seed', '--', '--products', String(options.products)], { DATA_DIR: dataDir, DATABASE_URL: '' });
      fs.writeFileSync(seeded, '');
    }
    console.log('\nUncached renders');
    if (options.baseline && baselineDataDir) {
      fs.rmSync(baselineDataDir, { recursive: true, force: true });
      fs.cpSync(dataDir, baselineDataDir, { recursive: true });
      subjects.push(await startSubject('before', options.baseline, baselineDataDir, options));
    }
    subjects.push(await startSubject(options.baseline ? 'after' : 'now', ROOT, dataDir, options));
    const slugs = await productSlugs(subjects[0]!.server.url, 1 + options.warmup + options.rounds * options.requests);
    const cases = renderCases(slugs);
    if (options.settle > 0) {
      console.log(`  settling: ${options.settle} renders of each page but the cold case, on ${subjects.length > 1 ? 'each server' : 'the server'}`);
      await settle(subjects, cases, options);
    }
    for (const c of cases) {
      console.log(`  ${c.name}: ${options.warmup} warm-up + ${options.rounds} × ${options.requests} renders${subjects.length > 1 ? ' each' : ''}`);
      await measureCase(subjects, c, options);
    }
    for (const subject of subjects) await subject.server.stop();
    const runs = subjects.map(runOf);
    printRuns(runs, options);
    const machine = { cpus: os.cpus().length, cpuModel: os.cpus()[0]?.model, node: process.version, clockTicks: CLK_TCK, loadAverage: os.loadavg().map((l) => round(l)) };
    const report = { measuredAt: new Date().toISOString(), target: { cpuMsPerRender: RENDER_TARGET_MS }, options, machine, runs };
    fs.mkdirSync(path.join(ROOT, 'bench', 'results'), { recursive: true });
    fs.writeFileSync(path.join(ROOT, 'bench', 'results', 'render.json'), `${JSON.stringify(report, null, 2)}\n`);
    console.log('\nWrote bench/results/render.json');
    return runs;
  } catch (error) {
    for (const subject of subjects) console.error(`${subject.label}'s server said:\n${subject.server.output()}`);
    throw error;
  } finally {
    // Every server started, also one whose start-up failed half-way (each stop is registered in `cleanups`).
    await Promise.allSettled([...cleanups].map((stop) => stop()));
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    if (baselineDataDir) fs.rmSync(baselineDataDir, { recursive: true, force: true });
    process.off('SIGINT', stopOnSignal);
    process.off('SIGTERM', stopOnSignal);
  }
}

if (require.main === module) {
  Promise.resolve()
    .then(() => runRenderBench(parseRenderOptions(process.argv.slice(2))))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
