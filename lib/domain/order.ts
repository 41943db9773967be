/** Order rules the client needs (spec sections 3 and 4). */

export type CheckoutStage = 1 | 2 | 3;

/**
 * Whether a payment status counts as paid: it contains 'go ahead' or starts with 'paid'
 * (any case), as the shop's staff write them ("PAID - GO AHEAD (Paystack)").
 * @example isPaidStatus('PAID - GO AHEAD (bank transfer)') // true
 * @example isPaidStatus('not paid') // false
 */
export function isPaidStatus(paymentStatus: string | null | undefined): boolean {
  const status = (paymentStatus ?? '').trim().toLowerCase();
  return status.startsWith('paid') || status.includes('go ahead');
}

/**
 * Whether a payment status is a test payment's: paid through the built-in sandbox, where no money
 * is taken (lib/domain/checkout.ts `TEST_PAYMENT_MARK`). Such an order still counts as paid.
 * @example isTestPaymentStatus('PAID - GO AHEAD (Paystack) – TEST PAYMENT, no money taken') // true
 * @example isTestPaymentStatus('PAID - GO AHEAD (Paystack)') // false
 */
export function isTestPaymentStatus(paymentStatus: string | null | undefined): boolean {
  return (paymentStatus ?? '').includes('TEST PAYMENT');
}

/** What the done stage and the tracker say under a test payment. */
export const TEST_PAYMENT_NOTE = "TEST PAYMENT: paid in the shop's payment sandbox, no money was taken.";

/** Whether a URL is the checkout page (with or without its query). */
export function isCheckoutUrl(url: string): boolean {
  return /^\/checkout(?:[/?#]|$)/.test(url);
}
