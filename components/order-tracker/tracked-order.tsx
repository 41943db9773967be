/**
 * A tracked order: number, status, payment in plain words (and the test-payment mark for a
 * payment made in the shop's sandbox), the delivery or pickup day and place,
 * the items, the timeline, and (with the checkout e-mail) the recipient, the rider's delivery
 * photo and the review section.
 * Without the e-mail it says what adding it shows.
 */
import type { Ref } from 'react';
import type { TrackedOrder } from '@/lib/contracts/orders';
import { isTestPaymentStatus } from '@/lib/domain/order';
import { useShell } from '@/lib/state/shell-context';
import { OrderTimeline } from './order-timeline';
import { ReviewSection } from './review-section';
import { formatDay, isPartPaidStatus, paymentLabel, TRACKER_TEXT, type OrderViewTexts } from './texts';
import styles from './order-tracker.module.css';

/** Our product pictures come in several widths; a row needs the smallest. */
const thumbnail = (src: string) => (src.startsWith('/media/') && !src.includes('?') ? `${src}?w=200` : src);

export function TrackedOrderView({ order, headingRef, texts }: { order: TrackedOrder; headingRef?: Ref<HTMLHeadingElement>; texts: OrderViewTexts }) {
  const { shopInfo } = useShell();
  const pickup = order.deliveryMethod === 'pick-up';
  const point = pickup ? shopInfo.pickupLocations.find((p) => p.code === order.despatchLocation) : undefined;
  const recipient = order.verified && order.recipient && (order.recipient.name || order.recipient.address || order.recipient.phone) ? order.recipient : null;
  // '[Office] 5 Bourdillon Road': the residence type leads in brackets (spec section 3).
  const [, residence = '', address = recipient?.address ?? ''] = /^\s*\[([^\]]*)\]\s*(.*)$/s.exec(recipient?.address ?? '') ?? [];

  return (
    <div className={styles.result}>
      <section className={styles.card} aria-labelledby="tracked-order">
        <h2 id="tracked-order" ref={headingRef} tabIndex={-1}>
          Order {order.orderNumber}
        </h2>
        <dl className={styles.facts}>
          <dt>Status</dt>
          <dd>
            <strong className={styles.status} data-status={order.status}>
              {order.statusLabel}
            </strong>
          </dd>
          <dt>Payment</dt>
          <dd>{paymentLabel(order.paymentStatus)}</dd>
          <dt>{pickup ? 'Pickup date' : 'Delivery date'}</dt>
          <dd>{order.deliveryDate ? formatDay(order.deliveryDate) : 'Not set yet'}</dd>
          <dt>{pickup ? 'Pickup from' : 'Delivery'}</dt>
          <dd>
            {pickup ? (
              point ? (
                <>
                  {point.name}
                  <address>{point.address}</address>
                </>
              ) : (
                'Our pickup point'
              )
            ) : order.deliveryMethod ? (
              'To the recipient'
            ) : (
              'Not chosen yet'
            )}
          </dd>
        </dl>
        {isTestPaymentStatus(order.paymentStatus) && (
          <p className={styles.testPayment} role="note">
            {TRACKER_TEXT.testPayment}
          </p>
        )}
        {isPartPaidStatus(order.paymentStatus) && (
          <p className={styles.partPaid} role="note">
            {texts.partPaid}
          </p>
        )}
        {recipient ? (
          <>
            <h3>Recipient</h3>
            <dl className={styles.facts}>
              <dt>Name</dt>
              <dd>{recipient.name || '–'}</dd>
              <dt>Address</dt>
              <dd>
                <address>{address || '–'}</address>
                {residence && <span className={styles.muted}>{residence}</span>}
              </dd>
              <dt>Phone</dt>
              <dd>{recipient.phone || '–'}</dd>
            </dl>
          </>
        ) : (
          !order.verified && <p className={styles.muted}>{texts.emailHint}.</p>
        )}
        {order.deliveryPhoto && (
          <figure className={styles.deliveryPhoto}>
            <a href={order.deliveryPhoto} target="_blank" rel="noreferrer">
              <img src={order.deliveryPhoto} alt={`The delivery of order ${order.orderNumber}, photographed by our rider`} width={480} height={480} loading="lazy" />
            </a>
            <figcaption>{texts.deliveryPhoto}</figcaption>
          </figure>
        )}
        <h3>Items</h3>
        <ul className={styles.items}>
          {order.items.map((item, i) => (
            <li key={i}>
              {item.image.src ? <img src={thumbnail(item.image.src)} alt={item.image.alt} width={56} height={56} loading="lazy" /> : <span className={styles.noImage} />}
              <div>
                <p className={styles.itemName}>{item.name}</p>
                <p className={styles.muted}>
                  {item.size ? `Size: ${item.size} · ` : ''}Quantity: {item.quantity}
                </p>
              </div>
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.card} aria-labelledby="order-progress">
        <h2 id="order-progress">Progress</h2>
        <OrderTimeline entries={order.timeline} />
      </section>
      <ReviewSection order={order} />
    </div>
  );
}
