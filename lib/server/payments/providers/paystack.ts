/**
 * Paystack (NGN, USD) over its documented REST API:
 * - start: `POST /transaction/initialize` {email, amount (minor unit, a JSON integer: our bigint
 *   converted at the edge, exact below 2^53), currency,
 *   reference, callback_url, metadata.cancel_action} with `Authorization: Bearer <secret key>`
 *   → `data.authorization_url`, the hosted page the shopper is sent to;
 * - verify: `GET /transaction/verify/:reference` → `data.status` ('success' only when the money
 *   was taken), `data.reference`, `data.amount`, `data.currency`, `data.id`, `data.gateway_response`;
 * - webhook: `x-paystack-signature` is the hex HMAC-SHA512 of the raw body keyed with the
 *   secret key; only `charge.success` (by `data.reference`) matters to the shop.
 * It reports what Paystack says; the payments service decides whether the order is paid.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { z } from 'zod';
import type { PaymentsConfig } from '@/lib/server/config';
import { BadRequestError } from '@/lib/server/http/errors';
import { callProvider, providerMessage, ProviderRefusedError } from '@/lib/server/payments/http';
import { jsonIntegerToMinor, minorToJsonInteger, ProviderUnavailableError, WebhookSignatureError, type PaymentProvider, type Verification } from '@/lib/server/payments/provider';

export type PaystackConfig = PaymentsConfig['paystack'] & { secretKey: string; timeoutMs: number };

const LABEL = 'Paystack';

/** The signature Paystack puts in `x-paystack-signature`: hex HMAC-SHA512 of the raw body. */
export function paystackSignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

const initializeAnswer = z.object({
  status: z.literal(true),
  data: z.object({ authorization_url: z.string().url(), access_code: z.string().optional(), reference: z.string().optional() }),
});

const verifyAnswer = z.object({
  status: z.literal(true),
  data: z.object({
    id: z.union([z.number(), z.string()]).optional(),
    status: z.string(),
    reference: z.string(),
    amount: z.number().int(),
    currency: z.string(),
    gateway_response: z.string().nullish(),
  }),
});

const webhookEvent = z.object({
  event: z.string(),
  data: z.object({ reference: z.string().optional(), id: z.union([z.number(), z.string()]).optional() }).loose().optional(),
});

/** Paystack's transaction statuses in the shop's terms. */
function statusOf(paystackStatus: string): Verification['status'] {
  switch (paystackStatus) {
    case 'success':
      return 'success';
    case 'failed':
    case 'reversed':
      return 'failed';
    case 'abandoned':
      return 'cancelled';
    default: // ongoing, pending, processing, queued
      return 'pending';
  }
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? undefined : value;
}

export function createPaystack(cfg: PaystackConfig): PaymentProvider {
  const secrets = [cfg.secretKey];
  const base = cfg.baseUrl.replace(/\/+$/, '');
  const auth = { authorization: `Bearer ${cfg.secretKey}` };

  return {
    key: 'paystack',

    async start(input) {
      const { status, json } = await callProvider({
        label: LABEL,
        method: 'POST',
        url: `${base}/transaction/initialize`,
        headers: auth,
        body: {
          email: input.customer.email,
          amount: minorToJsonInteger(input.amountMinor),
          currency: input.currency,
          reference: input.reference,
          callback_url: input.callbackUrl,
          metadata: { order_id: input.orderId, order_number: input.orderNumber, cancel_action: input.cancelUrl },
        },
        timeoutMs: cfg.timeoutMs,
        secrets,
      });
      if (status >= 400) throw new ProviderRefusedError(LABEL, `initialize answered ${status}: ${providerMessage(json, secrets)}`);
      const parsed = initializeAnswer.safeParse(json);
      if (!parsed.success) throw new ProviderUnavailableError(LABEL, `initialize answered ${status} without an authorization_url`);
      return { redirectUrl: parsed.data.data.authorization_url };
    },

    async verify(attempt) {
      const { status, json } = await callProvider({
        label: LABEL,
        method: 'GET',
        url: `${base}/transaction/verify/${encodeURIComponent(attempt.reference)}`,
        headers: auth,
        timeoutMs: cfg.timeoutMs,
        secrets,
      });
      const message = providerMessage(json, secrets);
      // Paystack has no transaction with this reference: the payment never started there.
      if ((status === 400 || status === 404) && /not found/i.test(message)) {
        return { status: 'failed', reference: attempt.reference, currency: attempt.currency, amountMinor: 0n, detail: 'Paystack has no such payment' };
      }
      if (status >= 400) throw new ProviderRefusedError(LABEL, `verify answered ${status}: ${message}`);
      const parsed = verifyAnswer.safeParse(json);
      if (!parsed.success) throw new ProviderUnavailableError(LABEL, `verify answered ${status} without a transaction`);
      const data = parsed.data.data;
      const amountMinor = jsonIntegerToMinor(data.amount);
      if (amountMinor === null) throw new ProviderUnavailableError(LABEL, 'verify answered an unreadable amount');
      return {
        status: statusOf(data.status),
        reference: data.reference,
        currency: data.currency,
        amountMinor,
        ...(data.id !== undefined && { providerTransactionId: String(data.id) }),
        detail: (data.gateway_response || data.status).slice(0, 200),
      };
    },

    async readWebhook(rawBody, headers) {
      const given = header(headers, 'x-paystack-signature')?.trim();
      if (!given) throw new WebhookSignatureError('Missing x-paystack-signature header');
      const expected = Buffer.from(paystackSignature(rawBody, cfg.secretKey), 'hex');
      const sent = /^[0-9a-f]+$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
      if (sent.length !== expected.length || !timingSafeEqual(sent, expected)) throw new WebhookSignatureError();
      let body: unknown;
      try {
        body = JSON.parse(rawBody.toString('utf8'));
      } catch {
        throw new BadRequestError('The webhook body is not valid JSON');
      }
      const event = webhookEvent.safeParse(body);
      if (!event.success || event.data.event !== 'charge.success' || !event.data.data?.reference) return null;
      const { reference, id } = event.data.data;
      return { reference, ...(id !== undefined && { providerTransactionId: String(id) }) };
    },
  };
}
