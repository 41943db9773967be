/** @jest-environment node */
/**
 * PUT /v1/cart-item/update over real HTTP against the real database: it needs a login, validates
 * the items with the shared contract, replaces the server cart, and the cart comes back with the
 * next login and the handshake (where the client merges it into the local cart by SKU).
 */
import { createApiClient } from '@/lib/api/client';
import * as calls from '@/lib/api/calls';
import type { UserRecord } from '@/lib/contracts/auth';
import type { CartItem } from '@/lib/domain/cart';
import { closeTestDatabase, openTestDatabase } from '../helpers/db';
import { startApiServer, type ApiServer } from '../helpers/api-server';

let server: ApiServer;

beforeAll(async () => {
  await openTestDatabase();
  server = await startApiServer();
});

afterAll(async () => {
  await server.close();
  await closeTestDatabase();
});

type Body<T> = { data: T; error: boolean; message: string; status?: number };

let serial = 0;
function shopper() {
  serial += 1;
  const tag = `${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}`;
  return { email: `emeka.${tag}@example.com`, password: `orchids-${tag}` };
}

async function call<T = unknown>(method: string, url: string, options: { body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const res = await fetch(`${server.url}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
  return { status: res.status, body: (await res.json()) as Body<T> };
}

async function signup() {
  const who = shopper();
  const res = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: who });
  expect(res.status).toBe(201);
  return { ...who, token: res.body.data.authToken };
}

const update = (token: string | undefined, cartItems: unknown) => call<{ cartItems: CartItem[] }>('PUT', '/v1/cart-item/update?business=regal', { token, body: { cartItems } });

const roses: CartItem = {
  productId: 'p-roses',
  name: 'Red Velvet – 24 red roses',
  description: 'Two dozen red roses',
  price: 45000,
  quantity: 2,
  image: { src: '/media/p/roses.webp', alt: 'Red roses' },
  size: 'Deluxe',
  SKU: 'RV-24-DLX',
  design: { name: 'in-a-vase', title: 'In a vase', price: 15000, quantity: 2 },
};
const teddy: CartItem = { productId: 'p-teddy', name: 'Teddy bear', price: 12000, quantity: 1, image: { src: '/media/p/teddy.webp', alt: 'Teddy' }, SKU: 'TED-1' };
const item = (i: number): CartItem => ({ ...teddy, productId: `p-${i}`, SKU: `SKU-${i}` });

describe('PUT /v1/cart-item/update', () => {
  it('replaces the server cart; the next login and the handshake bring it back', async () => {
    const who = await signup();
    const api = createApiClient({ baseURL: server.url, business: 'regal', getToken: () => who.token });
    expect(await calls.updateCartItems(api, [roses, teddy])).toEqual({ cartItems: [roses, teddy] });

    const login = await calls.login(createApiClient({ baseURL: server.url, business: 'regal' }), { email: who.email, password: who.password });
    expect(login.cartItems).toEqual([roses, teddy]);
    expect((await calls.getHandshake(api)).user).toMatchObject({ email: who.email, cartItems: [roses, teddy] });

    // Replaced whole, not merged: the server keeps what the client sends.
    expect((await update(login.authToken, [{ ...teddy, quantity: 3 }])).body.data).toEqual({ cartItems: [{ ...teddy, quantity: 3 }] });
    expect((await update(login.authToken, [])).body.data).toEqual({ cartItems: [] });
    expect((await calls.getHandshake(api)).user).toMatchObject({ cartItems: [] });
  });

  it('keeps each shopper’s cart apart', async () => {
    const a = await signup();
    const b = await signup();
    await update(a.token, [roses]);
    await update(b.token, [teddy]);
    const loginA = await call<UserRecord>('POST', '/v1/regal/auth/login', { body: { email: a.email, password: a.password } });
    expect(loginA.body.data.cartItems).toEqual([roses]);
  });

  it('refuses fields the contract does not know, naming them, and keeps the stored cart (issue 11)', async () => {
    const who = await signup();
    await update(who.token, [teddy]);
    const res = await update(who.token, [{ ...teddy, secretDiscount: 100 }]);
    expect([res.status, res.body.message]).toEqual([400, 'cartItems.0.secretDiscount is not a field of this call']);
    const nested = await update(who.token, [{ ...teddy, image: { ...teddy.image, width: 800 } }]);
    expect([nested.status, nested.body.message]).toEqual([400, 'cartItems.0.image.width is not a field of this call']);
    const login = await call<UserRecord>('POST', '/v1/regal/auth/login', { body: { email: who.email, password: who.password } });
    expect(login.body.data.cartItems).toEqual([teddy]);
  });

  it('answers 401 "Please log in again" without a valid bearer token', async () => {
    for (const token of [undefined, 'C'.repeat(43), 'garbage']) {
      const res = await update(token, [teddy]);
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ data: null, error: true, status: 401, message: 'Please log in again' });
    }
  });

  it.each([
    ['no cartItems', undefined, 'cartItems is required'],
    ['quantity 0', [{ ...teddy, quantity: 0 }], 'cartItems.0.quantity: must be at least 1'],
    ['quantity 100', [{ ...teddy, quantity: 100 }], 'cartItems.0.quantity: must be at most 99'],
    ['quantity 1.5', [{ ...teddy, quantity: 1.5 }], 'cartItems.0.quantity: must be a whole number'],
    ['no SKU', [{ ...teddy, SKU: undefined }], 'cartItems.0.SKU is required'],
    ['an empty SKU', [teddy, { ...roses, SKU: '  ' }], 'cartItems.1.SKU: must not be empty'],
    ['a SKU twice', [teddy, { ...roses, SKU: teddy.SKU }], 'cartItems.1.SKU: TED-1 appears twice (items are matched by SKU)'],
    ['51 items', Array.from({ length: 51 }, (_, i) => item(i)), 'cartItems: a cart holds at most 50 items'],
    ['a negative price', [{ ...teddy, price: -1 }], 'cartItems.0.price: must not be negative'],
    ['a design quantity of 0', [{ ...roses, design: { ...roses.design, quantity: 0 } }], 'cartItems.0.design.quantity: must be at least 1'],
  ])('refuses %s with 400 naming the field and keeps the stored cart', async (_label, cartItems, message) => {
    const who = await signup();
    await update(who.token, [roses]);
    const res = await update(who.token, cartItems);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(message);
    const login = await call<UserRecord>('POST', '/v1/regal/auth/login', { body: { email: who.email, password: who.password } });
    expect(login.body.data.cartItems).toEqual([roses]);
  });

  it('takes 50 items of quantity 99', async () => {
    const who = await signup();
    const full = Array.from({ length: 50 }, (_, i) => ({ ...item(i), quantity: 99 }));
    const res = await update(who.token, full);
    expect(res.status).toBe(200);
    expect(res.body.data.cartItems).toHaveLength(50);
  });

  it('answers 405 to other methods', async () => {
    const res = await call('POST', '/v1/cart-item/update', { body: { cartItems: [] } });
    expect(res.status).toBe(405);
  });
});
