/**
 * /checkout?orderId={id} (spec sections 2 to 5): a thin shell, so that the page's own first-load
 * code stays small. It renders the title, the stage header (desktop) and a loading line; after
 * mounting it loads the checkout itself (components/checkout/checkout-main.tsx: the order, the
 * stages, the summary). The server sends the delivery settings (zones and fees) with the page;
 * so does the order of the address (the browser fetches it only when the server could not). The
 * page is per shopper: never kept by shared caches.
 *
 * A shopper who is not logged in is greeted by the auth dialog with Guest Checkout chosen (spec
 * section 2). The server renders that greeting (components/checkout/guest-greeting.tsx) when the
 * address names an order that will open on the delivery stage: it exists, is unpaid, is not
 * waiting on the shop, and the shopper is not back from a payment provider. The browser leaves it
 * out for a signed-in shopper (before the first paint, by the session mark; after hydration, by
 * its storage), and the checkout then does not open the dialog itself.
 */
import { lazy, Suspense, useState } from 'react';
import type { InferGetServerSidePropsType } from 'next';
import { Seo } from '@/components/seo/seo';
import { loadAuthDialog } from '@/components/auth/auth-root';
import { GuestGreeting } from '@/components/checkout/guest-greeting';
import { isWaitingOnShop, readPaymentReturn } from '@/components/checkout/payment-return';
import { StageHeader } from '@/components/checkout/stage-header';
import { getOrder } from '@/lib/api/calls';
import type { Order } from '@/lib/contracts/orders';
import type { AlertSettings, DeliverySettings } from '@/lib/contracts/settings';
import { isPaidStatus } from '@/lib/domain/order';
import { serverApi } from '@/lib/server/page-api';
import { getGuestHandshake, withShell } from '@/lib/server/shell';
import { useShell } from '@/lib/state/shell-context';
import { useOrder } from '@/lib/state/checkout-order';
import { hasStoredSession } from '@/lib/state/storage';
import { useUser } from '@/lib/state/user-context';
import { useHydrated } from '@/lib/ui/use-hydrated';
import styles from './checkout.module.css';

const loadCheckoutMain = () => import('@/components/checkout/checkout-main');
const CheckoutMain = lazy(() => loadCheckoutMain().then((m) => ({ default: m.CheckoutMain })));

// In the browser the checkout's code starts loading as soon as this page's code runs, alongside
// hydration rather than after mounting (it starts the guest's log-in dialog and the delivery
// form in turn: components/checkout/checkout-main.tsx); what a shopper first sees after the
// loading line comes one round trip sooner. A failure here is retried by `lazy`.
if (typeof window !== 'undefined') void loadCheckoutMain().catch(() => undefined);

const CHECKOUT_CACHE_CONTROL = 'private, no-store';

/**
 * `paymentAlerts`: the shop's note per payment method (back-office settings), shown beside the
 * method. `order`: the order of the address as the server read it (null when there is none, it
 * could not be read, or the shopper is back from a payment provider, whose return the browser
 * verifies), so that the browser need not ask again. `greetFor`: the order the server greets a
 * guest for (see above), else null.
 */
type Props = { deliverySettings: DeliverySettings; paymentAlerts?: AlertSettings['paymentAlerts']; order?: Order | null; greetFor?: string | null };

/** The order of the address, or null: unknown or unreachable, the browser's checkout applies its fetch rules. */
async function readOrder(orderId: string): Promise<Order | null> {
  try {
    return await getOrder(serverApi(), orderId);
  } catch {
    return null;
  }
}

/** Whether the checkout of this order opens on the delivery stage, where a guest is greeted. */
const opensOnDelivery = (order: Order) => !isPaidStatus(order.paymentStatus) && !isWaitingOnShop(order);

export const getServerSideProps = withShell<Props>(async (ctx) => {
  const orderId = typeof ctx.query.orderId === 'string' ? ctx.query.orderId : '';
  const [handshake, order] = await Promise.all([getGuestHandshake(), orderId && !readPaymentReturn(ctx.query) ? readOrder(orderId) : null]);
  ctx.res.setHeader('Cache-Control', CHECKOUT_CACHE_CONTROL);
  return {
    props: {
      deliverySettings: handshake.settings.deliverySettings,
      paymentAlerts: handshake.settings.alertSettings.paymentAlerts,
      order,
      // The e-mail's link back to paying (`stage=payment`) opens on the payment stage: no greeting.
      greetFor: order && opensOnDelivery(order) && ctx.query.stage !== 'payment' ? orderId : null,
    },
  };
});

function Loading() {
  return (
    <p className={styles.loading} role="status">
      Loading your order…
    </p>
  );
}

export default function CheckoutPage({ deliverySettings, paymentAlerts = [], order = null, greetFor = null }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const { stage } = useOrder();
  const { openAuth } = useUser();
  const { businessId } = useShell();
  // The checkout's code loads only in the browser, after hydration.
  const mounted = useHydrated();
  // The order whose greeting the shopper answered (a later order of this page is greeted again).
  const [answered, setAnswered] = useState<string | null>(null);
  const greeting = greetFor !== null && answered !== greetFor && stage === 1 && !(mounted && hasStoredSession());
  const choose = (choice: 'signup' | 'login') => {
    const answer = () => {
      setAnswered(greetFor);
      openAuth(choice, { checkout: true });
    };
    // The greeting stays until the full dialog's code is here, so that one replaces the other.
    loadAuthDialog(businessId).then(answer, answer);
  };
  return (
    <main className={styles.page}>
      <Seo title="Checkout" description="Delivery details and payment for your order." path="/checkout" noIndex />
      <h1 className={styles.title}>Checkout</h1>
      <StageHeader stage={stage} />
      {mounted ? (
        <Suspense fallback={<Loading />}>
          <CheckoutMain settings={deliverySettings} paymentAlerts={paymentAlerts} initialOrder={order} greeted={greetFor !== null} />
        </Suspense>
      ) : (
        <Loading />
      )}
      {greeting && <GuestGreeting key={greetFor} onGuest={() => setAnswered(greetFor)} onChoose={choose} />}
    </main>
  );
}
