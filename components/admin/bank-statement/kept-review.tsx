/**
 * The near misses kept from earlier imports (`GET /admin/api/bank-statement`), newest first, with
 * each named or suggested order as it is now: what is still waiting for a person after the
 * upload's own report is gone. Loaded after the page, and again after each import.
 */
import { useEffect, useState } from 'react';
import type { StatementReview } from '@/lib/contracts/bank-statement';
import { useStaffCall } from '../use-staff-call';
import { ReviewTable } from './statement-results';
import admin from '../admin.module.css';
import styles from './bank-statement.module.css';

export function KeptReview({ version }: { version: number }) {
  const [review, setReview] = useState<StatementReview | null>(null);
  const { error, run } = useStaffCall();

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
      {review && review.lines.length === 0 && <p className={styles.muted}>None: every imported line matched an order.</p>}
      {review && review.lines.length > 0 && (
        <>
          <p className={styles.muted}>
            {`From earlier imports, newest first${review.total > review.lines.length ? ` (the latest ${review.lines.length} of ${review.total})` : ''}. An order that shows Paid has been dealt with.`}
          </p>
          <ReviewTable lines={review.lines} extra={(i) => `${review.lines[i]!.currency}, imported ${review.lines[i]!.importedAt.slice(0, 10)} by ${review.lines[i]!.importedBy}`} />
        </>
      )}
    </section>
  );
}
