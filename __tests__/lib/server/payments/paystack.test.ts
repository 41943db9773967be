/** @jest-environment node */
/**
 * The Paystack provider against the fake Paystack served on a local port: initialise (amount in
 * the minor unit, reference, callback and cancel URLs, Bearer secret), the hosted page and its
 * decisions, verify by reference, webhook signatures (a fixed HMAC-SHA512 vector, forged,
 * missing, body changed), and faults (timeout, 5xx, a refused key that never shows in errors).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createPaystack, paystackSignature } from '@/lib/server/payments/providers/paystack';
import { createFakePaystack, type FakePaystack } from '@/lib/sandbox/paystack';
import { ProviderUnavailableError, WebhookSignatureError, type StartInput } from '@/lib/server/payments/provider';
import { ProviderRefusedError } from '@/lib/server/payments/http';
import type { FakeFaults } from '@/lib/sandbox/types';
import { startFakeServer, type FakeServer } from '../../../helpers/fake-server';

const SECRET = 'sk_test_provider_suite_6f1d2c3b4a5e';

// A fixed vector: HMAC-SHA512 of this exact body keyed with this key, computed once with openssl.
const VECTOR_KEY = 'sk_test_vector_0123456789abcdef';
const VECTOR_BODY = '{"event":"charge.success","data":{"id":302961,"reference":"RF-384638-2c9f1a7b","amount":2450000,"currency":"NGN","status":"success"}}';
const VECTOR_SIGNATURE =
  '56c6b29903ac090303f165b379e233d8806415608e0bb935848655a1ee089b506d889024c8c660a4878c1305a89fe92ef1b21420d367e33d9899b3b9bad253bf';

let server: FakeServer;
let fake: FakePaystack;
const faults: FakeFaults = {};
let hooks: http.Server;
let hookUrl: string;
const received: { body: string; signature: string | undefined }[] = [];

beforeAll(async () => {
  hooks = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ body: Buffer.concat(chunks).toString('utf8'), signature: req.headers['x-paystack-signature'] as string | undefined });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => hooks.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(hooks.address() as AddressInfo).port}/hook`;
  server = await startFakeServer((req, res) => fake.handle(req, res));
  fake = createFakePaystack({ publicUrl: server.url, webhookUrl: hookUrl, secrets: { secretKey: SECRET }, faults });
});

afterEach(() => {
  for (const key of Object.keys(faults) as (keyof FakeFaults)[]) delete faults[key];
});

afterAll(async () => {
  await server.close();
  await new Promise<void>((resolve) => hooks.close(() => resolve()));
});

const provider = (over: { secretKey?: string; timeoutMs?: number } = {}) =>
  createPaystack({ baseUrl: server.url, secretKey: over.secretKey ?? SECRET, timeoutMs: over.timeoutMs ?? 5000 });

let serial = 0;
function input(over: Partial<StartInput> = {}): StartInput {
  serial += 1;
  const reference = `RF-100200-${serial.toString(16).padStart(8, '0')}`;
  return {
    reference,
    orderId: '7d9f5a52-3a57-4a8e-9d4b-3c2d1e0f9a8b',
    orderNumber: 'RF-100200',
    amountMinor: 2_450_000n,
    currency: 'NGN',
    customer: { email: 'tunde@example.com', name: 'Tunde Bakare', phone: '+2348091234567' },
    callbackUrl: `http://shop.test/checkout?orderId=o1&payment=paystack&reference=${reference}`,
    cancelUrl: `http://shop.test/checkout?orderId=o1&payment=paystack&reference=${reference}&cancelled=1`,
    ...over,
  };
}

const attemptOf = (i: StartInput) => ({ reference: i.reference, providerTransactionId: null, amountMinor: i.amountMinor, currency: i.currency });

describe('signatures', () => {
  it('matches the fixed HMAC-SHA512 vector and accepts a webhook signed with it', async () => {
    expect(paystackSignature(VECTOR_BODY, VECTOR_KEY)).toBe(VECTOR_SIGNATURE);
    const p = createPaystack({ baseUrl: 'http://unused.test', secretKey: VECTOR_KEY, timeoutMs: 1000 });
    await expect(p.readWebhook(Buffer.from(VECTOR_BODY), { 'x-paystack-signature': VECTOR_SIGNATURE })).resolves.toEqual({
      reference: 'RF-384638-2c9f1a7b',
      providerTransactionId: '302961',
    });
    // Upper-case hex is the same signature.
    await expect(p.readWebhook(Buffer.from(VECTOR_BODY), { 'x-paystack-signature': VECTOR_SIGNATURE.toUpperCase() })).resolves.not.toBeNull();
  });

  it.each([
    ['missing', {}],
    ['empty', { 'x-paystack-signature': '' }],
    ['forged', { 'x-paystack-signature': 'ab'.repeat(64) }],
    ['signed with another key', { 'x-paystack-signature': paystackSignature(VECTOR_BODY, 'sk_test_someone_else') }],
    ['not hex', { 'x-paystack-signature': 'z'.repeat(128) }],
    ['cut short', { 'x-paystack-signature': VECTOR_SIGNATURE.slice(0, 64) }],
  ])('refuses a %s signature with 401', async (_, headers) => {
    const p = createPaystack({ baseUrl: 'http://unused.test', secretKey: VECTOR_KEY, timeoutMs: 1000 });
    const read = p.readWebhook(Buffer.from(VECTOR_BODY), headers);
    await expect(read).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(read).rejects.toMatchObject({ status: 401 });
  });

  it('refuses a body changed after signing', async () => {
    const p = createPaystack({ baseUrl: 'http://unused.test', secretKey: VECTOR_KEY, timeoutMs: 1000 });
    const changed = VECTOR_BODY.replace('2450000', '2450001');
    await expect(p.readWebhook(Buffer.from(changed), { 'x-paystack-signature': VECTOR_SIGNATURE })).rejects.toBeInstanceOf(WebhookSignatureError);
    await expect(p.readWebhook(Buffer.from(`${VECTOR_BODY} `), { 'x-paystack-signature': VECTOR_SIGNATURE })).rejects.toBeInstanceOf(WebhookSignatureError);
  });

  it('ignores other events (null) once the signature is good', async () => {
    const p = createPaystack({ baseUrl: 'http://unused.test', secretKey: VECTOR_KEY, timeoutMs: 1000 });
    for (const event of ['transfer.success', 'charge.dispute.create', 'subscription.create']) {
      const body = JSON.stringify({ event, data: { reference: 'RF-1-aa' } });
      await expect(p.readWebhook(Buffer.from(body), { 'x-paystack-signature': paystackSignature(body, VECTOR_KEY) })).resolves.toBeNull();
    }
  });
});

describe('start and verify against the fake', () => {
  it('initialises with the minor-unit amount, reference and callback, and sends the shopper to the hosted page', async () => {
    const i = input({ amountMinor: 3_500n, currency: 'USD' });
    const started = await provider().start(i);
    expect(started.redirectUrl).toBe(`${server.url}/checkout/${i.reference}`);
    expect(fake.transactions.get(i.reference)).toMatchObject({ status: 'abandoned', amountMinor: 3_500, currency: 'USD', email: 'tunde@example.com', callbackUrl: i.callbackUrl });
    const page = await fetch(started.redirectUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('$35.00');
    expect(html).toContain(i.reference);
    expect(html).toContain('name="decision" value="pay"');
  });

  it('reports an unpaid transaction as cancelled (Paystack says abandoned), then success with its figures once paid', async () => {
    const i = input();
    await provider().start(i);
    await expect(provider().verify(attemptOf(i), {})).resolves.toMatchObject({ status: 'cancelled', reference: i.reference });
    received.length = 0;
    const back = await fake.decide(i.reference, 'pay');
    expect(back).toBe(`${i.callbackUrl}&trxref=${i.reference}`);
    const verification = await provider().verify(attemptOf(i), {});
    expect(verification).toMatchObject({ status: 'success', reference: i.reference, currency: 'NGN', amountMinor: 2_450_000n, detail: 'Successful' });
    expect(verification.providerTransactionId).toMatch(/^\d+$/);
    // The signed charge.success webhook reached the shop and reads back as this attempt.
    expect(received).toHaveLength(1);
    const hook = received[0]!;
    expect(hook.signature).toBe(paystackSignature(hook.body, SECRET));
    await expect(provider().readWebhook(Buffer.from(hook.body), { 'x-paystack-signature': hook.signature })).resolves.toMatchObject({ reference: i.reference });
  });

  it('sends the shopper back with trxref and reference added to the callback URL', async () => {
    const i = input();
    await provider().start(i);
    const res = await fetch(`${server.url}/checkout/${i.reference}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'decision=fail',
      redirect: 'manual',
    });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location')!);
    expect(location.origin + location.pathname).toBe('http://shop.test/checkout');
    expect(location.searchParams.get('reference')).toBe(i.reference);
    expect(location.searchParams.get('trxref')).toBe(i.reference);
    expect(location.searchParams.get('orderId')).toBe('o1');
    await expect(provider().verify(attemptOf(i), {})).resolves.toMatchObject({ status: 'failed', detail: 'Declined' });
  });

  it('a cancel goes to metadata.cancel_action and verifies as cancelled', async () => {
    const i = input();
    await provider().start(i);
    await expect(fake.decide(i.reference, 'cancel')).resolves.toBe(i.cancelUrl);
    await expect(provider().verify(attemptOf(i), {})).resolves.toMatchObject({ status: 'cancelled' });
  });

  it('reports what was really settled (under-payment, other currency)', async () => {
    const i = input();
    await provider().start(i);
    faults.settleAmountMinor = 100_000;
    faults.settleCurrency = 'USD';
    await fake.decide(i.reference, 'pay');
    await expect(provider().verify(attemptOf(i), {})).resolves.toMatchObject({ status: 'success', amountMinor: 100_000n, currency: 'USD' });
  });

  it('a reference Paystack does not know verifies as failed', async () => {
    await expect(provider().verify(attemptOf(input()), {})).resolves.toMatchObject({ status: 'failed' });
  });
});

describe('faults', () => {
  it('a timeout is ProviderUnavailableError (502) with a clear message', async () => {
    faults.delayMs = 400;
    const start = provider({ timeoutMs: 100 }).start(input());
    await expect(start).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(start).rejects.toMatchObject({
      status: 502,
      message: 'Paystack is not answering right now. Nothing has been charged; please try again in a moment.',
      detail: 'POST /transaction/initialize: no answer within 100 ms',
    });
  });

  it.each([500, 503])('a %s is ProviderUnavailableError', async (status) => {
    faults.status = status;
    await expect(provider().start(input())).rejects.toBeInstanceOf(ProviderUnavailableError);
    await expect(provider().verify(attemptOf(input()), {})).rejects.toBeInstanceOf(ProviderUnavailableError);
  });

  it('a wrong key is refused (502) and the key never shows in the error', async () => {
    const wrongKey = 'sk_test_wrong_key_that_must_not_leak_9a8b7c';
    const start = provider({ secretKey: wrongKey }).start(input());
    await expect(start).rejects.toBeInstanceOf(ProviderRefusedError);
    const error = (await start.catch((e: unknown) => e)) as ProviderRefusedError;
    expect(error.status).toBe(502);
    expect(error.detail).toContain('401');
    for (const text of [error.message, error.detail, String(error.stack)]) {
      expect(text).not.toContain(wrongKey);
      expect(text).not.toContain(SECRET);
    }
  });

  it('an unreachable Paystack is ProviderUnavailableError', async () => {
    const p = createPaystack({ baseUrl: 'http://127.0.0.1:1', secretKey: SECRET, timeoutMs: 2000 });
    await expect(p.start(input())).rejects.toBeInstanceOf(ProviderUnavailableError);
  });
});
