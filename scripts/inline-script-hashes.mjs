/**
 * The inline scripts of the production pages. Our own, the same text on every page: the loader
 * pages/_document.tsx puts in place of Next's script tags (lib/ui/scripts-after-paint.mjs) and
 * the session mark in its <head> (lib/ui/session-mark.mjs).
 * Next's: with Turbopack, every page starts with a
 * small bootstrap (`(globalThis.TURBOPACK ||= []).push({otherChunks, runtimeModuleIds})`) that
 * tells the runtime which chunks the page needs. Its text depends only on the build and the page,
 * so the server computes every page's bootstrap from the build manifest at start-up, exactly as
 * Next's _document renders it, and allows those scripts by their SHA-256 in the
 * Content-Security-Policy (next.config.js) instead of allowing inline scripts at large.
 *
 * An answer's policy lists only the bootstraps its address can render: the page the address
 * matches (the build's routes manifest, in Next's order: static pages, then dynamic ones), the 404
 * page (a page's getServerSideProps may answer `notFound`) and the error page. Listing every
 * page's (about 50) made a page's headers 3.3 kB, which pushed home's and the listings' HTML
 * past the 14.6 kB a new connection's first round trip carries (TCP's initial window of 10
 * segments).
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { LOADER } from '../lib/ui/scripts-after-paint.mjs';
import { SESSION_MARK } from '../lib/ui/session-mark.mjs';

const require = createRequire(import.meta.url);
const { getTurbopackChunkGroupBootstrap } = require('next/dist/server/get-page-files');
const { htmlEscapeJsonString } = require('next/dist/shared/lib/htmlescape');

const hashOf = (script) => `'sha256-${createHash('sha256').update(script, 'utf8').digest('base64')}'`;

/** The `'sha256-…'` sources of our own inline scripts, on every page. */
export function ownScriptHashes() {
  return [hashOf(LOADER), hashOf(SESSION_MARK)];
}

/** Each page's bootstrap script as a `'sha256-…'` source (empty for a webpack build, which has none). */
export function bootstrapHashesByPage(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const params = manifest.pagesChunkGroupBootstrapParams;
  const hashes = new Map();
  if (!params || !manifest.chunkLoadingGlobal) return hashes;
  for (const page of Object.keys(params)) {
    if (page === '/_app') continue;
    const script = getTurbopackChunkGroupBootstrap(params, manifest.chunkLoadingGlobal, ['/_app', page]);
    if (script) hashes.set(page, hashOf(htmlEscapeJsonString(script)));
  }
  return hashes;
}

/**
 * The page an address renders, by the build's routes manifest: a static page by its path (a
 * trailing slash allowed, as Next's own patterns do), else the first dynamic page whose pattern
 * matches; undefined when none does (Next answers 404).
 */
export function pageMatcher(distDir) {
  let routes = { staticRoutes: [], dynamicRoutes: [] };
  try {
    routes = JSON.parse(fs.readFileSync(path.join(distDir, 'routes-manifest.json'), 'utf8'));
  } catch {
    // No manifest (a build from before it): every address gets the fallback pages only.
  }
  const statics = new Set((routes.staticRoutes ?? []).map((r) => r.page));
  const dynamics = (routes.dynamicRoutes ?? []).map((r) => ({ page: r.page, pattern: new RegExp(r.regex) }));
  return (pathname) => {
    const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
    if (statics.has(trimmed)) return trimmed;
    return dynamics.find((d) => d.pattern.test(pathname))?.page;
  };
}

/**
 * `(pathname) => sources`: the script hashes an answer for that address needs (see the header):
 * our own scripts, the matched page's bootstrap, and the 404 and error pages' bootstraps.
 */
export function scriptHashesFor(distDir) {
  const byPage = bootstrapHashesByPage(distDir);
  const pageOf = pageMatcher(distDir);
  const always = [...ownScriptHashes(), byPage.get('/404'), byPage.get('/_error')].filter(Boolean);
  return (pathname) => {
    const page = pageOf(pathname);
    const own = page === undefined ? undefined : byPage.get(page);
    return own === undefined || always.includes(own) ? always : [...always, own];
  };
}

/** The policy with the hashes added to its script-src directive (a hash already there is not added again). */
export function withScriptHashes(policy, hashes) {
  if (hashes.length === 0) return policy;
  return policy.replace(/(^|;\s*)script-src([^;]*)/, (_, lead, sources) => {
    const present = new Set(sources.trim().split(/\s+/));
    const added = hashes.filter((hash) => !present.has(hash));
    return `${lead}script-src${sources}${added.length ? ` ${added.join(' ')}` : ''}`;
  });
}
