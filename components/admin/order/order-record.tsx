/**
 * The order's payment (status, total, method, what transfers brought in so far when it is part
 * paid, each transfer staff confirmed and each attempt: not shown to riders, whose answer carries
 * no money) and its history: who did what, in Lagos time. Neither is on the printed sheet.
 */
import type { StaffOrder } from '@/lib/contracts/backoffice';
import { methodLabel } from '@/lib/domain/checkout';
import { formatAmount } from '@/lib/domain/money';
import { EVENT_LABELS, lagosDateTime } from './order-text';
import styles from './order.module.css';

type PaymentProps = Pick<StaffOrder, 'order' | 'attempts'> & Partial<Pick<StaffOrder, 'receipts' | 'transfers' | 'recovery'>>;

export function OrderPayment({ order, attempts, receipts = [], transfers = null, recovery = null }: PaymentProps) {
  const amounts = order.amountsInCurrency;
  return (
    <section className={`${styles.card} ${styles.noPrint}`} aria-labelledby="payment">
      <h2 id="payment" className={styles.heading}>
        Payment
      </h2>
      <dl className={styles.facts}>
        <dt>Status</dt>
        <dd className={styles.strong}>{order.paymentStatus}</dd>
        {order.paymentState === 'part_paid' && transfers && (
          <>
            <dt>Received</dt>
            <dd className={styles.partPaid}>
              Received {transfers.received} of {transfers.total}: {transfers.outstanding} still due
            </dd>
          </>
        )}
        <dt>Method</dt>
        <dd>{order.paymentMethod ? methodLabel(order.paymentMethod) : '—'}</dd>
        <dt>Items</dt>
        <dd>{formatAmount(amounts.subtotal, order.currency)}</dd>
        <dt>Delivery</dt>
        <dd>{order.deliveryFeeQuotedByStaff ? 'Quoted by staff' : formatAmount(amounts.deliveryFee, order.currency)}</dd>
        {amounts.discount > 0 && (
          <>
            <dt>Discount</dt>
            <dd>
              −{formatAmount(amounts.discount, order.currency)}
              {order.coupon && ` (${order.coupon.code})`}
            </dd>
          </>
        )}
        <dt>Total</dt>
        <dd className={styles.strong}>{formatAmount(amounts.total, order.currency)}</dd>
        {recovery && (
          <>
            <dt>Reminder</dt>
            <dd>
              {recovery.state === 'recovered' ? 'Recovered: paid after the reminder e-mailed ' : 'Unfinished-payment reminder e-mailed '}
              {lagosDateTime(recovery.mailedAt)}
            </dd>
          </>
        )}
      </dl>
      {receipts.length > 0 && (
        <>
          <h3 className={styles.subheading}>Transfers received</h3>
          <ul className={`${styles.list} ${styles.receipts}`}>
            {receipts.map((r) => (
              <li key={r.reference}>
                <span className={styles.strong}>{r.amount}</span> · ref {r.reference}
                <br />
                <span className={styles.muted}>
                  {lagosDateTime(r.at)} · confirmed by {r.by}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      {attempts.length > 0 && (
        <>
          <h3 className={styles.subheading}>Attempts</h3>
          <ul className={styles.list}>
            {attempts.map((a) => (
              <li key={`${a.provider}-${a.reference}`}>
                <span className={styles.strong}>{methodLabel(a.provider)}</span> · {a.amount} · {a.status}
                {a.sandbox && ' (test)'}
                <br />
                <span className={styles.muted}>
                  {lagosDateTime(a.at)} · ref {a.reference}
                  {a.note && ` · ${a.note}`}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export function OrderHistory({ history }: Pick<StaffOrder, 'history'>) {
  return (
    <section className={`${styles.card} ${styles.noPrint}`} aria-labelledby="history">
      <h2 id="history" className={styles.heading}>
        History
      </h2>
      {history.length === 0 ? (
        <p className={styles.muted}>Nothing has happened to this order yet.</p>
      ) : (
        <ol className={styles.list}>
          {history.map((h, index) => (
            <li key={`${h.at}-${index}`}>
              <span className={styles.strong}>{EVENT_LABELS[h.event] ?? h.event}</span> by {h.actorName}
              <br />
              <time className={styles.muted} dateTime={h.at}>
                {lagosDateTime(h.at)} (Lagos)
              </time>
              {h.note && <p className={styles.historyNote}>{h.note}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
