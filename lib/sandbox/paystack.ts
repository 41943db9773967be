/**
 * A fake Paystack for tests and the built-in sandbox: the two API calls the shop uses
 * (`POST /transaction/initialize`, `GET /transaction/verify/:reference`, both behind
 * `Authorization: Bearer <secret key>`, answering in Paystack's `{ status, message, data }`
 * shape), and a hosted checkout page at `/checkout/<reference>`. Its Pay / Fail / Cancel buttons
 * settle the transaction, post a `charge.success` webhook signed like Paystack's
 * (`x-paystack-signature`, hex HMAC-SHA512 of the body with the secret key) for a payment, and
 * send the shopper back to `callback_url?trxref=<ref>&reference=<ref>` (a cancel goes to
 * `metadata.cancel_action` when given, as Paystack does). Transactions live in memory.
 */
import { describeError } from '@/lib/server/http/errors';
import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { paystackSignature } from '@/lib/server/payments/providers/paystack';
import { formatMinor } from '@/lib/domain/money';
import { renderHostedPage } from '@/lib/sandbox/hosted-page';
import type { FakeOptions, FakeProvider } from '@/lib/sandbox/types';

/** The secret key the built-in sandbox signs and checks with (not a real Paystack key). */
export const SANDBOX_SECRETS = { secretKey: 'sk_sandbox_regal_flowers_paystack' } as const;

type PaystackTransaction = {
  status: string;
  amountMinor: number;
  currency: string;
  requestedAmount: number;
  id: number;
  reference: string;
  email: string;
  callbackUrl: string;
  cancelAction?: string;
  metadata: Record<string, unknown>;
  gatewayResponse: string;
  createdAt: string;
  paidAt: string | null;
  [key: string]: unknown;
};

export type FakePaystack = FakeProvider & {
  /** Every webhook it sent, in order (the exact body and its signature, to replay in tests). */
  webhooks: { body: string; signature: string; status: number | null }[];
};

const MAX_BODY = 100 * 1024;
const CURRENCIES = ['NGN', 'USD', 'GHS', 'ZAR', 'KES'];

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_BODY) throw new Error('body too large');
    chunks.push(buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const payload = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('Content-Type', 'application/json; charset=utf-8');
  res.setHeader('Content-Length', Buffer.byteLength(payload));
  res.end(payload);
}

function withQuery(url: string, params: Record<string, string>): string {
  const u = new URL(url);
  for (const [k, v] of Object.entries(params)) u.searchParams.set(k, v);
  return u.toString();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createFakePaystack(options: FakeOptions): FakePaystack {
  const transactions = new Map<string, PaystackTransaction>();
  const webhooks: FakePaystack['webhooks'] = [];
  const publicUrl = options.publicUrl.replace(/\/+$/, '');
  let nextId = 4_100_000_000 + Math.floor(Math.random() * 1_000_000);

  const authorised = (req: IncomingMessage) => req.headers.authorization === `Bearer ${options.secrets.secretKey ?? ''}`;

  function verifyData(t: PaystackTransaction) {
    return {
      id: t.id,
      domain: 'test',
      status: t.status,
      reference: t.reference,
      amount: t.amountMinor,
      requested_amount: t.requestedAmount,
      currency: t.currency,
      gateway_response: t.gatewayResponse,
      channel: 'card',
      paid_at: t.paidAt,
      created_at: t.createdAt,
      metadata: t.metadata,
      customer: { email: t.email },
    };
  }

  async function sendWebhook(t: PaystackTransaction): Promise<void> {
    if (!options.webhookUrl) return;
    const body = JSON.stringify({ event: 'charge.success', data: verifyData(t) });
    const signature = paystackSignature(body, options.secrets.secretKey ?? '');
    const record: FakePaystack['webhooks'][number] = { body, signature, status: null };
    webhooks.push(record);
    try {
      const res = await fetch(options.webhookUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-paystack-signature': signature },
        body,
        signal: AbortSignal.timeout(30_000),
      });
      record.status = res.status;
      await res.arrayBuffer();
    } catch (error) {
      console.error(`[sandbox:paystack] webhook not delivered: ${describeError(error)}`);
    }
  }

  async function decide(reference: string, decision: 'pay' | 'fail' | 'cancel'): Promise<string> {
    const t = transactions.get(reference);
    if (!t) throw new Error(`No Paystack transaction ${reference}`);
    const back = withQuery(t.callbackUrl, { trxref: reference, reference });
    if (t.status === 'success') return back; // paid already: the page just sends the shopper back
    if (decision === 'pay') {
      const faults = options.faults ?? {};
      t.status = 'success';
      t.amountMinor = faults.settleAmountMinor ?? t.requestedAmount;
      t.currency = faults.settleCurrency ?? t.currency;
      t.gatewayResponse = 'Successful';
      t.paidAt = new Date().toISOString();
      await sendWebhook(t);
      return back;
    }
    if (decision === 'fail') {
      t.status = 'failed';
      t.gatewayResponse = 'Declined';
      return back;
    }
    t.status = 'abandoned';
    t.gatewayResponse = 'The transaction was not completed';
    return t.cancelAction ?? back;
  }

  async function initialize(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(await readBody(req)) as Record<string, unknown>;
    } catch {
      return json(res, 400, { status: false, message: 'Invalid JSON body' });
    }
    const amount = typeof body.amount === 'string' && /^\d+$/.test(body.amount) ? Number(body.amount) : body.amount;
    if (typeof body.email !== 'string' || !body.email.includes('@')) return json(res, 400, { status: false, message: 'Invalid Email Address Passed' });
    if (typeof amount !== 'number' || !Number.isInteger(amount) || amount <= 0) return json(res, 400, { status: false, message: 'Invalid Amount Sent' });
    const currency = typeof body.currency === 'string' ? body.currency : 'NGN';
    if (!CURRENCIES.includes(currency)) return json(res, 400, { status: false, message: 'Currency not supported by merchant' });
    const reference = typeof body.reference === 'string' && body.reference ? body.reference : randomBytes(6).toString('hex');
    if (!/^[A-Za-z0-9.=-]+$/.test(reference)) return json(res, 400, { status: false, message: 'Invalid transaction reference' });
    if (transactions.has(reference)) return json(res, 400, { status: false, message: 'Duplicate Transaction Reference' });
    const callbackUrl = typeof body.callback_url === 'string' ? body.callback_url : '';
    if (!URL.canParse(callbackUrl)) return json(res, 400, { status: false, message: 'Invalid callback_url' });
    const metadata = typeof body.metadata === 'object' && body.metadata !== null ? (body.metadata as Record<string, unknown>) : {};
    const cancelAction = typeof metadata.cancel_action === 'string' && URL.canParse(metadata.cancel_action) ? metadata.cancel_action : undefined;
    const accessCode = randomBytes(8).toString('hex');
    transactions.set(reference, {
      id: nextId++,
      reference,
      // A transaction nobody has paid yet reads as abandoned, as on Paystack.
      status: 'abandoned',
      amountMinor: amount,
      requestedAmount: amount,
      currency,
      email: body.email,
      callbackUrl,
      ...(cancelAction && { cancelAction }),
      metadata,
      gatewayResponse: 'The transaction was not completed',
      createdAt: new Date().toISOString(),
      paidAt: null,
    });
    json(res, 200, {
      status: true,
      message: 'Authorization URL created',
      data: { authorization_url: `${publicUrl}/checkout/${encodeURIComponent(reference)}`, access_code: accessCode, reference },
    });
  }

  async function hostedPage(req: IncomingMessage, res: ServerResponse, reference: string): Promise<void> {
    const t = transactions.get(reference);
    if (!t) {
      res.statusCode = 404;
      res.setHeader('Content-Type', 'text/plain; charset=utf-8');
      res.end('This payment link is not valid.');
      return;
    }
    if (req.method === 'POST') {
      const decision = new URLSearchParams(await readBody(req)).get('decision');
      if (decision !== 'pay' && decision !== 'fail' && decision !== 'cancel') {
        res.statusCode = 400;
        res.end('decision must be pay, fail or cancel');
        return;
      }
      res.statusCode = 303;
      res.setHeader('Location', await decide(reference, decision));
      res.end();
      return;
    }
    const html = renderHostedPage({
      providerLabel: 'Paystack',
      amountText: formatMinor(BigInt(t.requestedAmount), t.currency, { sign: true }),
      reference,
      customerEmail: t.email,
      actionUrl: `${publicUrl}/checkout/${encodeURIComponent(reference)}`,
    });
    res.statusCode = 200;
    res.setHeader('Content-Type', 'text/html; charset=utf-8');
    res.setHeader('Cache-Control', 'private, no-store');
    res.end(html);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://fake');
    const path = url.pathname.replace(/\/+$/, '');
    const page = /^\/checkout\/([^/]+)$/.exec(path);
    if (page && (req.method === 'GET' || req.method === 'POST')) return hostedPage(req, res, decodeURIComponent(page[1]!));

    const faults = options.faults ?? {};
    if (faults.delayMs) await sleep(faults.delayMs);
    if (faults.status) return json(res, faults.status, { status: false, message: 'An error occurred' });
    if (!authorised(req)) return json(res, 401, { status: false, message: 'Invalid key' });

    if (path === '/transaction/initialize' && req.method === 'POST') return initialize(req, res);
    const verify = /^\/transaction\/verify\/([^/]+)$/.exec(path);
    if (verify && req.method === 'GET') {
      const t = transactions.get(decodeURIComponent(verify[1]!));
      if (!t) return json(res, 400, { status: false, message: 'Transaction reference not found' });
      return json(res, 200, { status: true, message: 'Verification successful', data: verifyData(t) });
    }
    json(res, 404, { status: false, message: 'Not found' });
  }

  return { handle, transactions, decide, webhooks };
}
