/**
 * The limits of the capacity page: each branch's daily limit (empty: no limit) and the days with
 * their own (empty: the branch's daily limit on that day; 0: no orders that day), saved whole
 * with the time the page read them (`PUT /admin/api/settings/capacity?basedOn=`). What a manager
 * types is sent as typed when it is not a whole number, so the server's 400 says what is wrong.
 */
import { useState, type FormEvent } from 'react';
import type { AdminCapacity } from '@/lib/contracts/capacity';
import { CAPACITY_BRANCHES, BRANCH_NAMES, type CapacityBranch, type CapacitySettings } from '@/lib/domain/capacity';
import { useStaffCall } from '../use-staff-call';
import admin from '../admin.module.css';
import styles from './capacity.module.css';

type Row = { key: number; day: string; lagos: string; abuja: string; note: string };
type Draft = { defaults: Record<CapacityBranch, string>; rows: Row[] };

const typed = (limit: number | null) => (limit === null ? '' : String(limit));
/** A limit as sent: null for empty, the number, or the text itself for the server to refuse in words. */
const limitOf = (text: string): number | null | string => (text.trim() === '' ? null : /^\d+$/.test(text.trim()) ? Number(text.trim()) : text);

let nextKey = 0;
function draftOf(capacity: CapacitySettings): Draft {
  return {
    defaults: { lagos: typed(capacity.defaults.lagos), abuja: typed(capacity.defaults.abuja) },
    rows: capacity.days.map((d) => ({ key: nextKey++, day: d.day, lagos: typed(d.lagos), abuja: typed(d.abuja), note: d.note })),
  };
}

function bodyOf(draft: Draft) {
  return {
    defaults: { lagos: limitOf(draft.defaults.lagos), abuja: limitOf(draft.defaults.abuja) },
    days: draft.rows.map((r) => ({ day: r.day, lagos: limitOf(r.lagos), abuja: limitOf(r.abuja), note: r.note })),
  };
}

export function CapacityForm({ data, onSaved }: { data: AdminCapacity; onSaved(data: AdminCapacity): void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(data.capacity));
  const [notice, setNotice] = useState<string | null>(null);
  const { busy, error, run } = useStaffCall();
  const setRow = (key: number, patch: Partial<Row>) => setDraft((d) => ({ ...d, rows: d.rows.map((r) => (r.key === key ? { ...r, ...patch } : r)) }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setNotice(null);
    // The server refuses what is not a whole number with its own words.
    const answer = await run((api) => api.staffSaveCapacity(bodyOf(draft) as CapacitySettings, data.updatedAt));
    if (!answer) return;
    setDraft(draftOf(answer.capacity.capacity));
    setNotice(answer.message);
    onSaved(answer.capacity);
  }

  return (
    <form className={`${admin.card} ${admin.form}`} onSubmit={(e) => void submit(e)} aria-labelledby="capacity-title">
      <h2 className={styles.cardTitle} id="capacity-title">
        Orders per day
      </h2>
      <p className={admin.hint}>
        The most orders each branch takes for one day, deliveries and pick-ups together. A full day is shown as fully booked in the shop&apos;s date pickers and checkout refuses it.
      </p>
      <div className={styles.defaults}>
        {CAPACITY_BRANCHES.map((branch) => (
          <div className={admin.field} key={branch}>
            <label className={admin.label} htmlFor={`capacity-${branch}`}>
              {BRANCH_NAMES[branch]}, every day
            </label>
            <input
              id={`capacity-${branch}`}
              className={`${admin.input} ${styles.limit}`}
              inputMode="numeric"
              placeholder="No limit"
              value={draft.defaults[branch]}
              onChange={(e) => setDraft((d) => ({ ...d, defaults: { ...d.defaults, [branch]: e.target.value } }))}
            />
          </div>
        ))}
      </div>

      <fieldset className={styles.days}>
        <legend className={admin.label}>Days with their own limits</legend>
        <p className={admin.hint}>Peak days higher or lower, a day off (0). Empty: the branch&apos;s daily limit.</p>
        {draft.rows.length > 0 && (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">Day</th>
                <th scope="col">Lagos</th>
                <th scope="col">Abuja</th>
                <th scope="col">Note</th>
                <th scope="col">
                  <span className={styles.hidden}>Remove</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {draft.rows.map((row, index) => (
                <tr key={row.key}>
                  <td data-label="Day">
                    <input type="date" className={admin.input} aria-label={`Day ${index + 1}`} min={data.today} value={row.day} required onChange={(e) => setRow(row.key, { day: e.target.value })} />
                  </td>
                  {CAPACITY_BRANCHES.map((branch) => (
                    <td key={branch} data-label={BRANCH_NAMES[branch]}>
                      <input
                        className={`${admin.input} ${styles.limit}`}
                        inputMode="numeric"
                        placeholder="Default"
                        aria-label={`${BRANCH_NAMES[branch]} limit, day ${index + 1}`}
                        value={row[branch]}
                        onChange={(e) => setRow(row.key, { [branch]: e.target.value })}
                      />
                    </td>
                  ))}
                  <td data-label="Note">
                    <input className={admin.input} aria-label={`Note, day ${index + 1}`} maxLength={120} value={row.note} onChange={(e) => setRow(row.key, { note: e.target.value })} />
                  </td>
                  <td>
                    <button type="button" className={admin.secondary} onClick={() => setDraft((d) => ({ ...d, rows: d.rows.filter((r) => r.key !== row.key) }))}>
                      Remove
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <button type="button" className={admin.secondary} onClick={() => setDraft((d) => ({ ...d, rows: [...d.rows, { key: nextKey++, day: '', lagos: '', abuja: '', note: '' }] }))}>
          Add a day
        </button>
      </fieldset>

      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      {notice && (
        <p className={admin.notice} role="status">
          {notice}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={busy}>
          {busy ? 'Saving…' : 'Save capacity'}
        </button>
      </div>
    </form>
  );
}
