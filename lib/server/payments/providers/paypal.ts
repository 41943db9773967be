/**
 * PayPal (USD, GBP) through its REST API: an OAuth2 client-credentials token (cached until
 * shortly before it expires), Orders v2 create → the payer approves on PayPal → capture, and
 * webhooks checked by PayPal's own verify-webhook-signature call (PayPal signs with a
 * certificate; asking PayPal is its documented way to verify). Money only counts when the
 * capture itself is COMPLETED: an APPROVED or COMPLETED order alone is not a payment.
 *
 * Captures carry `PayPal-Request-Id: <reference>-capture`, so a retried, repeated or concurrent
 * verify captures once (PayPal answers the same request id with the same result).
 *
 * An order the payer never approved is 'pending' (the payer may still be on PayPal's page;
 * PayPal orders have no "cancelled" state, they just expire), or 'cancelled' when the shopper
 * came back through our cancel URL (its `cancelled=1`). Neither can ever mark anything paid.
 */
import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import type { PaymentsConfig } from '@/lib/server/config';
import { callProvider, ProviderRefusedError, redact } from '@/lib/server/payments/http';
import { now } from '@/lib/server/security/clock';
import {
  decimalsFor,
  decimalToMinor,
  minorToDecimal,
  ProviderUnavailableError,
  WebhookSignatureError,
  type AttemptRef,
  type PaymentProvider,
  type Started,
  type StartInput,
  type Verification,
  type WebhookNotice,
} from '@/lib/server/payments/provider';

/** The `payPal` block of the configuration with its keys filled (or the sandbox's) and the timeout. */
export type PayPalConfig = PaymentsConfig['payPal'] & { clientId: string; clientSecret: string; timeoutMs: number };

const LABEL = 'PayPal';

// ---------------------------------------------------------------------------------------------
// Amounts: PayPal speaks decimal strings ('35.10'); we speak bigint minor units (3510n).

/** Currencies PayPal lists without decimals (only used to read a wrong-currency capture right). */
const ZERO_DECIMAL = new Set(['JPY', 'HUF', 'TWD']);

function decimalsOf(currency: string): number {
  return decimalsFor(currency, ZERO_DECIMAL.has(currency) ? 0 : 2);
}

/** 3510n USD → '35.10' (exact; no floating point). */
export function toPayPalValue(amountMinor: bigint, currency: string): string {
  return minorToDecimal(amountMinor, decimalsOf(currency));
}

/** '35.10' USD → 3510n, '35.1' → 3510n, '35' → 3500n; anything else (or more decimals than the currency has) → null. */
export function fromPayPalValue(value: unknown, currency: string): bigint | null {
  return typeof value === 'string' ? decimalToMinor(value, decimalsOf(currency)) : null;
}

// ---------------------------------------------------------------------------------------------
// Tokens, shared by every provider instance with the same credentials (the registry may build
// a provider per request).

type CachedToken = { token: string; expiresAt: number };
const tokens = new Map<string, CachedToken | Promise<CachedToken>>();

/** Keep a margin so a token is never used in its last minute (or last tenth of a short life). */
function usableUntil(issuedAt: number, expiresInSeconds: number): number {
  const lifeMs = Math.max(0, expiresInSeconds) * 1000;
  return issuedAt + lifeMs - Math.min(60_000, lifeMs / 10);
}

// ---------------------------------------------------------------------------------------------

type Json = Record<string, unknown>;
type CallOptions = { what: string; auth: 'basic' | 'bearer'; body?: string; form?: string; headers?: Record<string, string> };
type Answer = { status: number; body: Json };

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const first = (v: unknown): Json => obj(Array.isArray(v) ? v[0] : undefined);

type Capture = { status: string; currency: string; amountMinor: bigint | null; id: string | undefined };

/** The purchase unit's first capture, or undefined when there is none yet. */
function captureOf(order: Json): Capture | undefined {
  const capture = first(obj(first(order.purchase_units).payments).captures);
  const status = str(capture.status);
  if (!status) return undefined;
  const amount = obj(capture.amount);
  const currency = str(amount.currency_code) ?? '';
  return { status, currency, amountMinor: fromPayPalValue(amount.value, currency), id: str(capture.id) };
}

/** Capture events the shop acts on (the service's verify then reads the capture's status). */
const CAPTURE_EVENTS = new Set(['PAYMENT.CAPTURE.COMPLETED', 'PAYMENT.CAPTURE.PENDING', 'PAYMENT.CAPTURE.DENIED', 'PAYMENT.CAPTURE.DECLINED']);

export function createPayPal(cfg: PayPalConfig): PaymentProvider {
  const baseUrl = cfg.baseUrl.replace(/\/+$/, '');
  const tokenKey = createHash('sha256').update(`${baseUrl}\n${cfg.clientId}\n${cfg.clientSecret}`).digest('hex');

  const secrets = [cfg.clientSecret, Buffer.from(`${cfg.clientId}:${cfg.clientSecret}`).toString('base64')];

  async function send(method: 'GET' | 'POST', path: string, options: CallOptions, token?: string): Promise<Answer> {
    const headers: Record<string, string> = { ...options.headers };
    headers.Authorization = options.auth === 'basic' ? `Basic ${secrets[1]}` : `Bearer ${token ?? ''}`;
    if (options.form !== undefined) headers['Content-Type'] = 'application/x-www-form-urlencoded';
    else if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    const answer = await callProvider({
      label: LABEL,
      method,
      url: `${baseUrl}${path}`,
      headers,
      body: options.form ?? options.body,
      timeoutMs: cfg.timeoutMs,
      secrets: token ? [...secrets, token] : secrets,
    });
    // Too many requests is PayPal being busy, like a 5xx: the shopper may try again shortly.
    if (answer.status === 429) throw new ProviderUnavailableError(LABEL, `${options.what}: answered 429`);
    return { status: answer.status, body: obj(answer.json) };
  }

  function refused(what: string, answer: Answer): ProviderRefusedError {
    const name = str(answer.body.name) ?? str(answer.body.error) ?? 'ERROR';
    const issue = str(first(answer.body.details).issue) ?? str(answer.body.error_description);
    const words = redact([name, issue].filter(Boolean).join(': '), secrets).slice(0, 200);
    return new ProviderRefusedError(LABEL, `${what}: answered ${answer.status} ${words}`);
  }

  async function fetchToken(): Promise<CachedToken> {
    const issuedAt = now().getTime();
    const answer = await send('POST', '/v1/oauth2/token', { what: 'sign in', auth: 'basic', form: 'grant_type=client_credentials' });
    const token = str(answer.body.access_token);
    if (answer.status !== 200 || !token) throw refused('sign in (check PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET)', answer);
    const expiresIn = typeof answer.body.expires_in === 'number' ? answer.body.expires_in : 0;
    return { token, expiresAt: usableUntil(issuedAt, expiresIn) };
  }

  async function accessToken(): Promise<string> {
    const cached = tokens.get(tokenKey);
    if (cached && !(cached instanceof Promise) && cached.expiresAt > now().getTime()) return cached.token;
    if (cached instanceof Promise) return (await cached).token;
    const pending = fetchToken();
    tokens.set(tokenKey, pending);
    try {
      const fresh = await pending;
      tokens.set(tokenKey, fresh);
      return fresh.token;
    } catch (error) {
      tokens.delete(tokenKey);
      throw error;
    }
  }

  /** A call with the bearer token; a 401 (token revoked or expired early) gets one fresh token and a retry. */
  async function api(method: 'GET' | 'POST', path: string, options: Omit<CallOptions, 'auth'>): Promise<Answer> {
    const answer = await send(method, path, { ...options, auth: 'bearer' }, await accessToken());
    if (answer.status !== 401) return answer;
    tokens.delete(tokenKey);
    return send(method, path, { ...options, auth: 'bearer' }, await accessToken());
  }

  /** What an order (from GET or capture) says about the attempt. */
  function judge(attempt: AttemptRef, order: Json, query: Record<string, string>): Verification {
    const unit = first(order.purchase_units);
    const reference = str(unit.custom_id) ?? str(unit.reference_id) ?? '';
    const orderId = str(order.id);
    const status = str(order.status) ?? 'UNKNOWN';
    const capture = captureOf(order);
    if (capture) {
      const outcome: Verification['status'] =
        capture.status === 'COMPLETED' ? 'success' : capture.status === 'PENDING' ? 'pending' : 'failed';
      return {
        status: outcome,
        reference,
        currency: capture.currency,
        amountMinor: capture.amountMinor ?? 0n,
        providerTransactionId: orderId,
        detail: `PayPal order ${status}, capture ${capture.id ?? ''} ${capture.status}`.replace(/\s+/g, ' '),
      };
    }
    const asked = obj(unit.amount);
    const currency = str(asked.currency_code) ?? attempt.currency;
    const askedMinor = fromPayPalValue(asked.value, currency);
    const base = { reference, currency, amountMinor: askedMinor ?? 0n, providerTransactionId: orderId };
    if (status === 'VOIDED') return { ...base, status: 'cancelled', detail: 'PayPal order VOIDED' };
    if (status === 'COMPLETED') return { ...base, status: 'failed', detail: 'PayPal order COMPLETED without a capture' };
    if (query.cancelled === '1') return { ...base, status: 'cancelled', detail: `The shopper cancelled on PayPal (order ${status})` };
    return { ...base, status: 'pending', detail: `PayPal order ${status}: not approved by the payer yet` };
  }

  return {
    key: 'payPal',

    async start(input: StartInput): Promise<Started> {
      const body = {
        intent: 'CAPTURE',
        purchase_units: [
          {
            reference_id: input.reference,
            custom_id: input.reference,
            invoice_id: input.reference,
            description: `Regal Flowers order ${input.orderNumber}`,
            amount: { currency_code: input.currency, value: toPayPalValue(input.amountMinor, input.currency) },
          },
        ],
        payment_source: {
          paypal: {
            experience_context: {
              return_url: input.callbackUrl,
              cancel_url: input.cancelUrl,
              user_action: 'PAY_NOW',
              shipping_preference: 'NO_SHIPPING',
              brand_name: 'Regal Flowers',
            },
          },
        },
      };
      const answer = await api('POST', '/v2/checkout/orders', {
        what: 'create the payment',
        body: JSON.stringify(body),
        headers: { 'PayPal-Request-Id': `${input.reference}-create`, Prefer: 'return=representation' },
      });
      if (answer.status !== 200 && answer.status !== 201) throw refused('create the payment', answer);
      const id = str(answer.body.id);
      const links = Array.isArray(answer.body.links) ? answer.body.links.map(obj) : [];
      const link = links.find((l) => l.rel === 'payer-action') ?? links.find((l) => l.rel === 'approve');
      const redirectUrl = link && str(link.href);
      if (!id || !redirectUrl) throw new ProviderUnavailableError(LABEL, 'create the payment: no order id or approval link in the answer');
      return { redirectUrl, providerTransactionId: id };
    },

    async verify(attempt: AttemptRef, query: Record<string, string>): Promise<Verification> {
      // The id we stored at start wins; the return query's `token` is only a fallback.
      const orderId = attempt.providerTransactionId ?? str(query.token);
      if (!orderId || !/^[A-Za-z0-9-]{1,64}$/.test(orderId)) {
        return { status: 'pending', reference: attempt.reference, currency: attempt.currency, amountMinor: 0n, detail: 'No PayPal order id to look up' };
      }
      const path = `/v2/checkout/orders/${encodeURIComponent(orderId)}`;
      const shown = await api('GET', path, { what: 'look up the payment' });
      if (shown.status === 404) {
        return { status: 'failed', reference: attempt.reference, currency: attempt.currency, amountMinor: 0n, providerTransactionId: orderId, detail: 'PayPal does not know this order' };
      }
      if (shown.status !== 200) throw refused('look up the payment', shown);
      if (shown.body.status !== 'APPROVED') return judge(attempt, shown.body, query);

      const captured = await api('POST', `${path}/capture`, {
        what: 'capture the payment',
        body: '{}',
        headers: { 'PayPal-Request-Id': `${attempt.reference}-capture`, Prefer: 'return=representation' },
      });
      if (captured.status === 200 || captured.status === 201) return judge(attempt, captured.body, query);
      const issue = str(first(captured.body.details).issue);
      if (captured.status === 422 && issue === 'ORDER_ALREADY_CAPTURED') {
        const again = await api('GET', path, { what: 'look up the payment' });
        if (again.status !== 200) throw refused('look up the payment', again);
        return judge(attempt, again.body, query);
      }
      if (captured.status === 422 && (issue === 'INSTRUMENT_DECLINED' || issue === 'TRANSACTION_REFUSED')) {
        return { ...judge(attempt, shown.body, query), status: 'failed', detail: `PayPal declined the capture (${issue})` };
      }
      if (captured.status === 422 && (issue === 'ORDER_NOT_APPROVED' || issue === 'PAYER_ACTION_REQUIRED')) {
        return { ...judge(attempt, shown.body, query), status: 'pending', detail: `PayPal: ${issue}` };
      }
      throw refused('capture the payment', captured);
    },

    async readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookNotice | null> {
      const header = (name: string) => {
        const value = headers[name];
        return str(Array.isArray(value) ? value[0] : value);
      };
      const fields = {
        auth_algo: header('paypal-auth-algo'),
        cert_url: header('paypal-cert-url'),
        transmission_id: header('paypal-transmission-id'),
        transmission_sig: header('paypal-transmission-sig'),
        transmission_time: header('paypal-transmission-time'),
      };
      const missing = Object.entries(fields).filter(([, v]) => v === undefined).map(([k]) => `paypal-${k.replace('_', '-')}`);
      if (missing.length > 0) throw new WebhookSignatureError(`PayPal webhook without ${missing.join(', ')}`);
      if (!cfg.webhookId) throw new WebhookSignatureError('PayPal webhook cannot be verified: PAYPAL_WEBHOOK_ID is not configured');
      const text = rawBody.toString('utf8');
      let event: Json;
      try {
        const parsed: unknown = JSON.parse(text);
        if (!isObject(parsed)) throw new Error('not an object');
        event = parsed;
      } catch {
        throw new WebhookSignatureError('PayPal webhook body is not a JSON event');
      }
      // The event goes to PayPal as the exact bytes received (re-serialising could change them).
      const request = `{${Object.entries({ ...fields, webhook_id: cfg.webhookId })
        .map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`)
        .join(',')},"webhook_event":${text}}`;
      const answer = await api('POST', '/v1/notifications/verify-webhook-signature', { what: 'verify a webhook', body: request });
      if (answer.status === 400 || answer.status === 422) throw new WebhookSignatureError('PayPal rejected the webhook signature fields');
      if (answer.status !== 200) throw refused('verify a webhook', answer);
      if (answer.body.verification_status !== 'SUCCESS') throw new WebhookSignatureError();

      const resource = obj(event.resource);
      const type = str(event.event_type) ?? '';
      if (type === 'CHECKOUT.ORDER.APPROVED' || type === 'CHECKOUT.ORDER.COMPLETED') {
        const unit = first(resource.purchase_units);
        return { providerTransactionId: str(resource.id), reference: str(unit.custom_id) ?? str(unit.reference_id) };
      }
      if (CAPTURE_EVENTS.has(type)) {
        const orderId = str(obj(obj(resource.supplementary_data).related_ids).order_id);
        return { reference: str(resource.custom_id), providerTransactionId: orderId };
      }
      return null;
    },
  };
}
