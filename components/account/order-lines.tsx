/**
 * An account order's items (picture, name linking to the product while it is still sold, size,
 * quantity, line total) and its amounts (subtotal, delivery or 'Quoted by the shop', discount with
 * the coupon code, total), all in the order's currency.
 */
import { Link } from '@/components/ui/link';
import type { AccountOrder } from '@/lib/contracts/account';
import { formatAmount } from '@/lib/domain/money';
import { thumbnail } from './order-parts';
import tracker from '@/components/order-tracker/order-tracker.module.css';
import styles from './orders.module.css';

export function OrderItems({ order }: { order: AccountOrder }) {
  const money = (amount: number) => formatAmount(amount, order.currency);
  return (
    <ul className={styles.lines}>
      {order.items.map((item, i) => (
        <li key={i}>
          {item.image.src ? <img src={thumbnail(item.image.src)} alt={item.image.alt} width={56} height={56} loading="lazy" /> : <span className={tracker.noImage} />}
          <div className={styles.lineText}>
            <p className={tracker.itemName}>{item.productSlug ? <Link href={`/product/${encodeURIComponent(item.productSlug)}`}>{item.name}</Link> : item.name}</p>
            <p className={tracker.muted}>
              {item.size ? `Size: ${item.size} · ` : ''}Quantity: {item.quantity}
            </p>
          </div>
          <p className={styles.lineTotal}>{money(item.lineTotal)}</p>
        </li>
      ))}
    </ul>
  );
}

export function OrderAmounts({ order }: { order: AccountOrder }) {
  const money = (amount: number) => formatAmount(amount, order.currency);
  const { subtotal, deliveryFee, discount, total } = order.amounts;
  const pickup = order.deliveryMethod === 'pick-up';
  const fee = order.deliveryFeeQuotedByStaff ? 'Quoted by the shop' : deliveryFee === 0 ? 'Free' : money(deliveryFee);
  return (
    <>
      <dl className={styles.amounts}>
        <dt>Subtotal</dt>
        <dd>{money(subtotal)}</dd>
        <dt>{pickup ? 'Pick-up' : 'Delivery'}</dt>
        <dd>{fee}</dd>
        {discount > 0 && (
          <>
            <dt>Discount{order.couponCode ? ` (coupon ${order.couponCode})` : ''}</dt>
            <dd>−{money(discount)}</dd>
          </>
        )}
        <dt className={styles.grand}>Total</dt>
        <dd className={styles.grand}>{money(total)}</dd>
      </dl>
      {order.deliveryFeeQuotedByStaff && <p className={tracker.muted}>The delivery fee is quoted by our staff and paid separately: it is not in the total.</p>}
    </>
  );
}
