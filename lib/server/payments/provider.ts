/**
 * The one interface every card/wallet payment provider implements (Paystack, Flutterwave,
 * PayPal, Monnify), so that the payments service (lib/server/payments/service.ts) starts,
 * verifies and reads webhooks the same way for all of them. A provider speaks its own
 * documented REST API to `baseUrl` (the real one, a local fake in tests, or our built-in
 * sandbox); it never decides whether an order is paid: it reports what the provider says, and
 * the service compares that with the attempt (reference, currency, amount) before paying.
 */
import { randomBytes } from 'node:crypto';
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
  /** The order's total in its currency's minor unit (kobo, cents, pence), exact. */
  amountMinor: bigint;
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
  /** The amount the provider says was paid, in the currency's minor unit (converted exactly at the edge). */
  amountMinor: bigint;
  providerTransactionId?: string;
  /** The provider's words, for the attempt's note. */
  detail?: string;
};

/** The attempt as the service knows it, for `verify`. */
export type AttemptRef = {
  reference: string;
  providerTransactionId: string | null;
  amountMinor: bigint;
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

  /** Safe for the log (see `describeError`): our own words, with the provider's secrets redacted. */
  get logDetail(): string {
    return this.detail;
  }
}

/** The minor units per major unit of each currency (all three have 100). */
export const MINOR_UNITS: Record<CurrencyCode, bigint> = { NGN: 100n, USD: 100n, GBP: 100n };

// ---------------------------------------------------------------------------------------------
// Amounts at the providers' edge. Minor units are bigint everywhere in the shop (an order of
// ₦21,474,837 is more kobo than a 4-byte integer holds); providers speak JSON numbers (Paystack's
// integer kobo) or major-unit decimals (Flutterwave, Monnify, PayPal). Every conversion is exact
// decimal text ↔ bigint arithmetic: never a float multiplication.

/** How many decimals a currency's major unit has (2 for 100 minor units, 0 for 1). */
export function decimalsFor(currency: string, fallback = 2): number {
  const units = MINOR_UNITS[currency as CurrencyCode] as bigint | undefined;
  return units === undefined ? fallback : units.toString().length - 1;
}

/** The order's total (whole major units, as orders store it) in minor units. @example orderAmountMinor(24500, 'NGN') // 2450000n */
export function orderAmountMinor(totalInCurrency: number, currency: CurrencyCode): bigint {
  if (!Number.isSafeInteger(totalInCurrency)) throw new RangeError(`Bad order total ${totalInCurrency}`);
  return BigInt(totalInCurrency) * MINOR_UNITS[currency];
}

/** Minor units as a major-unit decimal string: 3510n USD → '35.10', 7n → '0.07' (no floating point). */
export function minorToDecimal(amountMinor: bigint, decimals: number): string {
  if (amountMinor < 0n) throw new RangeError(`Bad amount ${amountMinor}`);
  if (decimals === 0) return amountMinor.toString();
  const digits = amountMinor.toString().padStart(decimals + 1, '0');
  return `${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/**
 * A provider's major-unit amount as minor units, exactly: a decimal string ('24500.00') or a JSON
 * number (24500.5: read through its shortest decimal text, which is what the JSON carried);
 * null when it is not a non-negative decimal with at most `decimals` places (after trailing zeros).
 * @example decimalToMinor('35.1', 2) // 3510n
 */
export function decimalToMinor(value: unknown, decimals: number): bigint | null {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : typeof value === 'string' ? value.trim() : '';
  const match = /^(\d{1,18})(?:\.(\d+))?$/.exec(text);
  if (!match) return null;
  const fraction = (match[2] ?? '').replace(/0+$/, '');
  if (fraction.length > decimals) return null;
  return BigInt(match[1]!) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
}

/**
 * Minor units as the JSON number a major-unit API takes (Flutterwave, Monnify): exact, because the
 * number is built from the decimal text and has at most 15 significant digits.
 */
export function minorToMajorNumber(amountMinor: bigint, decimals: number): number {
  if (amountMinor <= 0n || amountMinor >= 10n ** 15n) throw new RangeError(`Amount ${amountMinor} is out of range`);
  return Number(minorToDecimal(amountMinor, decimals));
}

/** Minor units as a JSON integer (Paystack's kobo): exact below 2^53, refused above. */
export function minorToJsonInteger(amountMinor: bigint): number {
  if (amountMinor <= 0n || amountMinor > BigInt(Number.MAX_SAFE_INTEGER)) throw new RangeError(`Amount ${amountMinor} is out of range`);
  return Number(amountMinor);
}

/** A JSON integer of minor units (Paystack's `amount`) as bigint; null when it is not a safe non-negative integer. */
export function jsonIntegerToMinor(value: unknown): bigint | null {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? BigInt(value) : null;
}

/** A new attempt reference: the order number and 8 random hex digits (an order's and its charges' payments alike). */
export function newReference(orderNumber: string): string {
  return `${orderNumber}-${randomBytes(4).toString('hex')}`;
}
