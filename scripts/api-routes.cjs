/**
 * The public addresses of the app's API routes and where they live under pages/api. One list for
 * the production server (scripts/app-server.mjs turns the address into the route's before Next
 * sees it) and for `next dev` (next.config.js makes them rewrites there only).
 *
 * Why not rewrites in production too: while next.config.js has any rewrite, Next ships its
 * client-side rewrite matching (about 2.9 kB gzip) in every page's first-load JavaScript, for
 * addresses the browser never navigates to (`/v1` goes through axios, `/media` through <img>).
 */
const API_ROUTES = [
  { prefix: '/v1', route: '/api/v1' },
  { prefix: '/media', route: '/api/media' },
  // The staff API sits under /admin so that the back office's cookie (Path=/admin) reaches it
  // and never a storefront page (ARCHITECTURE.md, Staff and access).
  { prefix: '/admin/api', route: '/api/staff' },
];

/** The route address for a request's URL (path and query), or the URL itself when none applies. */
function toApiRoute(url) {
  for (const { prefix, route } of API_ROUTES) {
    if (url === prefix || url.startsWith(`${prefix}/`) || url.startsWith(`${prefix}?`)) return route + url.slice(prefix.length);
  }
  return url;
}

/** The same as `rewrites()` entries of next.config.js. */
function apiRewrites() {
  return API_ROUTES.flatMap(({ prefix, route }) => [
    { source: prefix, destination: route },
    { source: `${prefix}/:path*`, destination: `${route}/:path*` },
  ]);
}

module.exports = { API_ROUTES, toApiRoute, apiRewrites };
