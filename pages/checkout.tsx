/**
 * /checkout?orderId={id} (spec sections 2 to 5): a thin shell, so that the page's own first-load
 * code stays small. It renders the title, the stage header (desktop) and a loading line; after
 * mounting it loads the checkout itself (components/checkout/checkout-main.tsx: the order, the
 * stages, the summary). The server sends the delivery settings (zones and fees) with the page;
 * the order is fetched in the browser. The page is per shopper: never kept by shared caches.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import type { InferGetServerSidePropsType } from 'next';
import { Seo } from '@/components/seo/seo';
import { StageHeader } from '@/components/checkout/stage-header';
import type { DeliverySettings } from '@/lib/contracts/settings';
import { getGuestHandshake, withShell } from '@/lib/server/shell';
import { useOrder } from '@/lib/state/checkout-order';
import styles from './checkout.module.css';

const CheckoutMain = lazy(() => import('@/components/checkout/checkout-main').then((m) => ({ default: m.CheckoutMain })));

const CHECKOUT_CACHE_CONTROL = 'private, no-store';

export const getServerSideProps = withShell<{ deliverySettings: DeliverySettings }>(async (ctx) => {
  const handshake = await getGuestHandshake();
  ctx.res.setHeader('Cache-Control', CHECKOUT_CACHE_CONTROL);
  return { props: { deliverySettings: handshake.settings.deliverySettings } };
});

function Loading() {
  return (
    <p className={styles.loading} role="status">
      Loading your order…
    </p>
  );
}

export default function CheckoutPage({ deliverySettings }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { stage } = useOrder();
  const [mounted, setMounted] = useState(false);
  // eslint-disable-next-line react-hooks/set-state-in-effect -- the checkout's code loads only in the browser, after hydration
  useEffect(() => setMounted(true), []);
  return (
    <main className={styles.page}>
      <Seo title="Checkout" description="Delivery details and payment for your order." path="/checkout" noIndex />
      <h1 className={styles.title}>Checkout</h1>
      <StageHeader stage={stage} />
      {mounted ? (
        <Suspense fallback={<Loading />}>
          <CheckoutMain settings={deliverySettings} />
        </Suspense>
      ) : (
        <Loading />
      )}
    </main>
  );
}
