/**
 * A fake Monnify speaking the endpoints the shop uses: POST /api/v1/auth/login (Basic
 * apiKey:secretKey → accessToken, expiresIn), POST /api/v1/merchant/transactions/init-transaction
 * (bearer; checkoutUrl and transactionReference), GET /api/v2/transactions/{transactionReference}
 * and GET /api/v2/merchant/transactions/query?paymentReference=…, with Monnify's envelope
 * ({ requestSuccessful, responseMessage, responseCode, responseBody }) and major-unit amounts.
 * Its checkout page (/checkout/{page}) settles the transaction (PAID, PARTIALLY_PAID or
 * OVERPAID by the amount settled; FAILED; CANCELLED), posts the SUCCESSFUL_TRANSACTION webhook
 * signed with `monnify-signature` (HMAC-SHA512 hex of the body with the secret key) and
 * redirects to the shop's redirectUrl with `paymentReference`, like the real checkout.
 */
import { createHmac, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { minorOf, postWebhook, readBody, redirect, sendHtml, sendJson, sleep } from './fake-http';
import { formatMinor } from '@/lib/domain/money';
import { renderHostedPage } from './hosted-page';
import type { FakeOptions, FakeProvider } from './types';

/** What the shop uses for Monnify in sandbox mode (no real keys, not production). */
export const SANDBOX_SECRETS = {
  apiKey: 'MK_TEST_REGALSANDBOX',
  secretKey: 'REGALFLOWERSSANDBOXSECRETKEY0000',
  contractCode: '0000000000',
} as const;

/** How long a fake access token lives, in seconds (Monnify's tokens last about an hour). */
const TOKEN_SECONDS = 3599;

type Decision = 'pay' | 'fail' | 'cancel';

type MonnifyTransaction = {
  /** Monnify's words: PENDING until the shopper acts. */
  status: 'PENDING' | 'PAID' | 'PARTIALLY_PAID' | 'OVERPAID' | 'FAILED' | 'CANCELLED';
  /** What the shop asked, in minor units (the request's `amount` × 100). */
  amountMinor: number;
  currency: string;
  /** The request's `amount` exactly as received (major units). */
  requestedAmount: number;
  paymentReference: string;
  transactionReference: string;
  paymentDescription: string;
  redirectUrl: string;
  customer: { email: string; name: string };
  paymentMethods: string[];
  pageId: string;
  settledAmountMinor?: number;
  settledCurrency?: string;
  paidOn?: string;
  createdOn: string;
  [key: string]: unknown;
};

export function createFakeMonnify(options: FakeOptions): FakeProvider & { revokeTokens(): void } {
  const transactions = new Map<string, MonnifyTransaction>();
  const pages = new Map<string, string>(); // page id → paymentReference
  const tokens = new Map<string, number>(); // access token → expiry (ms)
  let sequence = 0;
  const faults = () => options.faults ?? {};

  const fail = (res: ServerResponse, status: number, message: string, code = '99') => sendJson(res, status, { requestSuccessful: false, responseMessage: message, responseCode: code });
  const answer = (res: ServerResponse, responseBody: unknown) => sendJson(res, 200, { requestSuccessful: true, responseMessage: 'success', responseCode: '0', responseBody });
  const major = (minor: number) => (minor / 100).toFixed(2);

  function transactionBody(tx: MonnifyTransaction) {
    const paid = tx.settledAmountMinor ?? 0;
    return {
      transactionReference: tx.transactionReference,
      paymentReference: tx.paymentReference,
      amountPaid: major(paid),
      totalPayable: major(tx.amountMinor),
      settlementAmount: major(Math.max(0, paid - Math.round(paid * 0.008))),
      paidOn: tx.paidOn ?? null,
      paymentStatus: tx.status,
      paymentDescription: tx.paymentDescription,
      currency: tx.settledCurrency ?? tx.currency,
      paymentMethod: 'CARD',
      product: { type: 'API_NOTIFICATION', reference: tx.paymentReference },
      cardDetails: null,
      accountDetails: null,
      accountPayments: [],
      customer: { email: tx.customer.email, name: tx.customer.name },
      metaData: {},
    };
  }

  function returnUrl(tx: MonnifyTransaction): string {
    const url = new URL(tx.redirectUrl);
    url.searchParams.set('paymentReference', tx.paymentReference);
    return url.toString();
  }

  async function decide(reference: string, decision: Decision): Promise<string> {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`Fake Monnify: no transaction ${reference}`);
    if (tx.status !== 'PENDING') return returnUrl(tx); // settled already: the page only sends the shopper back
    if (decision !== 'pay') {
      tx.status = decision === 'fail' ? 'FAILED' : 'CANCELLED';
      return returnUrl(tx);
    }
    const { settleAmountMinor, settleCurrency } = faults();
    const paid = settleAmountMinor ?? tx.amountMinor;
    tx.settledAmountMinor = paid;
    tx.settledCurrency = settleCurrency ?? tx.currency;
    tx.status = paid < tx.amountMinor ? 'PARTIALLY_PAID' : paid > tx.amountMinor ? 'OVERPAID' : 'PAID';
    tx.paidOn = new Date().toISOString().replace('T', ' ').replace('Z', '');
    const details = transactionBody(tx);
    const eventData = {
      product: details.product,
      transactionReference: tx.transactionReference,
      paymentReference: tx.paymentReference,
      paidOn: tx.paidOn,
      paymentDescription: tx.paymentDescription,
      metaData: {},
      paymentSourceInformation: [],
      destinationAccountInformation: {},
      amountPaid: paid / 100,
      totalPayable: tx.amountMinor / 100,
      cardDetails: {},
      paymentMethod: details.paymentMethod,
      currency: details.currency,
      settlementAmount: details.settlementAmount,
      paymentStatus: tx.status,
      customer: details.customer,
    };
    const body = JSON.stringify({ eventType: 'SUCCESSFUL_TRANSACTION', eventData });
    await postWebhook(options.webhookUrl, body, { 'monnify-signature': createHmac('sha512', options.secrets.secretKey ?? '').update(body).digest('hex') });
    return returnUrl(tx);
  }

  function login(req: IncomingMessage, res: ServerResponse): void {
    const expected = `Basic ${Buffer.from(`${options.secrets.apiKey}:${options.secrets.secretKey}`).toString('base64')}`;
    if (req.headers.authorization !== expected) return fail(res, 401, 'Full authentication is required to access this resource');
    const accessToken = randomBytes(24).toString('base64url');
    tokens.set(accessToken, Date.now() + TOKEN_SECONDS * 1000);
    answer(res, { accessToken, expiresIn: TOKEN_SECONDS });
  }

  function authorised(req: IncomingMessage): boolean {
    const match = /^Bearer (.+)$/.exec(req.headers.authorization ?? '');
    const expiry = match?.[1] ? tokens.get(match[1]) : undefined;
    return expiry !== undefined && expiry > Date.now();
  }

  async function initTransaction(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as Record<string, unknown>;
    } catch {
      return fail(res, 400, 'Invalid JSON body');
    }
    const { amount, customerName, customerEmail, paymentReference, paymentDescription, currencyCode, contractCode, redirectUrl, paymentMethods } = body;
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return fail(res, 400, 'amount must be a positive number');
    if (minorOf(amount) <= 0) return fail(res, 400, 'amount must have at most 2 decimals');
    if (typeof customerEmail !== 'string' || !customerEmail.includes('@')) return fail(res, 400, 'customerEmail is required');
    if (typeof paymentReference !== 'string' || !paymentReference) return fail(res, 400, 'paymentReference is required');
    if (currencyCode !== 'NGN') return fail(res, 400, 'currencyCode must be NGN');
    if (contractCode !== options.secrets.contractCode) return fail(res, 422, 'Invalid contract code', 'M99');
    if (typeof redirectUrl !== 'string' || !URL.canParse(redirectUrl)) return fail(res, 400, 'redirectUrl is invalid');
    if (transactions.has(paymentReference)) return fail(res, 422, `Duplicate payment reference ${paymentReference}`, 'D01');
    sequence += 1;
    const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
    const transactionReference = `MNFY|85|${stamp}|${String(sequence).padStart(6, '0')}`;
    const pageId = randomBytes(8).toString('hex');
    pages.set(pageId, paymentReference);
    const methods = Array.isArray(paymentMethods) ? paymentMethods.filter((m): m is string => typeof m === 'string') : ['CARD', 'ACCOUNT_TRANSFER'];
    transactions.set(paymentReference, {
      status: 'PENDING',
      amountMinor: minorOf(amount),
      currency: currencyCode,
      requestedAmount: amount,
      paymentReference,
      transactionReference,
      paymentDescription: typeof paymentDescription === 'string' ? paymentDescription : '',
      redirectUrl,
      customer: { email: customerEmail, name: typeof customerName === 'string' ? customerName : '' },
      paymentMethods: methods,
      pageId,
      createdOn: new Date().toISOString(),
    });
    answer(res, {
      transactionReference,
      paymentReference,
      merchantName: 'Regal Flowers',
      apiKey: options.secrets.apiKey,
      enabledPaymentMethod: methods,
      checkoutUrl: `${options.publicUrl}/checkout/${pageId}`,
    });
  }

  async function checkoutPage(req: IncomingMessage, res: ServerResponse, pageId: string): Promise<void> {
    const reference = pages.get(pageId);
    const tx = reference ? transactions.get(reference) : undefined;
    if (!tx) return fail(res, 404, 'This checkout link is invalid or has expired');
    if (req.method === 'POST') {
      const decision = new URLSearchParams((await readBody(req)).toString('utf8')).get('decision');
      if (decision !== 'pay' && decision !== 'fail' && decision !== 'cancel') return fail(res, 400, 'decision must be pay, fail or cancel');
      return redirect(res, await decide(tx.paymentReference, decision));
    }
    sendHtml(res, renderHostedPage({ providerLabel: 'Monnify', amountText: formatMinor(BigInt(tx.amountMinor), tx.currency, { sign: true }), reference: tx.paymentReference, customerEmail: tx.customer.email, actionUrl: `${options.publicUrl}/checkout/${pageId}` }));
  }

  function transactionAnswer(res: ServerResponse, tx: MonnifyTransaction | undefined): void {
    if (!tx) return fail(res, 404, 'Could not find transaction with the specified transaction reference');
    answer(res, transactionBody(tx));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const page = /^\/checkout\/([0-9a-f]+)$/.exec(url.pathname);
    if (page?.[1]) return checkoutPage(req, res, page[1]);

    const { delayMs, status } = faults();
    if (delayMs) await sleep(delayMs);
    if (status) return fail(res, status, 'Simulated provider failure');

    if (req.method === 'POST' && url.pathname === '/api/v1/auth/login') return login(req, res);
    if (!authorised(req)) return fail(res, 401, 'Full authentication is required to access this resource');
    if (req.method === 'POST' && url.pathname === '/api/v1/merchant/transactions/init-transaction') return initTransaction(req, res);
    if (req.method === 'GET' && url.pathname === '/api/v2/merchant/transactions/query') {
      const byPayment = url.searchParams.get('paymentReference');
      const byTransaction = url.searchParams.get('transactionReference');
      const tx = byPayment ? transactions.get(byPayment) : [...transactions.values()].find((t) => t.transactionReference === byTransaction);
      return transactionAnswer(res, tx);
    }
    const single = /^\/api\/v2\/transactions\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && single?.[1]) {
      let transactionReference = '';
      try {
        transactionReference = decodeURIComponent(single[1]);
      } catch {
        return fail(res, 400, 'Malformed transaction reference');
      }
      return transactionAnswer(res, [...transactions.values()].find((t) => t.transactionReference === transactionReference));
    }
    fail(res, 404, `Cannot ${req.method ?? 'GET'} ${url.pathname}`);
  }

  return { handle, transactions, decide, revokeTokens: () => tokens.clear() };
}
