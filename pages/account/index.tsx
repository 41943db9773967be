/**
 * /account: the logged-in shopper's orders, newest first (components/account/order-list.tsx),
 * `?page=n` for older ones. The server renders the frame for everyone, `private, no-store`; the
 * orders are read in the browser with the shopper's token, and the list's code loads then too
 * (only a logged-in shopper needs it), keeping it out of the page's first load.
 */
import { lazy, Suspense } from 'react';
import type { InferGetServerSidePropsType } from 'next';
import { AccountFrame } from '@/components/account/account-frame';
import orders from '@/components/account/orders.module.css';
import { Seo } from '@/components/seo/seo';
import { accountPage } from '@/lib/server/account-page';
import { useShell } from '@/lib/state/shell-context';

const OrderList = lazy(() => import('@/components/account/order-list').then((m) => ({ default: m.OrderList })));

/** The page of the list in the address; anything that is not a page number is the first page. */
function pageFrom(value: string | string[] | undefined): number {
  const page = Number(Array.isArray(value) ? value[0] : value);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export const getServerSideProps = accountPage<{ page: number }>((ctx) => ({ page: pageFrom(ctx.query.page) }));

export default function AccountOrdersPage({ page }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  return (
    <>
      <Seo
        title={`My orders | ${shell.shopInfo.brandName}`}
        description="Your orders: their progress, delivery photos and receipts, and ordering the same again."
        path="/account"
        noIndex
      />
      <AccountFrame current="orders" title="My orders" lead="Follow each order, see the photo our rider takes at delivery, and order the same flowers again.">
        {(user) => (
          <Suspense
            fallback={
              <p className={orders.muted} role="status">
                Loading your orders…
              </p>
            }
          >
            <OrderList token={user.authToken} page={page} />
          </Suspense>
        )}
      </AccountFrame>
    </>
  );
}
