/**
 * The order summary beside the checkout form (below it on small screens): the items with
 * picture, name, size, design (title + price × quantity), quantity and line total; subtotal,
 * delivery ('Free', 'Quoted by our staff', the amount, or an estimate for the form's choice: see
 * ./summary-lines.ts), discount and total, all in the shopper's current currency; and the coupon
 * box while the order can still change.
 */
import type { Order } from '@/lib/contracts/orders';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { shopDay } from '@/lib/domain/dates';
import { useCurrency } from '@/lib/state/currency-context';
import { CouponBox } from './coupon-box';
import { summaryLines, type DeliveryLine, type FeeChoice } from './summary-lines';
import styles from './checkout.module.css';

const thumbnail = (src: string) => (src.startsWith('/media/') && !src.includes('?') ? `${src}?w=200` : src);

type Props = { order: Order; settings: DeliverySettings | null; choice: FeeChoice | null; editable: boolean };

export function OrderSummary({ order, settings, choice, editable }: Props) {
  const { price } = useCurrency();
  const { delivery, totalNaira, estimate } = summaryLines(order, settings, choice, shopDay(new Date()));
  const deliveryText = (line: DeliveryLine) =>
    line.kind === 'free' ? 'Free' : line.kind === 'quoted' ? 'Quoted by our staff' : line.kind === 'amount' ? price(line.naira) : 'Depends on the delivery zone';

  return (
    <aside className={styles.summary} aria-labelledby="order-summary-title">
      <h2 id="order-summary-title" className={styles.summaryTitle}>
        Order summary
      </h2>
      <p className={styles.orderNumber}>Order {order.orderNumber}</p>
      <ul className={styles.items}>
        {order.orderProducts.map((item) => (
          <li key={item.SKU} className={styles.item}>
            {item.image.src ? <img src={thumbnail(item.image.src)} alt={item.image.alt} width={64} height={64} className={styles.itemImage} /> : <span className={styles.itemImage} />}
            <div className={styles.itemInfo}>
              <h3 className={styles.itemName}>{item.name}</h3>
              {item.size && <p>Size: {item.size}</p>}
              {item.design && (
                <p>
                  Design: {item.design.title} + {price(item.design.price)} x {item.design.quantity}
                </p>
              )}
              <p>
                {price(item.price)} × {item.quantity}
              </p>
            </div>
            <p className={styles.itemTotal}>
              <span className="visually-hidden">Line total </span>
              {price(item.lineTotal)}
            </p>
          </li>
        ))}
      </ul>
      {editable && <CouponBox order={order} />}
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>{price(order.amounts.subtotal)}</dd>
        </div>
        <div>
          <dt>{estimate ? 'Delivery (estimate)' : 'Delivery'}</dt>
          <dd>{deliveryText(delivery)}</dd>
        </div>
        {order.amounts.discount > 0 && (
          <div>
            <dt>Discount</dt>
            <dd>−{price(order.amounts.discount)}</dd>
          </div>
        )}
        <div className={styles.total}>
          <dt>{estimate ? 'Total (estimate)' : 'Total'}</dt>
          <dd>{price(totalNaira)}</dd>
        </div>
      </dl>
      {estimate && <p className={styles.hint}>The delivery fee is confirmed when you continue.</p>}
      {delivery.kind === 'quoted' && <p className={styles.hint}>Deliveries outside Lagos and Abuja are quoted by our staff, who will call you; the fee is not in this total.</p>}
    </aside>
  );
}
