import { HttpError } from '@/lib/server/http/errors';
import { answerOptions, beginAnswer, sendError, type ApiRequest, type ApiResponse } from '@/lib/server/http/route';

export const config = { api: { bodyParser: false } };

const ANY_METHOD = 'GET, POST, PUT, PATCH, DELETE';
const OWN_ORIGIN = { ownOrigin: true };

/** Any /admin/api path that is not a staff call: a JSON 404 (no CORS: staff calls serve the shop's own pages only). */
export default function notFound(req: ApiRequest, res: ApiResponse): void {
  beginAnswer(req, res, OWN_ORIGIN);
  if ((req.method ?? '').toUpperCase() === 'OPTIONS') return answerOptions(req, res, ANY_METHOD, OWN_ORIGIN);
  const path = (req.url ?? '').split('?')[0]?.replace(/^\/api\/staff/, '/admin/api').slice(0, 200) ?? '';
  sendError(res, new HttpError(404, `There is no call ${req.method} ${path}`));
}
