/**
 * The standard delivery form: what every day that is not a peak date costs — the free-delivery
 * threshold, the smallest order and its note, and per state its info text and zones (Lagos and
 * Abuja; other states are quoted by staff and have only their text). Saving sends the whole
 * document, every peak config's zones following the standard ones (delivery-doc.ts `withBase`).
 */
import { useState, type FormEvent } from 'react';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { ZONED_STATES } from '@/lib/contracts/settings-admin';
import { baseDraft, baseFromDraft, withBase, type BaseDraft, type StateDraft } from './delivery-doc';
import { useDeliverySave, type DeliverySaved } from './use-delivery-save';
import { SettingField } from './setting-field';
import { ZonesEditor } from './zones-editor';
import admin from '../admin.module.css';
import styles from './settings.module.css';

type Props = { settings: DeliverySettings; updatedAt: string | null; zonesInUse: readonly string[]; onSaved: (saved: DeliverySaved) => void };

export function StandardDelivery({ settings, updatedAt, zonesInUse, onSaved }: Props) {
  const [draft, setDraft] = useState<BaseDraft>(() => baseDraft(settings.baseConfig));
  const { busy, error, notice, save } = useDeliverySave(updatedAt, (saved) => {
    setDraft(baseDraft(saved.delivery.baseConfig));
    onSaved(saved);
  });
  const next = withBase(settings, baseFromDraft(settings.baseConfig, draft));
  const changed = JSON.stringify(next) !== JSON.stringify(settings);
  const takenKeys = new Set(draft.states.flatMap((s) => s.zones.map((z) => z.key)));

  const set = (patch: Partial<BaseDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const setState = (state: StateDraft['state'], patch: Partial<StateDraft>) => setDraft((d) => ({ ...d, states: d.states.map((s) => (s.state === state ? { ...s, ...patch } : s)) }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(next);
  };

  return (
    <form className={`${admin.card} ${admin.form}`} onSubmit={submit} aria-labelledby="standard-title" noValidate>
      <div>
        <h2 className={styles.cardTitle} id="standard-title">
          Standard delivery
        </h2>
        <p className={styles.muted}>Fees on every day that is not a peak date.</p>
      </div>
      <div className={styles.pair}>
        <SettingField
          label="Free-delivery threshold (₦)"
          hint="Zones marked free deliver free when the items come to this or more after any coupon; 0 for never."
          amount
          value={draft.threshold}
          onValue={(threshold) => set({ threshold })}
        />
        <SettingField label="Smallest order delivered (₦)" hint="0 for no minimum." amount value={draft.minAmount} onValue={(minAmount) => set({ minAmount })} />
      </div>
      <SettingField label="Note on the smallest order" hint="Shown at checkout; amounts in naira as {{30000}}." maxLength={300} value={draft.minNote} onValue={(minNote) => set({ minNote })} />
      {draft.states.map((state) => (
        <fieldset key={state.state} className={styles.state}>
          <legend className={styles.stateTitle}>{state.label}</legend>
          <label className={admin.field}>
            <span className={admin.label}>{`${state.label}: info text`}</span>
            <textarea className={`${admin.input} ${styles.text}`} rows={2} maxLength={500} value={state.info} onChange={(e) => setState(state.state, { info: e.target.value })} />
          </label>
          {(ZONED_STATES as readonly string[]).includes(state.state) ? (
            <ZonesEditor state={state} takenKeys={takenKeys} zonesInUse={zonesInUse} onZones={(zones) => setState(state.state, { zones })} />
          ) : (
            <p className={styles.muted}>No zones: our staff quote each delivery here.</p>
          )}
        </fieldset>
      ))}
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
          {busy ? 'Saving…' : 'Save standard delivery'}
        </button>
      </div>
    </form>
  );
}
