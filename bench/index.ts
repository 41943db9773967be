/**
 * `npm run bench`: the catalogue query bench (bench/run.ts, in its own process as before), then the
 * page and server bench (bench/pages.ts with bench/server.ts). Options go to both; each reads its own:
 *   catalogue: --products N, --runs N (and DATABASE_URL)
 *   pages:     --lighthouse-runs N, --skip-lighthouse, --requests N, --warmup N, --no-build,
 *              --products N, --load-seconds N, --concurrency 10,50, --skip-load
 *              (and BENCH_DATABASE_URL for the catalogue calls on PostgreSQL)
 *   board:     --orders N, --runs N (and BENCH_DATABASE_URL): the back office's board (bench/board.ts)
 *   workers:   --workers-seconds N, --workers-rounds N, --workers-connections N (and BENCH_DATABASE_URL):
 *              req/s with WORKERS=1 and WORKERS=2 on PostgreSQL and their ratio (bench/workers.ts)
 *   render:    --render-rounds N, --render-requests N, --render-warmup N, --render-settle N, --render-baseline DIR,
 *              --render-profile DIR, --render-data-dir DIR, --products N, --no-build: server CPU per
 *              uncached page render (bench/render.ts; it uses the pages bench's build when that ran)
 *   this file: --skip-catalogue, --skip-board, --skip-pages, --skip-render, --skip-workers
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { parsePagesOptions, runPagesBench } from './pages';
import { parseRenderOptions, runRenderBench } from './render';
import { parseWorkersOptions, runWorkersBench } from './workers';

const ROOT = path.resolve(__dirname, '..');

function catalogueBench(args: string[], script = 'bench/run.ts'): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn(path.join(ROOT, 'node_modules', '.bin', 'tsx'), [script, ...args], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    const forward = (signal: NodeJS.Signals) => child.kill(signal);
    process.on('SIGINT', forward);
    process.on('SIGTERM', forward);
    child.on('error', reject);
    child.on('exit', (code, signal) => {
      process.off('SIGINT', forward);
      process.off('SIGTERM', forward);
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const pagesOptions = parsePagesOptions(args); // check the options before a long first bench
  const workersOptions = parseWorkersOptions(args);
  const renderOptions = parseRenderOptions(args);
  if (!args.includes('--skip-catalogue')) {
    const code = await catalogueBench(args);
    if (code !== 0) throw new Error(`the catalogue bench failed (exit ${code})`);
  }
  if (!args.includes('--skip-board')) {
    const code = await catalogueBench(args, 'bench/board.ts');
    if (code !== 0) throw new Error(`the board bench failed (exit ${code})`);
  }
  const pages = !args.includes('--skip-pages');
  if (pages) await runPagesBench(pagesOptions);
  // The pages bench built the shop already (same NEXT_DIST_DIR).
  if (!args.includes('--skip-render')) await runRenderBench({ ...renderOptions, build: renderOptions.build && !pages });
  if (!args.includes('--skip-workers')) await runWorkersBench(workersOptions);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
