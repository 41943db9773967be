/**
 * The API client for server-side rendering: it calls the shop's own `/v1` routes on this server
 * over keep-alive connections, and keeps public catalogue answers for 30 s (see answer-cache.ts).
 * `INTERNAL_API_URL` points elsewhere when the API is served separately.
 */
import http from 'node:http';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { createAnswerCache } from '@/lib/api/answer-cache';
import { getConfig } from '@/lib/server/config';

export const SERVER_ANSWER_TTL_MS = 30_000;

let client: ApiClient | undefined;

export function serverApi(): ApiClient {
  const config = getConfig();
  client ??= createApiClient({
    baseURL: process.env.INTERNAL_API_URL || `http://127.0.0.1:${config.port}`,
    business: config.businessId,
    timeoutMs: 10000,
    httpAgent: new http.Agent({ keepAlive: true, maxSockets: 32 }),
    cache: createAnswerCache({ ttlMs: SERVER_ANSWER_TTL_MS, maxEntries: 2000 }),
  });
  return client;
}
