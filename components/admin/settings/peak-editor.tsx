/**
 * One peak config (Valentine's, Christmas…), new or existing: its name and description, whether
 * it is in use, its dates on a calendar (recurring every year), its own fee for every standard
 * zone, its free-delivery threshold and smallest order. Saving sends the whole delivery document;
 * the server's refusal shows here, in words.
 */
import { lazy, Suspense, useState, type FormEvent } from 'react';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { monthDayText } from '@/lib/contracts/settings-admin';
import { formatNaira } from '@/lib/domain/money';
import { newPeakDraft, peakDraft, peakFromDraft, withPeak, zoneTitle, type PeakDraft } from './delivery-doc';
import { SettingField } from './setting-field';
import { useDeliverySave, type DeliverySaved } from './use-delivery-save';
import admin from '../admin.module.css';
import styles from './settings.module.css';

const PeakCalendar = lazy(() => import('./peak-calendar').then((m) => ({ default: m.PeakCalendar })));

type Props = {
  settings: DeliverySettings;
  /** The peak config's place in `overrideConfigs`, or null for a new one. */
  index: number | null;
  updatedAt: string | null;
  onSaved: (saved: DeliverySaved, name: string) => void;
  onClose: () => void;
};

export function PeakEditor({ settings, index, updatedAt, onSaved, onClose }: Props) {
  const base = settings.baseConfig;
  const original = index === null ? null : settings.overrideConfigs[index]!;
  const [draft, setDraft] = useState<PeakDraft>(() => (original ? peakDraft(original) : newPeakDraft(base)));
  const { busy, error, save } = useDeliverySave(updatedAt, (saved) => onSaved(saved, draft.name.trim()));
  const set = (patch: Partial<PeakDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const title = original ? `Change ${original.name}` : 'New peak dates';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (await save(withPeak(settings, index, peakFromDraft(base, original, draft)))) onClose();
  }

  return (
    <form className={`${admin.form} ${styles.peakForm}`} onSubmit={(e) => void submit(e)} aria-label={title} noValidate onKeyDown={(e) => e.key === 'Escape' && onClose()}>
      <h3 className={styles.peakTitle}>{title}</h3>
      <div className={styles.pair}>
        <SettingField label="Name" maxLength={80} value={draft.name} onValue={(name) => set({ name })} />
        <SettingField label="Description" maxLength={300} value={draft.description} onValue={(description) => set({ description })} />
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={draft.active} onChange={(e) => set({ active: e.target.checked })} />
        In use: these days get these fees
      </label>
      <fieldset className={styles.group}>
        <legend className={admin.label}>Dates</legend>
        <p className={admin.hint}>Click days to add or remove them; they repeat every year.</p>
        <div className={styles.calendarRow}>
          <Suspense fallback={<p className={styles.muted}>Loading the calendar…</p>}>
            <PeakCalendar dates={draft.dates} onDates={(dates) => set({ dates })} />
          </Suspense>
          <ul className={styles.chips} aria-label="Chosen dates">
            {draft.dates.length === 0 && <li className={styles.muted}>No dates yet.</li>}
            {draft.dates.map((day) => (
              <li key={day} className={styles.chip}>
                {monthDayText(day)}
                <button type="button" aria-label={`Remove ${monthDayText(day)}`} onClick={() => set({ dates: draft.dates.filter((d) => d !== day) })}>
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      </fieldset>
      <fieldset className={styles.group}>
        <legend className={admin.label}>Fees on these days (₦)</legend>
        {base.stateDeliveryZones
          .filter((s) => s.zones.length > 0)
          .map((state) => (
            <div key={state.state} className={styles.feeGrid}>
              {state.zones.map((zone) => (
                <SettingField
                  key={zone.name}
                  label={`${zoneTitle(state.label, zone.label)} fee (₦)`}
                  note={`Standard ${formatNaira(zone.amount)}`}
                  amount
                  value={draft.fees[zone.name] ?? ''}
                  onValue={(fee) => set({ fees: { ...draft.fees, [zone.name]: fee } })}
                />
              ))}
            </div>
          ))}
      </fieldset>
      <div className={styles.pair}>
        <SettingField label="Free-delivery threshold (₦)" hint="0 for no free delivery on these days." amount value={draft.threshold} onValue={(threshold) => set({ threshold })} />
        <SettingField label="Smallest order delivered (₦)" hint="0 for no minimum." amount value={draft.minAmount} onValue={(minAmount) => set({ minAmount })} />
      </div>
      <SettingField label="Note on the smallest order" hint="Shown at checkout for these days; amounts in naira as {{30000}}." maxLength={300} value={draft.minNote} onValue={(minNote) => set({ minNote })} />
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={busy}>
          {busy ? 'Saving…' : 'Save peak dates'}
        </button>
        <button type="button" className={admin.secondary} onClick={onClose}>
          Back
        </button>
      </div>
    </form>
  );
}
