/**
 * The pay link's page body: what the shop asks for and why (a redelivery fee, a fee difference,
 * a quoted delivery fee) on which order, its state, and a 'Pay {amount} with {provider}' button
 * per card method that takes its currency; the button asks the shop to start a payment and sends
 * the shopper to the provider's page. What came of a return from the provider shows above.
 */
import { useState } from 'react';
import { useApi } from '@/lib/state/browser-api';
import { leavePage } from '@/components/checkout/leave-page';
import type { ChargeOutcome, ChargeView } from '@/lib/contracts/charges';
import { CHARGE_STATUS_LABELS } from '@/lib/domain/charges';
import { TEST_PAYMENT_NOTE } from '@/lib/domain/order';
import styles from './pay.module.css';

type Props = {
  token: string;
  charge: ChargeView;
  outcome: ChargeOutcome | null;
  /** The methods' names (page data, so that the payment-method table stays out of the page's code). */
  methodLabels: Record<string, string>;
};

export function PayCharge({ token, charge, outcome, methodLabels }: Props) {
  const getApi = useApi();
  const [busy, setBusy] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  async function pay(method: string) {
    setBusy(method);
    setProblem(null);
    try {
      // The API call's code loads with the first press, not with the page.
      const [{ startCharge }, api] = await Promise.all([import('@/lib/api/calls'), getApi()]);
      const started = await startCharge(api, token, method);
      leavePage(started.redirectUrl);
    } catch (error) {
      setProblem(`Unable to start payment: ${error instanceof Error ? error.message : 'please try again'}`);
      setBusy(null);
    }
  }

  return (
    <section className={styles.card} aria-labelledby="charge-heading">
      {outcome && (
        <p className={outcome.outcome === 'paid' ? styles.success : outcome.outcome === 'pending' ? styles.notice : styles.error} role={outcome.outcome === 'failed' ? 'alert' : 'status'}>
          {outcome.message}
        </p>
      )}
      <h2 id="charge-heading" className={styles.heading}>
        {charge.what} for order {charge.orderNumber}
      </h2>
      <p className={styles.amount}>{charge.amount}</p>
      <p className={styles.reason}>{charge.reason}</p>
      <p className={styles.state}>
        Status: <strong>{CHARGE_STATUS_LABELS[charge.status]}</strong>
      </p>
      {charge.test && <p className={styles.notice}>{TEST_PAYMENT_NOTE}</p>}
      {charge.status === 'due' && (
        <div className={styles.methods}>
          {charge.methods.map((method) => (
            <button key={method} type="button" className={styles.pay} disabled={busy !== null} aria-busy={busy === method} onClick={() => void pay(method)}>
              {busy === method ? 'Opening the payment page…' : `Pay ${charge.amount} with ${methodLabels[method] ?? method}`}
            </button>
          ))}
          {charge.methods.length === 0 && <p className={styles.notice}>No card payment takes {charge.currency} today: please reply to our e-mail and we will help you pay.</p>}
        </div>
      )}
      {problem && (
        <p className={styles.error} role="alert">
          {problem}
        </p>
      )}
    </section>
  );
}
