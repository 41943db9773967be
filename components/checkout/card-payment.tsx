/**
 * Paying with a card or wallet provider (Paystack, Flutterwave, PayPal, Monnify): 'Pay {amount}
 * with {label}' asks the shop to start a payment (a new attempt with its own reference each time)
 * and sends the shopper to the provider's hosted page; the button stays busy while the page
 * leaves. A failure says 'Unable to start payment: {message}' and leaves the button to try again.
 * Above it, what came of a return from the provider: the failure message, or the wait for the
 * provider's confirmation with its re-checks and 'Check again' (./payment-return.ts); the pay
 * button waits until the automatic re-checks are over, so that nobody pays twice by mistake.
 */
import { useEffect, useState } from 'react';
import { startPayment } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { Order } from '@/lib/contracts/orders';
import type { PaymentMethod } from '@/lib/domain/checkout';
import { notify } from '@/lib/ui/notify';
import { leavePage } from './leave-page';
import { messageOf } from './messages';
import { PAYMENT_TEXT, providerLabel, reloadIfChanged, usePaymentCheck, type PaymentCheck } from './payment-return';
import styles from './checkout.module.css';

type Props = {
  order: Order;
  method: PaymentMethod;
  amount: string;
  check: PaymentCheck | null;
};

export function CardPayment({ order, method, amount, check: returned }: Props) {
  const getApi = useApi();
  const [busy, setBusy] = useState(false);
  const { check, checking, canCheckAgain, checkNow } = usePaymentCheck(returned);
  // While the provider may still confirm, a second payment is not offered; after the re-checks it is.
  const waiting = check?.phase === 'pending' && !canCheckAgain;

  // Back from the provider's page through the browser's history: the page may come back as it was left.
  useEffect(() => {
    const onShow = (event: PageTransitionEvent) => event.persisted && setBusy(false);
    window.addEventListener('pageshow', onShow);
    return () => window.removeEventListener('pageshow', onShow);
  }, []);

  async function pay() {
    if (busy) return;
    setBusy(true);
    const api = await getApi();
    try {
      const start = await startPayment(api, order.id, [method.key, order.currency, order.amountsInCurrency.total]);
      if (start.kind !== 'redirect') throw new Error(`${method.label} has no payment page`);
      leavePage(start.redirectUrl);
    } catch (error) {
      notify('error', PAYMENT_TEXT.startFailed(messageOf(error)));
      setBusy(false);
      await reloadIfChanged(api, order.id, error);
    }
  }

  return (
    <div className={styles.payBox}>
      {check?.phase === 'failed' && (
        <div className={`${styles.notice} ${styles.noticeError}`} role="alert">
          <h3>Your payment did not go through</h3>
          <p>{check.message}</p>
          <p>You can try again below.</p>
        </div>
      )}
      {check?.phase === 'pending' && (
        <div className={styles.notice} role="status">
          <h3>{PAYMENT_TEXT.waiting(providerLabel(check.ret.provider))}</h3>
          {check.message && <p>{check.message}</p>}
          {canCheckAgain ? (
            <button type="button" className={styles.secondary} onClick={() => void checkNow()} disabled={checking} aria-busy={checking || undefined}>
              {checking ? 'Checking…' : 'Check again'}
            </button>
          ) : (
            <p className={styles.hint}>{checking ? 'Checking…' : 'We check again in a few seconds.'}</p>
          )}
        </div>
      )}
      {waiting ? null : (
        <>
          <p>
            You pay on {method.label}&rsquo;s secure page and come back here once it is done. Order <strong>{order.orderNumber}</strong> is kept for you meanwhile.
          </p>
          <button type="button" className={styles.primary} onClick={() => void pay()} disabled={busy} aria-busy={busy || undefined}>
            {busy ? `Opening ${method.label}…` : `Pay ${amount} with ${method.label}`}
          </button>
        </>
      )}
    </div>
  );
}
