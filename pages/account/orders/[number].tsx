/**
 * /account/orders/{number}: one order of the logged-in shopper (components/account/order-detail.tsx):
 * its details, timeline and review as the tracker shows them, without asking for the e-mail,
 * 'Pay now' while unpaid and 'Order again'. The server renders the frame only, `private, no-store`;
 * the order is read in the browser with the shopper's token, and the order view's code loads then
 * too, keeping it out of the page's first load.
 */
import { lazy, Suspense } from 'react';
import type { InferGetServerSidePropsType } from 'next';
import { AccountFrame } from '@/components/account/account-frame';
import orders from '@/components/account/orders.module.css';
import { Seo } from '@/components/seo/seo';
import { Link } from '@/components/ui/link';
import { accountPage } from '@/lib/server/account-page';
import { useShell } from '@/lib/state/shell-context';

export const getServerSideProps = accountPage<{ orderNumber: string }, { number: string }>((ctx) => ({
  orderNumber: (ctx.params?.number ?? '').trim().toUpperCase().slice(0, 40),
}));

const OrderDetail = lazy(() => import('@/components/account/order-detail').then((m) => ({ default: m.OrderDetail })));

export default function AccountOrderPage({ orderNumber }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  const path = `/account/orders/${encodeURIComponent(orderNumber)}`;
  return (
    <>
      <Seo title={`Order ${orderNumber} | ${shell.shopInfo.brandName}`} description={`Order ${orderNumber}: its progress, items, delivery details and payment.`} path={path} noIndex />
      <AccountFrame current="orders" title={`Order ${orderNumber}`} lead={<Link href="/account">← All my orders</Link>}>
        {(user) => (
          <Suspense
            fallback={
              <p className={orders.muted} role="status">
                Loading your order…
              </p>
            }
          >
            <OrderDetail token={user.authToken} orderNumber={orderNumber} />
          </Suspense>
        )}
      </AccountFrame>
    </>
  );
}
