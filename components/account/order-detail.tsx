/**
 * One order of the account (/account/orders/{number}), read with the shopper's token, with its
 * loading and failure states (a failure, an order of another account or an unknown number alike:
 * the server's words, 'Try again' and the way back to the list). The order's view
 * (./order-view.tsx) is code of its own that starts loading with this module, alongside the
 * order itself, so the page's first load stays within the shop's budget.
 */
import { lazy, Suspense } from 'react';
import { Link } from '@/components/ui/link';
import { LoadFailed } from './order-parts';
import { useAccountData } from './use-account-call';
import styles from './orders.module.css';

const viewCode = typeof window === 'undefined' ? null : import('./order-view');
const OrderView = lazy(() => (viewCode ?? import('./order-view')).then((m) => ({ default: m.OrderView })));

function Loading() {
  return (
    <p className={styles.muted} role="status">
      Loading your order…
    </p>
  );
}

export function OrderDetail({ token, orderNumber }: { token: string; orderNumber: string }) {
  const order = useAccountData(`${token}:${orderNumber}`, (api) => import('@/lib/api/calls').then((calls) => calls.getAccountOrder(api, orderNumber)));

  if (order.error) {
    return (
      <LoadFailed message={order.error} onRetry={order.reload}>
        <Link href="/account" className={styles.secondary}>
          See all your orders
        </Link>
      </LoadFailed>
    );
  }
  if (order.loading || !order.data) return <Loading />;
  return (
    <Suspense fallback={<Loading />}>
      <OrderView order={order.data} />
    </Suspense>
  );
}
