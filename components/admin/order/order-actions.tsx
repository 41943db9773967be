/**
 * The buttons for exactly the actions the server says the member may take now. Prepare and
 * go at once, and so does dispatch for a rider (they take it out themselves); a manager
 * dispatching chooses the rider; confirming a transfer asks for the amount received (prefilled
 * with what is still due; less records a part payment) and the bank reference (`TransferFields`),
 * the method it came by (optional) and a note; cancelling asks to confirm, with a note; a failed delivery asks for the
 * reason; a refund asks for its reference; delivering asks for the photo and who received it
 * (`DeliverForm`). The server's message shows when it refuses.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { StaffActionBody, StaffOrder } from '@/lib/contracts/backoffice';
import { PAYMENT_METHODS, type PaymentMethodKey } from '@/lib/domain/checkout';
import type { OrderEventType } from '@/lib/domain/order-lifecycle';
import { ACTION_LABELS } from './order-text';
import { REFUND_METHOD_LABELS, REFUND_METHODS, type RefundMethod } from '@/lib/domain/backoffice';
import { DeliverForm } from './deliver-form';
import { TransferFields } from './transfer-fields';
import styles from './order.module.css';
import admin from '../admin.module.css';

type Props = {
  actions: OrderEventType[];
  currency: string;
  paymentMethod: PaymentMethodKey | null;
  /** Riders a manager may send the order out with (empty: dispatch goes at once). */
  riders: { id: string; name: string }[];
  busy: boolean;
  onAct: (body: StaffActionBody) => Promise<boolean>;
  /** Money received by transfer and still due (the confirm form's prefill); null for riders. */
  transfers?: StaffOrder['transfers'];
  /** A collection at the pick-up point (its photo is optional). */
  pickup: boolean;
  /** Marks it delivered with the multipart form of `DeliverForm`. */
  onDeliver: (form: FormData) => Promise<boolean>;
};

const WITH_FORM: OrderEventType[] = ['confirm_transfer', 'deliver', 'cancel', 'delivery_failed', 'record_refund'];

export function OrderActions({ actions, currency, paymentMethod, riders, busy, onAct, pickup, onDeliver, transfers = null }: Props) {
  const id = useId();
  const [open, setOpen] = useState<OrderEventType | null>(null);
  const [note, setNote] = useState('');
  const [method, setMethod] = useState('');
  const [reference, setReference] = useState('');
  const [amount, setAmount] = useState('');
  const [rider, setRider] = useState('');
  const [refundMethod, setRefundMethod] = useState<RefundMethod>('bank_transfer');
  const withForm = riders.length > 0 ? [...WITH_FORM, 'dispatch'] : WITH_FORM;
  const manual = PAYMENT_METHODS.filter((m) => m.kind === 'manual' && (m.currencies as readonly string[]).includes(currency));

  const start = (type: OrderEventType) => {
    if (!withForm.includes(type)) return void act({ type } as StaffActionBody);
    setNote('');
    setReference('');
    setAmount(type === 'confirm_transfer' ? (transfers?.outstandingAmount ?? '') : '');
    setRefundMethod('bank_transfer');
    setRider(riders[0]?.id ?? '');
    setMethod(manual.some((m) => m.key === paymentMethod) ? (paymentMethod ?? '') : '');
    setOpen(type);
  };

  async function act(body: StaffActionBody) {
    if (await onAct(body)) setOpen(null);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const text = note.trim() || undefined;
    if (open === 'confirm_transfer') void act({ type: 'confirm_transfer', amount: amount.trim(), reference: reference.trim(), ...(method && { method }), ...(text && { note: text }) });
    else if (open === 'dispatch') void act({ type: 'dispatch', ...(rider && { riderId: rider }), ...(text && { note: text }) });
    else if (open === 'cancel') void act({ type: 'cancel', ...(text && { note: text }) });
    else if (open === 'delivery_failed') void act({ type: 'delivery_failed', note: note.trim() });
    else if (open === 'record_refund')
      void act({ type: 'record_refund', reference: reference.trim(), method: refundMethod, ...(amount.trim() && { amount: amount.trim() }), ...(text && { note: text }) });
  }

  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(null);
  };

  if (actions.length === 0) return <p className={styles.muted}>Nothing to do on this order now.</p>;

  return (
    <div className={styles.actionArea}>
      <div className={styles.actionButtons}>
        {actions.map((type) => (
          <button
            key={type}
            type="button"
            className={type === 'cancel' || type === 'delivery_failed' ? `${admin.secondary} ${styles.warn}` : admin.primary}
            disabled={busy}
            aria-expanded={withForm.includes(type) ? open === type : undefined}
            onClick={() => start(type)}
          >
            {ACTION_LABELS[type] ?? type}
          </button>
        ))}
      </div>
      {open === 'deliver' && <DeliverForm pickup={pickup} busy={busy} onDeliver={async (form) => (await onDeliver(form)) && (setOpen(null), true)} onBack={() => setOpen(null)} />}
      {open && open !== 'deliver' && (
        <form className={`${admin.form} ${styles.actionForm}`} onSubmit={submit} onKeyDown={escape} aria-label={ACTION_LABELS[open]}>
          {open === 'cancel' && <p className={styles.confirmText}>Cancel this order? The shopper sees it as cancelled; money paid becomes a refund due.</p>}
          {open === 'confirm_transfer' && (
            <>
              <TransferFields
                id={id}
                currency={currency}
                outstanding={transfers?.outstanding ?? null}
                amount={amount}
                onAmount={setAmount}
                reference={reference}
                onReference={setReference}
              />
              <div className={admin.field}>
                <label className={admin.label} htmlFor={`${id}-method`}>
                  Paid by
                </label>
                <select id={`${id}-method`} className={admin.input} value={method} onChange={(e) => setMethod(e.target.value)}>
                  <option value="">As the shopper chose</option>
                  {manual.map((m) => (
                    <option key={m.key} value={m.key}>
                      {m.label}
                    </option>
                  ))}
                </select>
              </div>
            </>
          )}
          {open === 'dispatch' && (
            <div className={admin.field}>
              <label className={admin.label} htmlFor={`${id}-rider`}>
                Rider
              </label>
              <select id={`${id}-rider`} className={admin.input} value={rider} onChange={(e) => setRider(e.target.value)} autoFocus>
                {riders.map((r) => (
                  <option key={r.id} value={r.id}>
                    {r.name}
                  </option>
                ))}
                <option value="">No rider named</option>
              </select>
            </div>
          )}
          {open === 'record_refund' && (
            <>
              <div className={admin.field}>
                <label className={admin.label} htmlFor={`${id}-refund-amount`}>
                  Amount refunded (empty: all that was received)
                </label>
                <input id={`${id}-refund-amount`} className={admin.input} inputMode="decimal" maxLength={15} value={amount} onChange={(e) => setAmount(e.target.value)} />
              </div>
              <div className={admin.field}>
                <label className={admin.label} htmlFor={`${id}-refund-method`}>
                  Refunded by
                </label>
                <select id={`${id}-refund-method`} className={admin.input} value={refundMethod} onChange={(e) => setRefundMethod(e.target.value as RefundMethod)}>
                  {REFUND_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {REFUND_METHOD_LABELS[m][0]!.toUpperCase() + REFUND_METHOD_LABELS[m].slice(1)}
                    </option>
                  ))}
                </select>
              </div>
              <div className={admin.field}>
                <label className={admin.label} htmlFor={`${id}-reference`}>
                  Refund reference
                </label>
                <input id={`${id}-reference`} className={admin.input} required maxLength={200} value={reference} onChange={(e) => setReference(e.target.value)} autoFocus />
              </div>
            </>
          )}
          <div className={admin.field}>
            <label className={admin.label} htmlFor={`${id}-note`}>
              {open === 'delivery_failed' ? 'Why did the delivery fail?' : 'Note (optional)'}
            </label>
            <textarea
              id={`${id}-note`}
              className={`${admin.input} ${styles.textarea}`}
              required={open === 'delivery_failed'}
              maxLength={1000}
              rows={3}
              value={note}
              onChange={(e) => setNote(e.target.value)}
              autoFocus={open === 'cancel' || open === 'delivery_failed'}
            />
          </div>
          <div className={admin.actions}>
            <button type="submit" className={open === 'cancel' ? `${admin.primary} ${styles.danger}` : admin.primary} disabled={busy}>
              {busy ? 'Saving…' : open === 'cancel' ? 'Yes, cancel the order' : ACTION_LABELS[open]}
            </button>
            <button type="button" className={admin.secondary} onClick={() => setOpen(null)}>
              Back
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
