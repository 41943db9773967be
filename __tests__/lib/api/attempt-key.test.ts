/**
 * The client's `Idempotency-Key` (lib/api/attempt-key.ts through the calls of lib/api/calls.ts,
 * over the real axios client against msw): one random key per attempt, sent again when the same
 * call goes out with the same data after no answer (a network failure; a timeout is the same to
 * the client: no response), a 5xx, a 409 or a
 * 429; a new key after a success, another refusal, or changed data.
 */
import { http, HttpResponse } from 'msw';
import { createApiClient, type ApiClient } from '@/lib/api/client';
import { createOrder, startCharge, startPayment } from '@/lib/api/calls';
import { listenToMsw, server } from '../../helpers/msw';

listenToMsw();

const api: ApiClient = createApiClient({ baseURL: 'http://shop.test', business: 'regal' });
const cart = (quantity = 1) => ({ deliveryDate: '', currency: 'NGN' as const, cartItems: [{ productId: 'p-choc', SKU: 'RF-CHO-0001', quantity, image: { src: '/x.webp', alt: 'x' } }] });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

type Reply = 'ok' | 'network' | number;

/** Answers `path` with the given replies in turn (the last one repeats); records each key sent. */
function serve(path: string, replies: Reply[], data: unknown = { id: 'o-1' }): (string | null)[] {
  const keys: (string | null)[] = [];
  server.use(
    http.post(`http://shop.test${path}`, ({ request }) => {
      keys.push(request.headers.get('idempotency-key'));
      const reply = replies[Math.min(keys.length - 1, replies.length - 1)]!;
      if (reply === 'network') return HttpResponse.error();
      if (reply === 'ok') return HttpResponse.json({ data, error: false, message: 'OK' });
      return HttpResponse.json({ data: null, error: true, message: `refused ${reply}`, status: reply }, { status: reply });
    }),
  );
  return keys;
}

const CREATE = '/v1/firebase/order/create';
const tryCall = (call: Promise<unknown>) => call.then(() => 'ok' as const, (error: { status: number }) => error.status);

describe('order create', () => {
  it('pressing again after a network failure sends the same key; after the success a new one', async () => {
    const keys = serve(CREATE, ['network', 'ok']);
    expect(await tryCall(createOrder(api, cart()))).toBe(0);
    expect(await tryCall(createOrder(api, cart()))).toBe('ok');
    expect(await tryCall(createOrder(api, cart()))).toBe('ok');
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).toMatch(UUID);
    expect(keys[2]).not.toBe(keys[0]);
  });

  it.each([500, 502, 503, 409, 429])('a %s keeps the key for the next press', async (status) => {
    const keys = serve(CREATE, [status, 'ok']);
    expect(await tryCall(createOrder(api, cart()))).toBe(status);
    expect(await tryCall(createOrder(api, cart()))).toBe('ok');
    expect(keys[1]).toBe(keys[0]);
  });

  it.each([400, 404, 422])('after a %s (a final refusal) the next press has a new key', async (status) => {
    const keys = serve(CREATE, [status, 'ok']);
    expect(await tryCall(createOrder(api, cart()))).toBe(status);
    expect(await tryCall(createOrder(api, cart()))).toBe('ok');
    expect(keys[1]).toMatch(UUID);
    expect(keys[1]).not.toBe(keys[0]);
  });

  it("changed data after a failure: a new key, then kept for that data's own retry", async () => {
    const keys = serve(CREATE, ['network', 'network', 'ok']);
    await tryCall(createOrder(api, cart(1)));
    await tryCall(createOrder(api, cart(2)));
    await tryCall(createOrder(api, cart(2)));
    expect(keys[1]).not.toBe(keys[0]);
    expect(keys[2]).toBe(keys[1]);
  });

  it('without crypto.randomUUID (a page not served over HTTPS) the call goes without a key', async () => {
    const keys = serve(CREATE, ['ok']);
    const spy = jest.spyOn(globalThis, 'crypto', 'get').mockReturnValue(undefined as unknown as Crypto);
    try {
      expect(await tryCall(createOrder(api, cart()))).toBe('ok');
    } finally {
      spy.mockRestore();
    }
    expect(keys).toEqual([null]);
  });
});

describe('payment start', () => {
  const START = '/v1/payments/start/o-1';
  const redirect = { kind: 'redirect', provider: 'paystack', reference: 'R1', redirectUrl: 'https://pay.test/R1' };

  it('the same order and amount after a failure: the same key; another method or amount: a new key', async () => {
    const keys = serve(START, ['network'], redirect);
    await tryCall(startPayment(api, 'o-1', ['paystack', 'NGN', 150000]));
    await tryCall(startPayment(api, 'o-1', ['paystack', 'NGN', 150000]));
    await tryCall(startPayment(api, 'o-1', ['flutterwave', 'NGN', 150000]));
    await tryCall(startPayment(api, 'o-1', ['flutterwave', 'NGN', 165000]));
    expect(keys[1]).toBe(keys[0]);
    expect(new Set(keys.slice(1))).toHaveProperty('size', 3);
  });

  it("a pay link's start: the same method again keeps the key, another method gets a new one", async () => {
    const path = '/v1/charges/tok-1/start';
    const keys = serve(path, [502]);
    await tryCall(startCharge(api, 'tok-1', 'paystack'));
    await tryCall(startCharge(api, 'tok-1', 'paystack'));
    await tryCall(startCharge(api, 'tok-1', 'monnify'));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toBe(keys[0]);
    expect(keys[2]).not.toBe(keys[0]);
  });
});
