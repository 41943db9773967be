/**
 * /admin/orders/{id}: one order as staff work on it, fetched in the browser from
 * `GET /admin/api/orders/{id}` (404: not found, also for another branch's order). The action
 * buttons are the answer's `actions`; an action's answer is the order afterwards, shown at once.
 * (ApiError is not imported: lib/api/client.ts brings axios, which loads with the first call.)
 * "Print order sheet" prints the card message, recipient, address and items (order.module.css's
 * print rules drop the buttons, the payment and the history).
 */
import { useEffect, useState } from 'react';
import type { ChargeMoveBody, StaffActionBody, StaffOrder } from '@/lib/contracts/backoffice';
import { boardStateOf, roleHandlesCharges, roleSeesMoney } from '@/lib/domain/backoffice';
import { wasPaid } from '@/lib/domain/order-lifecycle';
import type { StaffRole } from '@/lib/domain/staff';
import { StateBadge } from '../state-badge';
import { useStaffCall, type StaffCalls } from '../use-staff-call';
import { OrderActions } from './order-actions';
import { ChangeDeliveryForm } from './change-delivery-form';
import { OrderDetails } from './order-details';
import { OrderNotes } from './order-notes';
import { OrderCharges } from './order-charges';
import { OrderHistory, OrderPayment } from './order-record';
import { ACTION_LABELS } from './order-text';
import styles from './order.module.css';
import admin from '../admin.module.css';

type Load = { state: 'loading' } | { state: 'missing' } | { state: 'failed'; message: string } | { state: 'ready'; data: StaffOrder };

export function OrderView({ id, role }: { id: string; role: StaffRole }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [done, setDone] = useState<string | null>(null);
  const { busy, error, run } = useStaffCall();

  useEffect(() => {
    let current = true;
    import('@/lib/api/staff')
      .then((calls) => calls.staffOrder(id))
      .then(
        (data) => current && setLoad({ state: 'ready', data }),
        (failure: unknown) => {
          if (!current) return;
          if ((failure as { status?: unknown }).status === 404) setLoad({ state: 'missing' });
          else setLoad({ state: 'failed', message: failure instanceof Error ? failure.message : 'Could not load the order.' });
        },
      );
    return () => {
      current = false;
    };
  }, [id]);

  /** Runs a call that answers the order, shows the new order and `message` (none: no message); false when it failed (the error shows). */
  async function update(call: (calls: StaffCalls) => Promise<StaffOrder>, message: string | null): Promise<boolean> {
    setDone(null);
    const data = await run(call);
    if (!data) return false;
    setLoad({ state: 'ready', data });
    setDone(message);
    return true;
  }

  const act = (body: StaffActionBody) => update((calls) => calls.staffOrderAction(id, body), `${ACTION_LABELS[body.type] ?? body.type}: done.`);
  const moveCharge = (chargeId: string, body: ChargeMoveBody) => update((calls) => calls.staffMoveCharge(id, chargeId, body), 'Extra payment updated.');
  const askQuote = (amount: string, reason: string) => update((calls) => calls.staffAskQuote(id, amount, reason), 'The sender has been e-mailed a link to pay the delivery fee.');
  const addNote = (text: string) => update((calls) => calls.staffAddNote(id, text), null);
  const deliver = (form: FormData) => update((calls) => calls.staffDeliver(id, form), `${ACTION_LABELS.deliver ?? 'Delivered'}: done.`);

  if (load.state === 'loading') return <p className={styles.muted}>Loading the order…</p>;
  if (load.state === 'missing') {
    return (
      <section className={admin.card}>
        <h1 className={admin.title}>Order not found</h1>
        <p className={admin.intro}>There is no such order, or it belongs to another branch.</p>
        <a className={admin.link} href="/admin">
          Back to the orders
        </a>
      </section>
    );
  }
  if (load.state === 'failed') {
    return (
      <p className={admin.error} role="alert">
        {load.message}
      </p>
    );
  }

  const { order, attempts, history, actions, rider, riders } = load.data;
  const state = boardStateOf({ status: order.status, payment: order.paymentState, failedDelivery: history.some((h) => h.event === 'delivery_failed') });
  return (
    <article className={styles.order}>
      <a className={`${styles.back} ${styles.noPrint}`} href="/admin">
        ← Orders
      </a>
      <header className={styles.head}>
        <h1 className={styles.number}>{order.orderNumber}</h1>
        <StateBadge state={state} />
        <button type="button" className={`${admin.secondary} ${styles.print} ${styles.noPrint}`} onClick={() => window.print()}>
          Print order sheet
        </button>
      </header>

      <section className={`${styles.card} ${styles.noPrint}`} aria-label="Actions">
        {done && (
          <p className={admin.notice} role="status">
            {done}
          </p>
        )}
        {error && (
          <p className={admin.error} role="alert">
            {error}
          </p>
        )}
        <OrderActions actions={actions} currency={order.currency} paymentMethod={order.paymentMethod} riders={riders} busy={busy} onAct={act} pickup={order.deliveryMethod === 'pick-up'} onDeliver={deliver} transfers={load.data.transfers} />
        {load.data.deliveryChange && (
          <ChangeDeliveryForm order={order} zones={load.data.deliveryChange.zones} onChanged={(data, message) => (setLoad({ state: 'ready', data }), setDone(message))} />
        )}
      </section>

      <div className={styles.columns}>
        <div className={styles.mainColumn}>
          <OrderDetails order={order} rider={rider} delivery={load.data.delivery} />
        </div>
        <div className={styles.sideColumn}>
          {roleSeesMoney(role) && <OrderPayment order={order} attempts={attempts} receipts={load.data.receipts} transfers={load.data.transfers} recovery={load.data.recovery} />}
          {roleHandlesCharges(role) && (
            <OrderCharges
              charges={load.data.charges}
              currency={order.currency}
              canQuote={order.deliveryFeeQuotedByStaff && order.status !== 'cancelled' && order.status !== 'delivered' && wasPaid({ payment: order.paymentState })}
              busy={busy}
              onMove={moveCharge}
              onQuote={askQuote}
            />
          )}
          <OrderNotes notes={load.data.notes} busy={busy} onAdd={addNote} />
          <OrderHistory history={history} />
        </div>
      </div>
    </article>
  );
}
