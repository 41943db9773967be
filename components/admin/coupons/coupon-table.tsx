/**
 * The coupons of /admin/coupons: a table on a desktop, one card per coupon on a phone (the same
 * markup, coupons.module.css): code and description, discount and smallest order, window (Lagos
 * time), uses against the limit, standing, and per coupon 'Edit' (whose panel offers 'Remove' for
 * a coupon no order holds, after a confirmation), 'Pause' or 'Resume', and 'Orders'. The panel a
 * button opens and the outcome of the last action show right under the coupon.
 */
import type { AdminCoupon } from '@/lib/contracts/coupons-admin';
import { CouponForm } from './coupon-form';
import { CouponRedemptions } from './coupon-redemptions';
import { discountText, minimumText, STATUS_LABELS, usesText, windowText } from './coupon-text';
import admin from '../admin.module.css';
import styles from './coupons.module.css';

export type PanelMode = 'edit' | 'orders' | 'remove';
export type Notice = { at: string; kind: 'done' | 'failed'; text: string };

type Props = {
  coupons: AdminCoupon[];
  open: { code: string; mode: PanelMode } | null;
  notice: Notice | null;
  busy: boolean;
  onOpen: (code: string, mode: PanelMode | null) => void;
  onSaved: (coupon: AdminCoupon, message: string) => void;
  onActive: (coupon: AdminCoupon, active: boolean) => void;
  onRemove: (coupon: AdminCoupon) => void;
};

export function NoticeLine({ notice }: { notice: Notice }) {
  return notice.kind === 'done' ? (
    <p className={admin.notice} role="status">
      {notice.text}
    </p>
  ) : (
    <p className={admin.error} role="alert">
      {notice.text}
    </p>
  );
}

export function CouponTable({ coupons, open, notice, busy, onOpen, onSaved, onActive, onRemove }: Props) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">Coupon</th>
          <th scope="col">Discount</th>
          <th scope="col">When (Lagos time)</th>
          <th scope="col">Uses</th>
          <th scope="col">Status</th>
          <th scope="col">
            <span className={styles.hidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {coupons.flatMap((coupon) => {
          const panel = open?.code === coupon.code ? open.mode : null;
          const toggle = (mode: PanelMode) => onOpen(coupon.code, panel === mode ? null : mode);
          const rows = [
            <tr key={coupon.code} className={coupon.status === 'active' ? styles.row : `${styles.row} ${styles.off}`}>
              <th scope="row" className={styles.what}>
                <span className={styles.code}>{coupon.code}</span>
                {coupon.description && <span className={styles.description}>{coupon.description}</span>}
              </th>
              <td className={styles.discount}>
                <span className={styles.amount}>{discountText(coupon)}</span>
                <span className={styles.minimum}>{minimumText(coupon)}</span>
              </td>
              <td className={styles.window}>{windowText(coupon)}</td>
              <td className={styles.usesCell}>{usesText(coupon)}</td>
              <td className={styles.status}>
                <span className={`${styles.badge} ${styles[coupon.status]}`}>{STATUS_LABELS[coupon.status]}</span>
              </td>
              <td className={styles.actions}>
                <div className={styles.actionButtons}>
                  <button type="button" className={styles.small} disabled={busy} aria-expanded={panel === 'edit'} onClick={() => toggle('edit')}>
                    Edit<span className={styles.hidden}>{` ${coupon.code}`}</span>
                  </button>
                  <button type="button" className={coupon.active ? `${styles.small} ${styles.warn}` : styles.small} disabled={busy} onClick={() => onActive(coupon, !coupon.active)}>
                    {coupon.active ? 'Pause' : 'Resume'}
                    <span className={styles.hidden}>{` ${coupon.code}`}</span>
                  </button>
                  <button type="button" className={styles.small} disabled={busy} aria-expanded={panel === 'orders'} onClick={() => toggle('orders')}>
                    {`Orders (${coupon.redemptions})`}
                    <span className={styles.hidden}>{` holding ${coupon.code}`}</span>
                  </button>
                </div>
              </td>
            </tr>,
          ];
          if (panel || notice?.at === coupon.code) {
            rows.push(
              <tr key={`${coupon.code}-more`} className={styles.more}>
                <td colSpan={6}>
                  {notice?.at === coupon.code && <NoticeLine notice={notice} />}
                  {panel === 'edit' && (
                    <CouponForm coupon={coupon} onDone={onSaved} onClose={() => onOpen(coupon.code, null)} onRemove={coupon.redemptions === 0 ? () => onOpen(coupon.code, 'remove') : undefined} />
                  )}
                  {panel === 'orders' && <CouponRedemptions code={coupon.code} onClose={() => onOpen(coupon.code, null)} />}
                  {panel === 'remove' && (
                    <div className={styles.panel} role="group" aria-label={`Remove ${coupon.code}`}>
                      <p className={styles.confirm}>{`Remove ${coupon.code}? Only a coupon that no order ever took can be removed; otherwise pause it.`}</p>
                      <div className={styles.buttons}>
                        <button type="button" className={`${admin.primary} ${styles.danger}`} disabled={busy} onClick={() => onRemove(coupon)}>
                          Remove {coupon.code}
                        </button>
                        <button type="button" className={admin.secondary} onClick={() => onOpen(coupon.code, null)}>
                          Keep it
                        </button>
                      </div>
                    </div>
                  )}
                </td>
              </tr>,
            );
          }
          return rows;
        })}
      </tbody>
    </table>
  );
}
