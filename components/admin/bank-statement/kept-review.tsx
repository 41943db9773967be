/**
 * The near misses kept from earlier imports (`GET /admin/api/bank-statement`), newest first, with
 * each named or suggested order as it is now: what is still waiting for a person after the
 * upload's own report is gone. Loaded after the page, and again after each import. 'Dealt with'
 * on a line (the order paid by hand, the money sent back, not ours) takes it off the list for
 * everyone, the status line saying which; the server keeps who and when.
 */
import { useEffect, useState } from 'react';
import type { StatementReview, StoredReviewLine } from '@/lib/contracts/bank-statement';
import { useStaffCall } from '../use-staff-call';
import { ReviewTable } from './statement-results';
import admin from '../admin.module.css';
import styles from './bank-statement.module.css';

export function KeptReview({ version }: { version: number }) {
  const [review, setReview] = useState<StatementReview | null>(null);
  const [status, setStatus] = useState('');
  const { busy, error, run } = useStaffCall();

  useEffect(() => {
    let live = true;
    void run((api) => api.staffStatementReview()).then((answer) => {
      if (live && answer) setReview(answer);
    });
    return () => {
      live = false;
    };
    // `run` is a new function each render; reload only when an import changed the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [version]);

  async function handled(line: StoredReviewLine) {
    setStatus('');
    const done = await run((api) => api.staffStatementLineHandled(line.id));
    if (!done) return;
    setReview((now) => now && { lines: now.lines.filter((l) => l.id !== line.id), total: now.total - 1 });
    setStatus(`Row ${line.row} of ${line.date} (${line.amount}) marked as dealt with.`);
  }

  return (
    <section className={`${admin.card} ${styles.card}`} aria-labelledby="kept-review" aria-busy={review === null && !error}>
      <h2 className={styles.cardTitle} id="kept-review">
        Lines waiting for a person
      </h2>
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      <p className={admin.notice} role="status" hidden={!status}>
        {status}
      </p>
      {review && review.lines.length === 0 && <p className={styles.muted}>None waiting: every imported line matched an order or was dealt with.</p>}
      {review && review.lines.length > 0 && (
        <>
          <p className={styles.muted}>
            {`From earlier imports, newest first${review.total > review.lines.length ? ` (the latest ${review.lines.length} of ${review.total})` : ''}. Mark a line 'Dealt with' once it is settled by hand (the transfer confirmed on its order, or the money sent back).`}
          </p>
          <ReviewTable
            lines={review.lines}
            extra={(i) => `${review.lines[i]!.currency}, imported ${review.lines[i]!.importedAt.slice(0, 10)} by ${review.lines[i]!.importedBy}`}
            action={(i) => (
              <button
                type="button"
                className={`${admin.secondary} ${styles.handled}`}
                aria-label={`Dealt with: row ${review.lines[i]!.row} of ${review.lines[i]!.date}`}
                disabled={busy}
                onClick={() => void handled(review.lines[i]!)}
              >
                Dealt with
              </button>
            )}
          />
        </>
      )}
    </section>
  );
}
