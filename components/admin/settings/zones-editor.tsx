/**
 * One state's zones in the standard delivery form: label, areas, fee and whether free delivery
 * applies, per zone. Zone keys travel with orders: an existing zone keeps its key, a new one gets
 * a key from its label (shown), and a zone that orders were placed for cannot be removed.
 */
import type { StateDraft, ZoneDraft } from './delivery-doc';
import { zoneKeyFor, zoneTitle } from './delivery-doc';
import admin from '../admin.module.css';
import styles from './settings.module.css';

type Props = {
  state: StateDraft;
  /** Every zone key of the draft (a new key must not repeat one). */
  takenKeys: ReadonlySet<string>;
  zonesInUse: readonly string[];
  onZones: (zones: ZoneDraft[]) => void;
};

export function ZonesEditor({ state, takenKeys, zonesInUse, onZones }: Props) {
  const change = (index: number, patch: Partial<ZoneDraft>) =>
    onZones(
      state.zones.map((zone, i) => {
        if (i !== index) return zone;
        const next = { ...zone, ...patch };
        // A new zone's key follows its label until it is saved.
        if (zone.isNew && patch.label !== undefined) {
          const others = new Set([...takenKeys].filter((k) => k !== zone.key));
          next.key = zoneKeyFor(patch.label, state.state, others);
        }
        return next;
      }),
    );
  const add = () => onZones([...state.zones, { key: zoneKeyFor('new zone', state.state, takenKeys), isNew: true, label: '', areas: '', fee: '', free: false }]);

  return (
    <div className={styles.zones}>
      <table className={styles.zoneTable}>
        <thead>
          <tr>
            <th scope="col">Zone</th>
            <th scope="col">Areas (comma-separated)</th>
            <th scope="col">Fee (₦)</th>
            <th scope="col">Free above threshold</th>
            <th scope="col">
              <span className={styles.hidden}>Remove</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {state.zones.map((zone, index) => {
            const name = zone.label.trim() ? zoneTitle(state.label, zone.label.trim()) : zone.key;
            const inUse = zonesInUse.includes(zone.key);
            return (
              <tr key={index} className={styles.zoneRow}>
                <td className={styles.zoneLabel}>
                  <span className={styles.cellLabel} aria-hidden="true">
                    Zone
                  </span>
                  <input className={admin.input} aria-label={`${state.label} zone ${index + 1} label`} maxLength={100} value={zone.label} onChange={(e) => change(index, { label: e.target.value })} />
                  <span className={styles.key}>{`Key: ${zone.key}`}</span>
                </td>
                <td className={styles.zoneAreas}>
                  <span className={styles.cellLabel} aria-hidden="true">
                    Areas (comma-separated)
                  </span>
                  <input className={admin.input} aria-label={`${name} areas`} value={zone.areas} onChange={(e) => change(index, { areas: e.target.value })} />
                </td>
                <td className={styles.zoneFee}>
                  <span className={styles.cellLabel} aria-hidden="true">
                    Fee (₦)
                  </span>
                  <input className={`${admin.input} ${styles.amount}`} aria-label={`${name} fee (₦)`} inputMode="numeric" value={zone.fee} onChange={(e) => change(index, { fee: e.target.value })} />
                </td>
                <td className={styles.zoneFree}>
                  <label className={styles.check}>
                    <input type="checkbox" aria-label={`Free delivery to ${name} above the threshold`} checked={zone.free} onChange={(e) => change(index, { free: e.target.checked })} />
                    <span aria-hidden="true">
                      Free <span className={styles.onPhone}>above the threshold</span>
                    </span>
                  </label>
                </td>
                <td className={styles.zoneRemove}>
                  <button
                    type="button"
                    className={styles.small}
                    disabled={inUse}
                    title={inUse ? 'Orders were placed for this zone: it stays. Change its fee or label instead.' : undefined}
                    aria-label={`Remove ${name}`}
                    onClick={() => onZones(state.zones.filter((_, i) => i !== index))}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <button type="button" className={styles.small} onClick={add}>
        {`Add a zone in ${state.label}`}
      </button>
    </div>
  );
}
