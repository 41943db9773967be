/**
 * The API client for server-side rendering: it calls the shop's `/v1` routes over keep-alive
 * connections, and keeps public catalogue answers for 30 s (see answer-cache.ts). Where it calls
 * (this server, or `INTERNAL_API_URL`) is decided by lib/server/page-api.ts, which keeps one per process.
 */
import http from 'node:http';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { createAnswerCache } from '@/lib/api/answer-cache';

export const SERVER_ANSWER_TTL_MS = 30_000;

/** `version`: the content version its answer cache checks (lib/server/live/content.ts's `contentVersion`). */
export function createServerApi(target: { baseURL: string; business: string; version?: () => number }): ApiClient {
  return createApiClient({
    baseURL: target.baseURL,
    business: target.business,
    timeoutMs: 10000,
    httpAgent: new http.Agent({ keepAlive: true, maxSockets: 32 }),
    retryDroppedGets: true,
    cache: createAnswerCache({ ttlMs: SERVER_ANSWER_TTL_MS, maxEntries: 2000, version: target.version }),
  });
}
