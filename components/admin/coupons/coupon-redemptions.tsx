/**
 * The orders holding a coupon, under its row of /admin/coupons
 * (`GET /admin/api/coupons/{code}/redemptions?page=`, 50 a page, newest first): order number
 * (linking to the order), date, what the coupon took off, the payment state, and whether the use
 * counts against the limit (paid; held, and until when; lapsed).
 */
import { useEffect, useState } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { CouponRedemptionPage } from '@/lib/contracts/coupons-admin';
import { formatNaira } from '@/lib/domain/money';
import { lagosDateTime } from '../order/order-text';
import { PAYMENT_LABELS, standingText } from './coupon-text';
import admin from '../admin.module.css';
import styles from './coupons.module.css';

type Load = { state: 'loading' } | { state: 'ready'; page: CouponRedemptionPage } | { state: 'failed'; message: string };

const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');

export function CouponRedemptions({ code, onClose }: { code: string; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const [load, setLoad] = useState<Load>({ state: 'loading' });

  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffCouponRedemptions(code, page))
      .then(
        (answer) => current && setLoad({ state: 'ready', page: answer }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error && failure.message ? failure.message : 'The orders could not be loaded.' }),
      );
    return () => {
      current = false;
    };
  }, [code, page]);

  const go = (to: number) => {
    setLoad({ state: 'loading' });
    setPage(to);
  };
  const pages = load.state === 'ready' ? Math.max(1, Math.ceil(load.page.total / load.page.pageSize)) : 1;

  return (
    <section className={styles.panel} aria-label={`Orders holding ${code}`}>
      <h3 className={styles.panelTitle}>{`Orders holding ${code}`}</h3>
      {load.state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {load.state === 'failed' && (
        <p className={admin.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && load.page.total === 0 && <p className={styles.muted}>No order holds this coupon.</p>}
      {load.state === 'ready' && load.page.total > 0 && (
        <>
          <p className={styles.muted}>{load.page.total === 1 ? '1 order' : `${load.page.total} orders`}</p>
          <ul className={styles.uses}>
            {load.page.rows.map((row) => (
              <li key={row.orderId} className={styles.use}>
                <a href={`/admin/orders/${row.orderId}`} className={styles.orderLink}>
                  {row.orderNumber}
                </a>
                <span className={styles.useDate}>{lagosDateTime(row.orderedAt)}</span>
                <span className={styles.useOff}>{`${formatNaira(row.discount)} off`}</span>
                <span>{PAYMENT_LABELS[row.paymentState]}</span>
                <span className={row.use === 'paid' || row.use === 'held' ? styles.counts : styles.notCounted}>{standingText(row)}</span>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className={styles.pager} aria-label="Pages of orders">
              <button type="button" className={admin.secondary} disabled={page <= 1} onClick={() => go(page - 1)}>
                Previous
              </button>
              <span>{`Page ${page} of ${pages}`}</span>
              <button type="button" className={admin.secondary} disabled={page >= pages} onClick={() => go(page + 1)}>
                Next
              </button>
            </nav>
          )}
        </>
      )}
      <div className={styles.buttons}>
        <button type="button" className={admin.secondary} onClick={onClose}>
          Close
        </button>
      </div>
    </section>
  );
}
