/**
 * Compile hints for the code every page runs at start-up: after `next build`, the largest
 * JavaScript files of `/_app` in the build manifest (React DOM, Next's client, the app chunk,
 * Turbopack's runtime) start with V8's magic comment `//# allFunctionsCalledOnLoad`
 * (Chrome 136+; other browsers read a comment).
 *
 * Why: V8 compiles a function when it is first called, on the main thread, unless told that the
 * file's functions will all run. Turbopack wraps every module in a function, so evaluating the
 * start-up chunks compiled them all in one main-thread task (35-45 ms on this machine, 140-165 ms
 * at Lighthouse's 4× CPU: most of a page's total blocking time). With the hint Chromium compiles
 * them on the background thread that streams the file as it downloads. The page chunks and the
 * code that loads later (the API client, toasts) stay lazy: small, or not run at start-up. Each
 * hint costs about 30 bytes gzip (first-load weight: bench/pages.ts counts the files as served).
 *
 * scripts/start.mjs calls it after every build it runs or stamps (`npm start`, `npm run build`);
 * it is idempotent. __tests__/scripts/compile-hints.test.ts.
 */
import fs from 'node:fs';
import path from 'node:path';

export const COMPILE_HINT = '//# allFunctionsCalledOnLoad\n';
/** Files under this many bytes compile in a moment: not worth 30 bytes of every page's download. */
export const MIN_HINTED_BYTES = 8 * 1024;

/** Adds the hint to the start-up files of the build in `distDir`; returns the files it changed. */
export function addCompileHints(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const changed = [];
  for (const file of manifest.pages?.['/_app'] ?? []) {
    if (!file.endsWith('.js')) continue;
    const full = path.join(distDir, file);
    const text = fs.readFileSync(full, 'utf8');
    if (text.startsWith(COMPILE_HINT) || Buffer.byteLength(text) < MIN_HINTED_BYTES) continue;
    fs.writeFileSync(full, COMPILE_HINT + text);
    changed.push(file);
  }
  return changed;
}
