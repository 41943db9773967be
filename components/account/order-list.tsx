/**
 * The account's orders (/account), newest first, read with the shopper's token: a card per order
 * linking to its page, a pager past `ACCOUNT_ORDERS_PAGE_SIZE`, an empty state that invites
 * shopping, and the loading and failure ('Try again') states. A 401 drops the user, so the frame
 * shows its log-in prompt.
 */
import { Link } from '@/components/ui/link';
import { OrderCard } from './order-card';
import { LoadFailed } from './order-parts';
import { OrderPager, ordersPagePath } from './order-pager';
import { useAccountData } from './use-account-call';
import styles from './orders.module.css';

export const ORDERS_TEXT = {
  loading: 'Loading your orders…',
  emptyTitle: 'No orders yet',
  empty: 'Orders you place while logged in appear here, with their progress and the photo our rider takes at delivery.',
  guest: 'Ordered without logging in? Those orders appear here once you log in with a one-time password sent to the e-mail you ordered with. Meanwhile, you can track one with its number.',
  pastEnd: 'There are no orders on this page.',
} as const;

function NoOrders() {
  return (
    <section className={styles.empty} aria-labelledby="no-orders">
      <h2 id="no-orders">{ORDERS_TEXT.emptyTitle}</h2>
      <p>{ORDERS_TEXT.empty}</p>
      <div className={styles.actions}>
        <Link href="/product-category/all" className={styles.primary}>
          Browse flowers and gifts
        </Link>
        <Link href="/" className={styles.secondary}>
          Go to the home page
        </Link>
      </div>
      <p className={styles.muted}>
        {ORDERS_TEXT.guest} <Link href="/order-tracker">Track an order</Link>
      </p>
    </section>
  );
}

export function OrderList({ token, page }: { token: string; page: number }) {
  // The calls module comes with the user's store, after the first load.
  const orders = useAccountData(`${token}:${page}`, (api) => import('@/lib/api/calls').then((calls) => calls.getAccountOrders(api, page)));

  if (orders.error) return <LoadFailed message={orders.error} onRetry={orders.reload} />;
  if (orders.loading || !orders.data) {
    return (
      <p className={styles.muted} role="status">
        {ORDERS_TEXT.loading}
      </p>
    );
  }
  const { total, pageSize } = orders.data;
  const pages = Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
  if (total === 0) return <NoOrders />;
  if (orders.data.orders.length === 0) {
    return (
      <div className={styles.empty}>
        <p>{ORDERS_TEXT.pastEnd}</p>
        <Link href={ordersPagePath(1)} className={styles.secondary}>
          See your latest orders
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className={styles.count}>
        {total === 1 ? '1 order' : `${total} orders`}, newest first
      </p>
      <ul className={styles.list} aria-label="Your orders">
        {orders.data.orders.map((order) => (
          <OrderCard key={order.orderNumber} order={order} />
        ))}
      </ul>
      <OrderPager page={orders.data.page} pages={pages} />
    </>
  );
}
