import { HttpError } from '@/lib/server/http/errors';
import { answerOptions, beginAnswer, sendError, type ApiRequest, type ApiResponse } from '@/lib/server/http/route';

export const config = { api: { bodyParser: false } };

const ANY_METHOD = 'GET, POST, PUT, PATCH, DELETE';

/**
 * Any /v1 path that is not one of the shop's calls: a JSON 404 with the headers every API answer
 * carries (request id; CORS for a listed site, whose preflight passes so its page can read the 404).
 */
export default function notFound(req: ApiRequest, res: ApiResponse): void {
  beginAnswer(req, res);
  if ((req.method ?? '').toUpperCase() === 'OPTIONS') return answerOptions(req, res, ANY_METHOD);
  const path = (req.url ?? '').split('?')[0]?.replace(/^\/api/, '').slice(0, 200) ?? '';
  sendError(res, new HttpError(404, `There is no call ${req.method} ${path}`));
}
