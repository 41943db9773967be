/**
 * The API client for server-side rendering: it calls the shop's `/v1` routes over keep-alive
 * connections, and keeps public catalogue answers for 30 s (see answer-cache.ts). Where it calls
 * (this server, or `INTERNAL_API_URL`) is decided by lib/server/page-api.ts, which keeps one per process.
 */
import http from 'node:http';
import { AxiosError, type AxiosInstance, type InternalAxiosRequestConfig } from 'axios';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { createAnswerCache } from '@/lib/api/answer-cache';

export const SERVER_ANSWER_TTL_MS = 30_000;

/** A connection that dropped before any answer came back. */
const DROPPED = new Set(['ECONNRESET', 'EPIPE']);

/**
 * Sends a GET again, once, when its connection dropped before any answer (ECONNRESET, EPIPE): a
 * kept-alive connection the server closed as idle just as the request went out on it (a page
 * answered 500 so while an instance restarted). A GET changes nothing, so the second try is
 * safe; anything else fails as it did.
 */
function retryDroppedGet(error: unknown, client: AxiosInstance): Promise<unknown> {
  if (error instanceof AxiosError && !error.response && DROPPED.has(error.code ?? '')) {
    const config = error.config as (InternalAxiosRequestConfig & { shopRetried?: boolean }) | undefined;
    if (config && (config.method ?? 'get').toLowerCase() === 'get' && !config.shopRetried) return client.request({ ...config, shopRetried: true } as InternalAxiosRequestConfig);
  }
  return Promise.reject(error);
}

/** `version`: the content version its answer cache checks (lib/server/live/content.ts's `contentVersion`). */
export function createServerApi(target: { baseURL: string; business: string; version?: () => number }): ApiClient {
  return createApiClient({
    baseURL: target.baseURL,
    business: target.business,
    timeoutMs: 10000,
    httpAgent: new http.Agent({ keepAlive: true, maxSockets: 32 }),
    // Answers uncompressed: the server would compress each one only for this client to decompress
    // it again, on a call that crosses no network (this server, or one beside it).
    headers: { 'Accept-Encoding': 'identity' },
    onFailure: retryDroppedGet,
    cache: createAnswerCache({ ttlMs: SERVER_ANSWER_TTL_MS, maxEntries: 2000, version: target.version }),
  });
}
