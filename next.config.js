/**
 * Next's configuration. `headers()` puts the security headers on every answer (pages, /v1 API,
 * /media pictures, the payment sandbox's pages, static files): a Content-Security-Policy the
 * pages satisfy (e2e/security-headers.test.ts proves it in Chromium), nosniff, a referrer policy,
 * no framing, and no camera, microphone or location.
 *
 * Why the policy is what it is:
 * - script-src 'self': the production pages load only /_next/static chunks; `__NEXT_DATA__` and the
 *   JSON-LD blocks are data blocks (`application/json`, `application/ld+json`) that CSP does not
 *   treat as scripts, so no hash, nonce or 'unsafe-inline' is needed, and nothing uses eval.
 * - style-src 'unsafe-inline': server-rendered React style props become style attributes,
 *   react-toastify injects a <style> element, and the sandbox's hosted page has inline styles.
 * - img-src data: blob:: small inline pictures in stylesheets; the preview of a photo a rider
 *   chose before it is sent (an object URL, made by the page itself); pictures come from /media.
 * - form-action 'self': the only form that posts (the sandbox's hosted page) posts to the shop;
 *   the checkout reaches real providers by navigation, which CSP does not restrict.
 * `next dev` adds what its hot reloading needs (eval, a websocket); production never has it.
 */
const development = process.env.NODE_ENV === 'development';

const contentSecurityPolicy = [
  "default-src 'self'",
  `script-src 'self'${development ? " 'unsafe-eval' 'unsafe-inline'" : ''}`,
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self'",
  `connect-src 'self'${development ? ' ws: wss:' : ''}`,
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'self'",
  "object-src 'none'",
].join('; ');

const securityHeaders = [
  { key: 'Content-Security-Policy', value: contentSecurityPolicy },
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

const { apiRewrites } = require('./scripts/api-routes.cjs');

/** @type {import('next').NextConfig} */
const nextConfig = {
  reactStrictMode: true,
  // A separate build folder lets tools build and serve side by side (e.g. NEXT_DIST_DIR=.next-bench).
  distDir: process.env.NEXT_DIST_DIR || '.next',
  poweredByHeader: false,
  // The shared-page cache (scripts/page-cache.mjs) never answers 304, so hashing every rendered
  // page for an ETag is CPU spent for nothing (3-6% of an uncached render: bench/render.ts).
  generateEtags: false,
  // The production server compresses answers itself, at a lower level than Next's (scripts/compress.mjs).
  compress: false,
  // Native and WASM packages stay outside the server bundle and load from node_modules.
  serverExternalPackages: ['@electric-sql/pglite', 'pg', 'pg-boss', 'pino', 'prom-client', '@aws-sdk/client-s3', 'sharp'],
  // In the browser: a smaller `process` (0.5 kB less on every page) and hydration in slices
  // (each file says why).
  turbopack: {
    resolveAlias: {
      'next/dist/compiled/process': { browser: './lib/ui/browser-process.cjs' },
      'react-dom/client': { browser: './lib/ui/react-dom-client.cjs' },
    },
  },
  // Turbopack's default CSS chunker merged the CSS modules of most storefront pages (checkout,
  // payment, account, tracker, content) into one 46 kB stylesheet that every one of them loaded
  // before its first paint: the product page's render-blocking CSS was 80 kB (15.5 kB gzip). The
  // graph chunker groups modules by the pages that import them: 31 kB (8.5 kB gzip) in five files.
  // Screenshots of 19 pages at 375 and 1280 px and of the opened menus, dialogs and cart panel
  // were pixel-identical to the default's (ARCHITECTURE.md, "Stylesheets per page").
  experimental: { cssChunking: 'graph' },
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
  // The API's addresses (/v1, /media, /admin/api) are rewrites under `next dev` only; the
  // production server maps them itself (scripts/api-routes.cjs says why).
  ...(process.env.NODE_ENV === 'development' && {
    async rewrites() {
      return apiRewrites();
    },
  }),
};

module.exports = nextConfig;
