/**
 * The back office's home: the orders of a day (today in Lagos unless the URL says otherwise), by
 * branch (not for a member tied to one), by state with a count per state, and a search by order
 * number, e-mail, phone or recipient name, 25 a page. The filters live in the URL (shareable,
 * kept on refresh; Back and Forward step through them); the orders come from
 * `GET /admin/api/orders` in the browser, with the staff cookie.
 */
import { useCallback, useEffect, useState } from 'react';
import type { Board as BoardAnswer } from '@/lib/contracts/backoffice';
import type { StaffMe } from '@/lib/contracts/staff';
import { boardParams, boardSearchString, filtersFromSearch, type BoardFilters } from './board-query';
import { BoardControls } from './board-controls';
import { BoardList } from './board-list';
import styles from './board.module.css';

type Loaded = { key: string; board: BoardAnswer | null; error: string | null };

/** The board for the filters; while a new answer is on its way the last one stays, marked loading. */
function useBoard(filters: BoardFilters): { board: BoardAnswer | null; loading: boolean; error: string | null; retry: () => void } {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [attempt, setAttempt] = useState(0);
  const search = boardSearchString(filters);
  const key = `${search}#${attempt}`;
  useEffect(() => {
    let current = true;
    import('@/lib/api/staff')
      .then((calls) => calls.staffBoard(boardParams(filtersFromSearch(search, ''))))
      .then(
        (board) => current && setLoaded({ key, board, error: null }),
        (failure: unknown) =>
          current && setLoaded((before) => ({ key, board: before?.board ?? null, error: failure instanceof Error ? failure.message : 'Could not load the orders.' })),
      );
    return () => {
      current = false;
    };
  }, [search, key]);
  const loading = loaded?.key !== key;
  return { board: loaded?.board ?? null, loading, error: loading ? null : (loaded?.error ?? null), retry: () => setAttempt((n) => n + 1) };
}

export function Board({ staff, today, initial }: { staff: StaffMe; today: string; initial: BoardFilters }) {
  const [filters, setFilters] = useState(initial);
  const { board, loading, error, retry } = useBoard(filters);

  useEffect(() => {
    const back = () => setFilters(filtersFromSearch(window.location.search, today));
    window.addEventListener('popstate', back);
    return () => window.removeEventListener('popstate', back);
  }, [today]);

  /** A new view: its URL joins the history (not Next's router: the board owns this state). */
  const change = useCallback((next: Partial<BoardFilters>) => {
    setFilters((before) => {
      const after = { ...before, page: 1, ...next };
      window.history.pushState({ board: true }, '', `${window.location.pathname}${boardSearchString(after)}`);
      return after;
    });
  }, []);

  return (
    <div className={styles.board}>
      <BoardControls filters={filters} today={today} showBranch={staff.branch === null} counts={board?.counts ?? null} onChange={change} />
      {error && (
        <p className={styles.failure} role="alert">
          {error}{' '}
          <button type="button" className={styles.inlineButton} onClick={retry}>
            Try again
          </button>
        </p>
      )}
      <BoardList board={board} loading={loading} role={staff.role} filters={filters} onPage={(page) => change({ page })} />
    </div>
  );
}
