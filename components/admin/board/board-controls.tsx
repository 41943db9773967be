/**
 * The board's filters: the day (Today, Tomorrow, Any day, or a date), the branch (only for a
 * member who sees every branch), a search box, and the state tabs with the count of each for the
 * same day, branch and search.
 */
import { useId, useState, type FormEvent } from 'react';
import { BOARD_BRANCHES, BOARD_BRANCH_LABELS, BOARD_STATES, BOARD_STATE_LABELS, type BoardBranch, type BoardState } from '@/lib/domain/backoffice';
import { addDays, type BoardFilters } from './board-query';
import styles from './board.module.css';

type Props = {
  filters: BoardFilters;
  today: string;
  showBranch: boolean;
  counts: Record<BoardState, number> | null;
  onChange: (next: Partial<BoardFilters>) => void;
};

export function BoardControls({ filters, today, showBranch, counts, onChange }: Props) {
  const id = useId();
  const [term, setTerm] = useState(filters.q);
  // Back/Forward to another search puts its term in the box.
  const [shown, setShown] = useState(filters.q);
  if (shown !== filters.q) {
    setShown(filters.q);
    setTerm(filters.q);
  }
  const tomorrow = addDays(today, 1);
  const all = counts ? BOARD_STATES.reduce((sum, s) => sum + counts[s], 0) : null;

  const search = (event: FormEvent) => {
    event.preventDefault();
    onChange({ q: term.trim() });
  };

  const dayButton = (label: string, day: string) => (
    <button type="button" className={styles.chip} aria-pressed={filters.day === day} onClick={() => onChange({ day })}>
      {label}
    </button>
  );

  const tab = (label: string, state: BoardState | '', count: number | null) => (
    <button key={state || 'all'} type="button" className={styles.tab} aria-pressed={filters.state === state} onClick={() => onChange({ state })}>
      {label}
      <span className={styles.count}>{count ?? '…'}</span>
    </button>
  );

  return (
    <section className={styles.controls} aria-label="Filters">
      <div className={styles.filterRow}>
        <div className={styles.days} role="group" aria-label="Delivery day">
          {dayButton('Today', today)}
          {dayButton('Tomorrow', tomorrow)}
          {dayButton('Any day', 'all')}
          <label className={styles.dateLabel}>
            <span className={styles.visuallyHidden}>Delivery date</span>
            <input
              type="date"
              className={styles.dateInput}
              value={filters.day === 'all' ? '' : filters.day}
              onChange={(event) => event.target.value && onChange({ day: event.target.value })}
            />
          </label>
        </div>
        {showBranch && (
          <div className={styles.branch}>
            <label htmlFor={`${id}-branch`}>Branch</label>
            <select id={`${id}-branch`} className={styles.select} value={filters.branch} onChange={(event) => onChange({ branch: event.target.value as BoardBranch | '' })}>
              <option value="">All branches</option>
              {BOARD_BRANCHES.map((b) => (
                <option key={b} value={b}>
                  {BOARD_BRANCH_LABELS[b]}
                </option>
              ))}
            </select>
          </div>
        )}
        <form className={styles.search} role="search" onSubmit={search}>
          <label htmlFor={`${id}-q`} className={styles.visuallyHidden}>
            Search orders
          </label>
          <input
            id={`${id}-q`}
            type="search"
            className={styles.searchInput}
            placeholder="Order number, e-mail, phone or recipient"
            value={term}
            maxLength={100}
            onChange={(event) => setTerm(event.target.value)}
          />
          <button type="submit" className={styles.searchButton}>
            Search
          </button>
        </form>
      </div>
      <div className={styles.tabs} role="group" aria-label="Order state">
        {tab('All', '', all)}
        {BOARD_STATES.map((s) => tab(BOARD_STATE_LABELS[s], s, counts ? counts[s] : null))}
      </div>
    </section>
  );
}
