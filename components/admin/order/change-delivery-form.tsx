/**
 * 'Change delivery' on the order page (owners and managers, while the server offers it: a paid
 * door delivery in Lagos or Abuja not yet out): the date, the zone (of the order's state), the
 * residence type and the address, prefilled with the order's; only what changed is sent. The
 * server computes the fee difference: the sender is e-mailed a pay link, or it is recorded as owed
 * back. Its answer (the order with the new charge) and its message go to the page; its refusal
 * shows here, and the form stays.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import type { DeliveryChangeBody, StaffOrder } from '@/lib/contracts/backoffice';
import type { Order } from '@/lib/contracts/orders';
import { RESIDENCE_TYPES, splitRecipientAddress } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';
import { useStaffCall } from '../use-staff-call';
import styles from './order.module.css';
import admin from '../admin.module.css';

type Props = {
  order: Order;
  zones: { name: string; label: string }[];
  /** The server's answer and message once the change is made. */
  onChanged: (data: StaffOrder, message: string) => void;
};

export const NOTHING_CHANGED = 'Change the date, the zone or the address first';

/** The form's fields as the order has them. */
function fieldsOf(order: Order) {
  return {
    deliveryDate: order.deliveryDate,
    zone: order.deliveryDetails.zone,
    residenceType: splitRecipientAddress(order.recipientAddress).residenceType,
    recipientAddress: order.deliveryDetails.recipientAddress,
    note: '',
  };
}

export function ChangeDeliveryForm({ order, zones, onChanged }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [fields, setFields] = useState(() => fieldsOf(order));
  const { busy, error, setError, run } = useStaffCall();
  const set = (name: keyof typeof fields) => (e: { target: { value: string } }) => setFields((f) => ({ ...f, [name]: e.target.value }));

  function start() {
    setFields(fieldsOf(order));
    setError(null);
    setOpen(true);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const was = fieldsOf(order);
    const address = fields.recipientAddress.trim();
    const body: DeliveryChangeBody = {
      ...(fields.deliveryDate !== was.deliveryDate && { deliveryDate: fields.deliveryDate }),
      ...(fields.zone !== was.zone && { zone: fields.zone }),
      ...(fields.residenceType && fields.residenceType !== was.residenceType && { residenceType: fields.residenceType as DeliveryChangeBody['residenceType'] }),
      ...(address !== was.recipientAddress && { recipientAddress: address }),
    };
    if (Object.keys(body).length === 0) return setError(NOTHING_CHANGED);
    const note = fields.note.trim();
    const answer = await run((calls) => calls.staffChangeDelivery(order.id, { ...body, ...(note && { note }) }));
    if (!answer) return;
    setOpen(false);
    onChanged(answer.order, answer.message);
  }

  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') setOpen(false);
  };

  if (!open) {
    return (
      <div className={styles.actionButtons}>
        <button type="button" className={admin.secondary} aria-expanded={false} onClick={start}>
          Change delivery
        </button>
      </div>
    );
  }

  return (
    <form className={`${admin.form} ${styles.actionForm}`} onSubmit={submit} onKeyDown={escape} aria-label="Change delivery">
      <p className={admin.hint}>The delivery fee is worked out again for the new day and zone. A higher fee is asked of the sender by a link we e-mail them, and the order waits for it before it goes out; a lower one is recorded as owed back.</p>
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-date`}>
          Delivery date
        </label>
        <input id={`${id}-date`} type="date" className={admin.input} required min={shopDay(new Date())} value={fields.deliveryDate} onChange={set('deliveryDate')} autoFocus />
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-zone`}>
          Zone
        </label>
        <select id={`${id}-zone`} className={admin.input} value={fields.zone} onChange={set('zone')}>
          {zones.map((z) => (
            <option key={z.name} value={z.name}>
              {z.label}
            </option>
          ))}
        </select>
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-residence`}>
          Residence type
        </label>
        <select id={`${id}-residence`} className={admin.input} value={fields.residenceType} onChange={set('residenceType')}>
          {!fields.residenceType && <option value="">Not given</option>}
          {RESIDENCE_TYPES.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-address`}>
          Address
        </label>
        <textarea id={`${id}-address`} className={`${admin.input} ${styles.textarea}`} required maxLength={1000} rows={3} value={fields.recipientAddress} onChange={set('recipientAddress')} />
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-note`}>
          Note for the timeline (optional; the sender sees it)
        </label>
        <input id={`${id}-note`} className={admin.input} maxLength={1000} value={fields.note} onChange={set('note')} placeholder="At the office that day" />
      </div>
      <div className={admin.actions}>
        <button type="submit" className={admin.primary} disabled={busy}>
          {busy ? 'Saving…' : 'Change delivery'}
        </button>
        <button type="button" className={admin.secondary} onClick={() => setOpen(false)}>
          Back
        </button>
      </div>
    </form>
  );
}
