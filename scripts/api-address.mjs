/**
 * Keeps every `/v1` answer in the API's JSON envelope, malformed addresses included. Next refuses
 * a path that does not decode (`/v1/product/slug/%ff`) with its HTML 400 page before any API
 * route runs, so scripts/serve.mjs checks `/v1` paths first and answers such a path itself:
 * `{ data: null, error: true, message, status: 400 }`, `Cache-Control: no-store`, and the
 * security headers next.config.js gives every answer.
 */

/** Paths answered by the API (`/v1/*`, rewritten to `/api/v1/*`, and the latter itself). */
export const API_PATH = /^\/(api\/)?v1(\/|$)/;

/** The headers next.config.js puts on every answer (its catch-all `headers()` rule). */
export async function securityHeadersFrom(nextConfig) {
  const rules = typeof nextConfig.headers === 'function' ? await nextConfig.headers() : [];
  return rules.find((rule) => rule.source === '/:path*')?.headers ?? [];
}

function decodes(pathname) {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** Wraps `handle`: a `/v1` path with a malformed %-escape gets the API's JSON 400. */
export function withApiAddressCheck(handle, { headers = [] } = {}) {
  return function checked(req, res) {
    const pathname = (req.url ?? '/').split('?')[0] ?? '/';
    if (!API_PATH.test(pathname) || decodes(pathname)) return handle(req, res);
    const status = 400;
    sendJson(req, res, status, { data: null, error: true, message: 'The address is not valid: it has a malformed %-escape', status }, headers, 'private, no-store');
  };
}

/** Answers `body` as JSON with `status`, the given headers (e.g. the security headers) and `cacheControl`; HEAD gets no body. */
export function sendJson(req, res, status, body, headers = [], cacheControl = 'no-store') {
  const payload = JSON.stringify(body);
  for (const { key, value } of headers) res.setHeader(key, value);
  res.statusCode = status;
  res.setHeader('Cache-Control', cacheControl);
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(req.method === 'HEAD' ? undefined : payload);
}
