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

/** The `'sha256-…'` sources of every inline script the build's pages carry. */
export function inlineScriptHashes(distDir) {
  return [hashOf(LOADER), hashOf(SESSION_MARK), ...bootstrapScriptHashes(distDir)];
}

/** `'sha256-…'` sources for every page's bootstrap script in the build at distDir (none for a webpack build). */
export function bootstrapScriptHashes(distDir) {
  const manifest = JSON.parse(fs.readFileSync(path.join(distDir, 'build-manifest.json'), 'utf8'));
  const params = manifest.pagesChunkGroupBootstrapParams;
  if (!params || !manifest.chunkLoadingGlobal) return [];
  const hashes = new Set();
  for (const page of Object.keys(params)) {
    if (page === '/_app') continue;
    const script = getTurbopackChunkGroupBootstrap(params, manifest.chunkLoadingGlobal, ['/_app', page]);
    if (script) hashes.add(hashOf(htmlEscapeJsonString(script)));
  }
  return [...hashes].sort();
}

/** The policy with the hashes added to its script-src directive. */
export function withScriptHashes(policy, hashes) {
  if (hashes.length === 0) return policy;
  return policy.replace(/(^|;\s*)script-src([^;]*)/, (_, lead, sources) => `${lead}script-src${sources} ${hashes.join(' ')}`);
}
