import path from 'node:path';
import { z } from 'zod';
import type { ApiRequest, ApiResponse } from '@/lib/server/http/route';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { logServerError, currentOrNewRequestId, toHttpError, withReference } from '@/lib/server/http/errors';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, productImageWebp, type ImageWidth } from '@/lib/server/media/product-images';
import { mediaIsShared, mediaStorage } from '@/lib/server/media/storage';

/** A picture's file name: its image id (a UUID, 8-4-4-4-12 hex digits) and `.webp`. */
const FILE_NAME = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/;

const querySchema = z.object({
  file: z.string(),
  w: z.coerce
    .number()
    .refine((w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w))
    .optional(),
});

function fail(res: ApiResponse, status: number, message: string, headers: Record<string, string> = {}): void {
  res.statusCode = status;
  for (const [name, value] of Object.entries(headers)) res.setHeader(name, value);
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'private, no-store');
  res.end(message);
}

/**
 * GET /media/p/{imageId}.webp?w={width}: a product picture as WebP, drawn (the seed's samples) or
 * uploaded in the back office (its stored width). The address changes with the picture (a new
 * upload is a new image id), so browsers and shared caches may keep an answer for good.
 */
export default async function productImage(req: ApiRequest, res: ApiResponse): Promise<void> {
  const requestId = currentOrNewRequestId();
  res.setHeader('X-Request-Id', requestId);
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return fail(res, 405, 'Method not allowed');
  }
  const parsed = querySchema.safeParse(req.query);
  if (!parsed.success) return fail(res, 400, `Unknown picture or width (widths: ${IMAGE_WIDTHS.join(', ')})`);
  // Anything but an image id cannot name a picture: the same 404 as an unknown one, and the
  // database never sees it (it would refuse a malformed UUID with an error).
  if (!FILE_NAME.test(parsed.data.file)) return fail(res, 404, 'No such picture');
  const width = (parsed.data.w ?? DEFAULT_IMAGE_WIDTH) as ImageWidth;
  try {
    const where = { cacheDir: path.join(getConfig().dataDir, 'media'), storage: mediaStorage(), shared: mediaIsShared() };
    const bytes = await productImageWebp(await getDb(), where, parsed.data.file.slice(0, 36), width);
    if (!bytes) return fail(res, 404, 'No such picture');
    res.statusCode = 200;
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Content-Length', bytes.length);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.end(req.method === 'HEAD' ? undefined : bytes);
  } catch (error) {
    const httpError = withReference(toHttpError(error), requestId);
    if (httpError.status >= 500) logServerError('media', `${req.method} ${(req.url ?? '').split('?')[0]}`, requestId, error);
    fail(res, httpError.status, httpError.message, httpError.headers);
  }
}
