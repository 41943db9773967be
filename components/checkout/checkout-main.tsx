/**
 * The checkout's body, loaded by pages/checkout.tsx after it mounts: fetches the order (the
 * query's id, else the stored one; none at all goes to '/'; the order the server read with the
 * page needs no fetch), applies the fetch rules (404: the
 * stored order and cart are forgotten and the shopper goes to '/'; paid: they are forgotten and
 * the done stage shows; any other failure keeps the page with a retry), opens the auth dialog
 * with guest checkout for a shopper who is not logged in, and shows the current stage with the
 * order summary beside it. Each stage's code loads when it first shows.
 *
 * Back from a payment provider (?payment=…&reference=…, ./payment-return.ts) the order comes from
 * the shop's verification instead ('Confirming your payment…'): paid shows the done stage, else
 * the payment stage with what happened; the address then loses the payment parameters (unless
 * the payment is still pending: a reload then asks again). An order
 * whose transfer the shopper said is sent opens at the payment stage and is not kept on this
 * device (the cart must not change it). A coupon the shop took off the order
 * (`order.couponRemoved`) is told once in a toast.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useRouter } from 'next/router';
import { getOrder } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { Order } from '@/lib/contracts/orders';
import type { AlertSettings, DeliverySettings } from '@/lib/contracts/settings';
import { isPaidStatus } from '@/lib/domain/order';
import { dispatchOrder, forgetCheckout, orderSnapshot, useOrder } from '@/lib/state/checkout-order';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { useUser } from '@/lib/state/user-context';
import { notify } from '@/lib/ui/notify';
import { CHECKOUT_TEXT } from './messages';
import { OrderSummary } from './order-summary';
import { isWaitingOnShop, PAYMENT_TEXT, readPaymentReturn, verifyReturn, type PaymentCheck, type PaymentReturn } from './payment-return';
import type { FeeChoice } from './summary-lines';
import styles from './checkout.module.css';

// The delivery form is what nearly every visit shows first: its code starts loading with this
// module, alongside the order fetch, instead of after it.
const deliveryFormCode = typeof window === 'undefined' ? null : import('./delivery-form');
// A guest is greeted by the auth dialog (guest checkout preselected): its code loads now too, so
// the dialog opens as soon as the order is there.
if (typeof window !== 'undefined' && !readStored<{ authToken?: string }>(STORAGE_KEYS.user)?.authToken) {
  void import('@/components/auth/auth-dialog').catch(() => undefined);
  void import('@/lib/state/user-store').catch(() => undefined);
}
const DeliveryForm = lazy(() => (deliveryFormCode ?? import('./delivery-form')).then((m) => ({ default: m.DeliveryForm })));
const PaymentStage = lazy(() => import('./payment-stage').then((m) => ({ default: m.PaymentStage })));
const DoneStage = lazy(() => import('./done-stage').then((m) => ({ default: m.DoneStage })));

type Status = { id: string | null; state: 'loading' | 'ready' | 'failed' };

/**
 * Fetches the order once per id (and again on retry) and applies the fetch rules; the order the
 * server read with the page (`initial`) stands for the first fetch of its id.
 */
function useCheckoutOrder(orderId: string | null, returned: PaymentReturn | null, initial: Order | null, resume: boolean) {
  const router = useRouter();
  const getApi = useApi();
  const [status, setStatus] = useState<Status>({ id: null, state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [check, setCheck] = useState<PaymentCheck | null>(null);

  useEffect(() => {
    if (!orderId) {
      void router.replace('/');
      return;
    }
    let live = true;
    const done = (state: Status['state']) => live && setStatus({ id: orderId, state });
    // Back from paying: the stage header says so while the shop confirms.
    if (returned?.orderId === orderId) dispatchOrder({ type: 'setStage', stage: 2 });
    void (async () => {
      try {
        const verifying = returned?.orderId === orderId ? returned : null;
        const verdict = verifying ? await verifyReturn(await getApi(), verifying) : null;
        const served = !verifying && attempt === 0 && initial?.id === orderId ? initial : null;
        const order = verdict?.order ?? served ?? (await getOrder(await getApi(), orderId));
        if (!live) return;
        dispatchOrder({ type: 'setOrder', order });
        setCheck(verdict?.check ?? null);
        if (verdict?.paid || isPaidStatus(order.paymentStatus)) {
          dispatchOrder({ type: 'setStage', stage: 3 });
          await forgetCheckout();
        } else if (isWaitingOnShop(order)) {
          if (orderSnapshot().orderId === orderId) dispatchOrder({ type: 'setOrderId', orderId: null });
          dispatchOrder({ type: 'setStage', stage: 2 });
        } else if (verdict) {
          dispatchOrder({ type: 'setOrderId', orderId });
          dispatchOrder({ type: 'setStage', stage: 2 });
        } else {
          dispatchOrder({ type: 'setOrderId', orderId });
          // Back from the e-mail about an unfinished payment: its details are saved, straight to paying.
          if (resume && order.deliveryMethod && order.client.email) dispatchOrder({ type: 'setStage', stage: 2 });
          // Another order than the paid one shown before starts at the beginning.
          else if (orderSnapshot().stage === 3) dispatchOrder({ type: 'setStage', stage: 1 });
        }
        // Settled (paid or failed): a reload need not ask again. A pending payment keeps its address.
        if (verifying && verdict?.check?.phase !== 'pending') void router.replace(`/checkout?orderId=${encodeURIComponent(orderId)}`, undefined, { shallow: true, scroll: false });
        done('ready');
      } catch (error) {
        if (!live) return;
        if ((error as { status?: unknown }).status === 404) {
          dispatchOrder({ type: 'reset' });
          await forgetCheckout();
          void router.replace('/');
          return;
        }
        done('failed');
      }
    })();
    return () => {
      live = false;
    };
    // The router object changes on every navigation; the id and a retry are what count.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [orderId, attempt, getApi, returned, initial, resume]);

  const state = status.id === orderId ? status.state : 'loading';
  return { state, check, retry: () => setAttempt((n) => n + 1) };
}

type Props = {
  settings: DeliverySettings;
  paymentAlerts?: AlertSettings['paymentAlerts'];
  /** The order the server read with the page (pages/checkout.tsx), if it did. */
  initialOrder?: Order | null;
  /** The page greeted a guest already (the server's greeting, pages/checkout.tsx): the dialog is not opened here. */
  greeted?: boolean;
};

export function CheckoutMain({ settings, paymentAlerts = [], initialOrder = null, greeted = false }: Props) {
  const router = useRouter();
  const { order, orderId: storedId, stage } = useOrder();
  const { openAuth } = useUser();
  const queryId = typeof router.query.orderId === 'string' && router.query.orderId ? router.query.orderId : null;
  // The stored id as the page opened: clearing it later (a paid order) must not lose the page.
  const [openedWith] = useState(storedId);
  // A return from a payment provider, as the page opened (the address loses it once verified).
  const [returned] = useState(() => readPaymentReturn(router.query));
  // `stage=payment`: the link of the e-mail about an unfinished payment (lib/server/services/orders/recovery.ts).
  const [resume] = useState(() => router.query.stage === 'payment');
  const { state, check, retry } = useCheckoutOrder(queryId ?? openedWith, returned, initialOrder, resume);
  const [choice, setChoice] = useState<FeeChoice | null>(null);
  const onChoice = useCallback((next: FeeChoice) => setChoice(next), []);

  // The shop took the coupon off (it expired, was withdrawn or used up): said once as a toast,
  // and in the coupon box until another is applied.
  const removedKey = order?.couponRemoved ? `${order.id} ${order.couponRemoved.code} ${order.couponRemoved.reason}` : null;
  const told = useRef<string | null>(null);
  useEffect(() => {
    if (!removedKey || told.current === removedKey || !order?.couponRemoved) return;
    told.current = removedKey;
    notify('info', `Coupon ${order.couponRemoved.code} was removed from your order: ${order.couponRemoved.reason}.`);
  }, [removedKey, order]);

  // Nobody logged in: the auth dialog opens once, with guest checkout chosen (not for a shopper
  // coming back to pay: they chose already; nor when the page has greeted them from the server).
  const asked = useRef(false);
  const ready = state === 'ready' && order !== null;
  useEffect(() => {
    if (!ready || asked.current || stage !== 1 || greeted) return;
    asked.current = true;
    if (!readStored<{ authToken?: string }>(STORAGE_KEYS.user)?.authToken) openAuth('guestCheckout');
  }, [ready, stage, openAuth, greeted]);

  if (state === 'failed') {
    return (
      <div className={styles.notice} role="alert">
        <p>{CHECKOUT_TEXT.loadFailed}</p>
        <button type="button" className={styles.primary} onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  if (!ready || !order) return <CheckoutLoading text={returned && returned.orderId === (queryId ?? openedWith) ? PAYMENT_TEXT.confirming : undefined} />;

  if (stage === 3) {
    return (
      <Suspense fallback={<CheckoutLoading />}>
        <DoneStage order={order} />
      </Suspense>
    );
  }
  // One boundary for the stage and the summary: the summary appears together with the stage's
  // code, so on a phone (where it sits below the stage) it is never pushed down (no layout shift).
  return (
    <Suspense fallback={<CheckoutLoading />}>
      <div className={styles.columns}>
        <div className={styles.main}>
          {stage === 1 ? <DeliveryForm key={order.id} order={order} settings={settings} onChoice={onChoice} /> : <PaymentStage order={order} check={check} alerts={paymentAlerts} />}
        </div>
        <OrderSummary order={order} settings={settings} choice={stage === 1 ? choice : null} editable={!isWaitingOnShop(order)} />
      </div>
    </Suspense>
  );
}

export function CheckoutLoading({ text = CHECKOUT_TEXT.loading }: { text?: string }) {
  return (
    <p className={styles.loading} role="status">
      {text}
    </p>
  );
}
