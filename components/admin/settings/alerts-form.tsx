/**
 * The alert texts of /admin/settings: the site-wide banner (amounts written `{{100000}}` in naira,
 * previewed in each currency), a note per payment method shown with that method at checkout, and
 * the product pages' notes. Save sends the whole document (`PUT /admin/api/settings/alerts`) with
 * the time the page read it, so that another manager's change is never undone unseen.
 */
import { useState, type FormEvent } from 'react';
import type { AlertSettings } from '@/lib/contracts/settings';
import type { AdminRate } from '@/lib/contracts/settings-admin';
import { PAYMENT_METHODS } from '@/lib/domain/checkout';
import { useStaffCall } from '../use-staff-call';
import { AlertPreview } from './alert-preview';
import { ProductAlerts } from './product-alerts';
import { changedText } from './settings-text';
import admin from '../admin.module.css';
import styles from './settings.module.css';

type Props = { alerts: AlertSettings; updatedAt: string | null; rates: AdminRate[]; onSaved: (alerts: AlertSettings, updatedAt: string | null) => void };

type Values = { banner: string; payment: Record<string, string>; notes: string[] };

const valuesOf = (alerts: AlertSettings): Values => ({
  banner: alerts.siteWideAlert,
  payment: Object.fromEntries(alerts.paymentAlerts.map((a) => [a.paymentMethod, a.message])),
  notes: [...alerts.productAlerts],
});

/** The document to send: payment notes in the shop's order of methods, empty ones left out. */
export function alertsOf(values: Values): AlertSettings {
  return {
    siteWideAlert: values.banner.trim(),
    paymentAlerts: PAYMENT_METHODS.flatMap((m) => {
      const message = values.payment[m.key]?.trim() ?? '';
      return message ? [{ paymentMethod: m.key, message }] : [];
    }),
    productAlerts: values.notes.map((n) => n.trim()),
  };
}

export function AlertsForm({ alerts, updatedAt, rates, onSaved }: Props) {
  const [values, setValues] = useState(() => valuesOf(alerts));
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useStaffCall();
  const body = alertsOf(values);
  const changed = JSON.stringify(body) !== JSON.stringify(alerts);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    const answer = await run((api) => api.staffSaveAlerts(body, updatedAt));
    if (!answer) return;
    setValues(valuesOf(answer.alerts));
    onSaved(answer.alerts, answer.updatedAt);
    setNotice(answer.message);
  }

  return (
    <form className={`${admin.card} ${admin.form}`} onSubmit={(e) => void submit(e)} aria-labelledby="alerts-title" noValidate>
      <div>
        <h2 className={styles.cardTitle} id="alerts-title">
          Alerts
        </h2>
        <p className={styles.muted}>{changedText(updatedAt)}</p>
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor="site-wide-alert">
          Site-wide alert
        </label>
        <span className={admin.hint} id="site-wide-alert-hint">
          The banner above every page; leave it empty to hide it. Write amounts in naira between double braces, e.g. {'{{100000}}'}: each shopper sees them in their own currency.
        </span>
        <textarea id="site-wide-alert" className={`${admin.input} ${styles.text}`} rows={3} maxLength={400} aria-describedby="site-wide-alert-hint" value={values.banner} onChange={(e) => setValues((v) => ({ ...v, banner: e.target.value }))} />
      </div>
      <AlertPreview text={values.banner} rates={rates} />
      <fieldset className={styles.group}>
        <legend className={admin.label}>Payment alerts</legend>
        <p className={admin.hint}>A note shown with a payment method at checkout; leave it empty for none.</p>
        {PAYMENT_METHODS.map((method) => (
          <label key={method.key} className={admin.field}>
            <span className={styles.methodLabel}>
              {method.label} <span className={styles.muted}>({method.currencies.join(', ')})</span>
            </span>
            <input className={admin.input} maxLength={400} value={values.payment[method.key] ?? ''} onChange={(e) => setValues((v) => ({ ...v, payment: { ...v.payment, [method.key]: e.target.value } }))} />
          </label>
        ))}
      </fieldset>
      <ProductAlerts notes={values.notes} onNotes={(notes) => setValues((v) => ({ ...v, notes }))} />
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      {notice && !changed && (
        <p className={admin.notice} role="status">
          {notice}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={busy || !changed}>
          {busy ? 'Saving…' : 'Save alerts'}
        </button>
      </div>
    </form>
  );
}
