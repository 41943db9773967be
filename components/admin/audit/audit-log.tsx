/**
 * The owner's audit log: every order transition, newest first (when, which order, what, who and
 * from which client address, from and to, the line written), 50 a page, from `GET /admin/api/audit` in the browser. The page
 * number lives in the URL (`?page=`), so Back and refresh keep it.
 */
import { useEffect, useState } from 'react';
import type { AuditPage } from '@/lib/contracts/backoffice';
import { EVENT_LABELS, lagosDateTime } from '../order/order-text';
import styles from './audit.module.css';

type Load = { state: 'loading' } | { state: 'ready'; log: AuditPage } | { state: 'failed'; message: string };

const words = (state: string) => state.replace('/', ', ').replace(/_/g, ' ');

export function AuditLog({ page }: { page: number }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    import('@/lib/api/staff')
      .then((calls) => calls.staffAudit(page))
      .then(
        (log) => current && setLoad({ state: 'ready', log }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error ? failure.message : 'Could not load the audit.' }),
      );
    return () => {
      current = false;
    };
  }, [page]);

  if (load.state === 'loading') return <p className={styles.muted}>Loading…</p>;
  if (load.state === 'failed') {
    return (
      <p className={styles.failure} role="alert">
        {load.message}
      </p>
    );
  }
  const { log } = load;
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));
  if (log.rows.length === 0) return <p className={styles.muted}>Nothing has happened to any order yet.</p>;
  return (
    <section aria-label="Audit">
      <p className={styles.muted}>{`${log.total.toLocaleString('en-US')} changes, newest first`}</p>
      <ol className={styles.list}>
        {log.rows.map((row, i) => (
          <li key={`${row.at}-${i}`} className={styles.line}>
            <p className={styles.head}>
              <a href={`/admin/orders/${encodeURIComponent(row.orderId)}`}>{row.orderNumber}</a>
              <strong>{EVENT_LABELS[row.event] ?? row.event}</strong>
              <span>by {row.actorName}</span>
            </p>
            <p className={styles.meta}>
              {lagosDateTime(row.at)} · {words(row.from)} → {words(row.to)}
              {row.address && (
                <>
                  {' · from '}
                  <span className={styles.address}>{row.address}</span>
                </>
              )}
            </p>
            {row.note && <p className={styles.note}>{row.note}</p>}
          </li>
        ))}
      </ol>
      {pages > 1 && (
        <nav className={styles.pages} aria-label="Pages">
          {page > 1 ? <a href={`/admin/audit?page=${page - 1}`}>Newer</a> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <a href={`/admin/audit?page=${page + 1}`}>Older</a> : <span />}
        </nav>
      )}
    </section>
  );
}
