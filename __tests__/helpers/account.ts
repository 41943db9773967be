/**
 * The shop's API as a shopper meets it, for a test file: `serveShopApi()` serves the real routes
 * over HTTP (api-server.ts) on the real database (db.ts, with the sample catalogue), gives the
 * file a data folder of its own whose dev outbox catches the mail, and calls from a client address
 * of its own (rate limits count per address; TRUST_PROXY makes the routes read X-Forwarded-For).
 * On it, the steps the account tests share: sign up, log in and out, read a one-time password
 * from the outbox and log in with it, open a cart and check an order out through the real order
 * calls (as an account or as a guest), and find a user's id by e-mail.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { getConfig } from '@/lib/server/config';
import { mailIdle } from '@/lib/server/mail/mailer';
import { readOutbox } from '@/lib/server/mail/outbox';
import type { UserRecord } from '@/lib/contracts/auth';
import type { CheckoutAnswer, Order, OrderCreated } from '@/lib/contracts/orders';
import type { CurrencyCode } from '@/lib/domain/money';
import { closeTestDatabase, openTestDatabase } from './db';
import { startApiServer, type ApiServer } from './api-server';
import { deliveryCheckout, plainDay, seededProducts, uniqueEmail } from './order-api';
import { httpCaller, type Answer } from './orders';

const n = () => Math.floor(Math.random() * 250) + 1;
/** A client address (10.x.y.z), most likely nobody else's. */
export const newIp = () => `10.${n()}.${n()}.${n()}`;

/**
 * That an answer has `status` (and `message`, when given) and tells every cache to keep it to
 * this browser and not store it (`private, no-store`), as answers with personal data must.
 */
export function expectPrivate(res: Answer<unknown>, status: number, message?: string): void {
  expect(res.status).toBe(status);
  if (message !== undefined) expect(res.body.message).toBe(message);
  expect(res.headers.get('cache-control')).toBe('private, no-store');
}

export type Shopper = { email: string; password: string; token: string };
export type CallOptions = { body?: unknown; token?: string; ip?: string };
export type OrderOptions = {
  /** The account's token; none places the order as a guest. */
  token?: string;
  /** The sender's e-mail at checkout. */
  email: string;
  currency?: CurrencyCode;
  /** Changes to the recipient of `deliveryCheckout` (Amaka Obi in Lagos central). */
  recipient?: { name?: string; phone?: string; address?: string };
  /** A pick-up at LPI instead of the delivery. */
  pickUp?: boolean;
  /** Ticks 'save this address'. */
  saveAddress?: boolean;
};

/**
 * Call once at the top of a test file (the server starts in `beforeAll`, stops in `afterAll`);
 * `name` starts the data folder's name. The answer's methods can be taken out of it; `db` and
 * `url` are there once the file's tests run, and `shop` too with `catalogue: true`.
 */
export function serveShopApi(name = 'shop-api', options: { catalogue?: boolean } = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `${name}-`));
  const ip = newIp();
  let db: Db | undefined;
  let server: ApiServer | undefined;
  let shop: Awaited<ReturnType<typeof seededProducts>> | undefined;
  const ready = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('serveShopApi: not started yet (it starts in beforeAll)');
    return value;
  };

  beforeAll(async () => {
    process.env.TRUST_PROXY = '1';
    db = (await openTestDatabase()).db;
    getConfig().dataDir = dataDir;
    getConfig().smtpUrl = undefined;
    server = await startApiServer();
    if (options.catalogue) shop = await seededProducts();
  });

  afterAll(async () => {
    await mailIdle();
    await server?.close();
    await closeTestDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const send = httpCaller(() => ready(server).url);

  /** A JSON call from the file's address (or `ip`), with `token` as the bearer if given. */
  function call<T = unknown>(method: string, url: string, options: CallOptions = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json', 'x-forwarded-for': options.ip ?? ip };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return send<T>(method, url, { body: options.body, headers });
  }

  /** A new account (a fresh e-mail unless given): its e-mail, password and token. */
  async function signUp(options: { email?: string; password?: string; name?: string; ip?: string } = {}): Promise<Shopper> {
    const { email = uniqueEmail('shopper'), password = 'peonies-and-roses', name } = options;
    const res = await call<UserRecord>('POST', '/v1/regal/auth/signup', { body: { email, password, ...(name && { name }) }, ip: options.ip });
    expect(res.status).toBe(201);
    return { email, password, token: res.body.data.authToken };
  }

  /** Logs in with the password: the user record (with a new token). */
  async function logIn(who: { email: string; password: string }, from?: string): Promise<UserRecord> {
    const res = await call<UserRecord>('POST', '/v1/regal/auth/login', { body: { email: who.email, password: who.password }, ip: from });
    expect(res.status).toBe(200);
    return res.body.data;
  }

  /** Logs the token out (it is revoked). */
  async function logOut(token: string): Promise<void> {
    expect((await call('POST', '/v1/regal/auth/logout', { token })).status).toBe(200);
  }

  /** The one-time password in the newest mail to `email`, once the mail queue is idle. */
  async function mailedCode(email: string): Promise<string> {
    await mailIdle();
    const [mail] = await readOutbox(dataDir, { to: email, limit: 1 });
    const code = /one-time password is: (\d{6})/.exec(mail?.text ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);
    return code!;
  }

  /** Asks for a one-time password, reads it from the outbox and enters it: the new token. */
  async function otpLogin(email: string): Promise<string> {
    expect((await call('POST', '/v1/regal/auth/otp/request', { body: { email } })).status).toBe(200);
    const res = await call<UserRecord>('POST', '/v1/regal/auth/otp/validate', { body: { email, code: await mailedCode(email) } });
    expect(res.status).toBe(200);
    return res.body.data.authToken;
  }

  /** A new order of `cartItems` (a cart, not checked out), of the token's account or a guest's. */
  async function openCart(cartItems: unknown[], options: { token?: string; currency?: CurrencyCode } = {}): Promise<OrderCreated> {
    const res = await call<OrderCreated>('POST', '/v1/firebase/order/create', { body: { cartItems, currency: options.currency ?? 'NGN', deliveryDate: '' }, token: options.token });
    expect(res.status).toBe(201);
    return res.body.data;
  }

  /** An order placed through the real calls: a cart of `cartItems`, then the checkout of `deliveryCheckout` as `options` change it. */
  async function placeOrder(cartItems: unknown[], options: OrderOptions): Promise<Order> {
    const cart = await openCart(cartItems, options);
    const base = deliveryCheckout(plainDay(), { email: options.email });
    const orderData = options.pickUp
      ? { ...base.orderData, despatchLocation: 'LPI', recipient: { method: 'pick-up' } }
      : { ...base.orderData, recipient: { ...base.orderData.recipient, ...options.recipient } };
    const body = { ...base, orderData, currency: options.currency ?? 'NGN', ...(options.saveAddress && { shouldSaveAddress: true }) };
    const res = await call<CheckoutAnswer>('PUT', `/v1/firebase/order/checkout-order/${cart.id}`, { body, token: options.token });
    expect(res.status).toBe(200);
    return res.body.data.order;
  }

  /** The id of the account with `email`, or null when there is none. */
  async function userIdOf(email: string): Promise<string | null> {
    const [row] = await ready(db).select({ id: users.id }).from(users).where(eq(users.email, email));
    return row?.id ?? null;
  }

  return {
    get db(): Db {
      return ready(db);
    },
    get url(): string {
      return ready(server).url;
    },
    /** The sample catalogue's products, as order-api.ts picks them (with `catalogue: true`). */
    get shop() {
      return ready(shop);
    },
    dataDir,
    ip,
    call,
    signUp,
    logIn,
    logOut,
    mailedCode,
    otpLogin,
    openCart,
    placeOrder,
    userIdOf,
  };
}
