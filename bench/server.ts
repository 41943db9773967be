/**
 * The server load bench: `wrk` against the running shop (pages and catalogue calls) at each
 * concurrency for a fixed time, with the server's CPU time per request from /proc over the same
 * run, and the same figures for bench/baseline-server.mjs (plain `node:http` answering the
 * product page's HTML from memory), so that the shop's figures are also a ratio to that limit.
 * The product page is measured twice: as served (mostly shared-page cache hits) and uncached
 * (a different query string on every request, so that every one is rendered by Next).
 *
 * Errors count wrk's socket errors (connect, read, write, timeout) and non-2xx answers (wrk
 * counts 4xx/5xx in `status`; a Lua `response` hook adds 3xx).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { CLK_TCK, cpuTicks, round } from './measure';

const ROOT = path.resolve(__dirname, '..');
const WRK = process.env.WRK_PATH || '/usr/bin/wrk';

export const SERVER_TARGETS = { p99MsAtConcurrency10: 100, productCpuMsPerRequest: 2 };

/** A wrk case: a GET of `path`, or with `method` and a JSON `body` the same request every time. */
export type LoadCase = { name: string; path: string; method?: 'POST' | 'PUT'; body?: string };
export type WrkErrors = { connect: number; read: number; write: number; timeout: number; status: number; non2xx: number };
export type LoadResult = {
  target: string;
  name: string;
  path: string;
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  p50Ms: number;
  p99Ms: number;
  errors: WrkErrors;
  errorCount: number;
  cpuMsPerRequest: number | null;
};

// One Lua state per wrk thread: `tid` tells the threads apart for the cache-busting query.
const LUA = `
local threads = 0
local bust = os.getenv("WRK_BUST") == "1"
local method = os.getenv("WRK_METHOD") or ""
local body = os.getenv("WRK_BODY") or ""
if method ~= "" then wrk.method = method end
if body ~= "" then
  wrk.body = body
  wrk.headers["Content-Type"] = "application/json"
end
counter = 0
non2xx = 0
function init(args)
  counter = 0
  non2xx = 0
end
if bust then
  function request()
    counter = counter + 1
    local sep = string.find(wrk.path, "?", 1, true) and "&" or "?"
    return wrk.format(nil, wrk.path .. sep .. "nocache=" .. tostring(tid) .. "-" .. counter)
  end
end
function response(status, headers, body)
  if status < 200 or status > 299 then non2xx = non2xx + 1 end
end
local all = {}
function setup(thread)
  threads = threads + 1
  thread:set("tid", threads)
  table.insert(all, thread)
end
function done(summary, latency, requests)
  local bad = 0
  for _, t in ipairs(all) do bad = bad + (t:get("non2xx") or 0) end
  local e = summary.errors
  io.write(string.format('WRKJSON {"requests":%d,"durationUs":%d,"connect":%d,"read":%d,"write":%d,"timeout":%d,"status":%d,"non2xx":%d,"p50Us":%d,"p99Us":%d}\\n',
    summary.requests, summary.duration, e.connect, e.read, e.write, e.timeout, e.status, bad, latency:percentile(50), latency:percentile(99)))
end
`;

let luaFile: string | undefined;
function luaScript(): string {
  if (!luaFile) {
    luaFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-wrk-')), 'report.lua');
    fs.writeFileSync(luaFile, LUA);
  }
  return luaFile;
}

type WrkRaw = { requests: number; durationUs: number; connect: number; read: number; write: number; timeout: number; status: number; non2xx: number; p50Us: number; p99Us: number };

function runWrk(url: string, connections: number, durationS: number, bust: boolean, request: Pick<LoadCase, 'method' | 'body'> = {}): Promise<WrkRaw> {
  const threads = Math.min(connections, Math.max(1, os.cpus().length));
  const args = ['-t', String(threads), '-c', String(connections), '-d', `${durationS}s`, '--timeout', '10s', '-H', 'Accept-Encoding: gzip', '-s', luaScript(), url];
  return new Promise((resolve, reject) => {
    const child = spawn(WRK, args, { env: { ...process.env, WRK_BUST: bust ? '1' : '0', WRK_METHOD: request.method ?? '', WRK_BODY: request.body ?? '' }, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      const line = /WRKJSON (\{.*\})/.exec(out)?.[1];
      if (code !== 0 || !line) return reject(new Error(`wrk ${args.join(' ')} exited with ${code}:\n${out}`));
      resolve(JSON.parse(line) as WrkRaw);
    });
  });
}

export type LoadTarget = { label: string; baseUrl: string; pids: (() => number[]) | undefined };

/** One wrk run against a case, with the CPU ticks of the server's processes over the run. */
export async function loadCase(target: LoadTarget, c: LoadCase, connections: number, durationS: number, bust = false): Promise<LoadResult> {
  const tree = target.pids?.();
  // A short warm-up at the same concurrency (fills the page cache, JIT, database caches).
  await runWrk(`${target.baseUrl}${c.path}`, connections, 1, bust, c);
  const before = tree ? cpuTicks(tree) : 0;
  const raw = await runWrk(`${target.baseUrl}${c.path}`, connections, durationS, bust, c);
  const cpuMs = tree ? ((cpuTicks(tree) - before) / CLK_TCK) * 1000 : null;
  const errors: WrkErrors = { connect: raw.connect, read: raw.read, write: raw.write, timeout: raw.timeout, status: raw.status, non2xx: raw.non2xx };
  return {
    target: target.label,
    name: c.name,
    path: c.path,
    connections,
    durationS,
    requests: raw.requests,
    rps: round(raw.requests / (raw.durationUs / 1e6), 0),
    p50Ms: round(raw.p50Us / 1000),
    p99Ms: round(raw.p99Us / 1000),
    errors,
    // non2xx covers wrk's `status` (4xx/5xx) and 3xx too.
    errorCount: raw.connect + raw.read + raw.write + raw.timeout + Math.max(raw.status, raw.non2xx),
    cpuMsPerRequest: cpuMs === null || raw.requests === 0 ? null : round(cpuMs / raw.requests, 3),
  };
}

/** Starts bench/baseline-server.mjs on a file holding the HTML; answers its URL, pid and stop. */
export async function startBaseline(html: string): Promise<{ url: string; pid: number; stop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-bench-baseline-'));
  const file = path.join(dir, 'page.html');
  fs.writeFileSync(file, html);
  const child: ChildProcess = spawn(process.execPath, [path.join(ROOT, 'bench', 'baseline-server.mjs'), file, '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (\d+)/.exec(out);
      if (match) resolve(Number(match[1]));
    });
    child.on('exit', (code) => reject(new Error(`the baseline server exited with ${code}`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await new Promise((resolve) => child.once('exit', resolve));
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

/** Prints one table of load results with the p99 and error target at concurrency 10. */
export function printLoadTable(title: string, results: readonly LoadResult[]): void {
  console.log(`\n${title}\n`);
  const name = Math.max(10, ...results.map((r) => `${r.target}: ${r.name}`.length));
  console.log(`${'case'.padEnd(name)}  conns      req/s   p50 ms   p99 ms  errors  CPU ms/req`);
  for (const r of results) {
    const p99 = r.connections === 10 ? `${r.p99Ms} ${mark(r.p99Ms < SERVER_TARGETS.p99MsAtConcurrency10 && r.errorCount === 0)}` : String(r.p99Ms);
    console.log(
      [
        `${r.target}: ${r.name}`.padEnd(name),
        String(r.connections).padStart(5),
        String(r.rps).padStart(9),
        String(r.p50Ms).padStart(7),
        p99.padStart(9),
        String(r.errorCount).padStart(6),
        String(r.cpuMsPerRequest ?? '–').padStart(11),
      ].join('  '),
    );
  }
}
