import type { ApiRequest, ApiResponse } from '@/lib/server/http/route';

export const config = { api: { bodyParser: false } };

/** Any /v1 path that is not one of the shop's calls. */
export default function notFound(req: ApiRequest, res: ApiResponse): void {
  const path = (req.url ?? '').split('?')[0]?.replace(/^\/api/, '') ?? '';
  const body = JSON.stringify({ data: null, error: true, message: `There is no call ${req.method} ${path}`, status: 404 });
  res.statusCode = 404;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Cache-Control', 'no-store');
  res.end(body);
}
