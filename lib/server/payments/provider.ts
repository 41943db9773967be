/**
 * The one interface every card/wallet payment provider implements (Paystack, Flutterwave,
 * PayPal, Monnify), so that the payments service (lib/server/payments/service.ts) starts,
 * verifies and reads webhooks the same way for all of them. A provider speaks its own
 * documented REST API to `baseUrl` (the real one, a local fake in tests, or our built-in
 * sandbox); it never decides whether an order is paid: it reports what the provider says, and
 * the service compares that with the attempt (reference, currency, amount) before paying.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { CurrencyCode } from '@/lib/domain/money';
import { HttpError } from '@/lib/server/http/errors';

export type CardMethodKey = 'paystack' | 'flutterwave' | 'payPal' | 'monnify';

/** What the service asks a provider to collect: one attempt, with its own reference. */
export type StartInput = {
  /** Our reference for this attempt, unique per provider (e.g. RF-384638-2c9f1a7b). */
  reference: string;
  orderId: string;
  orderNumber: string;
  /** The order's total in its currency's minor unit (kobo, cents, pence). */
  amountMinor: number;
  currency: CurrencyCode;
  customer: { email: string; name: string; phone: string };
  /** Where the provider sends the shopper back (our checkout page), already carrying the reference. */
  callbackUrl: string;
  /** Where the shopper lands on cancelling (providers that have a separate cancel URL). */
  cancelUrl: string;
};

export type Started = {
  /** The provider's hosted page to send the shopper to. */
  redirectUrl: string;
  /** The provider's own id, when it gives one at start (PayPal order id). */
  providerTransactionId?: string;
};

/** What the provider says about an attempt, in its own figures. */
export type Verification = {
  /**
   * 'success' only when the provider itself confirms the money was taken (PayPal: the capture is
   * COMPLETED); 'pending' while the shopper has not finished; 'failed' / 'cancelled' otherwise.
   */
  status: 'success' | 'pending' | 'failed' | 'cancelled';
  /** Our reference as the provider reports it back. */
  reference: string;
  currency: string;
  /** The amount the provider says was paid, in the currency's minor unit. */
  amountMinor: number;
  providerTransactionId?: string;
  /** The provider's words, for the attempt's note. */
  detail?: string;
};

/** The attempt as the service knows it, for `verify`. */
export type AttemptRef = {
  reference: string;
  providerTransactionId: string | null;
  amountMinor: number;
  currency: CurrencyCode;
};

/** Which attempt a (verified) webhook is about. */
export type WebhookNotice = { reference?: string; providerTransactionId?: string };

export interface PaymentProvider {
  readonly key: CardMethodKey;
  /** Creates the transaction at the provider and answers where to send the shopper. */
  start(input: StartInput): Promise<Started>;
  /**
   * Asks the provider about an attempt: on the shopper's return (with the query the provider
   * added to the callback URL) and after a webhook. Never trusts the return query alone: it is
   * only used to find the provider's transaction (e.g. Flutterwave's `transaction_id`). PayPal
   * captures here, once (a request id derived from the reference makes retries safe).
   */
  verify(attempt: AttemptRef, returnQuery: Record<string, string>): Promise<Verification>;
  /**
   * Checks a webhook's signature over the exact raw body; throws `WebhookSignatureError` (401)
   * when it is missing or wrong. Answers which attempt the event is about, or null for events
   * the shop does not act on.
   */
  readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookNotice | null>;
}

/** A webhook without a valid signature: 401, nothing changes. */
export class WebhookSignatureError extends HttpError {
  constructor(message = 'Invalid webhook signature') {
    super(401, message);
    this.name = 'WebhookSignatureError';
  }
}

/** The provider timed out or failed (5xx, network): the shopper may try again with a new attempt. */
export class ProviderUnavailableError extends HttpError {
  constructor(providerLabel: string, readonly detail: string) {
    super(502, `${providerLabel} is not answering right now. Nothing has been charged; please try again in a moment.`);
    this.name = 'ProviderUnavailableError';
  }
}

/** The minor units per major unit of each currency (all three have 100). */
export const MINOR_UNITS: Record<CurrencyCode, number> = { NGN: 100, USD: 100, GBP: 100 };
