/** @jest-environment node */
/**
 * The Flutterwave provider against the fake Flutterwave served on a local port: the hosted link
 * and the amount in major units, verify by id / by reference for paid, failed, cancelled and
 * unfinished payments, a forged `status=successful` return, underpayment and wrong currency
 * reported as settled, the `verif-hash` webhook check, timeouts and 5xx, and no secret in any
 * error.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { createFlutterwave, flutterwaveAmountToMinor } from '@/lib/server/payments/providers/flutterwave';
import { ProviderUnavailableError, WebhookSignatureError, type AttemptRef, type StartInput } from '@/lib/server/payments/provider';
import { createFakeFlutterwave } from '@/lib/sandbox/flutterwave';
import { readBody } from '@/lib/sandbox/fake-http';
import type { FakeFaults, FakeProvider } from '@/lib/sandbox/types';
import { startFakeServer, type FakeServer } from '../../../helpers/fake-server';

const SECRETS = { secretKey: 'FLWSECK_TEST-5e8f0a1b2c3d4e5f6a7b8c9d0e1f2a3b-X', webhookHash: 'hash-7c1e9a44d2b0f' };

let servers: FakeServer[] = [];
afterEach(async () => {
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
  const box: { fake?: FakeProvider } = {};
  const server = await startFakeServer((req, res) => box.fake?.handle(req, res));
  const fake = createFakeFlutterwave({ publicUrl: server.url, webhookUrl: `${hooks.url}/api/v1/payments/webhook/flutterwave`, secrets: SECRETS, faults });
  box.fake = fake;
  servers.push(server, hooks);
  const provider = createFlutterwave({ ...(options.providerSecrets ?? SECRETS), baseUrl: server.url, timeoutMs: options.timeoutMs ?? 3000 });
  return { fake, server, provider, faults, webhooks };
}

let serial = 0;
function input(over: Partial<StartInput> = {}): StartInput {
  serial += 1;
  const reference = `RF-384638-${serial.toString(16).padStart(8, '0')}`;
  const callbackUrl = `http://shop.test/checkout?orderId=ord_1&payment=flutterwave&reference=${reference}`;
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

describe('Flutterwave start', () => {
  it('creates a hosted link for the tx_ref, asking the amount in naira (major units)', async () => {
    const { provider, fake, server } = await setup();
    const pay = input();
    const started = await provider.start(pay);
    expect(started.redirectUrl).toMatch(new RegExp(`^${server.url}/hosted/pay/[0-9a-f]+$`));
    expect(fake.transactions.get(pay.reference)).toMatchObject({ status: 'pending', requestedAmount: 24500, amountMinor: 2_450_000, currency: 'NGN', redirectUrl: pay.callbackUrl });
    expect(fake.transactions.get(pay.reference)?.customer).toEqual({ email: 'ada.obi@example.com', name: 'Ada Obi', phonenumber: '+2348031234567' });

    const page = await fetch(started.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('₦24,500.00');
    expect(html).toContain(pay.reference);
  });

  it('keeps kobo: ₦24,500.50 is asked as 24500.5 and verified back as 2450050 kobo', async () => {
    const { provider, fake } = await setup();
    const pay = input({ amountMinor: 2_450_050n });
    await provider.start(pay);
    expect(fake.transactions.get(pay.reference)?.requestedAmount).toBe(24500.5);
    const back = await fake.decide(pay.reference, 'pay');
    expect(await provider.verify(attemptOf(pay), queryOf(back))).toMatchObject({ status: 'success', amountMinor: 2_450_050n });
  });

  it('refuses a reused tx_ref with a clear error', async () => {
    const { provider } = await setup();
    const pay = input();
    await provider.start(pay);
    await expect(provider.start(pay)).rejects.toThrow('Flutterwave refused to start the payment (HTTP 400: A transaction with this tx_ref already exists).');
  });
});

describe('Flutterwave pay, fail, cancel and verify', () => {
  it('pays on the hosted page: 303 back with status, tx_ref and transaction_id, the webhook, and a verified success', async () => {
    const { provider, webhooks } = await setup();
    const pay = input();
    const { redirectUrl } = await provider.start(pay);

    const back = await fetch(redirectUrl, { method: 'POST', body: new URLSearchParams({ decision: 'pay' }), redirect: 'manual' });
    expect(back.status).toBe(303);
    const location = back.headers.get('location') ?? '';
    const query = queryOf(location);
    expect(location.startsWith('http://shop.test/checkout?')).toBe(true);
    expect(query).toMatchObject({ orderId: 'ord_1', payment: 'flutterwave', reference: pay.reference, status: 'successful', tx_ref: pay.reference });
    expect(query.transaction_id).toMatch(/^\d+$/);

    // The webhook arrived before the redirect, with the configured hash.
    expect(webhooks).toHaveLength(1);
    const hook = webhooks[0]!;
    expect(hook.headers['verif-hash']).toBe(SECRETS.webhookHash);
    const notice = await provider.readWebhook(hook.body, hook.headers);
    expect(notice).toEqual({ reference: pay.reference, providerTransactionId: query.transaction_id });

    const verified = await provider.verify(attemptOf(pay), query);
    expect(verified).toEqual({
      status: 'success',
      reference: pay.reference,
      currency: 'NGN',
      amountMinor: 2_450_000n,
      providerTransactionId: query.transaction_id,
      detail: 'Flutterwave: successful (Approved by Financial Institution)',
    });
    // After a webhook (id known, no return query) and with nothing known but our reference.
    expect(await provider.verify(attemptOf(pay, query.transaction_id!), {})).toMatchObject({ status: 'success', amountMinor: 2_450_000n });
    expect(await provider.verify(attemptOf(pay), {})).toMatchObject({ status: 'success', providerTransactionId: query.transaction_id });
  });

  it('reports a declined card as failed and sends no webhook', async () => {
    const { provider, fake, webhooks } = await setup();
    const pay = input();
    await provider.start(pay);
    const back = await fake.decide(pay.reference, 'fail');
    expect(queryOf(back)).toMatchObject({ status: 'failed', tx_ref: pay.reference });
    expect(await provider.verify(attemptOf(pay), queryOf(back))).toMatchObject({ status: 'failed', reference: pay.reference });
    expect(webhooks).toHaveLength(0);
  });

  it('reports a cancelled checkout (no transaction at Flutterwave) as cancelled, and an unfinished one as pending', async () => {
    const { provider, fake } = await setup();
    const cancelled = input();
    await provider.start(cancelled);
    const back = await fake.decide(cancelled.reference, 'cancel');
    expect(queryOf(back)).toEqual(expect.objectContaining({ status: 'cancelled', tx_ref: cancelled.reference }));
    expect(queryOf(back).transaction_id).toBeUndefined();
    expect(await provider.verify(attemptOf(cancelled), queryOf(back))).toMatchObject({ status: 'cancelled', amountMinor: 0n });

    const unfinished = input();
    await provider.start(unfinished);
    expect(await provider.verify(attemptOf(unfinished), {})).toMatchObject({ status: 'pending', amountMinor: 0n });
  });

  it('never trusts status=successful in the return URL, nor a transaction_id of someone else’s payment', async () => {
    const { provider, fake } = await setup();
    const other = input();
    await provider.start(other);
    const otherId = queryOf(await fake.decide(other.reference, 'pay')).transaction_id!;

    const mine = input();
    await provider.start(mine);
    const forged = { status: 'successful', tx_ref: mine.reference, transaction_id: otherId };
    const verified = await provider.verify(attemptOf(mine), forged);
    expect(verified.status).toBe('pending');
    expect(verified.amountMinor).toBe(0n);
    // A made-up id goes the same way.
    expect((await provider.verify(attemptOf(mine), { status: 'successful', transaction_id: '999999999' })).status).toBe('pending');
  });

  it('reports an underpayment and a wrong currency as Flutterwave settled them', async () => {
    const { provider, fake, faults } = await setup();
    const short = input();
    await provider.start(short);
    faults.settleAmountMinor = 2_000_000;
    const back = await fake.decide(short.reference, 'pay');
    expect(await provider.verify(attemptOf(short), queryOf(back))).toMatchObject({ status: 'success', reference: short.reference, currency: 'NGN', amountMinor: 2_000_000n });

    delete faults.settleAmountMinor;
    faults.settleCurrency = 'USD';
    const dollars = input();
    await provider.start(dollars);
    const back2 = await fake.decide(dollars.reference, 'pay');
    expect(await provider.verify(attemptOf(dollars), queryOf(back2))).toMatchObject({ status: 'success', currency: 'USD', amountMinor: 2_450_000n });
  });
});

describe('Flutterwave webhooks', () => {
  const body = (event: string, data: object) => Buffer.from(JSON.stringify({ event, data }));

  it('answers which attempt a charge.completed is about, and null for other events', async () => {
    const { provider } = await setup();
    const headers = { 'verif-hash': SECRETS.webhookHash };
    expect(await provider.readWebhook(body('charge.completed', { id: 285959875, tx_ref: 'RF-1-aa', status: 'successful' }), headers)).toEqual({ reference: 'RF-1-aa', providerTransactionId: '285959875' });
    expect(await provider.readWebhook(body('transfer.completed', { id: 1 }), headers)).toBeNull();
  });

  it('refuses a missing or wrong verif-hash with a WebhookSignatureError (401)', async () => {
    const { provider } = await setup();
    const raw = body('charge.completed', { id: 1, tx_ref: 'RF-1-aa' });
    for (const headers of [{}, { 'verif-hash': '' }, { 'verif-hash': 'hash-7c1e9a44d2b0' }, { 'verif-hash': `${SECRETS.webhookHash}x` }, { 'verif-hash': SECRETS.secretKey }]) {
      const error = await provider.readWebhook(raw, headers).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WebhookSignatureError);
      expect((error as WebhookSignatureError).status).toBe(401);
    }
  });

  it('refuses every webhook when no hash is configured', async () => {
    const provider = createFlutterwave({ ...SECRETS, webhookHash: '', baseUrl: 'http://127.0.0.1:9', timeoutMs: 100 });
    await expect(provider.readWebhook(body('charge.completed', { id: 1 }), { 'verif-hash': '' })).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('a body altered under a valid hash (the hash signs nothing) still cannot pay: verify asks Flutterwave', async () => {
    const { provider, fake, faults } = await setup();
    const pay = input();
    await provider.start(pay);
    faults.settleAmountMinor = 100;
    await fake.decide(pay.reference, 'pay');
    const forged = body('charge.completed', { id: 1, tx_ref: pay.reference, amount: 24500, currency: 'NGN', status: 'successful' });
    const notice = await provider.readWebhook(forged, { 'verif-hash': SECRETS.webhookHash });
    expect(await provider.verify(attemptOf(pay, notice?.providerTransactionId ?? null), {})).toMatchObject({ amountMinor: 100n });
  });
});

describe('Flutterwave faults', () => {
  it('a timeout or a 5xx is ProviderUnavailableError (502), at start and at verify', async () => {
    const { provider, faults } = await setup({ timeoutMs: 150 });
    const pay = input();
    faults.delayMs = 600;
    const slow = await provider.start(pay).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(ProviderUnavailableError);
    expect((slow as ProviderUnavailableError).status).toBe(502);
    expect((slow as ProviderUnavailableError).detail).toBe('POST /v3/payments: no answer within 150 ms');
    await expect(provider.verify(attemptOf(pay), {})).rejects.toBeInstanceOf(ProviderUnavailableError);

    delete faults.delayMs;
    for (const status of [500, 503]) {
      faults.status = status;
      const error = await provider.start(input()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ProviderUnavailableError);
      expect((error as ProviderUnavailableError).detail).toBe(`POST /v3/payments: answered ${status}`);
      await expect(provider.verify(attemptOf(pay), { transaction_id: '12' })).rejects.toBeInstanceOf(ProviderUnavailableError);
    }
  });

  it('a server that is not there is ProviderUnavailableError', async () => {
    const provider = createFlutterwave({ ...SECRETS, baseUrl: 'http://127.0.0.1:9', timeoutMs: 1000 });
    await expect(provider.start(input())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('a wrong secret key is a clear error, and no error ever carries a secret', async () => {
    const wrong = { ...SECRETS, secretKey: 'FLWSECK_TEST-wrongwrongwrongwrongwrongwrong00-X' };
    const { provider } = await setup({ providerSecrets: wrong });
    const errors: unknown[] = [];
    errors.push(await provider.start(input()).catch((e: unknown) => e));
    expect((errors[0] as Error).message).toBe('Flutterwave refused to start the payment (HTTP 401: Invalid authorization key).');
    errors.push(await provider.verify(attemptOf(input()), {}).catch((e: unknown) => e));
    errors.push(await provider.readWebhook(Buffer.from('{}'), { 'verif-hash': 'nope' }).catch((e: unknown) => e));

    const { provider: slow, faults } = await setup({ timeoutMs: 100 });
    faults.delayMs = 400;
    errors.push(await slow.start(input()).catch((e: unknown) => e));

    for (const error of errors) {
      expect(error).toBeInstanceOf(Error);
      const text = `${(error as Error).message} ${(error as { detail?: string }).detail ?? ''} ${JSON.stringify(error)}`;
      for (const secret of [...Object.values(SECRETS), wrong.secretKey]) expect(text).not.toContain(secret);
    }
  });
});

describe('flutterwaveAmountToMinor', () => {
  it.each([
    [24500, 'NGN', 2_450_000n],
    [24500.5, 'NGN', 2_450_050n],
    [0.29, 'USD', 29n], // 0.29 * 100 is 28.999… in floating point
    ['24500.00', 'NGN', 2_450_000n],
    [35, 'USD', 3500n],
    [30_000_000, 'NGN', 3_000_000_000n], // beyond a 4-byte integer of kobo
    ['90071992547409.93', 'NGN', 9_007_199_254_740_993n], // beyond 2^53, exact as text
  ])('%p %s → %p', (amount, currency, minor) => {
    expect(flutterwaveAmountToMinor(amount, currency)).toBe(minor);
  });
  // An amount with more decimals than the currency has (0.1 + 0.2 = 0.30000000000000004) is refused, never rounded.
  it.each([['abc'], [-1], [null], [Number.NaN], ['1e5'], [0.1 + 0.2], [1e21]])('%p is unreadable', (amount) => {
    expect(flutterwaveAmountToMinor(amount, 'NGN')).toBeNull();
  });
});
