/** @jest-environment node */
/**
 * The PayPal provider against the fake PayPal served on a local port: amounts as PayPal's
 * decimal strings, create and capture with request ids (a repeated or concurrent verify captures
 * once), paid only on a COMPLETED capture, webhooks checked through verify-webhook-signature,
 * timeouts and 5xx as ProviderUnavailableError, the token cached, and no secret in any error.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { randomBytes } from 'node:crypto';
import { createPayPal, fromPayPalValue, toPayPalValue, type PayPalConfig } from '@/lib/server/payments/providers/paypal';
import { ProviderRefusedError } from '@/lib/server/payments/http';
import { createFakePayPal, type FakePayPal } from '@/lib/sandbox/paypal';
import { ProviderUnavailableError, WebhookSignatureError, type AttemptRef, type StartInput } from '@/lib/server/payments/provider';
import type { FakeFaults } from '@/lib/sandbox/types';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { startFakeServer, type FakeServer } from '../../../helpers/fake-server';

const secrets = { clientId: 'test-client-id', clientSecret: 'S3CRET-paypal-client-secret', webhookId: 'WH7TESTWEBHOOK' };

type Received = { headers: IncomingHttpHeaders; body: Buffer };

let fake: FakePayPal;
let server: FakeServer;
let receiver: FakeServer;
let received: Received[];
let faults: FakeFaults;
let cfg: PayPalConfig;

beforeEach(async () => {
  received = [];
  faults = {};
  receiver = await startFakeServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    received.push({ headers: req.headers, body: Buffer.concat(chunks) });
    res.end('ok');
  });
  server = await startFakeServer((req, res) => fake.handle(req, res));
  fake = createFakePayPal({ publicUrl: server.url, webhookUrl: `${receiver.url}/hook`, secrets, faults });
  cfg = { ...secrets, baseUrl: server.url, timeoutMs: 2000 };
});

afterEach(async () => {
  resetClock();
  await fake.idle();
  await server.close();
  await receiver.close();
});

function startInput(currency: 'USD' | 'GBP' | 'NGN', amountMinor: number): StartInput {
  const reference = `RF-384638-${randomBytes(4).toString('hex')}`;
  const back = `https://shop.example/checkout?orderId=ord1&payment=payPal&reference=${reference}`;
  return {
    reference,
    orderId: 'ord1',
    orderNumber: 'RF-384638',
    amountMinor: BigInt(amountMinor),
    currency: currency as StartInput['currency'],
    customer: { email: 'ada@example.com', name: 'Ada', phone: '+2348012345678' },
    callbackUrl: back,
    cancelUrl: `${back}&cancelled=1`,
  };
}

const attemptOf = (input: StartInput, providerTransactionId: string | null): AttemptRef => ({
  reference: input.reference,
  providerTransactionId,
  amountMinor: input.amountMinor,
  currency: input.currency,
});

/** Opens PayPal's approval page and presses a button; answers where PayPal redirects the payer. */
async function decideOnPage(redirectUrl: string, decision: 'pay' | 'fail' | 'cancel'): Promise<URL> {
  const page = await fetch(redirectUrl);
  expect(page.status).toBe(200);
  const html = await page.text();
  const action = /action="([^"]+)"/.exec(html)?.[1]?.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  const res = await fetch(action!, { method: 'POST', body: new URLSearchParams({ decision }), redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URL(res.headers.get('location')!);
}

const queryOf = (url: URL) => Object.fromEntries(url.searchParams.entries());

async function startAndPay(currency: 'USD' | 'GBP', amountMinor: number, decision: 'pay' | 'fail' = 'pay') {
  const provider = createPayPal(cfg);
  const input = startInput(currency, amountMinor);
  const started = await provider.start(input);
  const back = await decideOnPage(started.redirectUrl, decision);
  return { provider, input, started, back, attempt: attemptOf(input, started.providerTransactionId ?? null) };
}

describe('amounts as PayPal decimal strings', () => {
  it.each([
    [3510n, 'USD', '35.10'],
    [3500n, 'GBP', '35.00'],
    [5n, 'USD', '0.05'],
    [0n, 'USD', '0.00'],
    [123456789n, 'GBP', '1234567.89'],
    [1500n, 'JPY', '1500'],
    [9_007_199_254_740_993n, 'USD', '90071992547409.93'], // beyond 2^53: exact
  ])('%p %s ↔ %s', (minor, currency, value) => {
    expect(toPayPalValue(minor, currency)).toBe(value);
    expect(fromPayPalValue(value, currency)).toBe(minor);
  });

  it('reads short and trailing-zero forms exactly and refuses anything else', () => {
    expect(fromPayPalValue('35.1', 'USD')).toBe(3510n);
    expect(fromPayPalValue('35', 'USD')).toBe(3500n);
    expect(fromPayPalValue('0.29', 'USD')).toBe(29n); // 0.29 * 100 is 28.999… in floating point
    expect(fromPayPalValue('35.100', 'USD')).toBe(3510n);
    for (const bad of ['35.105', '1e3', '-1.00', '', ' ', 'abc', '35,10']) expect(fromPayPalValue(bad, 'USD')).toBeNull();
    expect(fromPayPalValue(35.1, 'USD')).toBeNull();
  });

  it('round-trips every amount up to 1,000.00', () => {
    const wrong: bigint[] = [];
    for (let minor = 0n; minor <= 100_000n; minor += 1n) if (fromPayPalValue(toPayPalValue(minor, 'USD'), 'USD') !== minor) wrong.push(minor);
    expect(wrong).toEqual([]);
  });
});

describe('start', () => {
  it('creates a CAPTURE order with the amount as a string, our reference and the return URLs, and a request id', async () => {
    const provider = createPayPal(cfg);
    const usd = startInput('USD', 3510);
    const started = await provider.start(usd);
    const order = fake.transactions.get(usd.reference)!;
    expect(started.providerTransactionId).toBe(order.id);
    expect(started.redirectUrl).toBe(`${server.url}/checkoutnow?token=${order.id}`);
    expect(order).toMatchObject({ amountMinor: 3510, currency: 'USD', status: 'PAYER_ACTION_REQUIRED', returnUrl: usd.callbackUrl, cancelUrl: usd.cancelUrl, createRequestId: `${usd.reference}-create` });
    expect(order.purchaseUnit).toMatchObject({ reference_id: usd.reference, custom_id: usd.reference, invoice_id: usd.reference, amount: { currency_code: 'USD', value: '35.10' } });

    const gbp = startInput('GBP', 4200);
    await provider.start(gbp);
    expect(fake.transactions.get(gbp.reference)!.purchaseUnit.amount).toEqual({ currency_code: 'GBP', value: '42.00' });
  });

  it('a repeated start for the same reference gets the same PayPal order (request id)', async () => {
    const provider = createPayPal(cfg);
    const input = startInput('USD', 1000);
    const a = await provider.start(input);
    const b = await provider.start(input);
    expect(b.providerTransactionId).toBe(a.providerTransactionId);
    expect(fake.transactions.size).toBe(1);
  });

  it('the approval page shows the amount; a currency PayPal does not take is a clear error', async () => {
    const provider = createPayPal(cfg);
    const started = await provider.start(startInput('GBP', 4250));
    expect(await (await fetch(started.redirectUrl)).text()).toContain('£42.50');
    const error = await provider.start(startInput('NGN', 2450000)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect((error as ProviderRefusedError).detail).toBe('create the payment: answered 422 UNPROCESSABLE_ENTITY: CURRENCY_NOT_SUPPORTED');
    expect((error as ProviderRefusedError).status).toBe(502);
  });
});

describe('verify', () => {
  it('after pay: PayPal returns to the callback with token and PayerID; verify captures once and reports the capture', async () => {
    const { provider, input, started, back, attempt } = await startAndPay('USD', 3510);
    expect(`${back.origin}${back.pathname}`).toBe('https://shop.example/checkout');
    expect(back.searchParams.get('reference')).toBe(input.reference);
    expect(back.searchParams.get('token')).toBe(started.providerTransactionId);
    expect(back.searchParams.get('PayerID')).toBe('FAKEPAYER');

    const result = await provider.verify(attempt, queryOf(back));
    expect(result).toMatchObject({ status: 'success', reference: input.reference, currency: 'USD', amountMinor: 3510n, providerTransactionId: started.providerTransactionId });
    expect(fake.stats.captures).toBe(1);
    expect(fake.requests.filter((r) => r.path.endsWith('/capture')).map((r) => r.requestId)).toEqual([`${input.reference}-capture`]);
  });

  it('GBP: the capture figures come back in pence', async () => {
    const { provider, back, attempt } = await startAndPay('GBP', 4207);
    expect(await provider.verify(attempt, queryOf(back))).toMatchObject({ status: 'success', currency: 'GBP', amountMinor: 4207n });
  });

  it('verify twice, then twice at once: still one capture, always the same answer', async () => {
    const { provider, back, attempt } = await startAndPay('USD', 2000);
    const first = await provider.verify(attempt, queryOf(back));
    const second = await provider.verify(attempt, queryOf(back));
    expect(second).toEqual(first);
    expect(fake.stats.captures).toBe(1);
    expect(fake.requests.filter((r) => r.path.endsWith('/capture'))).toHaveLength(1); // the second saw COMPLETED

    const other = await startAndPay('USD', 2500);
    faults.delayMs = 50; // both calls are in flight together
    const both = await Promise.all([other.provider.verify(other.attempt, queryOf(other.back)), other.provider.verify(other.attempt, queryOf(other.back))]);
    expect(both.map((v) => v.status)).toEqual(['success', 'success']);
    expect(fake.transactions.get(other.input.reference)!.captures).toBe(1);
    const captureCalls = fake.requests.filter((r) => r.path === `/v2/checkout/orders/${other.started.providerTransactionId}/capture`);
    expect(captureCalls.map((r) => r.requestId)).toEqual([`${other.input.reference}-capture`, `${other.input.reference}-capture`]);
    expect(fake.stats.captures).toBe(2);
  });

  it('a capture without the request id would be refused as already captured: the request id is what makes retries safe', async () => {
    const { provider, back, attempt, started } = await startAndPay('USD', 2000);
    await provider.verify(attempt, queryOf(back));
    const token = await (await fetch(`${server.url}/v1/oauth2/token`, { method: 'POST', headers: { Authorization: `Basic ${Buffer.from(`${secrets.clientId}:${secrets.clientSecret}`).toString('base64')}` }, body: 'grant_type=client_credentials' })).json() as { access_token: string };
    const again = await fetch(`${server.url}/v2/checkout/orders/${started.providerTransactionId}/capture`, { method: 'POST', headers: { Authorization: `Bearer ${token.access_token}`, 'Content-Type': 'application/json' }, body: '{}' });
    expect(again.status).toBe(422);
    expect(fake.stats.captures).toBe(1);
  });

  it('a declined capture is failed, never paid', async () => {
    const { provider, back, attempt } = await startAndPay('USD', 3000, 'fail');
    const result = await provider.verify(attempt, queryOf(back));
    expect(result.status).toBe('failed');
    expect(result.detail).toMatch(/DECLINED/);
    expect(await provider.verify(attempt, queryOf(back))).toMatchObject({ status: 'failed' });
    expect(fake.stats.captures).toBe(1);
  });

  it('cancel: back at the cancel URL, not paid and nothing captured; before approval it is pending', async () => {
    const provider = createPayPal(cfg);
    const input = startInput('USD', 3000);
    const started = await provider.start(input);
    const attempt = attemptOf(input, started.providerTransactionId!);
    expect(await provider.verify(attempt, {})).toMatchObject({ status: 'pending', reference: input.reference, amountMinor: 3000n, currency: 'USD' });

    const back = await decideOnPage(started.redirectUrl, 'cancel');
    expect(back.searchParams.get('cancelled')).toBe('1');
    expect(back.searchParams.get('token')).toBe(started.providerTransactionId);
    expect(await provider.verify(attempt, queryOf(back))).toMatchObject({ status: 'cancelled' });
    // A forged `status=successful` or `cancelled` flag in the query changes nothing at PayPal.
    expect(await provider.verify(attempt, { status: 'successful', token: started.providerTransactionId! })).toMatchObject({ status: 'pending' });
    expect(fake.stats.captures).toBe(0);
  });

  it('underpayment and a different currency are reported as PayPal settled them', async () => {
    faults.settleAmountMinor = 3000;
    const short = await startAndPay('USD', 3510);
    expect(await short.provider.verify(short.attempt, queryOf(short.back))).toMatchObject({ status: 'success', currency: 'USD', amountMinor: 3000n });

    delete faults.settleAmountMinor;
    faults.settleCurrency = 'EUR';
    const euro = await startAndPay('GBP', 3510);
    expect(await euro.provider.verify(euro.attempt, queryOf(euro.back))).toMatchObject({ status: 'success', currency: 'EUR', amountMinor: 3510n });
  });

  it('uses the order id stored at start, not the token in the return query', async () => {
    const paid = await startAndPay('USD', 5000);
    const provider = createPayPal(cfg);
    const mine = startInput('USD', 5000);
    const started = await provider.start(mine);
    const result = await provider.verify(attemptOf(mine, started.providerTransactionId!), { token: paid.started.providerTransactionId! });
    expect(result).toMatchObject({ status: 'pending', reference: mine.reference });
    // Without a stored id the query's order is read, and it names its own reference (the service then refuses it).
    const borrowed = await provider.verify(attemptOf(mine, null), { token: paid.started.providerTransactionId! });
    expect(borrowed.reference).toBe(paid.input.reference);
    expect(await provider.verify(attemptOf(mine, null), {})).toMatchObject({ status: 'pending' });
    expect(await provider.verify(attemptOf(mine, 'NOSUCHORDER123'), {})).toMatchObject({ status: 'failed' });
  });
});

describe('webhooks', () => {
  const headersOf = (r: Received): IncomingHttpHeaders => ({ ...r.headers });

  it('order approved and capture completed, each verified through PayPal, name the attempt', async () => {
    const { provider, input, started, back, attempt } = await startAndPay('USD', 3510);
    expect(received).toHaveLength(1);
    const approved = received[0]!;
    expect(JSON.parse(approved.body.toString()).event_type).toBe('CHECKOUT.ORDER.APPROVED');
    expect(await provider.readWebhook(approved.body, headersOf(approved))).toEqual({ providerTransactionId: started.providerTransactionId, reference: input.reference });

    await provider.verify(attempt, queryOf(back));
    await fake.idle();
    const completed = received[1]!;
    expect(JSON.parse(completed.body.toString()).event_type).toBe('PAYMENT.CAPTURE.COMPLETED');
    expect(await provider.readWebhook(completed.body, headersOf(completed))).toEqual({ reference: input.reference, providerTransactionId: started.providerTransactionId });
    expect(fake.requests.filter((r) => r.path === '/v1/notifications/verify-webhook-signature')).toHaveLength(2);
  });

  it('events the shop does not act on are null once verified', async () => {
    const provider = createPayPal(cfg);
    await fake.emitWebhook('CUSTOMER.DISPUTE.CREATED', 'dispute', { dispute_id: 'PP-D-1' });
    expect(await provider.readWebhook(received[0]!.body, headersOf(received[0]!))).toBeNull();
  });

  it('a forged signature, another certificate, another webhook id or a body changed after signing: WebhookSignatureError (401)', async () => {
    const { provider } = await startAndPay('USD', 3510);
    const good = received[0]!;
    const sig = good.headers['paypal-transmission-sig'] as string;
    const forged = { ...headersOf(good), 'paypal-transmission-sig': `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}` };
    const otherCert = { ...headersOf(good), 'paypal-cert-url': 'https://evil.example/cert.pem' };
    const tampered = Buffer.from(good.body.toString().replace(/"value":"35.10"/, '"value":"135.10"'));
    expect(tampered.equals(good.body)).toBe(false);
    const wrongId = createPayPal({ ...cfg, webhookId: 'WHSOMEOTHERID' });

    for (const attempt of [
      provider.readWebhook(good.body, forged),
      provider.readWebhook(good.body, otherCert),
      provider.readWebhook(tampered, headersOf(good)),
      wrongId.readWebhook(good.body, headersOf(good)),
    ]) {
      const error = await attempt.catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect((error as WebhookSignatureError).status).toBe(401);
    }
    // The untouched one still passes.
    await expect(provider.readWebhook(good.body, headersOf(good))).resolves.not.toBeNull();
  });

  it('missing transmission headers or a body that is not JSON: refused without asking PayPal', async () => {
    const { provider } = await startAndPay('USD', 3510);
    const good = received[0]!;
    const before = fake.requests.length;
    for (const name of ['paypal-auth-algo', 'paypal-cert-url', 'paypal-transmission-id', 'paypal-transmission-sig', 'paypal-transmission-time']) {
      const headers = headersOf(good);
      delete headers[name];
      await expect(provider.readWebhook(good.body, headers)).rejects.toThrow(new RegExp(name));
      await expect(provider.readWebhook(good.body, { ...headersOf(good), [name]: '' })).rejects.toBeInstanceOf(WebhookSignatureError);
    }
    await expect(provider.readWebhook(Buffer.from('not json'), headersOf(good))).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(provider.readWebhook(good.body, {})).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(createPayPal({ ...cfg, webhookId: undefined }).readWebhook(good.body, headersOf(good))).rejects.toBeInstanceOf(WebhookSignatureError);
    expect(fake.requests.length).toBe(before);
  });
});

describe('PayPal down, slow or refusing', () => {
  it('a 500 or 503 is ProviderUnavailableError for start, verify and webhooks; a retry after recovery captures once', async () => {
    const { provider, back, attempt } = await startAndPay('USD', 3510);
    const hook = received[0]!;
    for (const status of [500, 503]) {
      faults.status = status;
      for (const call of [provider.start(startInput('USD', 100)), provider.verify(attempt, queryOf(back)), provider.readWebhook(hook.body, { ...hook.headers })]) {
        const error = await call.catch((e: unknown) => e);
        expect(error).toBeInstanceOf(ProviderUnavailableError);
        expect((error as ProviderUnavailableError).status).toBe(502);
        expect((error as Error).message).toMatch(/PayPal is not answering right now/);
      }
    }
    delete faults.status;
    expect(await provider.verify(attempt, queryOf(back))).toMatchObject({ status: 'success' });
    expect(fake.stats.captures).toBe(1);
  });

  it('a timeout is ProviderUnavailableError', async () => {
    const provider = createPayPal({ ...cfg, timeoutMs: 100 });
    faults.delayMs = 1000;
    const began = Date.now();
    const error = await provider.start(startInput('USD', 100)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
    expect(Date.now() - began).toBeLessThan(800); // gave up at the timeout, not when PayPal answered
  });

  it('nobody listening is ProviderUnavailableError', async () => {
    const closed = await startFakeServer(() => undefined);
    await closed.close();
    const error = await createPayPal({ ...cfg, baseUrl: closed.url }).start(startInput('USD', 100)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderUnavailableError);
  });

  it('a capture PayPal refuses as declined is failed; another refusal is a clear error', async () => {
    let captureAnswer = { status: 422, body: { name: 'UNPROCESSABLE_ENTITY', details: [{ issue: 'INSTRUMENT_DECLINED' }] } };
    const stub = await startFakeServer((req, res) => {
      res.setHeader('Content-Type', 'application/json');
      if (req.url === '/v1/oauth2/token') return void res.end(JSON.stringify({ access_token: 'tok', expires_in: 3600 }));
      if (req.url?.endsWith('/capture')) {
        res.statusCode = captureAnswer.status;
        return void res.end(JSON.stringify(captureAnswer.body));
      }
      res.end(JSON.stringify({ id: 'ORDER1', status: 'APPROVED', purchase_units: [{ custom_id: 'RF-1-aa', amount: { currency_code: 'USD', value: '10.00' } }] }));
    });
    try {
      const provider = createPayPal({ ...cfg, baseUrl: stub.url });
      const attempt: AttemptRef = { reference: 'RF-1-aa', providerTransactionId: 'ORDER1', amountMinor: 1000n, currency: 'USD' };
      expect(await provider.verify(attempt, {})).toMatchObject({ status: 'failed', reference: 'RF-1-aa', detail: expect.stringMatching(/INSTRUMENT_DECLINED/) });
      captureAnswer = { status: 403, body: { name: 'NOT_AUTHORIZED', details: [{ issue: 'PERMISSION_DENIED' }] } };
      await expect(provider.verify(attempt, {})).rejects.toMatchObject({ name: 'ProviderRefusedError', detail: 'capture the payment: answered 403 NOT_AUTHORIZED: PERMISSION_DENIED' });
    } finally {
      await stub.close();
    }
  });
});

describe('access token', () => {
  it('is fetched once and reused until shortly before it expires; a revoked token is replaced', async () => {
    const { provider, back, attempt } = await startAndPay('USD', 3510);
    await provider.start(startInput('USD', 100));
    await createPayPal(cfg).verify(attempt, queryOf(back)); // another instance with the same keys shares it
    expect(fake.stats.tokens).toBe(1);

    advanceClock(32_400_000 - 30_000); // 30 s before PayPal's 9 hours are up
    await provider.start(startInput('USD', 100));
    expect(fake.stats.tokens).toBe(2);

    fake.revokeTokens();
    await expect(provider.start(startInput('USD', 100))).resolves.toHaveProperty('redirectUrl');
    expect(fake.stats.tokens).toBe(3);
  });

  it('wrong keys are a clear error that names the settings, never the secret', async () => {
    const error = await createPayPal({ ...cfg, clientSecret: 'WRONG-secret-value' }).start(startInput('USD', 100)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ProviderRefusedError);
    expect((error as ProviderRefusedError).detail).toMatch(/PAYPAL_CLIENT_ID and PAYPAL_CLIENT_SECRET.*401 invalid_client/);
  });
});

it('no thrown error ever carries a secret or a token', async () => {
  const errors: unknown[] = [];
  const catchAll = (p: Promise<unknown>) => p.then(() => undefined, (e: unknown) => void errors.push(e));
  const { provider, back, attempt } = await startAndPay('USD', 3510);
  const hook = received[0]!;
  await catchAll(createPayPal({ ...cfg, clientSecret: `${secrets.clientSecret}-x` }).start(startInput('USD', 100)));
  await catchAll(provider.start(startInput('NGN', 100)));
  await catchAll(provider.readWebhook(hook.body, { ...hook.headers, 'paypal-transmission-sig': 'forged' }));
  await catchAll(provider.readWebhook(hook.body, {}));
  faults.status = 500;
  await catchAll(provider.verify(attempt, queryOf(back)));
  delete faults.status;
  faults.delayMs = 300;
  await catchAll(createPayPal({ ...cfg, timeoutMs: 50 }).verify(attempt, queryOf(back)));
  expect(errors).toHaveLength(6);
  const basic = Buffer.from(`${secrets.clientId}:${secrets.clientSecret}`).toString('base64');
  for (const error of errors) {
    const text = `${String(error)} ${JSON.stringify(error)} ${(error as { detail?: string }).detail ?? ''} ${(error as Error).stack ?? ''}`;
    expect(text).not.toContain(secrets.clientSecret);
    expect(text).not.toContain(basic);
    expect(text).not.toMatch(/A21AA/); // the fake's access tokens
  }
});
