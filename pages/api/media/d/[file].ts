import type { ApiRequest, ApiResponse } from '@/lib/server/http/route';
import { logServerError, currentOrNewRequestId, toHttpError, withReference } from '@/lib/server/http/errors';
import { isMediaKey, mediaStorage } from '@/lib/server/media/storage';

function fail(res: ApiResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(message);
}

/**
 * GET /media/d/{32 hex}.webp: a delivery photo. Its address is its secret (128 random bits, made
 * at upload): it is given only to staff who can see the order and to the order's sender (the
 * delivered e-mail, and the tracker with the sender's e-mail). Never indexed, never stored by a
 * shared cache, never sent on as a referrer.
 */
export default async function deliveryPhoto(req: ApiRequest, res: ApiResponse): Promise<void> {
  const requestId = currentOrNewRequestId();
  res.setHeader('X-Request-Id', requestId);
  res.setHeader('X-Robots-Tag', 'noindex, nofollow');
  res.setHeader('Referrer-Policy', 'no-referrer');
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return fail(res, 405, 'Method not allowed');
  }
  const file = typeof req.query.file === 'string' ? req.query.file : '';
  const key = `deliveries/${file}`;
  if (!isMediaKey(key, 'deliveries')) return fail(res, 404, 'No such photo');
  try {
    const bytes = await mediaStorage().get(key);
    if (!bytes) return fail(res, 404, 'No such photo');
    res.statusCode = 200;
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Content-Length', bytes.length);
    res.setHeader('Cache-Control', 'private, max-age=86400');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.end(req.method === 'HEAD' ? undefined : bytes);
  } catch (error) {
    const httpError = withReference(toHttpError(error), requestId);
    if (httpError.status >= 500) logServerError('media', `${req.method} /media/d`, requestId, error);
    fail(res, httpError.status, httpError.message, httpError.headers);
  }
}
