/**
 * One order in the account's list: the first item's picture, the number (the link to the order's
 * page, stretched over the whole card), the day it was placed, whom it goes to, the total in the
 * order's currency, the status badge and the payment, and once delivered the rider's photo.
 */
import { Link } from '@/components/ui/link';
import type { AccountOrderSummary } from '@/lib/contracts/account';
import { formatAmount } from '@/lib/domain/money';
import { deliveryPhotoAlt, formatDay, paymentText, placedDay, recipientLine, StatusBadge, thumbnail } from './order-parts';
import styles from './orders.module.css';

export const orderPath = (orderNumber: string) => `/account/orders/${encodeURIComponent(orderNumber)}`;

const itemsText = (n: number) => `${n} ${n === 1 ? 'item' : 'items'}`;

export function OrderCard({ order }: { order: AccountOrderSummary }) {
  const placed = placedDay(order.placedAt);
  const recipient = recipientLine(order);
  const pickup = order.deliveryMethod === 'pick-up';
  return (
    <li className={styles.card} data-photo={order.deliveryPhoto ? '' : undefined}>
      {order.image ? (
        <img className={styles.thumb} src={thumbnail(order.image.src)} alt={order.image.alt} width={64} height={64} loading="lazy" />
      ) : (
        <span className={styles.thumb} />
      )}
      <div className={styles.main}>
        <h2 className={styles.number}>
          <Link href={orderPath(order.orderNumber)} className={styles.link}>
            Order {order.orderNumber}
          </Link>
        </h2>
        <p className={styles.muted}>
          {placed && (
            <>
              Placed <time dateTime={order.placedAt}>{placed}</time>
              {' · '}
            </>
          )}
          {itemsText(order.itemCount)}
        </p>
        {(recipient || order.deliveryDate) && (
          <p className={styles.muted}>
            {recipient}
            {recipient && order.deliveryDate && ' · '}
            {order.deliveryDate && `${pickup ? 'Pick-up' : 'Delivery'} ${formatDay(order.deliveryDate)}`}
          </p>
        )}
      </div>
      <div className={styles.state}>
        <StatusBadge order={order} />
        <span className={styles.payment}>{paymentText(order)}</span>
      </div>
      <p className={styles.total}>
        <span className={styles.hidden}>Total </span>
        {formatAmount(order.total, order.currency)}
      </p>
      {order.deliveryPhoto && (
        <span className={styles.photo}>
          <img src={order.deliveryPhoto} alt={deliveryPhotoAlt(order)} width={64} height={64} loading="lazy" referrerPolicy="no-referrer" />
          <span aria-hidden="true">Delivery photo</span>
        </span>
      )}
    </li>
  );
}
