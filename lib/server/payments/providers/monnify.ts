/**
 * Monnify (NGN; bank transfer and card) over its REST API: POST /api/v1/auth/login with Basic
 * base64(apiKey:secretKey) gives a bearer token, cached until its `expiresIn` (one login serves
 * many calls; a 401 with a cached token logs in again once); POST
 * /api/v1/merchant/transactions/init-transaction gives the hosted `checkoutUrl` and Monnify's
 * `transactionReference` (kept as the attempt's provider id); verify asks GET
 * /api/v2/transactions/{url-encoded transactionReference}, or the v2 query by our
 * paymentReference when no id is known. PAID and OVERPAID (and PARTIALLY_PAID, with its short
 * amount) are reported as money taken; the service compares reference, currency and amount, so
 * only a full payment pays. Webhooks are signed: `monnify-signature` is the hex
 * HMAC-SHA512 of the raw body with the secret key. Monnify amounts are major units (may be
 * decimal strings such as "24500.00"); ours are minor.
 */
import { callProvider } from '@/lib/server/payments/http';
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { HttpError } from '@/lib/server/http/errors';
import { now } from '@/lib/server/security/clock';
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

const LABEL = 'Monnify';
/** Log in again this long before the token's stated expiry. */
const EXPIRY_MARGIN_MS = 30_000;

export type MonnifyConfig = {
  apiKey: string;
  secretKey: string;
  contractCode: string;
  baseUrl: string;
  timeoutMs: number;
  brandName?: string;
};

type Envelope = { requestSuccessful?: boolean; responseMessage?: string; responseCode?: string; responseBody?: unknown };
type MonnifyTransaction = {
  transactionReference?: unknown;
  paymentReference?: unknown;
  amountPaid?: unknown;
  paymentStatus?: unknown;
  currency?: unknown;
  currencyCode?: unknown;
};

type TokenEntry = { token: string; expiresAt: number };
/** Tokens by base URL and API key, shared by every provider instance of the process. */
const tokens = new Map<string, Promise<TokenEntry>>();

/** The HMAC-SHA512 hex signature Monnify puts in `monnify-signature`. */
export function monnifySignature(rawBody: Buffer | string, secretKey: string): string {
  return createHmac('sha512', secretKey).update(rawBody).digest('hex');
}

/** Monnify's major-unit amount (24500, 24500.5 or "24500.00") as minor units, exactly; null when unreadable. */
export function monnifyAmountToMinor(amount: unknown, currency: string): bigint | null {
  return decimalToMinor(amount, decimalsFor(currency));
}

const STATUSES: Record<string, Verification['status']> = {
  PAID: 'success',
  OVERPAID: 'success',
  // Money was taken, but less than asked: reported with the real amount, so the service's
  // comparison refuses it and records the mismatch (the shopper is told to contact the shop).
  PARTIALLY_PAID: 'success',
  PENDING: 'pending',
  FAILED: 'failed',
  REVERSED: 'failed',
  EXPIRED: 'failed',
  CANCELLED: 'cancelled',
  ABANDONED: 'cancelled',
};

async function call(cfg: MonnifyConfig, method: 'GET' | 'POST', path: string, authorization: string, body?: unknown): Promise<{ status: number; json: Envelope }> {
  // The shared rules of lib/server/payments/http.ts: timeout, 5xx and non-JSON → unavailable (502, retry); secrets scrubbed.
  const { status, json } = await callProvider({ label: LABEL, method, url: `${cfg.baseUrl}${path}`, headers: { authorization: authorization }, body, timeoutMs: cfg.timeoutMs, secrets: [cfg.apiKey, cfg.secretKey, authorization.replace(/^\w+ /, '')] });
  return { status, json: (json ?? {}) as Envelope };
}

function refused(what: string, status: number, json: Envelope): HttpError {
  const said = typeof json.responseMessage === 'string' && json.responseMessage ? `: ${json.responseMessage.slice(0, 200)}` : '';
  return new HttpError(502, `${LABEL} refused to ${what} (HTTP ${status}${said}).`);
}

function ok(status: number, json: Envelope): boolean {
  return status < 300 && json.requestSuccessful === true && typeof json.responseBody === 'object' && json.responseBody !== null;
}

export function createMonnify(cfg: MonnifyConfig): PaymentProvider {
  const cacheKey = `${cfg.baseUrl}\n${cfg.apiKey}`;

  async function login(): Promise<TokenEntry> {
    const basic = Buffer.from(`${cfg.apiKey}:${cfg.secretKey}`).toString('base64');
    const { status, json } = await call(cfg, 'POST', '/api/v1/auth/login', `Basic ${basic}`);
    if (!ok(status, json)) throw refused('log in', status, json);
    const { accessToken, expiresIn } = json.responseBody as { accessToken?: unknown; expiresIn?: unknown };
    if (typeof accessToken !== 'string' || !accessToken) throw new ProviderUnavailableError(LABEL, 'login answered without a token');
    const seconds = typeof expiresIn === 'number' && Number.isFinite(expiresIn) ? expiresIn : 0;
    return { token: accessToken, expiresAt: now().getTime() + seconds * 1000 - EXPIRY_MARGIN_MS };
  }

  /** A valid cached token (not `stale`), or null. */
  async function cachedToken(entry: Promise<TokenEntry> | undefined, stale: string | undefined): Promise<string | null> {
    const value = entry ? await entry.catch(() => null) : null;
    return value && value.token !== stale && value.expiresAt > now().getTime() ? value.token : null;
  }

  /** The cached token, or a new login (shared by concurrent callers); `stale` is one the API refused. */
  async function token(stale?: string): Promise<string> {
    const entry = tokens.get(cacheKey);
    const cached = await cachedToken(entry, stale);
    if (cached) return cached;
    const latest = tokens.get(cacheKey);
    if (latest !== entry) {
      const refreshed = await cachedToken(latest, stale); // another caller logged in meanwhile
      if (refreshed) return refreshed;
    }
    const pending = login();
    tokens.set(cacheKey, pending);
    pending.catch(() => {
      if (tokens.get(cacheKey) === pending) tokens.delete(cacheKey);
    });
    return (await pending).token;
  }

  /** A call with the bearer token; a 401 (token revoked or expired early) logs in again once. */
  async function authed(method: 'GET' | 'POST', path: string, body?: unknown) {
    const used = await token();
    const first = await call(cfg, method, path, `Bearer ${used}`, body);
    if (first.status !== 401) return first;
    return call(cfg, method, path, `Bearer ${await token(used)}`, body);
  }

  return {
    key: 'monnify',

    async start(input: StartInput): Promise<Started> {
      if (input.currency !== 'NGN') throw new HttpError(400, 'Monnify takes payments in NGN only.');
      if (input.amountMinor <= 0n) throw new Error(`Invalid amount ${input.amountMinor} for ${input.reference}`);
      const body = {
        amount: minorToMajorNumber(input.amountMinor, decimalsFor('NGN')),
        customerName: input.customer.name,
        customerEmail: input.customer.email,
        paymentReference: input.reference,
        paymentDescription: `${cfg.brandName ?? 'Regal Flowers'} order ${input.orderNumber}`,
        currencyCode: 'NGN',
        contractCode: cfg.contractCode,
        redirectUrl: input.callbackUrl,
        paymentMethods: ['CARD', 'ACCOUNT_TRANSFER'],
        metaData: { orderId: input.orderId, orderNumber: input.orderNumber },
      };
      const { status, json } = await authed('POST', '/api/v1/merchant/transactions/init-transaction', body);
      if (!ok(status, json)) throw refused('start the payment', status, json);
      const { checkoutUrl, transactionReference } = json.responseBody as { checkoutUrl?: unknown; transactionReference?: unknown };
      if (typeof checkoutUrl !== 'string' || !/^https?:\/\//.test(checkoutUrl) || typeof transactionReference !== 'string' || !transactionReference) {
        throw new ProviderUnavailableError(LABEL, 'init-transaction answered without a checkout URL');
      }
      return { redirectUrl: checkoutUrl, providerTransactionId: transactionReference };
    },

    async verify(attempt: AttemptRef): Promise<Verification> {
      // The return URL only carries our paymentReference, which we already know.
      const path = attempt.providerTransactionId
        ? `/api/v2/transactions/${encodeURIComponent(attempt.providerTransactionId)}`
        : `/api/v2/merchant/transactions/query?paymentReference=${encodeURIComponent(attempt.reference)}`;
      const { status, json } = await authed('GET', path);
      if (status === 404) {
        return { status: 'pending', reference: attempt.reference, currency: attempt.currency, amountMinor: 0n, detail: `${LABEL} has no transaction for this reference` };
      }
      if (!ok(status, json)) throw refused('look up the payment', status, json);
      const tx = json.responseBody as MonnifyTransaction;
      const currencyValue = tx.currency ?? tx.currencyCode;
      const currency = typeof currencyValue === 'string' ? currencyValue : '';
      const amountMinor = monnifyAmountToMinor(tx.amountPaid ?? 0, currency);
      if (amountMinor === null) throw new ProviderUnavailableError(LABEL, 'verify answered an unreadable amount');
      const said = typeof tx.paymentStatus === 'string' ? tx.paymentStatus : 'UNKNOWN';
      return {
        status: STATUSES[said] ?? 'pending',
        reference: typeof tx.paymentReference === 'string' ? tx.paymentReference : '',
        currency,
        amountMinor,
        providerTransactionId: typeof tx.transactionReference === 'string' ? tx.transactionReference : undefined,
        detail: `${LABEL}: ${said}`,
      };
    },

    async readWebhook(rawBody: Buffer, headers: IncomingHttpHeaders): Promise<WebhookNotice | null> {
      const given = headers['monnify-signature'];
      if (typeof given !== 'string' || !given) throw new WebhookSignatureError('Missing monnify-signature');
      const expected = Buffer.from(monnifySignature(rawBody, cfg.secretKey), 'hex');
      const received = /^[0-9a-f]{128}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
      if (received.length !== expected.length || !timingSafeEqual(received, expected)) throw new WebhookSignatureError('Invalid monnify-signature');
      let event: { eventType?: unknown; eventData?: { paymentReference?: unknown; transactionReference?: unknown } };
      try {
        event = JSON.parse(rawBody.toString('utf8')) as typeof event;
      } catch {
        return null;
      }
      if (event.eventType !== 'SUCCESSFUL_TRANSACTION' || typeof event.eventData !== 'object' || event.eventData === null) return null;
      const { paymentReference, transactionReference } = event.eventData;
      return {
        reference: typeof paymentReference === 'string' ? paymentReference : undefined,
        providerTransactionId: typeof transactionReference === 'string' ? transactionReference : undefined,
      };
    },
  };
}
