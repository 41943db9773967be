/** Runs one auth call at a time for a form: busy while it runs, 'Unable to {action}: {message}' on failure. */
import { useState } from 'react';
import type { ApiClient } from '@/lib/api/client';
import { useApi } from '@/lib/state/browser-api';
import { tell } from './announce';
import { AUTH_TEXT, type FailedAction } from './messages';

export function useSubmit() {
  const getApi = useApi();
  const [busy, setBusy] = useState(false);

  /**
   * The call's answer, or undefined when it failed. `failed` names the action for the error toast,
   * or handles the server's message itself.
   */
  async function submit<T>(call: (api: ApiClient) => Promise<T>, failed: FailedAction | ((message: string) => void)): Promise<T | undefined> {
    setBusy(true);
    try {
      return await call(await getApi());
    } catch (error) {
      const message = error instanceof Error ? error.message : 'Please try again';
      if (typeof failed === 'function') failed(message);
      else tell('error', AUTH_TEXT.failed(failed, message));
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { busy, submit };
}
