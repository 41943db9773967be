/**
 * An account order once read (loaded after the page's first load, by ./order-detail.tsx): the
 * facts (placed, status, payment, delivery or pick-up day), 'Pay now' while it can still be paid,
 * 'Order again', 'Remind me next year' once paid when it has a day (./remind-button.tsx), the
 * items and amounts in the order's currency, whom it goes to and from, the card message and the
 * delivery photo; beside them the tracker's timeline and review section, so
 * that the order looks as it does in the order tracker.
 *
 * 'Pay now' goes to `/checkout?orderId={id}` with the checkout's stage set to payment (the
 * checkout's own order state, lib/state/checkout-order.ts): the checkout reads the order by its
 * id and keeps it as the order in progress. A full page load there (a new tab) opens at the
 * delivery details instead, already filled, one step before payment.
 */
import { TRACKER_PAGE_TEXTS } from '@/lib/content/tracker-texts';
import { Link } from '@/components/ui/link';
import type { AccountOrder } from '@/lib/contracts/account';
import { isTestPaymentStatus } from '@/lib/domain/order';
import { wasPaid } from '@/lib/domain/order-lifecycle';
import { dispatchOrder } from '@/lib/state/checkout-order';
import { OrderTimeline } from '@/components/order-tracker/order-timeline';
import { ReviewSection } from '@/components/order-tracker/review-section';
import { isPartPaidStatus, TRACKER_TEXT } from '@/components/order-tracker/texts';
import { OrderAmounts, OrderItems } from './order-lines';
import { formatDay, paymentText, placedDay, StatusBadge } from './order-parts';
import { OrderPeople } from './order-people';
import { RemindButton } from './remind-button';
import { ReorderButton } from './reorder-button';
import tracker from '@/components/order-tracker/order-tracker.module.css';
import styles from './orders.module.css';

export const checkoutPath = (orderId: string) => `/checkout?orderId=${encodeURIComponent(orderId)}`;

function Facts({ order }: { order: AccountOrder }) {
  const pickup = order.deliveryMethod === 'pick-up';
  const placed = placedDay(order.placedAt);
  return (
    <dl className={tracker.facts}>
      {placed && (
        <>
          <dt>Placed</dt>
          <dd>
            <time dateTime={order.placedAt}>{placed}</time>
          </dd>
        </>
      )}
      <dt>Status</dt>
      <dd>
        <StatusBadge order={order} />
      </dd>
      <dt>Payment</dt>
      <dd>{paymentText(order)}</dd>
      <dt>{pickup ? 'Pick-up date' : 'Delivery date'}</dt>
      <dd>{order.deliveryDate ? formatDay(order.deliveryDate) : 'Not set yet'}</dd>
    </dl>
  );
}

export function OrderView({ order }: { order: AccountOrder }) {
  return (
    <div className={tracker.result}>
      <section className={tracker.card} aria-labelledby="order-details">
        <h2 id="order-details">Details</h2>
        <Facts order={order} />
        {isTestPaymentStatus(order.paymentStatus) && (
          <p className={tracker.testPayment} role="note">
            {TRACKER_TEXT.testPayment}
          </p>
        )}
        {isPartPaidStatus(order.paymentStatus) && (
          <p className={tracker.partPaid} role="note">
            {TRACKER_PAGE_TEXTS.partPaid}
          </p>
        )}
        <div className={styles.orderActions}>
          {order.canPay && (
            <Link href={checkoutPath(order.id)} className={styles.primary} onClick={() => dispatchOrder({ type: 'setStage', stage: 2 })}>
              Pay now
            </Link>
          )}
          <ReorderButton orderNumber={order.orderNumber} />
          {wasPaid({ payment: order.paymentState }) && order.deliveryDate && <RemindButton orderId={order.id} already={order.reminder} />}
        </div>
        <h3>Items</h3>
        <OrderItems order={order} />
        <h3>Amounts</h3>
        <OrderAmounts order={order} />
        <OrderPeople order={order} />
      </section>
      <div className={styles.side}>
        <section className={tracker.card} aria-labelledby="order-progress">
          <h2 id="order-progress">Progress</h2>
          <OrderTimeline entries={order.timeline} />
        </section>
        <ReviewSection order={{ ...order, verified: true }} />
      </div>
    </div>
  );
}
