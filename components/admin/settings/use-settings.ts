/**
 * Loads the settings pages' data (`GET /admin/api/settings`) after the page mounts, with the staff
 * client (lib/api/staff.ts, loaded with it), and lets a saved change replace a part of it.
 */
import { useEffect, useState } from 'react';
import type { AdminSettings } from '@/lib/contracts/settings-admin';

export type SettingsLoad = { state: 'loading' } | { state: 'ready'; settings: AdminSettings } | { state: 'failed'; message: string };

export function useSettings() {
  const [load, setLoad] = useState<SettingsLoad>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    import('@/lib/api/staff')
      .then((api) => api.staffSettings())
      .then(
        (settings) => current && setLoad({ state: 'ready', settings }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error && failure.message ? failure.message : 'The settings could not be loaded.' }),
      );
    return () => {
      current = false;
    };
  }, []);

  /** Replaces part of the loaded settings with what a save answered. */
  const update = (patch: Partial<AdminSettings>) => setLoad((now) => (now.state === 'ready' ? { state: 'ready', settings: { ...now.settings, ...patch } } : now));

  return { load, update };
}
