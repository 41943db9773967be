/**
 * /admin/coupons: every coupon (`GET /admin/api/coupons`, newest first) with its uses, 'New
 * coupon', and per coupon: change its terms, pause or resume it (the checkout refuses a paused
 * coupon from the next request), see the orders holding it, and remove one no order took. Each
 * outcome, the server's refusal included, shows where it happened: under the coupon, or above the
 * list for a new one. lib/api/staff.ts loads with the list.
 */
import { useEffect, useState } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { AdminCoupon } from '@/lib/contracts/coupons-admin';
import { COUPON_HOLD_MINUTES } from '@/lib/domain/checkout';
import { CouponForm } from './coupon-form';
import { CouponTable, NoticeLine, type Notice, type PanelMode } from './coupon-table';
import admin from '../admin.module.css';
import styles from './coupons.module.css';

type Load = { state: 'loading' } | { state: 'ready'; coupons: AdminCoupon[] } | { state: 'failed'; message: string };

const messageOf = (failure: unknown, fallback: string) => (failure instanceof Error && failure.message ? failure.message : fallback);
const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');

export function CouponList() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [adding, setAdding] = useState(false);
  const [open, setOpen] = useState<{ code: string; mode: PanelMode } | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffCoupons())
      .then(
        (coupons) => current && setLoad({ state: 'ready', coupons }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: messageOf(failure, 'The coupons could not be loaded.') }),
      );
    return () => {
      current = false;
    };
  }, []);

  const replace = (coupon: AdminCoupon) => setLoad((current) => (current.state === 'ready' ? { state: 'ready', coupons: current.coupons.map((c) => (c.code === coupon.code ? coupon : c)) } : current));

  function saved(coupon: AdminCoupon, message: string) {
    replace(coupon);
    setOpen(null);
    setNotice({ at: coupon.code, kind: 'done', text: message });
  }

  /** Runs one coupon's call from its row's buttons; the outcome shows under the coupon. */
  async function act(coupon: AdminCoupon, call: (api: typeof StaffCalls) => Promise<void>) {
    setBusy(true);
    setNotice(null);
    try {
      await call(await calls());
    } catch (failure) {
      setNotice({ at: coupon.code, kind: 'failed', text: messageOf(failure, 'Something went wrong. Please try again.') });
    } finally {
      setBusy(false);
    }
  }

  const setActive = (coupon: AdminCoupon, active: boolean) =>
    void act(coupon, async (api) => {
      const answer = await api.staffChangeCoupon(coupon.code, { active });
      saved(answer.coupon, active ? `${answer.message}: shoppers can use it.` : `${answer.message}: the checkout refuses it from now on.`);
    });
  const remove = (coupon: AdminCoupon) =>
    void act(coupon, async (api) => {
      const message = await api.staffDeleteCoupon(coupon.code);
      setLoad((current) => (current.state === 'ready' ? { state: 'ready', coupons: current.coupons.filter((c) => c.code !== coupon.code) } : current));
      setOpen(null);
      setNotice({ at: 'list', kind: 'done', text: message });
    });

  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>Coupons</h1>
        <button type="button" className={admin.primary} aria-expanded={adding} onClick={() => setAdding((a) => !a)}>
          New coupon
        </button>
      </div>
      {notice?.at === 'list' && <NoticeLine notice={notice} />}
      {adding && (
        <CouponForm
          onClose={() => setAdding(false)}
          onDone={(coupon, message) => {
            setAdding(false);
            setLoad((current) => (current.state === 'ready' ? { state: 'ready', coupons: [coupon, ...current.coupons] } : current));
            setOpen(null);
            setNotice({ at: coupon.code, kind: 'done', text: `${message}: shoppers can use it at checkout${coupon.status === 'active' ? ' now' : ` once it is ${coupon.active ? 'within its dates' : 'resumed'}`}.` });
          }}
        />
      )}
      {load.state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {load.state === 'failed' && (
        <p className={admin.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <section aria-label="Coupons" className={styles.list}>
          <p className={styles.muted}>{summary(load.coupons)}</p>
          {load.coupons.length > 0 && (
            <CouponTable
              coupons={load.coupons}
              open={open}
              notice={notice}
              busy={busy}
              onOpen={(code, mode) => {
                setNotice(null);
                setOpen(mode ? { code, mode } : null);
              }}
              onSaved={saved}
              onActive={setActive}
              onRemove={remove}
            />
          )}
        </section>
      )}
    </>
  );
}

function summary(coupons: AdminCoupon[]): string {
  const active = coupons.filter((c) => c.status === 'active').length;
  const count = coupons.length === 1 ? '1 coupon' : `${coupons.length} coupons`;
  return `${count}, ${active} usable now. Uses count against a limit once paid, or while an unpaid order holds the coupon (${COUPON_HOLD_MINUTES} minutes).`;
}
