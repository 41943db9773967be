/**
 * Runs one staff call from a form: `busy` while it runs, the server's message (or the network's)
 * as `error` when it fails. The call's own module (lib/api/staff.ts, with axios) loads on the
 * first submit, so the sign-in page itself stays small.
 */
import { useState } from 'react';
import type * as StaffCallModule from '@/lib/api/staff';

export type StaffCalls = typeof StaffCallModule;

export function useStaffCall() {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run<T>(call: (calls: StaffCalls) => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    setError(null);
    try {
      return await call(await import('@/lib/api/staff'));
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Something went wrong. Please try again.');
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return { busy, error, setError, run };
}
