/**
 * A listing of products: heading and intro, shop-by filters and sort (a GET form that works
 * without JavaScript and applies at once with it), the grid, and 'Show more' that appends the
 * next page and writes `?page=N` into the URL so that a shared link shows the same list.
 */
import { useState, type ReactNode } from 'react';
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/router';
import type { ProductSummary } from '@/lib/contracts/catalogue';
import { listingHref, PAGE_SIZE, paginateParams } from '@/lib/domain/listing';
import type { ListingData } from '@/lib/contracts/listing';
import { useShell } from '@/lib/state/shell-context';
import { useCurrency } from '@/lib/state/currency-context';
import { notify } from '@/lib/ui/notify';
import { ProductGrid } from '@/components/product/product-grid';
import { ListingFilters } from '@/components/listing/listing-filters';
import styles from './product-listing.module.css';

type Props = {
  title: string;
  intro?: ReactNode;
  basePath: string;
  /** Query parameters that define this listing (search, shopBy) and stay in every link. */
  extra?: Record<string, string>;
  listing: ListingData;
  emptyState: ReactNode;
  breadcrumb?: ReactNode;
  /** Filters fixed by the page (e.g. budget on /vip-flowers) are not offered. */
  hideFilters?: string[];
};

export function ProductListing({ title, intro, basePath, extra = {}, listing, emptyState, breadcrumb, hideFilters = [] }: Props) {
  const router = useRouter();
  const { businessId } = useShell();
  const { currency } = useCurrency();
  const key = `${basePath}?${JSON.stringify(listing.state)}&${JSON.stringify(extra)}`;
  const [more, setMore] = useState<{ key: string; items: ProductSummary[]; page: number }>({ key, items: [], page: listing.state.page });
  const [loading, setLoading] = useState(false);
  const extraItems = more.key === key ? more.items : [];
  const lastPage = more.key === key ? more.page : listing.state.page;
  const items = [...listing.items, ...extraItems];
  const nextPage = lastPage + 1;
  const hasMore = nextPage <= listing.totalPages;
  const nextHref = listingHref(basePath, { ...listing.state, page: nextPage }, extra);

  async function showMore() {
    setLoading(true);
    try {
      // The API client and the call load with the first 'Show more', not with the page.
      const [{ paginateProducts }, { browserApi }] = await Promise.all([import('@/lib/api/calls'), import('@/lib/state/browser-api')]);
      const api = await browserApi(businessId);
      const page = await paginateProducts(api, { ...paginateParams(listing.state), ...listing.fixed, pageNumber: nextPage, pageSize: PAGE_SIZE });
      setMore({ key, items: [...extraItems, ...page.items], page: nextPage });
      void router.replace(nextHref, undefined, { shallow: true, scroll: false });
    } catch (error) {
      notify('error', `Unable to load more products: ${error instanceof Error ? error.message : 'please try again'}`);
    } finally {
      setLoading(false);
    }
  }

  return (
    <main className={styles.page}>
      {breadcrumb}
      <header className={styles.head}>
        <h1>{title}</h1>
        {intro && <div className={styles.intro}>{intro}</div>}
      </header>
      <ListingFilters basePath={basePath} extra={extra} state={listing.state} total={listing.total} hide={hideFilters} groups={listing.filters} />
      {items.length === 0 ? (
        <div className={styles.empty}>{emptyState}</div>
      ) : (
        <>
          {listing.firstPage > 1 && (
            <p className={styles.earlier}>
              <Link href={listingHref(basePath, { ...listing.state, page: 1 }, extra)}>Show from the first page</Link>
            </p>
          )}
          <div className={styles.items}>
            <ProductGrid products={items} currency={currency} priorityCount={2} headingLevel="h2" />
          </div>
          <p className={styles.count}>
            Showing {items.length} of {listing.total}
          </p>
          {hasMore && (
            <div className={styles.more}>
              <a
                href={nextHref}
                rel="next"
                className={styles.moreButton}
                aria-busy={loading}
                onClick={(event) => {
                  event.preventDefault();
                  if (!loading) void showMore();
                }}
              >
                {loading ? 'Loading…' : 'Show more'}
              </a>
            </div>
          )}
        </>
      )}
    </main>
  );
}
