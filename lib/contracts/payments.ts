/**
 * Payment calls (issue 6). Every answer is the `{ data, error, message }` envelope.
 *
 * - `POST /v1/payments/start/{orderId}` {} → `PaymentStart`: for a card method (the order's
 *   `paymentMethod`, chosen with update-payment-details) a new attempt with its own reference and
 *   the provider's hosted page to send the shopper to; for a manual method the transfer
 *   instructions. 400 when the order has no payment method, 409 when it is paid, 502 when the
 *   provider does not answer (nothing changes; try again). It takes an `Idempotency-Key` header like
 *   the order's create call: a retry with the same key answers the first attempt again.
 * - `GET /v1/payments/verify/{orderId}?reference=…` (plus whatever the provider added to the
 *   return URL) → `PaymentOutcome`: asks the provider and, when it confirms the reference,
 *   currency and at least the amount, marks the order paid (once). Never trusts the query.
 * - `POST /v1/payments/webhook/{provider}`: the provider's webhook (raw body, signature checked;
 *   401 when missing or wrong), then the same verification.
 * - `POST /v1/payments/manual/{orderId}/sent` {} → `Order` with payment status 'awaiting
 *   confirmation': the shopper says the transfer was sent; staff confirm with
 *   `PUT /v1/admin/order/{id}/status` {status: 'paid'}.
 */
import type { Order } from '@/lib/contracts/orders';
import { emptyBody } from '@/lib/contracts/text';

/** {} (or only `business`): any other key is a 400. */
export const paymentStartBody = emptyBody;

/** Transfer details for a manual method, in the order's currency. */
export type ManualInstructions = {
  method: 'gtbTransfer' | 'leadBankTransfer' | 'natwestTransfer' | 'bitcoinTransfer';
  currency: string;
  /** The exact amount to send, in major units of the currency. */
  amount: number;
  /** The order number to quote as the transfer reference. */
  orderNumber: string;
  /** Label/value lines: bank, account name, account number, sort code, routing number or the Bitcoin address. */
  details: { label: string; value: string }[];
};

export type PaymentStart =
  | { kind: 'redirect'; provider: string; reference: string; redirectUrl: string }
  | { kind: 'manual'; instructions: ManualInstructions };

export type PaymentOutcome = {
  /** paid: the order is paid (now or before); pending: not finished yet; failed: declined, cancelled or not matching. */
  outcome: 'paid' | 'pending' | 'failed';
  /** Words for the shopper. */
  message: string;
  order: Order;
};
