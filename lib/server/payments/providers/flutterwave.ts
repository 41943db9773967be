/**
 * Flutterwave (NGN cards) over its v3 REST API, "Flutterwave Standard": POST /v3/payments gives
 * a hosted payment link for our `tx_ref`; on return (…?status=…&tx_ref=…&transaction_id=…) and
 * after a webhook we ask GET /v3/transactions/{id}/verify (or verify_by_reference when no id is
 * known) and report what Flutterwave says. The `status=successful` of the return URL is never
 * trusted: only the verify call's `data.status` counts, and the service compares tx_ref,
 * currency and amount. Webhooks carry the dashboard's secret hash in `verif-hash`, compared in
 * constant time. Flutterwave amounts are in major units (24500 for ₦24,500); ours are minor.
 */
import { callProvider } from '@/lib/server/payments/http';
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '@/lib/server/http/errors';
import {
  decimalsFor,
  decimalToMinor,
  minorToMajorNumber,
  ProviderUnavailableError,
  WebhookSignatureError,
  type AttemptRef,
  type PaymentProvider,
  type StartInput,
  type Started,
  type Verification,
  type WebhookNotice,
} from '../provider';

const LABEL = 'Flutterwave';

export type FlutterwaveConfig = {
  secretKey: string;
  /** The secret hash set on the dashboard; Flutterwave sends it back in `verif-hash`. */
  webhookHash: string;
  baseUrl: string;
  timeoutMs: number;
  /** The title on the hosted page (defaults to Regal Flowers). */
  brandName?: string;
};

type FlwAnswer = { status?: string; message?: string; data?: unknown };
type FlwTransaction = { id?: unknown; tx_ref?: unknown; status?: unknown; currency?: unknown; amount?: unknown; processor_response?: unknown };

/** One API call: JSON in and out, the timeout, and the error rules shared by every call. */
async function call(cfg: FlutterwaveConfig, method: 'GET' | 'POST', path: string, body?: unknown): Promise<{ status: number; json: FlwAnswer }> {
  // The shared rules of lib/server/payments/http.ts: timeout, 5xx and non-JSON → unavailable (502, retry); secrets scrubbed.
  const { status, json } = await callProvider({ label: LABEL, method, url: `${cfg.baseUrl}${path}`, headers: { authorization: `Bearer ${cfg.secretKey}` }, body, timeoutMs: cfg.timeoutMs, secrets: [cfg.secretKey, cfg.webhookHash] });
  return { status, json: (json ?? {}) as FlwAnswer };
}

function refused(what: string, status: number, json: FlwAnswer): HttpError {
  const said = typeof json.message === 'string' && json.message ? `: ${json.message.slice(0, 200)}` : '';
  return new HttpError(502, `${LABEL} refused to ${what} (HTTP ${status}${said}).`);
}

/** Flutterwave's major-unit amount (24500 or 24500.5) as minor units, exactly; null when unreadable. */
export function flutterwaveAmountToMinor(amount: unknown, currency: string): bigint | null {
  return decimalToMinor(amount, decimalsFor(currency));
}

const STATUSES: Record<string, Verification['status']> = { successful: 'success', failed: 'failed', cancelled: 'cancelled', pending: 'pending' };

function sameSecret(given: string, expected: string): boolean {
  // Hash both sides first so that the comparison takes the same time whatever the lengths.
  const a = createHash('sha256').update(given).digest();
  const b = createHash('sha256').update(expected).digest();
  return timingSafeEqual(a, b);
}

export function createFlutterwave(cfg: FlutterwaveConfig): PaymentProvider {
  /** A transaction by Flutterwave id or by our reference; null when Flutterwave has none. */
  async function fetchTransaction(path: string): Promise<FlwTransaction | null> {
    const { status, json } = await call(cfg, 'GET', path);
    if (status === 400 || status === 404) return null; // "No transaction was found for this id"
    if (status >= 300 || json.status !== 'success') throw refused('look up the payment', status, json);
    if (typeof json.data !== 'object' || json.data === null) throw new ProviderUnavailableError(LABEL, 'verify answered without data');
    return json.data as FlwTransaction;
  }

  return {
    key: 'flutterwave',

    async start(input: StartInput): Promise<Started> {
      if (input.amountMinor <= 0n) throw new Error(`Invalid amount ${input.amountMinor} for ${input.reference}`);
      const body = {
        tx_ref: input.reference,
        amount: minorToMajorNumber(input.amountMinor, decimalsFor(input.currency)),
        currency: input.currency,
        redirect_url: input.callbackUrl,
        customer: { email: input.customer.email, name: input.customer.name, phonenumber: input.customer.phone },
        customizations: { title: cfg.brandName ?? 'Regal Flowers', description: `Order ${input.orderNumber}` },
        meta: { order_id: input.orderId, order_number: input.orderNumber },
      };
      const { status, json } = await call(cfg, 'POST', '/v3/payments', body);
      if (status >= 300 || json.status !== 'success') throw refused('start the payment', status, json);
      const link = (json.data as { link?: unknown } | undefined)?.link;
      if (typeof link !== 'string' || !/^https?:\/\//.test(link)) throw new ProviderUnavailableError(LABEL, 'payments answered without a link');
      return { redirectUrl: link };
    },

    async verify(attempt: AttemptRef, returnQuery: Record<string, string>): Promise<Verification> {
      // The id from the return URL (or a verified webhook) finds the transaction fastest; a
      // forged or stale id that belongs to another tx_ref falls back to our own reference.
      const ids = [returnQuery.transaction_id, attempt.providerTransactionId ?? undefined].filter((id): id is string => typeof id === 'string' && /^\d{1,20}$/.test(id));
      // A declined card and a later successful one share the tx_ref with different ids: keep
      // looking (the other ids, then the reference) until a successful one turns up.
      let tx: FlwTransaction | null = null;
      const successful = (t: FlwTransaction | null) => t?.status === 'successful';
      for (const id of new Set(ids)) {
        const found = await fetchTransaction(`/v3/transactions/${id}/verify`);
        if (found && found.tx_ref === attempt.reference) {
          tx ??= found;
          if (successful(found)) {
            tx = found;
            break;
          }
        }
      }
      if (!successful(tx)) {
        const byReference = await fetchTransaction(`/v3/transactions/verify_by_reference?tx_ref=${encodeURIComponent(attempt.reference)}`);
        if (byReference && (successful(byReference) || !tx)) tx = byReference;
      }
      if (!tx) {
        // No charge exists yet: the shopper closed the page, or has not paid yet.
        const cancelled = returnQuery.status === 'cancelled';
        return { status: cancelled ? 'cancelled' : 'pending', reference: attempt.reference, currency: attempt.currency, amountMinor: 0n, detail: `${LABEL} has no transaction for this reference${cancelled ? ' (cancelled by the shopper)' : ''}` };
      }
      const currency = typeof tx.currency === 'string' ? tx.currency : '';
      const amountMinor = flutterwaveAmountToMinor(tx.amount, currency);
      if (amountMinor === null) throw new ProviderUnavailableError(LABEL, 'verify answered an unreadable amount');
      const said = typeof tx.status === 'string' ? tx.status : 'unknown';
      return {
        status: STATUSES[said] ?? 'pending',
        reference: typeof tx.tx_ref === 'string' ? tx.tx_ref : '',
        currency,
        amountMinor,
        providerTransactionId: tx.id === undefined || tx.id === null ? undefined : String(tx.id),
        detail: `${LABEL}: ${said}${typeof tx.processor_response === 'string' ? ` (${tx.processor_response.slice(0, 120)})` : ''}`,
      };
    },

    async readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookNotice | null> {
      const given = headers['verif-hash'];
      if (typeof given !== 'string' || !given || !cfg.webhookHash || !sameSecret(given, cfg.webhookHash)) {
        throw new WebhookSignatureError(given ? 'Invalid verif-hash' : 'Missing verif-hash');
      }
      let event: { event?: unknown; data?: { id?: unknown; tx_ref?: unknown } };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        return null;
      }
      if (event.event !== 'charge.completed' || typeof event.data !== 'object' || event.data === null) return null;
      const { id, tx_ref: reference } = event.data;
      return {
        reference: typeof reference === 'string' ? reference : undefined,
        providerTransactionId: typeof id === 'number' || typeof id === 'string' ? String(id) : undefined,
      };
    },
  };
}
