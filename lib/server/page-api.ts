/**
 * The API client of pages' getServerSideProps (lib/api/server.ts): the shop's own `/v1` routes on
 * this server, or `INTERNAL_API_URL` when the API is served separately. One per process.
 */
import type { ApiClient } from '@/lib/api/client';
import { createServerApi } from '@/lib/api/server';
import { getConfig } from '@/lib/server/config';
import { contentVersion } from '@/lib/server/live/content';

let client: ApiClient | undefined;

export function serverApi(): ApiClient {
  const config = getConfig();
  client ??= createServerApi({ baseURL: process.env.INTERNAL_API_URL || `http://127.0.0.1:${config.port}`, business: config.businessId, version: contentVersion });
  return client;
}
