/**
 * Runs account calls with the logged-in shopper's token: `load` for what a page reads (its data,
 * `loading` and the failure's message), `run` for a form's write (`busy`, `error`). A 401 ('Please
 * log in again') drops the stored user, so the page falls back to its log-in prompt.
 */
import { useCallback, useEffect, useState } from 'react';
import type { ApiClient } from '@/lib/api/client';
import { useApi } from '@/lib/state/browser-api';
import { useUser } from '@/lib/state/user-context';

const FALLBACK = 'Something went wrong. Please check your connection and try again.';

function messageOf(failure: unknown): string {
  return failure instanceof Error && failure.message ? failure.message : FALLBACK;
}

function statusOf(failure: unknown): number | undefined {
  return typeof failure === 'object' && failure !== null && 'status' in failure ? (failure as { status?: number }).status : undefined;
}

/** A write from a form: `run(call)` answers the call's data, or undefined with `error` set. */
export function useAccountCall() {
  const getApi = useApi();
  const { dropUser } = useUser();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const run = useCallback(
    async <T>(call: (api: ApiClient) => Promise<T>): Promise<T | undefined> => {
      setBusy(true);
      setError(null);
      try {
        return await call(await getApi());
      } catch (failure) {
        if (statusOf(failure) === 401) dropUser();
        setError(messageOf(failure));
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [getApi, dropUser],
  );

  return { busy, error, setError, run };
}

export type Loaded<T> = { data: T | null; loading: boolean; error: string | null; reload(): void; set(next: T): void };

type Result<T> = { key: string; data: T | null; error: string | null };

/**
 * Reads data for a page when `key` changes (e.g. the user's token and the page number); `key`
 * null reads nothing (no user yet). `loading` until the answer for the current key is in.
 */
export function useAccountData<T>(key: string | null, read: (api: ApiClient) => Promise<T>): Loaded<T> {
  const getApi = useApi();
  // The user context's actions keep their identity when the record changes (the handshake
  // replaces it on load), so a new record does not read the page's data again.
  const { dropUser } = useUser();
  const [round, setRound] = useState(0);
  const [result, setResult] = useState<Result<T> | null>(null);
  const current = key === null ? null : `${round}:${key}`;

  useEffect(() => {
    if (current === null) return;
    let live = true;
    getApi()
      .then(read)
      .then(
        (data) => {
          if (live) setResult({ key: current, data, error: null });
        },
        (failure: unknown) => {
          if (!live) return;
          if (statusOf(failure) === 401) dropUser();
          setResult({ key: current, data: null, error: messageOf(failure) });
        },
      );
    return () => {
      live = false;
    };
    // `read` is a new function on every render; the key says when to read again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [current, getApi, dropUser]);

  const fresh = result !== null && result.key === current;
  return {
    data: fresh ? result.data : null,
    loading: current !== null && !fresh,
    error: fresh ? result.error : null,
    reload: () => setRound((n) => n + 1),
    set: (data) => current !== null && setResult({ key: current, data, error: null }),
  };
}
