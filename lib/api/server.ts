/**
 * The API client for server-side rendering: it calls the shop's own `/v1` routes on this server.
 * `INTERNAL_API_URL` points elsewhere when the API is served separately.
 */
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { getConfig } from '@/lib/server/config';

let client: ApiClient | undefined;

export function serverApi(): ApiClient {
  const config = getConfig();
  client ??= createApiClient({
    baseURL: process.env.INTERNAL_API_URL || `http://127.0.0.1:${config.port}`,
    business: config.businessId,
    timeoutMs: 10000,
  });
  return client;
}
