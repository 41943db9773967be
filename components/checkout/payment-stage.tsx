/**
 * Stage 2 of the checkout: the payment methods the shopper's current currency allows
 * (`paymentMethodsFor`, spec section 9) as a radio group with their descriptions; switching
 * currency in the header changes the list and the amounts. 'Continue' records the choice
 * (`updatePaymentDetails` {currency, paymentMethod}) and keeps the answer, which carries the
 * amount to pay in the order's currency. The payment step then opens below (<PaymentNext>: the
 * provider's pay button, or the transfer details), with `check`, what came of a return from the
 * provider that did not end paid. 'Back' returns to the delivery details. An order whose transfer
 * the shopper said is sent shows <TransferSent> instead, and one staff recorded part of the money
 * for <PartPaid>. A payment alert the shop set for a method (the back office's settings, e.g.
 * 'Quote your order number as the transfer reference') shows under that method's description.
 */
import { useId, useState, type FormEvent } from 'react';
import { updatePaymentDetails } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { Order } from '@/lib/contracts/orders';
import type { AlertSettings } from '@/lib/contracts/settings';
import { paymentMethodsFor, type PaymentMethodKey } from '@/lib/domain/checkout';
import { formatAmount } from '@/lib/domain/money';
import { useCurrency } from '@/lib/state/currency-context';
import { dispatchOrder } from '@/lib/state/checkout-order';
import { notify } from '@/lib/ui/notify';
import { CHECKOUT_TEXT, messageOf } from './messages';
import { PaymentNext } from './payment-next';
import { isAwaitingConfirmation, isPartPaid, type PaymentCheck } from './payment-return';
import { PartPaid, TransferSent } from './transfer-instructions';
import styles from './checkout.module.css';

type Props = { order: Order; check?: PaymentCheck | null; alerts?: AlertSettings['paymentAlerts'] };

export function PaymentStage({ order, check = null, alerts = [] }: Props) {
  const getApi = useApi();
  const { currency, price } = useCurrency();
  const id = useId();
  const methods = paymentMethodsFor(currency.name);
  const [picked, setPicked] = useState<PaymentMethodKey | null>(order.paymentMethod);
  const chosen = methods.find((m) => m.key === picked) ?? null;
  const [busy, setBusy] = useState(false);
  /** The order is waiting for payment with this very choice and currency. */
  const recorded = chosen !== null && order.status === 'awaiting_payment' && order.paymentMethod === chosen.key && order.currency === currency.name;
  const amount = recorded ? formatAmount(order.amountsInCurrency.total, currency) : price(order.amounts.total);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen || busy) return;
    setBusy(true);
    try {
      const updated = await updatePaymentDetails(await getApi(), order.id, { currency: currency.name, paymentMethod: chosen.key });
      dispatchOrder({ type: 'setOrder', order: updated });
    } catch (error) {
      notify('error', CHECKOUT_TEXT.updateFailed(messageOf(error)));
    } finally {
      setBusy(false);
    }
  }

  if (isAwaitingConfirmation(order)) return <TransferSent order={order} />;
  if (isPartPaid(order)) return <PartPaid order={order} />;
  return (
    <section className={styles.form} aria-labelledby="checkout-stage-title">
      <h2 id="checkout-stage-title" className={styles.stageTitle}>
        Payment
      </h2>
      <p className={styles.amountDue}>
        Amount to pay: <strong>{amount}</strong>
      </p>
      {order.deliveryFeeQuotedByStaff && <p className={styles.hint}>The delivery fee is quoted by our staff and paid separately.</p>}
      <form onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className={styles.section}>
          <legend className={styles.sectionTitle}>Choose how to pay in {currency.name}</legend>
          <div className={styles.choices}>
            {methods.map((method) => (
              <label key={method.key} className={styles.choice}>
                <input
                  type="radio"
                  name={`${id}method`}
                  value={method.key}
                  checked={chosen?.key === method.key}
                  aria-describedby={`${id}${method.key}`}
                  onChange={() => setPicked(method.key)}
                />
                <span>
                  <strong>{method.label}</strong>
                  <span id={`${id}${method.key}`} className={styles.choiceText}>
                    {method.description}
                    {alerts
                      .filter((alert) => alert.paymentMethod === method.key && alert.message.trim())
                      .map((alert) => (
                        <span key={alert.paymentMethod} className={styles.methodAlert}>
                          {alert.message}
                        </span>
                      ))}
                  </span>
                </span>
              </label>
            ))}
          </div>
          <p className={styles.hint}>Other currencies offer other ways to pay: switch currency at the top of the page.</p>
        </fieldset>
        <div className={styles.actions}>
          <button type="button" className={styles.secondary} onClick={() => dispatchOrder({ type: 'setStage', stage: 1 })}>
            Back
          </button>
          {!recorded && (
            <button type="submit" className={styles.primary} disabled={!chosen || busy} aria-busy={busy || undefined}>
              {busy ? 'Saving…' : 'Continue'}
            </button>
          )}
        </div>
      </form>
      {recorded && chosen && <PaymentNext order={order} method={chosen} amount={amount} check={check} />}
    </section>
  );
}
