/**
 * The orders a statement line names or suggests: each a link to its back-office page
 * (/admin/orders/{id}, a full page load) with its state and what is still due.
 */
import type { StatementOrderRef } from '@/lib/contracts/bank-statement';
import { StateBadge } from '../state-badge';
import styles from './bank-statement.module.css';

export function OrderLinks({ orders, label }: { orders: StatementOrderRef[]; label?: string }) {
  if (orders.length === 0) return null;
  return (
    <div className={styles.orders}>
      {label && <span className={styles.ordersLabel}>{label}</span>}
      <ul className={styles.orderList}>
        {orders.map((order) => (
          <li key={order.id}>
            <a className={styles.orderLink} href={`/admin/orders/${order.id}`}>
              {order.orderNumber}
            </a>
            <StateBadge state={order.state} />
            {order.due && <span className={styles.due}>{`${order.due} due`}</span>}
          </li>
        ))}
      </ul>
    </div>
  );
}
