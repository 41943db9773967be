/**
 * The browser's API client bound to the page: the shop's `business` from the shell and the
 * logged-in user's token from browser storage (lib/api/browser.ts makes the client).
 */
import { useCallback } from 'react';
import type { ApiClient } from '@/lib/api/client';
import { loadBrowserApi } from '@/lib/api/browser';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { useShell } from '@/lib/state/shell-context';

const storedToken = () => readStored<{ authToken?: string }>(STORAGE_KEYS.user)?.authToken;

/** The shop's browser client, created on first use: `const api = await browserApi(businessId)`. */
export function browserApi(business: string): Promise<ApiClient> {
  return loadBrowserApi(business, storedToken);
}

/** A function that resolves to the browser API client: `const api = await getApi()`. */
export function useApi(): () => Promise<ApiClient> {
  const { businessId } = useShell();
  return useCallback(() => browserApi(businessId), [businessId]);
}
