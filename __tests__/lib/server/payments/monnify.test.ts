/** @jest-environment node */
/**
 * The Monnify provider against the fake Monnify served on a local port: login and its cached
 * token, init-transaction with the amount in naira, verify by transactionReference and by
 * paymentReference for paid, failed, cancelled and unfinished payments, underpayment,
 * overpayment and wrong currency as settled, the `monnify-signature` HMAC-SHA512 (with a fixed
 * test vector), timeouts and 5xx, and no secret or token in any error.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createMonnify, monnifyAmountToMinor, monnifySignature } from '@/lib/server/payments/providers/monnify';
import { ProviderUnavailableError, WebhookSignatureError, type AttemptRef, type StartInput } from '@/lib/server/payments/provider';
import { createFakeMonnify } from '@/lib/sandbox/monnify';
import { readBody } from '@/lib/sandbox/fake-http';
import type { FakeFaults, FakeProvider } from '@/lib/sandbox/types';
import { advanceClock, resetClock } from '@/lib/server/security/clock';
import { startFakeServer, type FakeServer } from '../../../helpers/fake-server';

const SECRETS = { apiKey: 'MK_TEST_8QW2D7XK4N', secretKey: 'ZL7V3H9Q2M8R4T6Y1W5E0U3I7O9P2A4S', contractCode: '7059707855' };

let servers: FakeServer[] = [];
afterEach(async () => {
  resetClock();
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});

async function setup(options: { timeoutMs?: number; providerSecrets?: typeof SECRETS } = {}) {
  const webhooks: { headers: IncomingHttpHeaders; body: Buffer }[] = [];
  const hooks = await startFakeServer(async (req, res) => {
    webhooks.push({ headers: req.headers, body: await readBody(req) });
    res.end('ok');
  });
  const faults: FakeFaults = {};
  const calls: string[] = [];
  const box: { fake?: FakeProvider } = {};
  const server = await startFakeServer((req, res) => {
    calls.push(`${req.method} ${req.url}`);
    return box.fake?.handle(req, res);
  });
  const fake = createFakeMonnify({ publicUrl: server.url, webhookUrl: `${hooks.url}/api/v1/payments/webhook/monnify`, secrets: SECRETS, faults });
  box.fake = fake;
  servers.push(server, hooks);
  const provider = createMonnify({ ...(options.providerSecrets ?? SECRETS), baseUrl: server.url, timeoutMs: options.timeoutMs ?? 3000 });
  const logins = () => calls.filter((c) => c === 'POST /api/v1/auth/login').length;
  return { fake, server, provider, faults, webhooks, calls, logins };
}

let serial = 0;
function input(over: Partial<StartInput> = {}): StartInput {
  serial += 1;
  const reference = `RF-384638-${serial.toString(16).padStart(8, '0')}`;
  const callbackUrl = `http://shop.test/checkout?orderId=ord_1&payment=monnify&reference=${reference}`;
  return {
    reference,
    orderId: 'ord_1',
    orderNumber: 'RF-384638',
    amountMinor: 2_450_000n,
    currency: 'NGN',
    customer: { email: 'ada.obi@example.com', name: 'Ada Obi', phone: '+2348031234567' },
    callbackUrl,
    cancelUrl: `${callbackUrl}&cancelled=1`,
    ...over,
  };
}
const attemptOf = (i: StartInput, providerTransactionId: string | null = null): AttemptRef => ({ reference: i.reference, providerTransactionId, amountMinor: i.amountMinor, currency: i.currency });
const queryOf = (url: string) => Object.fromEntries(new URL(url).searchParams);

describe('Monnify start', () => {
  it('logs in, inits the transaction in naira (major units) and answers the checkout URL and transactionReference', async () => {
    const { provider, fake, server, logins } = await setup();
    const pay = input();
    const started = await provider.start(pay);
    expect(started.redirectUrl).toMatch(new RegExp(`^${server.url}/checkout/[0-9a-f]+$`));
    expect(started.providerTransactionId).toMatch(/^MNFY\|85\|\d{14}\|\d{6}$/);
    expect(logins()).toBe(1);
    expect(fake.transactions.get(pay.reference)).toMatchObject({
      status: 'PENDING',
      requestedAmount: 24500,
      amountMinor: 2_450_000,
      currency: 'NGN',
      transactionReference: started.providerTransactionId,
      redirectUrl: pay.callbackUrl,
      customer: { email: 'ada.obi@example.com', name: 'Ada Obi' },
      paymentMethods: ['CARD', 'ACCOUNT_TRANSFER'],
      paymentDescription: 'Regal Flowers order RF-384638',
    });
    const html = await (await fetch(started.redirectUrl)).text();
    expect(html).toContain('₦24,500.00');
  });

  it('refuses a currency other than NGN before calling Monnify', async () => {
    const { provider, calls } = await setup();
    await expect(provider.start(input({ currency: 'USD', amountMinor: 3500n }))).rejects.toMatchObject({ status: 400, message: 'Monnify takes payments in NGN only.' });
    expect(calls).toEqual([]);
  });

  it('refuses a reused paymentReference with a clear error', async () => {
    const { provider } = await setup();
    const pay = input();
    await provider.start(pay);
    await expect(provider.start(pay)).rejects.toThrow(`Monnify refused to start the payment (HTTP 422: Duplicate payment reference ${pay.reference}).`);
  });
});

describe('Monnify login token', () => {
  it('logs in once for several calls, and again once the token has expired', async () => {
    const { provider, fake, logins } = await setup();
    const pay = input();
    const { providerTransactionId } = await provider.start(pay);
    await fake.decide(pay.reference, 'pay');
    await provider.verify(attemptOf(pay, providerTransactionId ?? null), {});
    await provider.verify(attemptOf(pay), {});
    expect(logins()).toBe(1);

    advanceClock(3600 * 1000); // the token said expiresIn 3599 s
    expect((await provider.verify(attemptOf(pay), {})).status).toBe('success');
    expect(logins()).toBe(2);
    await provider.start(input());
    expect(logins()).toBe(2);
  });

  it('shares the token between provider instances and logs in again once when Monnify refuses it', async () => {
    const { provider, fake, server, logins } = await setup();
    await provider.start(input());
    const again = createMonnify({ ...SECRETS, baseUrl: server.url, timeoutMs: 3000 });
    await again.start(input());
    expect(logins()).toBe(1);

    fake.revokeTokens();
    await again.start(input());
    expect(logins()).toBe(2);
  });

  it('a wrong API key or secret is a clear error that shows neither', async () => {
    const wrong = { ...SECRETS, secretKey: 'WRONGWRONGWRONGWRONGWRONGWRONG00' };
    const { provider } = await setup({ providerSecrets: wrong });
    const error = (await provider.start(input()).catch((e: unknown) => e)) as Error;
    expect(error.message).toBe('Monnify refused to log in (HTTP 401: Full authentication is required to access this resource).');
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(wrong.secretKey);
    expect(`${error.message} ${JSON.stringify(error)}`).not.toContain(Buffer.from(`${wrong.apiKey}:${wrong.secretKey}`).toString('base64'));
  });
});

describe('Monnify pay, fail, cancel and verify', () => {
  it('pays on the checkout page: 303 back with paymentReference, the signed webhook, and a verified success', async () => {
    const { provider, webhooks } = await setup();
    const pay = input();
    const { redirectUrl, providerTransactionId } = await provider.start(pay);

    const back = await fetch(redirectUrl, { method: 'POST', body: new URLSearchParams({ decision: 'pay' }), redirect: 'manual' });
    expect(back.status).toBe(303);
    const location = back.headers.get('location') ?? '';
    expect(location.startsWith('http://shop.test/checkout?')).toBe(true);
    expect(queryOf(location)).toEqual({ orderId: 'ord_1', payment: 'monnify', reference: pay.reference, paymentReference: pay.reference });

    expect(webhooks).toHaveLength(1);
    const hook = webhooks[0]!;
    expect(hook.headers['monnify-signature']).toBe(monnifySignature(hook.body, SECRETS.secretKey));
    expect(await provider.readWebhook(hook.body, hook.headers)).toEqual({ reference: pay.reference, providerTransactionId });

    const expected = { status: 'success', reference: pay.reference, currency: 'NGN', amountMinor: 2_450_000n, providerTransactionId, detail: 'Monnify: PAID' };
    expect(await provider.verify(attemptOf(pay, providerTransactionId ?? null), queryOf(location))).toEqual(expected);
    // Without Monnify's id: the v2 query by our paymentReference.
    expect(await provider.verify(attemptOf(pay), queryOf(location))).toEqual(expected);
  });

  it('reports FAILED as failed, CANCELLED as cancelled and an unfinished checkout as pending, sending no webhook', async () => {
    const { provider, fake, webhooks } = await setup();
    const declined = input();
    const a = await provider.start(declined);
    expect(queryOf(await fake.decide(declined.reference, 'fail'))).toMatchObject({ paymentReference: declined.reference });
    expect(await provider.verify(attemptOf(declined, a.providerTransactionId ?? null), {})).toMatchObject({ status: 'failed', amountMinor: 0n, detail: 'Monnify: FAILED' });

    const cancelled = input();
    const b = await provider.start(cancelled);
    await fake.decide(cancelled.reference, 'cancel');
    expect(await provider.verify(attemptOf(cancelled, b.providerTransactionId ?? null), {})).toMatchObject({ status: 'cancelled', amountMinor: 0n });

    const unfinished = input();
    await provider.start(unfinished);
    expect(await provider.verify(attemptOf(unfinished), {})).toMatchObject({ status: 'pending', amountMinor: 0n });
    expect(await provider.verify(attemptOf(input()), {})).toMatchObject({ status: 'pending', detail: 'Monnify has no transaction for this reference' });
    expect(webhooks).toHaveLength(0);
  });

  it('reports a partial payment, an overpayment and a wrong currency with the figures Monnify settled', async () => {
    const { provider, fake, faults } = await setup();
    const short = input();
    await provider.start(short);
    faults.settleAmountMinor = 2_000_050;
    await fake.decide(short.reference, 'pay');
    expect(await provider.verify(attemptOf(short), {})).toMatchObject({ status: 'success', reference: short.reference, currency: 'NGN', amountMinor: 2_000_050n, detail: 'Monnify: PARTIALLY_PAID' });

    const over = input();
    await provider.start(over);
    faults.settleAmountMinor = 2_500_000;
    await fake.decide(over.reference, 'pay');
    expect(await provider.verify(attemptOf(over), {})).toMatchObject({ status: 'success', amountMinor: 2_500_000n, detail: 'Monnify: OVERPAID' });

    delete faults.settleAmountMinor;
    faults.settleCurrency = 'USD';
    const dollars = input();
    await provider.start(dollars);
    await fake.decide(dollars.reference, 'pay');
    expect(await provider.verify(attemptOf(dollars), {})).toMatchObject({ status: 'success', currency: 'USD', amountMinor: 2_450_000n });
  });
});

describe('Monnify webhooks', () => {
  // Fixed vector: HMAC-SHA512 (hex) of exactly these bytes with this key, computed once with
  // `openssl dgst -sha512 -hmac REGALTESTSECRET0123456789ABCDEF` and pasted here.
  const VECTOR_KEY = 'REGALTESTSECRET0123456789ABCDEF';
  const VECTOR_BODY =
    '{"eventType":"SUCCESSFUL_TRANSACTION","eventData":{"transactionReference":"MNFY|85|20250301120000|000001","paymentReference":"RF-384638-2c9f1a7b","amountPaid":24500,"currency":"NGN","paymentStatus":"PAID"}}';
  const VECTOR_SIGNATURE = 'd51ceedc4a221dbe731c26b544324d8c01f263122dfeba308a00725cdb96b18c3496d96885e5d60d69b15d86e6ef01873a0553695588a3b5efa191277e89c7fe';
  const vectorProvider = () => createMonnify({ ...SECRETS, secretKey: VECTOR_KEY, baseUrl: 'http://127.0.0.1:9', timeoutMs: 100 });

  it('matches the fixed signature test vector', async () => {
    expect(monnifySignature(Buffer.from(VECTOR_BODY), VECTOR_KEY)).toBe(VECTOR_SIGNATURE);
    expect(await vectorProvider().readWebhook(Buffer.from(VECTOR_BODY), { 'monnify-signature': VECTOR_SIGNATURE })).toEqual({
      reference: 'RF-384638-2c9f1a7b',
      providerTransactionId: 'MNFY|85|20250301120000|000001',
    });
  });

  it('refuses a missing or wrong signature, a body changed after signing, and another key’s signature (401)', async () => {
    const provider = vectorProvider();
    const changed = VECTOR_BODY.replace('"amountPaid":24500', '"amountPaid":24501');
    const cases: [string, IncomingHttpHeaders][] = [
      [VECTOR_BODY, {}],
      [VECTOR_BODY, { 'monnify-signature': '' }],
      [VECTOR_BODY, { 'monnify-signature': VECTOR_SIGNATURE.slice(0, -2) }],
      [VECTOR_BODY, { 'monnify-signature': `${VECTOR_SIGNATURE.slice(0, -1)}0` }],
      [VECTOR_BODY, { 'monnify-signature': monnifySignature(VECTOR_BODY, SECRETS.secretKey) }],
      [VECTOR_BODY, { 'monnify-signature': VECTOR_KEY }],
      [changed, { 'monnify-signature': VECTOR_SIGNATURE }],
      [`${VECTOR_BODY} `, { 'monnify-signature': VECTOR_SIGNATURE }],
    ];
    for (const [body, headers] of cases) {
      const error = await provider.readWebhook(Buffer.from(body), headers).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect((error as WebhookSignatureError).status).toBe(401);
      expect((error as Error).message).not.toContain(VECTOR_KEY);
    }
  });

  it('answers null for events the shop does not act on', async () => {
    const provider = vectorProvider();
    const body = Buffer.from(JSON.stringify({ eventType: 'SUCCESSFUL_DISBURSEMENT', eventData: { reference: 'x' } }));
    expect(await provider.readWebhook(body, { 'monnify-signature': monnifySignature(body, VECTOR_KEY) })).toBeNull();
  });
});

describe('Monnify faults', () => {
  it('a timeout or a 5xx is ProviderUnavailableError (502), at login, start and verify', async () => {
    const { provider, faults } = await setup({ timeoutMs: 150 });
    const pay = input();
    faults.delayMs = 600;
    const slow = (await provider.start(pay).catch((e: unknown) => e)) as ProviderUnavailableError;
    expect(slow).toBeInstanceOf(ProviderUnavailableError);
    expect(slow.status).toBe(502);
    expect(slow.detail).toBe('POST /api/v1/auth/login: no answer within 150 ms');

    delete faults.delayMs;
    await provider.start(pay); // logged in now
    faults.delayMs = 600;
    expect(((await provider.verify(attemptOf(pay), {}).catch((e: unknown) => e)) as ProviderUnavailableError).detail).toBe('GET /api/v2/merchant/transactions/query: no answer within 150 ms');

    delete faults.delayMs;
    for (const status of [500, 502, 503]) {
      faults.status = status;
      const error = (await provider.start(input()).catch((e: unknown) => e)) as ProviderUnavailableError;
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect(error.detail).toBe(`POST /api/v1/merchant/transactions/init-transaction: answered ${status}`);
      await expect(provider.verify(attemptOf(pay, 'MNFY|85|20250301120000|000001'), {})).rejects.toBeInstanceOf(ProviderUnavailableError);
    }
  });

  it('no error carries the API key, the secret, the Basic credentials or the token', async () => {
    const { provider, faults } = await setup({ timeoutMs: 100 });
    const errors: unknown[] = [];
    faults.delayMs = 300;
    errors.push(await provider.start(input()).catch((e: unknown) => e));
    delete faults.delayMs;
    faults.status = 500;
    errors.push(await provider.start(input()).catch((e: unknown) => e));
    errors.push(await provider.readWebhook(Buffer.from('{}'), { 'monnify-signature': 'ab' }).catch((e: unknown) => e));
    const basic = Buffer.from(`${SECRETS.apiKey}:${SECRETS.secretKey}`).toString('base64');
    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      const text = `${(error as Error).message} ${(error as { detail?: string }).detail ?? ''} ${JSON.stringify(error)}`;
      for (const secret of [SECRETS.apiKey, SECRETS.secretKey, basic]) expect(text).not.toContain(secret);
      expect(text).not.toMatch(/Bearer/);
    }
  });
});

describe('monnifyAmountToMinor', () => {
  it.each([
    ['24500.00', 2_450_000n],
    ['100.5', 10_050n],
    [24500, 2_450_000n],
    [24500.01, 2_450_001n],
    [0, 0n],
    ['30000000.00', 3_000_000_000n], // beyond a 4-byte integer of kobo
  ])('%p → %p kobo', (amount, minor) => {
    expect(monnifyAmountToMinor(amount, 'NGN')).toBe(minor);
  });
  it.each([['24,500.00'], [''], [-5], [undefined], ['24500.001']])('%p is unreadable', (amount) => {
    expect(monnifyAmountToMinor(amount, 'NGN')).toBeNull();
  });
});
