/**
 * The confirm-transfer form's own fields: the amount received, in the order's currency (its sign
 * before the box; prefilled with what is still due), and the bank's reference. Less than what is
 * due records a part payment: the order waits for the rest and nobody prepares it.
 */
import { currencySign } from '@/lib/domain/money';
import styles from './order.module.css';
import admin from '../admin.module.css';

type Props = {
  id: string;
  currency: string;
  /** What is still due, as people read it ('₦35,000'), or null when unknown. */
  outstanding: string | null;
  amount: string;
  onAmount: (value: string) => void;
  reference: string;
  onReference: (value: string) => void;
};

export function TransferFields({ id, currency, outstanding, amount, onAmount, reference, onReference }: Props) {
  const sign = currencySign(currency) ?? `${currency} `;
  return (
    <>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-amount`}>
          Amount received ({currency})
        </label>
        <div className={styles.moneyInput}>
          <span className={styles.moneySign} aria-hidden="true">
            {sign}
          </span>
          <input
            id={`${id}-amount`}
            className={admin.input}
            inputMode="decimal"
            autoComplete="off"
            required
            maxLength={20}
            pattern="[0-9][0-9,]*(\.[0-9]{1,2})?"
            value={amount}
            onChange={(e) => onAmount(e.target.value)}
            aria-describedby={`${id}-amount-hint`}
            autoFocus
          />
        </div>
        <span id={`${id}-amount-hint`} className={admin.hint}>
          {outstanding ? `Still due: ${outstanding}. ` : ''}Less than that records a part payment; the order waits for the rest.
        </span>
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-bank-reference`}>
          Bank reference
        </label>
        <input
          id={`${id}-bank-reference`}
          className={admin.input}
          autoComplete="off"
          required
          maxLength={200}
          value={reference}
          onChange={(e) => onReference(e.target.value)}
        />
      </div>
    </>
  );
}
