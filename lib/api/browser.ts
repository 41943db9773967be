/**
 * The API client for the browser: same-origin `/v1` calls with the logged-in user's token.
 * axios is loaded on the first call, not with the page, to keep first-load JavaScript small.
 */
import { useCallback } from 'react';
import type { ApiClient } from '@/lib/api/client';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { useShell } from '@/lib/state/shell-context';

const clients = new Map<string, Promise<ApiClient>>();

/** The shop's browser client, created on first use. */
export function loadBrowserApi(business: string): Promise<ApiClient> {
  let client = clients.get(business);
  if (!client) {
    client = import('@/lib/api/client').then(({ createApiClient }) =>
      createApiClient({
        baseURL: '',
        business,
        getToken: () => readStored<{ authToken?: string }>(STORAGE_KEYS.user)?.authToken,
      }),
    );
    clients.set(business, client);
  }
  return client;
}

/** A function that resolves to the browser API client: `const api = await getApi()`. */
export function useApi(): () => Promise<ApiClient> {
  const { businessId } = useShell();
  return useCallback(() => loadBrowserApi(businessId), [businessId]);
}
