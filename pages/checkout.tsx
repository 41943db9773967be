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
import type { AlertSettings, DeliverySettings } from '@/lib/contracts/settings';
import { getGuestHandshake, withShell } from '@/lib/server/shell';
import { useOrder } from '@/lib/state/checkout-order';
import styles from './checkout.module.css';

const loadCheckoutMain = () => import('@/components/checkout/checkout-main');
const CheckoutMain = lazy(() => loadCheckoutMain().then((m) => ({ default: m.CheckoutMain })));

// In the browser the checkout's code starts loading as soon as this page's code runs, alongside
// hydration rather than after mounting (it starts the guest's log-in dialog and the delivery
// form in turn: components/checkout/checkout-main.tsx); what a shopper first sees after the
// loading line comes one round trip sooner. A failure here is retried by `lazy`.
if (typeof window !== 'undefined') void loadCheckoutMain().catch(() => undefined);

const CHECKOUT_CACHE_CONTROL = 'private, no-store';

/** `paymentAlerts`: the shop's note per payment method (back-office settings), shown beside the method. */
type Props = { deliverySettings: DeliverySettings; paymentAlerts?: AlertSettings['paymentAlerts'] };

export const getServerSideProps = withShell<Props>(async (ctx) => {
  const handshake = await getGuestHandshake();
  ctx.res.setHeader('Cache-Control', CHECKOUT_CACHE_CONTROL);
  return { props: { deliverySettings: handshake.settings.deliverySettings, paymentAlerts: handshake.settings.alertSettings.paymentAlerts } };
});

function Loading() {
  return (
    <p className={styles.loading} role="status">
      Loading your order…
    </p>
  );
}

export default function CheckoutPage({ deliverySettings, paymentAlerts = [] }: InferGetServerSidePropsType<typeof getServerSideProps>) {
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
          <CheckoutMain settings={deliverySettings} paymentAlerts={paymentAlerts} />
        </Suspense>
      ) : (
        <Loading />
      )}
    </main>
  );
}
