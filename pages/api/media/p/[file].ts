import path from 'node:path';
import { z } from 'zod';
import type { ApiRequest, ApiResponse } from '@/lib/server/http/route';
import { getConfig } from '@/lib/server/config';
import { getDb } from '@/lib/server/db/client';
import { toHttpError } from '@/lib/server/http/errors';
import { DEFAULT_IMAGE_WIDTH, IMAGE_WIDTHS, productImageWebp, type ImageWidth } from '@/lib/server/media/product-images';

const querySchema = z.object({
  file: z.string().regex(/^[0-9a-f-]{36}\.webp$/),
  w: z.coerce
    .number()
    .refine((w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w))
    .optional(),
});

function fail(res: ApiResponse, status: number, message: string): void {
  res.statusCode = status;
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(message);
}

/** GET /media/p/{imageId}.webp?w={width}: a product picture as WebP. */
export default async function productImage(req: ApiRequest, res: ApiResponse): Promise<void> {
  if (req.method !== 'GET' && req.method !== 'HEAD') {
    res.setHeader('Allow', 'GET, HEAD');
    return fail(res, 405, 'Method not allowed');
  }
  const parsed = querySchema.safeParse(req.query);
  if (!parsed.success) return fail(res, 400, `Unknown picture or width (widths: ${IMAGE_WIDTHS.join(', ')})`);
  const width = (parsed.data.w ?? DEFAULT_IMAGE_WIDTH) as ImageWidth;
  try {
    const cacheDir = path.join(getConfig().dataDir, 'media');
    const bytes = await productImageWebp(await getDb(), cacheDir, parsed.data.file.slice(0, 36), width);
    if (!bytes) return fail(res, 404, 'No such picture');
    res.statusCode = 200;
    res.setHeader('Content-Type', 'image/webp');
    res.setHeader('Content-Length', bytes.length);
    res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    res.end(req.method === 'HEAD' ? undefined : bytes);
  } catch (error) {
    const httpError = toHttpError(error);
    if (httpError.status >= 500) console.error('[media] render failed:', error);
    fail(res, httpError.status, httpError.message);
  }
}
