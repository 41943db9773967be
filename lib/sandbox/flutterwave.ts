/**
 * A fake Flutterwave speaking the v3 endpoints the shop uses (POST /v3/payments,
 * GET /v3/transactions/{id}/verify, GET /v3/transactions/verify_by_reference), with the same
 * bearer-key check, answer shapes and major-unit amounts. Its hosted page (/hosted/pay/{page})
 * settles the transaction, posts the `charge.completed` webhook with the `verif-hash` header
 * and redirects to the shop's redirect_url with `status`, `tx_ref` and `transaction_id`, like the
 * real checkout. Tests serve it on a local port; the app mounts it as the built-in sandbox.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { minorOf, postWebhook, readBody, redirect, sendHtml, sendJson, sleep } from './fake-http';
import { formatMinor } from '@/lib/domain/money';
import { renderHostedPage } from './hosted-page';
import type { FakeOptions, FakeProvider } from './types';

/** What the shop uses for Flutterwave in sandbox mode (no real keys, not production). */
export const SANDBOX_SECRETS = {
  secretKey: 'FLWSECK_TEST-regalflowerssandbox0000000000-X',
  webhookHash: 'regal-flowers-sandbox-verif-hash',
} as const;

type Decision = 'pay' | 'fail' | 'cancel';

type FlwTransaction = {
  /** Flutterwave's words: pending until the shopper acts. */
  status: 'pending' | 'successful' | 'failed' | 'cancelled';
  /** What the shop asked, in minor units (the request's `amount` × 100). */
  amountMinor: number;
  currency: string;
  /** The request's `amount` exactly as received (major units). */
  requestedAmount: number;
  txRef: string;
  redirectUrl: string;
  customer: { email: string; name: string; phonenumber: string };
  pageId: string;
  /** Flutterwave's transaction id, given when a charge is attempted (pay or fail). */
  id?: number;
  settledAmountMinor?: number;
  settledCurrency?: string;
  createdAt: string;
  [key: string]: unknown;
};

export function createFakeFlutterwave(options: FakeOptions): FakeProvider {
  const transactions = new Map<string, FlwTransaction>();
  const pages = new Map<string, string>(); // page id → tx_ref
  let nextId = 4_800_000 + Math.floor(Math.random() * 100_000);
  const faults = () => options.faults ?? {};

  const error = (res: ServerResponse, status: number, message: string) => sendJson(res, status, { status: 'error', message, data: null });

  function transactionData(tx: FlwTransaction) {
    const amount = (tx.settledAmountMinor ?? tx.amountMinor) / 100;
    return {
      id: tx.id,
      tx_ref: tx.txRef,
      flw_ref: `FLW-MOCK-${tx.pageId}`,
      device_fingerprint: 'N/A',
      amount,
      currency: tx.settledCurrency ?? tx.currency,
      charged_amount: amount,
      app_fee: Math.round(amount * 1.4) / 100,
      merchant_fee: 0,
      processor_response: tx.status === 'successful' ? 'Approved by Financial Institution' : 'Declined',
      auth_model: 'PIN',
      ip: '127.0.0.1',
      narration: 'CARD Transaction ',
      status: tx.status,
      payment_type: 'card',
      created_at: tx.createdAt,
      account_id: 17321,
      customer: { id: 215604089, name: tx.customer.name, phone_number: tx.customer.phonenumber, email: tx.customer.email, created_at: tx.createdAt },
    };
  }

  function returnUrl(tx: FlwTransaction): string {
    const url = new URL(tx.redirectUrl);
    url.searchParams.set('status', tx.status === 'pending' ? 'cancelled' : tx.status);
    url.searchParams.set('tx_ref', tx.txRef);
    if (tx.id !== undefined) url.searchParams.set('transaction_id', String(tx.id));
    return url.toString();
  }

  async function decide(reference: string, decision: Decision): Promise<string> {
    const tx = transactions.get(reference);
    if (!tx) throw new Error(`Fake Flutterwave: no transaction ${reference}`);
    if (tx.status !== 'pending') return returnUrl(tx); // settled already: the page only sends the shopper back
    if (decision === 'cancel') {
      tx.status = 'cancelled'; // no charge was attempted: no transaction id, no webhook
      return returnUrl(tx);
    }
    tx.id = nextId++;
    tx.createdAt = new Date().toISOString();
    if (decision === 'fail') {
      tx.status = 'failed';
      return returnUrl(tx);
    }
    const { settleAmountMinor, settleCurrency } = faults();
    tx.status = 'successful';
    tx.settledAmountMinor = settleAmountMinor ?? tx.amountMinor;
    tx.settledCurrency = settleCurrency ?? tx.currency;
    const body = JSON.stringify({ event: 'charge.completed', data: transactionData(tx), 'event.type': 'CARD_TRANSACTION' });
    await postWebhook(options.webhookUrl, body, { 'verif-hash': options.secrets.webhookHash ?? '' });
    return returnUrl(tx);
  }

  async function createPayment(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: { tx_ref?: unknown; amount?: unknown; currency?: unknown; redirect_url?: unknown; customer?: { email?: unknown; name?: unknown; phonenumber?: unknown } };
    try {
      body = JSON.parse((await readBody(req)).toString('utf8')) as typeof body;
    } catch {
      return error(res, 400, 'Invalid JSON body');
    }
    const { tx_ref: txRef, amount, redirect_url: redirectUrl, customer } = body;
    const currency = body.currency ?? 'NGN';
    if (typeof txRef !== 'string' || !txRef) return error(res, 400, 'tx_ref is required');
    if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) return error(res, 400, 'amount must be a positive number');
    if (minorOf(amount) <= 0) return error(res, 400, 'amount must have at most 2 decimals');
    if (typeof currency !== 'string' || !/^[A-Z]{3}$/.test(currency)) return error(res, 400, 'currency is invalid');
    if (typeof redirectUrl !== 'string' || !URL.canParse(redirectUrl)) return error(res, 400, 'redirect_url is invalid');
    if (typeof customer?.email !== 'string' || !customer.email.includes('@')) return error(res, 400, 'customer.email is required');
    if (transactions.has(txRef)) return error(res, 400, 'A transaction with this tx_ref already exists');
    const pageId = randomBytes(8).toString('hex');
    pages.set(pageId, txRef);
    transactions.set(txRef, {
      status: 'pending',
      amountMinor: minorOf(amount),
      currency,
      requestedAmount: amount,
      txRef,
      redirectUrl,
      customer: { email: customer.email, name: typeof customer.name === 'string' ? customer.name : '', phonenumber: typeof customer.phonenumber === 'string' ? customer.phonenumber : '' },
      pageId,
      createdAt: new Date().toISOString(),
    });
    sendJson(res, 200, { status: 'success', message: 'Hosted Link', data: { link: `${options.publicUrl}/hosted/pay/${pageId}` } });
  }

  function verifyAnswer(res: ServerResponse, tx: FlwTransaction | undefined): void {
    if (!tx || tx.id === undefined) return error(res, 400, 'No transaction was found for this id');
    sendJson(res, 200, { status: 'success', message: 'Transaction fetched successfully', data: transactionData(tx) });
  }

  async function hostedPage(req: IncomingMessage, res: ServerResponse, pageId: string): Promise<void> {
    const reference = pages.get(pageId);
    const tx = reference ? transactions.get(reference) : undefined;
    if (!tx) return error(res, 404, 'This payment link is invalid or has expired');
    if (req.method === 'POST') {
      const decision = new URLSearchParams((await readBody(req)).toString('utf8')).get('decision');
      if (decision !== 'pay' && decision !== 'fail' && decision !== 'cancel') return error(res, 400, 'decision must be pay, fail or cancel');
      return redirect(res, await decide(tx.txRef, decision));
    }
    sendHtml(res, renderHostedPage({ providerLabel: 'Flutterwave', amountText: formatMinor(BigInt(tx.amountMinor), tx.currency, { sign: true }), reference: tx.txRef, customerEmail: tx.customer.email, actionUrl: `${options.publicUrl}/hosted/pay/${pageId}` }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake.invalid');
    const page = /^\/hosted\/pay\/([0-9a-f]+)$/.exec(url.pathname);
    if (page?.[1]) return hostedPage(req, res, page[1]);

    const { delayMs, status } = faults();
    if (delayMs) await sleep(delayMs);
    if (status) return error(res, status, 'Simulated provider failure');
    if (req.headers.authorization !== `Bearer ${options.secrets.secretKey}`) return error(res, 401, 'Invalid authorization key');

    if (req.method === 'POST' && url.pathname === '/v3/payments') return createPayment(req, res);
    if (req.method === 'GET' && url.pathname === '/v3/transactions/verify_by_reference') {
      const txRef = url.searchParams.get('tx_ref') ?? '';
      return verifyAnswer(res, transactions.get(txRef));
    }
    const verify = /^\/v3\/transactions\/(\d+)\/verify$/.exec(url.pathname);
    if (req.method === 'GET' && verify) {
      const id = Number(verify[1]);
      return verifyAnswer(res, [...transactions.values()].find((tx) => tx.id === id));
    }
    error(res, 404, `Cannot ${req.method ?? 'GET'} ${url.pathname}`);
  }

  return { handle, transactions, decide };
}
