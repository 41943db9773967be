/**
 * The capacity page (/admin/settings/capacity), loaded after the page mounts (`GET
 * /admin/api/settings/capacity`): the form of limits (./capacity-form.tsx) and the bookings of the
 * next days against them, which a save refreshes.
 */
import { useEffect, useState } from 'react';
import type { AdminCapacity } from '@/lib/contracts/capacity';
import { CapacityForm } from './capacity-form';
import { CapacityUseTable } from './capacity-use';
import { changedText } from './settings-text';
import admin from '../admin.module.css';
import styles from './settings.module.css';

type Load = { state: 'loading' } | { state: 'ready'; data: AdminCapacity } | { state: 'failed'; message: string };

export function CapacitySettingsPage() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    import('@/lib/api/staff')
      .then((api) => api.staffCapacity())
      .then(
        (data) => current && setLoad({ state: 'ready', data }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error && failure.message ? failure.message : 'The capacity could not be loaded.' }),
      );
    return () => {
      current = false;
    };
  }, []);

  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>Delivery capacity</h1>
        {load.state === 'ready' && <p className={styles.muted}>{changedText(load.data.updatedAt)}</p>}
      </div>
      {load.state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {load.state === 'failed' && (
        <p className={admin.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <div className={styles.stack}>
          <CapacityForm data={load.data} onSaved={(data) => setLoad({ state: 'ready', data })} />
          <CapacityUseTable use={load.data.use} />
        </div>
      )}
    </>
  );
}
