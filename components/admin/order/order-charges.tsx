/**
 * Extra payments on an order (owners and managers): the charges asked after the order was paid
 * (a redelivery fee, a fee difference, a quoted delivery fee) and money owed back, each with its
 * state; a due charge can be marked paid (a transfer seen on the statement, with its reference)
 * or waived, money owed back recorded refunded. For an other-states order whose fee staff quote,
 * a form asks the sender for it (they get a pay link by e-mail).
 */
import { useId, useState, type FormEvent } from 'react';
import type { ChargeMoveBody, StaffCharge } from '@/lib/contracts/backoffice';
import { CHARGE_KIND_LABELS, CHARGE_STATUS_LABELS } from '@/lib/domain/charges';
import { currencySign } from '@/lib/domain/money';
import { lagosDateTime } from './order-text';
import styles from './order.module.css';
import admin from '../admin.module.css';

type Props = {
  charges: StaffCharge[];
  currency: string;
  /** The order's fee is quoted by staff and it is still open: offer to ask for it. */
  canQuote: boolean;
  busy: boolean;
  onMove: (chargeId: string, body: ChargeMoveBody) => Promise<boolean>;
  onQuote: (amount: string, reason: string) => Promise<boolean>;
};

type Open = { chargeId: string; move: ChargeMoveBody['move'] } | { quote: true } | null;

const MOVE_LABELS: Record<ChargeMoveBody['move'], string> = { mark_paid: 'Mark paid', waive: 'Waive', record_refund: 'Record refund' };

export function OrderCharges({ charges, currency, canQuote, busy, onMove, onQuote }: Props) {
  const id = useId();
  const [open, setOpen] = useState<Open>(null);
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');

  if (charges.length === 0 && !canQuote) return null;

  const start = (next: Open) => {
    setReference('');
    setOpen(next);
  };

  async function submitMove(event: FormEvent) {
    event.preventDefault();
    if (!open || !('move' in open)) return;
    const body: ChargeMoveBody = open.move === 'waive' ? { move: 'waive' } : { move: open.move, reference: reference.trim() };
    if (await onMove(open.chargeId, body)) setOpen(null);
  }

  async function submitQuote(event: FormEvent) {
    event.preventDefault();
    if (await onQuote(amount.trim(), reason.trim())) {
      setOpen(null);
      setAmount('');
      setReason('');
    }
  }

  return (
    <section className={`${styles.card} ${styles.noPrint}`} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={styles.heading}>
        Extra payments
      </h2>
      {charges.length === 0 && <p className={styles.muted}>Nothing asked of the sender since the order was paid.</p>}
      <ul className={styles.list}>
        {charges.map((c) => (
          <li key={c.id}>
            <span className={styles.strong}>
              {CHARGE_KIND_LABELS[c.kind]}: {c.amount}
            </span>{' '}
            · {CHARGE_STATUS_LABELS[c.status]}
            {c.sandbox && ' (test payment)'}
            <p className={styles.historyNote}>{c.reason}</p>
            <span className={styles.muted}>
              Asked by {c.askedBy}, {lagosDateTime(c.at)}
              {c.settledAt && ` · ${c.settledWith}${c.reference ? `, ref ${c.reference}` : ''}`}
            </span>
            {(c.status === 'due' || c.status === 'refund_due') && (
              <div className={styles.actionButtons}>
                {(c.status === 'due' ? (['mark_paid', 'waive'] as const) : (['record_refund'] as const)).map((move) => (
                  <button key={move} type="button" className={admin.secondary} disabled={busy} aria-expanded={open !== null && 'chargeId' in open && open.chargeId === c.id && open.move === move} onClick={() => start({ chargeId: c.id, move })}>
                    {MOVE_LABELS[move]}
                  </button>
                ))}
              </div>
            )}
            {open && 'chargeId' in open && open.chargeId === c.id && (
              <form className={`${admin.form} ${styles.actionForm}`} onSubmit={submitMove} aria-label={`${MOVE_LABELS[open.move]}: ${CHARGE_KIND_LABELS[c.kind]}`}>
                {open.move === 'waive' ? (
                  <p className={styles.confirmText}>Waive {c.amount}? The sender will not be asked for it again.</p>
                ) : (
                  <div className={admin.field}>
                    <label className={admin.label} htmlFor={`${id}-${c.id}-reference`}>
                      {open.move === 'mark_paid' ? 'Bank or payment reference' : 'Refund reference'}
                    </label>
                    <input id={`${id}-${c.id}-reference`} className={admin.input} required maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} autoFocus />
                  </div>
                )}
                <div className={admin.actions}>
                  <button type="submit" className={admin.primary} disabled={busy}>
                    {MOVE_LABELS[open.move]}
                  </button>
                  <button type="button" className={admin.secondary} onClick={() => setOpen(null)}>
                    Back
                  </button>
                </div>
              </form>
            )}
          </li>
        ))}
      </ul>
      {canQuote &&
        (open && 'quote' in open ? (
          <form className={`${admin.form} ${styles.actionForm}`} onSubmit={submitQuote} aria-label="Ask for the delivery fee">
            <div className={admin.field}>
              <label className={admin.label} htmlFor={`${id}-amount`}>
                Delivery fee ({currencySign(currency) ?? currency})
              </label>
              <input id={`${id}-amount`} className={admin.input} required inputMode="decimal" pattern="\d{1,9}(\.\d{1,2})?" value={amount} onChange={(e) => setAmount(e.target.value)} autoFocus />
            </div>
            <div className={admin.field}>
              <label className={admin.label} htmlFor={`${id}-reason`}>
                What it is for (the sender reads this)
              </label>
              <input id={`${id}-reason`} className={admin.input} required maxLength={300} value={reason} onChange={(e) => setReason(e.target.value)} placeholder="Delivery to Ibadan, Oyo State" />
            </div>
            <div className={admin.actions}>
              <button type="submit" className={admin.primary} disabled={busy}>
                E-mail the pay link
              </button>
              <button type="button" className={admin.secondary} onClick={() => setOpen(null)}>
                Back
              </button>
            </div>
          </form>
        ) : (
          <button type="button" className={admin.primary} disabled={busy} onClick={() => start({ quote: true })}>
            Ask for the delivery fee
          </button>
        ))}
    </section>
  );
}
