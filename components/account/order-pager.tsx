/**
 * The pager under the account's orders: 'Newer orders' and 'Older orders' as real links
 * (`/account?page=n`, the first page plain `/account`) and where the shopper is ('Page 2 of 3').
 */
import { Link } from '@/components/ui/link';
import styles from './orders.module.css';

export const ordersPagePath = (page: number) => (page > 1 ? `/account?page=${page}` : '/account');

export function OrderPager({ page, pages }: { page: number; pages: number }) {
  if (pages <= 1) return null;
  return (
    <nav className={styles.pager} aria-label="Pages of your orders">
      {page > 1 ? (
        <Link href={ordersPagePath(Math.min(page - 1, pages))} className={styles.pageLink} rel="prev">
          ← Newer orders
        </Link>
      ) : (
        <span />
      )}
      <p aria-current="page">
        Page {page} of {pages}
      </p>
      {page < pages ? (
        <Link href={ordersPagePath(page + 1)} className={styles.pageLink} rel="next">
          Older orders →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
