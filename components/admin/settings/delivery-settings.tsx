/**
 * /admin/settings/delivery: the same-day cut-off, standard delivery (zones and fees per state,
 * threshold, smallest order, info texts) and the peak dates, loaded after the page mounts
 * (`GET /admin/api/settings`). Each form saves the whole document with the time the page read it;
 * the answer (the settings afterwards and their new time) replaces the page's copy, so the other
 * forms' next save builds on it.
 */
import type { DeliverySaved } from './use-delivery-save';
import { CutoffForm } from './cutoff-form';
import { PeakDates } from './peak-dates';
import { StandardDelivery } from './standard-delivery';
import { changedText } from './settings-text';
import { useSettings } from './use-settings';
import admin from '../admin.module.css';
import styles from './settings.module.css';

export function DeliverySettingsPage() {
  const { load, update } = useSettings();
  const saved = ({ delivery, updatedAt }: DeliverySaved) => update({ delivery, deliveryUpdatedAt: updatedAt });
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>Delivery</h1>
        {load.state === 'ready' && <p className={styles.muted}>{changedText(load.settings.deliveryUpdatedAt)}</p>}
      </div>
      {load.state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {load.state === 'failed' && (
        <p className={admin.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <div className={styles.stack}>
          <CutoffForm settings={load.settings.delivery} updatedAt={load.settings.deliveryUpdatedAt} onSaved={saved} />
          <StandardDelivery settings={load.settings.delivery} updatedAt={load.settings.deliveryUpdatedAt} zonesInUse={load.settings.zonesInUse} onSaved={saved} />
          <PeakDates settings={load.settings.delivery} updatedAt={load.settings.deliveryUpdatedAt} onSaved={saved} />
        </div>
      )}
    </>
  );
}
