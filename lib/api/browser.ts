/**
 * The API client for the browser: same-origin `/v1` calls with the logged-in user's token, read
 * through `getToken` at each call (lib/state/browser-api.ts passes the stored user's).
 * axios is loaded on the first call, not with the page, to keep first-load JavaScript small.
 */
import type { ApiClient } from '@/lib/api/client';

const clients = new Map<string, Promise<ApiClient>>();

/** The shop's browser client, created on first use (one per business; the first `getToken` given is kept). */
export function loadBrowserApi(business: string, getToken: () => string | undefined): Promise<ApiClient> {
  let client = clients.get(business);
  if (!client) {
    client = import('@/lib/api/client').then(({ createApiClient }) => createApiClient({ baseURL: '', business, getToken }));
    clients.set(business, client);
  }
  return client;
}
