/**
 * The coupon form of /admin/coupons: a new coupon (`POST /admin/api/coupons`) or a change to one
 * (`PATCH /admin/api/coupons/{code}`, only what differs). Code (new only), description, percent or
 * naira off, the amount, the smallest order, the window in Lagos time, and how many orders may use
 * it. The server checks everything: its refusal shows here, and the field it names is marked.
 * A coupon no order holds can be removed from here (after a confirmation). Escape or 'Close' closes it.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AdminCoupon } from '@/lib/contracts/coupons-admin';
import { TextField } from '../text-field';
import { useStaffCall } from '../use-staff-call';
import { changeBodyOf, createBodyOf, EMPTY_COUPON, valuesOf, type CouponFormValues } from './coupon-text';
import admin from '../admin.module.css';
import styles from './coupons.module.css';

type Props = {
  /** The coupon to change; none for a new one. */
  coupon?: AdminCoupon;
  onDone: (coupon: AdminCoupon, message: string) => void;
  onClose: () => void;
  /** Offered for a coupon no order holds: asks to remove it (the parent confirms first). */
  onRemove?: () => void;
};

/** The field a server message names ('amount: …' → 'amount'), if any. */
const fieldOf = (message: string | null) => /^(\w+)[: ]/.exec(message ?? '')?.[1] ?? null;

export function CouponForm({ coupon, onDone, onClose, onRemove }: Props) {
  const [values, setValues] = useState<CouponFormValues>(() => (coupon ? valuesOf(coupon) : EMPTY_COUPON));
  const { busy, error, run } = useStaffCall();
  const set = (patch: Partial<CouponFormValues>) => setValues((v) => ({ ...v, ...patch }));
  const change = coupon ? changeBodyOf(coupon, values) : null;
  const bad = fieldOf(error);
  const invalid = (field: keyof CouponFormValues) => (bad === field ? true : undefined);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = coupon
      ? change && (await run((api) => api.staffChangeCoupon(coupon.code, change)))
      : await run((api) => api.staffCreateCoupon(createBodyOf(values)));
    if (answer) onDone(answer.coupon, answer.message);
  }
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  const title = coupon ? `Change ${coupon.code}` : 'New coupon';

  return (
    <form className={`${admin.form} ${styles.form} ${coupon ? styles.panel : admin.card}`} onSubmit={(e) => void submit(e)} onKeyDown={escape} aria-label={title} noValidate>
      {!coupon && <h2 className={styles.formTitle}>New coupon</h2>}
      <div className={styles.grid}>
        {!coupon && (
          <TextField label="Code" hint="What shoppers type" autoComplete="off" maxLength={30} value={values.code} onValue={(code) => set({ code: code.toUpperCase() })} aria-invalid={invalid('code')} />
        )}
        <TextField label="Description (optional)" hint="For staff" autoComplete="off" maxLength={200} value={values.description} onValue={(description) => set({ description })} aria-invalid={invalid('description')} />
      </div>
      <fieldset className={styles.kinds}>
        <legend className={admin.label}>Discount</legend>
        <label className={styles.check}>
          <input type="radio" name={`kind-${coupon?.code ?? 'new'}`} value="percent" checked={values.kind === 'percent'} onChange={() => set({ kind: 'percent' })} />
          Percent off the items
        </label>
        <label className={styles.check}>
          <input type="radio" name={`kind-${coupon?.code ?? 'new'}`} value="fixed" checked={values.kind === 'fixed'} onChange={() => set({ kind: 'fixed' })} />
          Naira off the items
        </label>
      </fieldset>
      <div className={styles.grid}>
        <TextField
          label={values.kind === 'percent' ? 'Percent off' : 'Naira off (₦)'}
          hint={values.kind === 'percent' ? '1 to 100' : 'At most what the items cost'}
          inputMode="numeric"
          autoComplete="off"
          value={values.amount}
          onValue={(amount) => set({ amount })}
          aria-invalid={invalid('amount')}
        />
        <TextField label="Smallest order (₦)" hint="Empty: any order" inputMode="numeric" autoComplete="off" value={values.minAmount} onValue={(minAmount) => set({ minAmount })} aria-invalid={invalid('minAmount')} />
        <TextField label="Starts (Lagos time)" hint="Empty: from now" type="datetime-local" value={values.startsAt} onValue={(startsAt) => set({ startsAt })} aria-invalid={invalid('startsAt')} />
        <TextField label="Ends (Lagos time)" hint="Stops working at this minute; empty: no end" type="datetime-local" value={values.endsAt} onValue={(endsAt) => set({ endsAt })} aria-invalid={invalid('endsAt')} />
        <TextField label="Orders that may use it" hint="Empty: no limit" inputMode="numeric" autoComplete="off" value={values.usageLimit} onValue={(usageLimit) => set({ usageLimit })} aria-invalid={invalid('usageLimit')} />
      </div>
      {!coupon && (
        <label className={styles.check}>
          <input type="checkbox" checked={values.active} onChange={(e) => set({ active: e.target.checked })} />
          Shoppers can use it now (untick to create it paused)
        </label>
      )}
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={busy || (coupon !== undefined && !change)}>
          {busy ? 'Saving…' : coupon ? 'Save' : 'Create coupon'}
        </button>
        <button type="button" className={admin.secondary} onClick={onClose}>
          Close
        </button>
        {onRemove && (
          <button type="button" className={`${admin.secondary} ${styles.removeButton}`} onClick={onRemove}>
            Remove {coupon?.code}…
          </button>
        )}
      </div>
    </form>
  );
}
