/**
 * /admin/settings: the alert texts and the currency rates, loaded after the page mounts
 * (`GET /admin/api/settings`), each saved on its own. The preview of the banner follows the rates
 * as saved.
 */
import { AlertsForm } from './alerts-form';
import { RatesForm } from './rates-form';
import { useSettings } from './use-settings';
import admin from '../admin.module.css';
import styles from './settings.module.css';

export function AlertsAndRates() {
  const { load, update } = useSettings();
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>Alerts &amp; rates</h1>
      </div>
      {load.state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {load.state === 'failed' && (
        <p className={admin.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <div className={styles.columns}>
          <AlertsForm alerts={load.settings.alerts} updatedAt={load.settings.alertsUpdatedAt} rates={load.settings.rates} onSaved={(alerts, alertsUpdatedAt) => update({ alerts, alertsUpdatedAt })} />
          <RatesForm rates={load.settings.rates} onSaved={(rates) => update({ rates })} />
        </div>
      )}
    </>
  );
}
