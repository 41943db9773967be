/**
 * The shopper's return from a payment provider (issue 6): the provider sends them back to
 * /checkout?orderId=…&payment=<provider>&reference=… plus its own parameters (Paystack trxref;
 * Flutterwave status, tx_ref, transaction_id; PayPal token, PayerID; Monnify paymentReference;
 * cancelled=1). The checkout asks the shop to verify with every parameter but the order id and
 * believes only the shop's answer — never the query (a `status=successful` proves nothing).
 *
 * - `readPaymentReturn(query)`: the return, or null for an ordinary checkout address.
 * - `verifyReturn(api, ret)`: the shop's verdict; when the verify call itself fails (but the order
 *   exists), the order as it stands with a 'could not confirm yet' pending state.
 * - `usePaymentCheck(check)`: a pending payment is checked again after 3, 6 and 12 s, then on
 *   'Check again'; paid goes to the done stage (the stored checkout is forgotten), failed shows
 *   the message and leaves the pay button to try again.
 */
import { useCallback, useEffect, useState } from 'react';
import { getOrder, verifyPayment } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { ApiClient } from '@/lib/api/client';
import type { Order } from '@/lib/contracts/orders';
import { methodLabel } from '@/lib/domain/checkout';
import { AWAITING_CONFIRMATION_WORDING, PART_PAID_WORDING } from '@/lib/domain/order-lifecycle';
import { isPaidStatus } from '@/lib/domain/order';
import { dispatchOrder, forgetCheckout } from '@/lib/state/checkout-order';
import { messageOf } from './messages';

export const PAYMENT_TEXT = {
  confirming: 'Confirming your payment…',
  waiting: (provider: string) => `We are waiting for ${provider} to confirm your payment`,
  notConfirmed: (message: string) => `We could not confirm your payment yet: ${message}`,
  startFailed: (message: string) => `Unable to start payment: ${message}`,
  sendFailed: (message: string) => `Unable to record your transfer: ${message}`,
  instructionsFailed: (message: string) => `Unable to load the transfer details: ${message}`,
  sent: 'Thank you. We will confirm your transfer and e-mail you; this usually takes under 30 minutes.',
  partPaid: 'We have received part of the payment for this order. Please contact us to pay the rest: we prepare your order once it is paid in full.',
} as const;

/** The waits before each automatic re-check of a pending payment; then 'Check again'. */
export const RECHECK_DELAYS_MS = [3000, 6000, 12000] as const;

export type PaymentReturn = {
  orderId: string;
  /** The provider's key as the shop sent it (paystack, flutterwave, payPal, monnify). */
  provider: string;
  /** Every query parameter but the order id, as the verify call takes them. */
  params: Record<string, string>;
};

/** A payment that came back unfinished: still pending, or failed with the shop's words. */
export type PaymentCheck = { ret: PaymentReturn; phase: 'pending' | 'failed'; message: string };

type Query = Record<string, string | string[] | undefined>;

/**
 * The provider's return in a checkout query, or null when it is not one.
 * @example readPaymentReturn({ orderId: 'o1', payment: 'paystack', reference: 'RF-1-ab', trxref: 'RF-1-ab' })
 * // { orderId: 'o1', provider: 'paystack', params: { payment: 'paystack', reference: 'RF-1-ab', trxref: 'RF-1-ab' } }
 */
export function readPaymentReturn(query: Query): PaymentReturn | null {
  const params: Record<string, string> = {};
  for (const [key, value] of Object.entries(query)) {
    const first = Array.isArray(value) ? value[0] : value;
    if (key !== 'orderId' && typeof first === 'string') params[key] = first;
  }
  const orderId = typeof query.orderId === 'string' ? query.orderId : '';
  if (!orderId || !params.payment || !params.reference) return null;
  return { orderId, provider: params.payment, params };
}

/** The provider's name for the shopper: 'paystack' → 'Paystack'. */
export const providerLabel = methodLabel;

/** Whether the shopper said their transfer is on its way (staff have not confirmed it yet). */
export const isAwaitingConfirmation = (order: Order): boolean =>
  !isPaidStatus(order.paymentStatus) && order.paymentStatus.trim().toLowerCase() === AWAITING_CONFIRMATION_WORDING;

/** Whether staff confirmed part of the money (a transfer short of the total): the order is closed to changes and waits for the rest. */
export const isPartPaid = (order: Order): boolean => !isPaidStatus(order.paymentStatus) && order.paymentStatus.trim().toUpperCase() === PART_PAID_WORDING;

/** Whether the order waits on the shop about money already sent (a transfer to confirm, or the rest of a part payment): the checkout cannot change it. */
export const isWaitingOnShop = (order: Order): boolean => isAwaitingConfirmation(order) || isPartPaid(order);

export type Verdict = { order: Order; paid: boolean; check: PaymentCheck | null };

/** Asks the shop about a return. A 404 (unknown order) is thrown like the order fetch's. */
export async function verifyReturn(api: ApiClient, ret: PaymentReturn): Promise<Verdict> {
  try {
    const answer = await verifyPayment(api, ret.orderId, ret.params);
    const paid = answer.outcome === 'paid' || isPaidStatus(answer.order.paymentStatus);
    return { order: answer.order, paid, check: paid ? null : { ret, phase: answer.outcome === 'failed' ? 'failed' : 'pending', message: answer.message } };
  } catch (error) {
    if ((error as { status?: unknown }).status === 404) throw error;
    const order = await getOrder(api, ret.orderId);
    const paid = isPaidStatus(order.paymentStatus);
    return { order, paid, check: paid ? null : { ret, phase: 'pending', message: PAYMENT_TEXT.notConfirmed(messageOf(error)) } };
  }
}

/**
 * After a refused payment start: a 409 means the order changed on the server (e.g. a coupon that
 * lapsed was taken off, so the total is new), so the page shows the order as it now is instead
 * of the amount that can no longer be paid. Other failures leave the order as it was.
 */
export async function reloadIfChanged(api: ApiClient, orderId: string, error: unknown): Promise<void> {
  if ((error as { status?: unknown }).status !== 409) return;
  try {
    dispatchOrder({ type: 'setOrder', order: await getOrder(api, orderId) });
  } catch {
    // The toast already says what went wrong; the next load of the page shows the new order.
  }
}

/** A paid order: the done stage shows it and this device forgets the checkout. */
export async function showPaid(order: Order): Promise<void> {
  dispatchOrder({ type: 'setOrder', order });
  dispatchOrder({ type: 'setStage', stage: 3 });
  await forgetCheckout();
}

/**
 * The state of an unfinished return and its re-checks: `check` (null when there is none),
 * `checking` while a verify call runs, `canCheckAgain` once the automatic re-checks are used up.
 */
export function usePaymentCheck(initial: PaymentCheck | null) {
  const getApi = useApi();
  const [check, setCheck] = useState(initial);
  const [tries, setTries] = useState(0);
  const [checking, setChecking] = useState(false);

  const checkNow = useCallback(async () => {
    if (!check) return;
    setChecking(true);
    try {
      const verdict = await verifyReturn(await getApi(), check.ret);
      if (verdict.paid) {
        await showPaid(verdict.order);
        return;
      }
      dispatchOrder({ type: 'setOrder', order: verdict.order });
      setCheck(verdict.check);
    } catch (error) {
      setCheck({ ...check, phase: 'pending', message: PAYMENT_TEXT.notConfirmed(messageOf(error)) });
    } finally {
      setTries((n) => n + 1);
      setChecking(false);
    }
  }, [check, getApi]);

  const delay = check?.phase === 'pending' && !checking ? RECHECK_DELAYS_MS[tries] : undefined;
  useEffect(() => {
    if (delay === undefined) return;
    const timer = setTimeout(() => void checkNow(), delay);
    return () => clearTimeout(timer);
  }, [delay, checkNow]);

  return { check, checking, canCheckAgain: check?.phase === 'pending' && tries >= RECHECK_DELAYS_MS.length, checkNow };
}
