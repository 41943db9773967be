/**
 * A fake PayPal that speaks the REST calls the shop uses, for tests and the built-in sandbox:
 * OAuth2 client credentials (`/v1/oauth2/token`), Orders v2 create / show / capture with
 * `PayPal-Request-Id` idempotency (the same id gets the same answer and never a second capture),
 * the payer's approval page (the shared hosted page) and webhooks checked through
 * `/v1/notifications/verify-webhook-signature`.
 *
 * Orders move PAYER_ACTION_REQUIRED → APPROVED ('pay' on the page) → COMPLETED (capture). 'fail'
 * approves too, but the later capture is DECLINED; 'cancel' sends the payer to the cancel URL.
 *
 * Signing: PayPal signs `transmission_id|transmission_time|webhook_id|crc32(body)` with its
 * certificate's private key; this fake signs the same string with HMAC-SHA256 (hex) under a key
 * only it uses, so, as at PayPal, the shop can only check a webhook by asking the fake's
 * verify-webhook-signature, and a forged signature or a body changed after signing fails there.
 */
import { createHash, createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { crc32 } from 'node:zlib';
import { formatMinor } from '@/lib/domain/money';
import { renderHostedPage } from './hosted-page';
import type { FakeOptions, FakeProvider } from './types';

/** The keys the shop uses against the built-in sandbox when no PayPal keys are configured. */
export const SANDBOX_SECRETS = {
  clientId: 'sandbox-paypal-client-id',
  clientSecret: 'sandbox-paypal-client-secret',
  webhookId: 'SANDBOXPAYPALWEBHOOK',
} as const;

type Json = Record<string, unknown>;

export type FakePayPalOrder = {
  /** The PayPal order id (what the shop stores as providerTransactionId). */
  id: string;
  reference: string;
  status: 'PAYER_ACTION_REQUIRED' | 'CREATED' | 'APPROVED' | 'COMPLETED';
  amountMinor: number;
  currency: string;
  returnUrl: string;
  cancelUrl: string | undefined;
  /** The payer pressed Cancel on the approval page. */
  cancelled: boolean;
  /** 'fail' on the approval page: the capture will be DECLINED. */
  declineOnCapture: boolean;
  /** How many captures were made on this order (must never exceed 1). */
  captures: number;
  /** The `PayPal-Request-Id` the order was created with. */
  createRequestId: string | undefined;
  capture: Json | undefined;
  purchaseUnit: Json;
  createTime: string;
  /** With `payment_source.paypal.experience_context` PayPal answers a `payer-action` link, else `approve`. */
  linkRel: 'payer-action' | 'approve';
};

export type SentWebhook = { eventType: string; body: string; headers: Record<string, string>; status: number };

export type FakePayPal = Omit<FakeProvider, 'transactions'> & {
  /** The orders by the shop's reference. */
  transactions: Map<string, FakePayPalOrder>;
  /** Tokens issued and captures made, over the fake's life. */
  stats: { tokens: number; captures: number };
  /** Every webhook sent, with its exact body and headers (for replay and tamper tests). */
  webhooks: SentWebhook[];
  /** Every API call received (method, path, PayPal-Request-Id). */
  requests: { method: string; path: string; requestId: string | undefined }[];
  /** Invalidates every access token issued so far (PayPal answers 401 until a new one is fetched). */
  revokeTokens(): void;
  /** Waits for webhooks still being delivered (capture webhooks are sent after the answer). */
  idle(): Promise<void>;
  /** Tests: signs and delivers any event to `webhookUrl`, as PayPal would (e.g. a type the shop ignores). */
  emitWebhook(eventType: string, resourceType: string, resource: Record<string, unknown>): Promise<SentWebhook | undefined>;
};

const SUPPORTED_CURRENCIES = new Set(['AUD', 'BRL', 'CAD', 'CHF', 'CZK', 'DKK', 'EUR', 'GBP', 'HKD', 'HUF', 'ILS', 'JPY', 'MXN', 'NOK', 'NZD', 'PHP', 'PLN', 'SEK', 'SGD', 'THB', 'TWD', 'USD']);

const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const obj = (v: unknown): Json => (isObject(v) ? v : {});
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const paypalId = () => randomBytes(12).toString('hex').toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 17);
const isoSeconds = (d = new Date()) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** '35.10' → 3510 (two decimals at most; the fake only deals in two-decimal currencies). */
function parseValue(value: unknown): number | undefined {
  const m = typeof value === 'string' ? /^(\d{1,10})(?:\.(\d{2}))?$/.exec(value) : null;
  return m ? Number(m[1]) * 100 + Number(m[2] ?? '0') : undefined;
}
const formatValue = (minor: number) => `${Math.floor(minor / 100)}.${String(minor % 100).padStart(2, '0')}`;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  if (res.headersSent || res.writableEnded) return;
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  res.writeHead(status, { 'Content-Type': typeof body === 'string' ? 'text/html; charset=utf-8' : 'application/json', 'Paypal-Debug-Id': randomBytes(6).toString('hex'), ...headers });
  res.end(text);
}

const problem = (name: string, message: string, issue?: string, description?: string) => ({
  name,
  message,
  debug_id: randomBytes(6).toString('hex'),
  details: issue ? [{ issue, description: description ?? message }] : [],
  links: [],
});

export function createFakePayPal(options: FakeOptions): FakePayPal {
  const secrets = {
    clientId: options.secrets.clientId ?? '',
    clientSecret: options.secrets.clientSecret ?? '',
    webhookId: options.secrets.webhookId ?? '',
  };
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  const certPrefix = `${publicUrl}/v1/notifications/certs/`;
  // Derived (not random) so every instance of the built-in sandbox in one app agrees.
  const signingKey = createHash('sha256').update(`fake-paypal-webhook-signing|${secrets.clientSecret}|${secrets.webhookId}`).digest();

  const transactions = new Map<string, FakePayPalOrder>();
  const byId = new Map<string, FakePayPalOrder>();
  const tokens = new Map<string, number>();
  const replies = new Map<string, { status: number; body: Json }>();
  const inflight = new Set<Promise<void>>();
  const stats = { tokens: 0, captures: 0 };
  const webhooks: SentWebhook[] = [];
  const requests: FakePayPal['requests'] = [];

  const signature = (transmissionId: string, time: string, webhookId: string, body: string) =>
    createHmac('sha256', signingKey).update(`${transmissionId}|${time}|${webhookId}|${crc32(body)}`).digest('hex');

  function orderJson(order: FakePayPalOrder): Json {
    const unit: Json = { ...order.purchaseUnit };
    if (order.capture) unit.payments = { captures: [order.capture] };
    const approved = order.status === 'APPROVED' || order.status === 'COMPLETED';
    const links: Json[] = [{ href: `${publicUrl}/v2/checkout/orders/${order.id}`, rel: 'self', method: 'GET' }];
    if (!approved) links.push({ href: `${publicUrl}/checkoutnow?token=${order.id}`, rel: order.linkRel, method: 'GET' });
    if (order.status === 'APPROVED') links.push({ href: `${publicUrl}/v2/checkout/orders/${order.id}/capture`, rel: 'capture', method: 'POST' });
    return {
      id: order.id,
      intent: 'CAPTURE',
      status: order.status,
      create_time: order.createTime,
      ...(approved
        ? {
            payment_source: { paypal: { email_address: 'payer@example.com', account_id: 'FAKEPAYER', account_status: 'VERIFIED' } },
            payer: { payer_id: 'FAKEPAYER', email_address: 'payer@example.com', name: { given_name: 'Sandbox', surname: 'Payer' } },
          }
        : {}),
      purchase_units: [unit],
      links,
    };
  }

  async function deliver(eventType: string, resourceType: string, resource: Json, summary: string): Promise<SentWebhook | undefined> {
    const url = options.webhookUrl;
    if (!url) return undefined;
    const event = {
      id: `WH-${paypalId()}-${paypalId()}`,
      event_version: '1.0',
      create_time: isoSeconds(),
      resource_type: resourceType,
      resource_version: '2.0',
      event_type: eventType,
      summary,
      resource,
      links: [],
    };
    const body = JSON.stringify(event);
    const transmissionId = randomUUID();
    const time = isoSeconds();
    const headers = {
      'content-type': 'application/json',
      'paypal-auth-algo': 'SHA256withRSA',
      'paypal-cert-url': `${certPrefix}CERT-fake-paypal-1`,
      'paypal-transmission-id': transmissionId,
      'paypal-transmission-sig': signature(transmissionId, time, secrets.webhookId, body),
      'paypal-transmission-time': time,
    };
    const sent: SentWebhook = { eventType, body, headers, status: 0 };
    webhooks.push(sent);
    try {
      const response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
      sent.status = response.status;
      await response.arrayBuffer();
    } catch {
      sent.status = 0; // PayPal would retry later; the fake just records the failure.
    }
    return sent;
  }

  function deliverLater(eventType: string, resourceType: string, resource: Json, summary: string): void {
    const p: Promise<void> = deliver(eventType, resourceType, resource, summary).then(
      () => undefined,
      () => undefined,
    );
    inflight.add(p);
    void p.finally(() => inflight.delete(p));
  }

  /** The hosted page's buttons: settles the order and answers where PayPal sends the payer. */
  async function settle(order: FakePayPalOrder, decision: 'pay' | 'fail' | 'cancel'): Promise<string> {
    if (decision === 'cancel') {
      if (order.status !== 'APPROVED' && order.status !== 'COMPLETED') order.cancelled = true;
      const url = new URL(order.cancelUrl ?? order.returnUrl);
      url.searchParams.set('token', order.id);
      return url.toString();
    }
    if (order.status === 'PAYER_ACTION_REQUIRED' || order.status === 'CREATED') {
      order.status = 'APPROVED';
      order.cancelled = false;
      order.declineOnCapture = decision === 'fail';
      await deliver('CHECKOUT.ORDER.APPROVED', 'checkout-order', orderJson(order), `An order has been approved by buyer`);
    }
    const url = new URL(order.returnUrl);
    url.searchParams.set('token', order.id);
    url.searchParams.set('PayerID', 'FAKEPAYER');
    return url.toString();
  }

  // --- API calls -------------------------------------------------------------------------------

  function bearer(req: IncomingMessage): boolean {
    const m = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '');
    const expires = m ? tokens.get(m[1]!) : undefined;
    return expires !== undefined && expires > Date.now();
  }

  function issueToken(req: IncomingMessage, body: string): { status: number; body: Json } {
    const m = /^Basic (\S+)$/.exec(req.headers.authorization ?? '');
    const [id, ...rest] = m ? Buffer.from(m[1]!, 'base64').toString('utf8').split(':') : [];
    if (id !== secrets.clientId || rest.join(':') !== secrets.clientSecret || secrets.clientId === '') {
      return { status: 401, body: { error: 'invalid_client', error_description: 'Client Authentication failed' } };
    }
    if (new URLSearchParams(body).get('grant_type') !== 'client_credentials') {
      return { status: 400, body: { error: 'unsupported_grant_type', error_description: 'Grant Type is NULL' } };
    }
    const token = `A21AA${randomBytes(24).toString('base64url')}`;
    const expiresIn = 32_400;
    tokens.set(token, Date.now() + expiresIn * 1000);
    stats.tokens += 1;
    return { status: 200, body: { scope: 'https://uri.paypal.com/services/payments/payment', access_token: token, token_type: 'Bearer', app_id: 'APP-FAKE', expires_in: expiresIn, nonce: `${isoSeconds()}${randomBytes(8).toString('hex')}` } };
  }

  function createOrder(body: Json, requestId: string | undefined): { status: number; body: Json } {
    if (body.intent !== 'CAPTURE') return { status: 400, body: problem('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'INVALID_PARAMETER_VALUE', 'intent must be CAPTURE') };
    const units = Array.isArray(body.purchase_units) ? body.purchase_units : [];
    const unit = obj(units[0]);
    const amount = obj(unit.amount);
    const currency = str(amount.currency_code) ?? '';
    if (units.length !== 1 || !currency) return { status: 400, body: problem('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MISSING_REQUIRED_PARAMETER', 'purchase_units[0].amount') };
    if (!SUPPORTED_CURRENCIES.has(currency)) return { status: 422, body: problem('UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'CURRENCY_NOT_SUPPORTED', `Currency code ${currency} is not supported`) };
    const minor = parseValue(amount.value);
    if (minor === undefined || minor <= 0) return { status: 422, body: problem('UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'DECIMAL_PRECISION', 'amount.value must be a positive amount with two decimals') };
    const experience = obj(obj(obj(body.payment_source).paypal).experience_context);
    const legacy = obj(body.application_context);
    const returnUrl = str(experience.return_url) ?? str(legacy.return_url);
    const cancelUrl = str(experience.cancel_url) ?? str(legacy.cancel_url);
    if (!returnUrl) return { status: 400, body: problem('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MISSING_REQUIRED_PARAMETER', 'return_url is required for a redirect flow') };
    const reference = str(unit.custom_id) ?? str(unit.reference_id) ?? str(unit.invoice_id) ?? '';
    const order: FakePayPalOrder = {
      id: paypalId(),
      reference,
      status: Object.keys(experience).length > 0 ? 'PAYER_ACTION_REQUIRED' : 'CREATED',
      amountMinor: minor,
      currency,
      returnUrl,
      cancelUrl,
      cancelled: false,
      declineOnCapture: false,
      captures: 0,
      createRequestId: requestId,
      capture: undefined,
      purchaseUnit: {
        reference_id: str(unit.reference_id) ?? 'default',
        ...(unit.custom_id !== undefined ? { custom_id: unit.custom_id } : {}),
        ...(unit.invoice_id !== undefined ? { invoice_id: unit.invoice_id } : {}),
        ...(unit.description !== undefined ? { description: unit.description } : {}),
        amount: { currency_code: currency, value: formatValue(minor) },
        payee: { email_address: 'merchant@example.com', merchant_id: 'FAKEMERCHANT' },
      },
      createTime: isoSeconds(),
      linkRel: Object.keys(experience).length > 0 ? 'payer-action' : 'approve',
    };
    byId.set(order.id, order);
    if (reference) transactions.set(reference, order);
    return { status: 200, body: orderJson(order) };
  }

  function captureOrder(order: FakePayPalOrder): { status: number; body: Json } {
    if (order.status === 'COMPLETED') return { status: 422, body: problem('UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'ORDER_ALREADY_CAPTURED', 'Order already captured.') };
    if (order.status !== 'APPROVED') return { status: 422, body: problem('UNPROCESSABLE_ENTITY', 'The requested action could not be performed, semantically incorrect, or failed business validation.', 'ORDER_NOT_APPROVED', 'Payer has not yet approved the Order for payment.') };
    const faults = options.faults ?? {};
    const currency = faults.settleCurrency ?? order.currency;
    const minor = faults.settleAmountMinor ?? order.amountMinor;
    const declined = order.declineOnCapture;
    const time = isoSeconds();
    order.capture = {
      id: paypalId(),
      status: declined ? 'DECLINED' : 'COMPLETED',
      amount: { currency_code: currency, value: formatValue(minor) },
      final_capture: true,
      ...(order.purchaseUnit.custom_id !== undefined ? { custom_id: order.purchaseUnit.custom_id } : {}),
      ...(order.purchaseUnit.invoice_id !== undefined ? { invoice_id: order.purchaseUnit.invoice_id } : {}),
      seller_protection: { status: 'ELIGIBLE', dispute_categories: ['ITEM_NOT_RECEIVED', 'UNAUTHORIZED_TRANSACTION'] },
      create_time: time,
      update_time: time,
    };
    order.status = 'COMPLETED';
    order.captures += 1;
    stats.captures += 1;
    const resource = { ...order.capture, supplementary_data: { related_ids: { order_id: order.id } } };
    deliverLater(declined ? 'PAYMENT.CAPTURE.DENIED' : 'PAYMENT.CAPTURE.COMPLETED', 'capture', resource, `Payment ${declined ? 'denied' : 'completed'} for ${formatValue(minor)} ${currency}`);
    return { status: 201, body: orderJson(order) };
  }

  function verifySignature(body: Json): { status: number; body: Json } {
    const fields = ['auth_algo', 'cert_url', 'transmission_id', 'transmission_sig', 'transmission_time', 'webhook_id'] as const;
    const missing = fields.filter((f) => typeof body[f] !== 'string' || body[f] === '');
    if (missing.length > 0 || !isObject(body.webhook_event)) {
      return { status: 400, body: problem('VALIDATION_ERROR', 'Invalid request - see details', 'MISSING_REQUIRED_PARAMETER', [...missing, ...(isObject(body.webhook_event) ? [] : ['webhook_event'])].join(', ')) };
    }
    const [algo, certUrl, id, sig, time, webhookId] = fields.map((f) => body[f] as string);
    const expected = Buffer.from(signature(id!, time!, webhookId!, JSON.stringify(body.webhook_event)));
    const given = Buffer.from(sig!);
    const ok =
      algo === 'SHA256withRSA' &&
      certUrl!.startsWith(certPrefix) &&
      webhookId === secrets.webhookId &&
      given.length === expected.length &&
      timingSafeEqual(given, expected);
    return { status: 200, body: { verification_status: ok ? 'SUCCESS' : 'FAILURE' } };
  }

  async function api(req: IncomingMessage, res: ServerResponse, method: string, path: string): Promise<void> {
    const requestId = str(req.headers['paypal-request-id']);
    requests.push({ method, path, requestId });
    const text = await readBody(req);
    const faults = options.faults ?? {};
    if (faults.delayMs) await new Promise((r) => setTimeout(r, faults.delayMs));
    if (faults.status) return send(res, faults.status, problem('INTERNAL_SERVER_ERROR', 'An internal server error occurred.'));

    if (method === 'POST' && path === '/v1/oauth2/token') {
      const answer = issueToken(req, text);
      return send(res, answer.status, answer.body);
    }
    if (!bearer(req)) return send(res, 401, { error: 'invalid_token', error_description: 'Token signature verification failed' });

    let parsed: Json = {};
    if (method === 'POST' && text.trim() !== '') {
      try {
        parsed = obj(JSON.parse(text));
      } catch {
        return send(res, 400, problem('INVALID_REQUEST', 'Request is not well-formed, syntactically incorrect, or violates schema.', 'MALFORMED_REQUEST_JSON'));
      }
    }
    if (method === 'POST' && path === '/v1/notifications/verify-webhook-signature') {
      const answer = verifySignature(parsed);
      return send(res, answer.status, answer.body);
    }
    if (method === 'POST' && path === '/v2/checkout/orders') {
      const key = requestId && `create:${requestId}`;
      const answer = (key && replies.get(key)) || createOrder(parsed, requestId);
      if (key) replies.set(key, answer);
      return send(res, answer.status, answer.body);
    }
    const m = /^\/v2\/checkout\/orders\/([^/]+)(\/capture)?$/.exec(path);
    const order = m ? byId.get(decodeURIComponent(m[1]!)) : undefined;
    if (m && !order) return send(res, 404, problem('RESOURCE_NOT_FOUND', 'The specified resource does not exist.', 'INVALID_RESOURCE_ID', 'Specified resource ID does not exist. Please check the resource ID and try again.'));
    if (order && method === 'GET' && !m![2]) return send(res, 200, orderJson(order));
    if (order && method === 'POST' && m![2]) {
      // Same request id → the stored answer, so a retried or concurrent capture never captures twice.
      const key = requestId && `capture:${order.id}:${requestId}`;
      const answer = (key && replies.get(key)) || captureOrder(order);
      if (key) replies.set(key, answer);
      return send(res, answer.status, answer.body);
    }
    return send(res, 404, problem('NOT_FOUND', `No ${method} ${path}`));
  }

  async function page(req: IncomingMessage, res: ServerResponse, method: string, url: URL): Promise<void> {
    const order = byId.get(url.searchParams.get('token') ?? '');
    if (!order) return send(res, 404, '<!doctype html><p>This PayPal checkout link is not valid.</p>');
    if (method === 'GET') {
      const amountText = formatMinor(BigInt(order.amountMinor), order.currency, { sign: true });
      return send(res, 200, renderHostedPage({ providerLabel: 'PayPal', amountText, reference: order.reference, customerEmail: 'Log in to PayPal (sandbox)', actionUrl: `${publicUrl}/checkoutnow?token=${encodeURIComponent(order.id)}` }));
    }
    const decision = new URLSearchParams(await readBody(req)).get('decision');
    if (decision !== 'pay' && decision !== 'fail' && decision !== 'cancel') return send(res, 400, '<!doctype html><p>Unknown decision.</p>');
    const location = await settle(order, decision);
    return send(res, 303, `<!doctype html><a href="${location.replace(/"/g, '&quot;')}">Continue</a>`, { Location: location });
  }

  return {
    transactions,
    stats,
    webhooks,
    requests,

    async handle(req, res) {
      const url = new URL(req.url ?? '/', 'http://fake.paypal');
      const method = (req.method ?? 'GET').toUpperCase();
      if (url.pathname === '/checkoutnow') return page(req, res, method, url);
      if (method === 'GET' && url.pathname.startsWith('/v1/notifications/certs/')) {
        return send(res, 200, '-----BEGIN CERTIFICATE-----\nFAKE PAYPAL SANDBOX CERTIFICATE\n-----END CERTIFICATE-----\n', { 'Content-Type': 'application/x-pem-file' });
      }
      return api(req, res, method, url.pathname);
    },

    async decide(reference, decision) {
      const order = transactions.get(reference);
      if (!order) throw new Error(`The fake PayPal has no order with reference ${reference}`);
      return settle(order, decision);
    },

    emitWebhook(eventType, resourceType, resource) {
      return deliver(eventType, resourceType, resource, eventType);
    },

    revokeTokens() {
      tokens.clear();
    },

    async idle() {
      while (inflight.size > 0) await Promise.allSettled([...inflight]);
    },
  };
}
