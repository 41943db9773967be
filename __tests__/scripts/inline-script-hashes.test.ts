/**
 * @jest-environment node
 */
/**
 * The Content-Security-Policy's script hashes per address (scripts/inline-script-hashes.mjs), on a
 * build folder laid out as Turbopack writes it: an answer lists our own scripts, the bootstrap of
 * the page its address renders and those of the 404 and error pages, and nothing else; setting
 * the policy again (the page cache replaying a stored answer) adds nothing twice.
 */
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ownScriptHashes, pageMatcher, scriptHashesFor, withScriptHashes } from '../../scripts/inline-script-hashes.mjs';

const require_ = createRequire(__filename);
const { getTurbopackChunkGroupBootstrap } = require_('next/dist/server/get-page-files') as {
  getTurbopackChunkGroupBootstrap: (params: unknown, global: string, pages: string[]) => string | undefined;
};
const { htmlEscapeJsonString } = require_('next/dist/shared/lib/htmlescape') as { htmlEscapeJsonString: (s: string) => string };

const params: Record<string, { otherChunks: string[]; runtimeModuleIds: number[] }> = {
  '/_app': { otherChunks: ['static/chunks/app.js', 'static/chunks/app.css'], runtimeModuleIds: [1, 2] },
  '/': { otherChunks: ['static/chunks/home.js'], runtimeModuleIds: [1, 3] },
  '/checkout': { otherChunks: ['static/chunks/checkout.js'], runtimeModuleIds: [1, 4] },
  '/product/[slug]': { otherChunks: ['static/chunks/product.js'], runtimeModuleIds: [1, 5] },
  '/product-category/[slug]': { otherChunks: ['static/chunks/listing.js'], runtimeModuleIds: [1, 6] },
  '/404': { otherChunks: ['static/chunks/404.js'], runtimeModuleIds: [1, 7] },
  '/_error': { otherChunks: ['static/chunks/error.js'], runtimeModuleIds: [1, 8] },
};
const route = (page: string, regex: string) => ({ page, regex, routeKeys: {}, namedRegex: regex });

/** The hash of the bootstrap Next's _document writes for `page`. */
function bootstrapHash(page: string): string {
  const script = getTurbopackChunkGroupBootstrap(params, 'TURBOPACK', ['/_app', page]);
  return `'sha256-${createHash('sha256').update(htmlEscapeJsonString(script!), 'utf8').digest('base64')}'`;
}

let dist: string;
beforeEach(() => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'csp-'));
  fs.writeFileSync(path.join(dist, 'build-manifest.json'), JSON.stringify({ pages: { '/_app': [] }, pagesChunkGroupBootstrapParams: params, chunkLoadingGlobal: 'TURBOPACK' }));
  fs.writeFileSync(
    path.join(dist, 'routes-manifest.json'),
    JSON.stringify({
      staticRoutes: [route('/', '^/(?:/)?$'), route('/404', '^/404(?:/)?$'), route('/checkout', '^/checkout(?:/)?$')],
      dynamicRoutes: [route('/product/[slug]', '^/product/([^/]+?)(?:/)?$'), route('/product-category/[slug]', '^/product-category/([^/]+?)(?:/)?$')],
    }),
  );
});
afterEach(() => fs.rmSync(dist, { recursive: true, force: true }));

it('finds the page an address renders: static pages first, a trailing slash allowed, then dynamic ones', () => {
  const pageOf = pageMatcher(dist);
  expect(pageOf('/')).toBe('/');
  expect(pageOf('/checkout')).toBe('/checkout');
  expect(pageOf('/checkout/')).toBe('/checkout');
  expect(pageOf('/product/birthday-bash')).toBe('/product/[slug]');
  expect(pageOf('/product/birthday-bash/')).toBe('/product/[slug]');
  expect(pageOf('/product-category/birthday-flowers')).toBe('/product-category/[slug]');
  expect(pageOf('/product/a/b')).toBeUndefined();
  expect(pageOf('/v1/product/paginate')).toBeUndefined();
  expect(pageOf('/_next/static/chunks/app.js')).toBeUndefined();
});

it("lists our scripts, the page's bootstrap and the 404 and error pages' bootstraps, and no other page's", () => {
  const hashesFor = scriptHashesFor(dist);
  const always = [...ownScriptHashes(), bootstrapHash('/404'), bootstrapHash('/_error')];
  expect(hashesFor('/product/birthday-bash')).toEqual([...always, bootstrapHash('/product/[slug]')]);
  expect(hashesFor('/')).toEqual([...always, bootstrapHash('/')]);
  expect(hashesFor('/checkout')).toEqual([...always, bootstrapHash('/checkout')]);
  expect(hashesFor('/404')).toEqual(always);
  // An address no page matches is answered by the 404 page; an API answer runs no script at all.
  expect(hashesFor('/no-such-page')).toEqual(always);
  expect(hashesFor('/v1/product/paginate')).toEqual(always);
  expect(new Set(Object.keys(params).filter((p) => p !== '/_app').map(bootstrapHash)).size).toBe(6);
});

it('gives a build without a routes manifest the fallback pages only', () => {
  fs.rmSync(path.join(dist, 'routes-manifest.json'));
  expect(scriptHashesFor(dist)('/product/birthday-bash')).toEqual([...ownScriptHashes(), bootstrapHash('/404'), bootstrapHash('/_error')]);
});

it('adds hashes to script-src once, however often the policy is set again', () => {
  const policy = "default-src 'self'; script-src 'self'; object-src 'none'";
  const hashes = ["'sha256-a'", "'sha256-b'"];
  const once = withScriptHashes(policy, hashes);
  expect(once).toBe("default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b'; object-src 'none'");
  expect(withScriptHashes(once, hashes)).toBe(once);
  expect(withScriptHashes(once, ["'sha256-b'", "'sha256-c'"])).toBe("default-src 'self'; script-src 'self' 'sha256-a' 'sha256-b' 'sha256-c'; object-src 'none'");
  expect(withScriptHashes(policy, [])).toBe(policy);
  expect(withScriptHashes("script-src 'self'", ["'sha256-a'"])).toBe("script-src 'self' 'sha256-a'");
});
