/**
 * The peak dates of the delivery page: each peak config with its days ('13, 14 and 15 February')
 * and main fees; add one, change one (the editor opens under it) or remove one (after a
 * confirmation: its days go back to standard fees). Each change saves the whole document.
 */
import { useState } from 'react';
import type { DeliveryConfig, DeliverySettings } from '@/lib/contracts/settings';
import { formatNaira } from '@/lib/domain/money';
import { withoutPeak } from './delivery-doc';
import { PeakEditor } from './peak-editor';
import { datesText } from './settings-text';
import { useDeliverySave, type DeliverySaved } from './use-delivery-save';
import admin from '../admin.module.css';
import styles from './settings.module.css';

type Props = { settings: DeliverySettings; updatedAt: string | null; onSaved: (saved: DeliverySaved) => void };

/** The fees a list entry shows: each state's first zone, the threshold and the smallest order. */
function feesText(peak: DeliveryConfig): string {
  const fees = peak.stateDeliveryZones.flatMap((s) => s.zones.slice(0, 1).map((z) => `${z.label} ${formatNaira(z.amount)}`));
  const free = peak.freeDeliveryThreshold > 0 ? `free above ${formatNaira(peak.freeDeliveryThreshold)}` : 'no free delivery';
  const min = peak.minAmount > 0 ? [`smallest order ${formatNaira(peak.minAmount)}`] : [];
  return [...fees, free, ...min].join(' · ');
}

export function PeakDates({ settings, updatedAt, onSaved }: Props) {
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const [removing, setRemoving] = useState<number | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, save } = useDeliverySave(updatedAt, onSaved);
  const saved = (answer: DeliverySaved, name: string) => {
    onSaved(answer);
    setNotice(`${name} is saved: checkout uses it at once`);
  };
  const edit = (which: number | 'new') => {
    setNotice(null);
    setRemoving(null);
    setOpen(which);
  };
  async function remove(index: number) {
    const name = settings.overrideConfigs[index]!.name;
    if (await save(withoutPeak(settings, index))) {
      setRemoving(null);
      setNotice(`${name} is removed: its days have standard fees again`);
    }
  }
  const editor = (index: number | null) => (
    <PeakEditor key={index ?? 'new'} settings={settings} index={index} updatedAt={updatedAt} onSaved={saved} onClose={() => setOpen(null)} />
  );

  return (
    <section className={admin.card} aria-labelledby="peaks-title">
      <div className={styles.cardHead}>
        <h2 className={styles.cardTitle} id="peaks-title">
          Peak dates
        </h2>
        <button type="button" className={admin.secondary} onClick={() => edit('new')} disabled={open === 'new'}>
          Add peak dates
        </button>
      </div>
      <p className={styles.muted}>Days with fees of their own, such as Valentine&apos;s or Christmas. They repeat every year.</p>
      {notice && (
        <p className={admin.notice} role="status">
          {notice}
        </p>
      )}
      {open === 'new' && editor(null)}
      <ul className={styles.peaks}>
        {settings.overrideConfigs.map((peak, index) => (
          <li key={`${peak.name}-${index}`} className={styles.peak}>
            <div className={styles.peakRow}>
              <div>
                <p className={styles.peakName}>
                  {peak.name} {!peak.active && <span className={styles.off}>Not in use</span>}
                </p>
                <p className={styles.peakDates}>{datesText(peak.dates ?? [])}</p>
                <p className={styles.muted}>{feesText(peak)}</p>
              </div>
              <div className={styles.peakButtons}>
                <button type="button" className={styles.small} aria-label={`Change ${peak.name}`} onClick={() => edit(index)} disabled={open === index}>
                  Change
                </button>
                <button type="button" className={styles.small} aria-label={`Remove ${peak.name}`} onClick={() => setRemoving(index)}>
                  Remove
                </button>
              </div>
            </div>
            {removing === index && (
              <div className={styles.confirm} role="alertdialog" aria-label={`Remove ${peak.name}?`}>
                <p>{`Remove ${peak.name}? Its days (${datesText(peak.dates ?? [])}) go back to standard fees.`}</p>
                {error && (
                  <p className={admin.error} role="alert">
                    {error}
                  </p>
                )}
                <div className={styles.buttons}>
                  <button type="button" className={admin.primary} disabled={busy} onClick={() => void remove(index)}>
                    {busy ? 'Removing…' : 'Yes, remove'}
                  </button>
                  <button type="button" className={admin.secondary} onClick={() => setRemoving(null)}>
                    Keep it
                  </button>
                </div>
              </div>
            )}
            {open === index && editor(index)}
          </li>
        ))}
      </ul>
      {settings.overrideConfigs.length === 0 && <p className={styles.muted}>No peak dates: every day has standard fees.</p>}
    </section>
  );
}
