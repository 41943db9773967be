/**
 * The coupon box of the order summary: a code and Apply (`validateCoupon`), or the applied code
 * with Remove (`deleteCoupon`). Both answer the updated order, which replaces the one shown; the
 * applied code is kept in storage (`coupon`). A refusal shows the server's message under the box.
 * A coupon the shop took off the order because it no longer applies (expired, deactivated, used
 * up: `order.couponRemoved`) is said above the code field until another is applied, and the
 * stored code is forgotten so it is not offered again.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { deleteCoupon, validateCoupon } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { Order } from '@/lib/contracts/orders';
import { useCurrency } from '@/lib/state/currency-context';
import { dispatchOrder, storeCoupon, storedCoupon } from '@/lib/state/checkout-order';
import { messageOf } from './messages';
import styles from './checkout.module.css';

export function CouponBox({ order }: { order: Order }) {
  const getApi = useApi();
  const { price } = useCurrency();
  const id = useId();
  const removed = order.coupon ? null : (order.couponRemoved ?? null);
  const [code, setCode] = useState(() => (order.coupon ? '' : removed && storedCoupon() === removed.code ? '' : (storedCoupon() ?? '')));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  // The shop took the stored coupon off: it is not offered again.
  useEffect(() => {
    if (removed && storedCoupon() === removed.code) storeCoupon(null);
  }, [removed]);

  async function run(call: () => Promise<Order>, after: (order: Order) => void) {
    setBusy(true);
    setError(null);
    try {
      const updated = await call();
      dispatchOrder({ type: 'setOrder', order: updated });
      after(updated);
    } catch (e) {
      setError(messageOf(e));
    } finally {
      setBusy(false);
    }
  }

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const wanted = code.trim();
    if (!wanted) {
      setError('Coupon code is required');
      return;
    }
    void run(
      async () => validateCoupon(await getApi(), { orderId: order.id, code: wanted }),
      (updated) => {
        storeCoupon(updated.coupon?.code ?? wanted.toUpperCase());
        setCode('');
      },
    );
  };

  const remove = () =>
    void run(
      async () => deleteCoupon(await getApi(), order.id),
      () => storeCoupon(null),
    );

  return (
    <div className={styles.coupon}>
      {order.coupon ? (
        <div className={styles.couponApplied}>
          <p>
            Coupon <strong>{order.coupon.code}</strong> applied: −{price(order.coupon.discount)}
          </p>
          <button type="button" className={styles.secondary} onClick={remove} disabled={busy} aria-describedby={error ? `${id}-error` : undefined}>
            Remove
          </button>
        </div>
      ) : (
        <form className={styles.couponForm} onSubmit={apply} noValidate>
          {removed && (
            <p className={styles.hint} role="status">
              Coupon <strong>{removed.code}</strong> was removed from your order: {removed.reason}.
            </p>
          )}
          <label htmlFor={`${id}-code`} className={styles.label}>
            Coupon code
          </label>
          <div className={styles.couponRow}>
            <input
              id={`${id}-code`}
              className={styles.input}
              value={code}
              autoComplete="off"
              maxLength={40}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
              onChange={(e) => setCode(e.target.value)}
            />
            <button type="submit" className={styles.secondary} disabled={busy}>
              Apply
            </button>
          </div>
        </form>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
