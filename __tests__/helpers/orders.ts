/**
 * Order fixtures for API tests: writes orders straight into the test database (items priced from
 * real seeded products, totals through the shared `recomputeTotals`), so that tests of coupons,
 * tracking, reviews and staff moves do not depend on the order-creation calls. The calls under
 * test still go over real HTTP. Codes and numbers are random, so files can share one PostgreSQL
 * database.
 */
import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { coupons, orderItems, orders, productImages, products } from '@/lib/server/db/schema';
import { candidateOrderNumber, newOrderId, rateFor, readOrder, recomputeTotals } from '@/lib/server/services/orders/store';
import type { PaymentMethodKey } from '@/lib/domain/checkout';
import type { OrderStatus, PaymentState } from '@/lib/domain/order-lifecycle';
import type { CurrencyCode } from '@/lib/domain/money';
import type { Order } from '@/lib/contracts/orders';

export type FixtureProduct = { id: string; name: string; sku: string; price: number; image: { src: string; alt: string } };

/** A random suffix for codes, e-mails and addresses. */
export const tag = () => randomBytes(4).toString('hex');

/**
 * A delivery day no order has yet, far in the future (2040–2099), for a test that counts a day's
 * orders: the test files share one PostgreSQL database, and a day two files drew at random once
 * gave a board one order too many.
 */
export async function freeDay(db: Db): Promise<string> {
  for (;;) {
    const day = `20${randomInt(40, 100)}-${String(randomInt(1, 13)).padStart(2, '0')}-${String(randomInt(1, 29)).padStart(2, '0')}`;
    const [taken] = await db.select({ n: sql<number>`count(*)::int` }).from(orders).where(eq(orders.deliveryDate, day));
    if (!taken || taken.n === 0) return day;
  }
}

/**
 * Active, in-stock simple products priced within [min, max], cheapest first (the fixture prices
 * items from these, as the order calls would).
 */
export async function simpleProducts(db: Db, range: { min?: number; max?: number } = {}): Promise<FixtureProduct[]> {
  const rows = await db
    .select({
      id: products.id,
      name: products.name,
      sku: products.sku,
      price: products.price,
      imageId: sql<string | null>`(select pi.id from ${productImages} pi where pi.product_id = "products"."id" order by pi.position limit 1)`,
    })
    .from(products)
    .where(
      and(
        eq(products.active, true),
        eq(products.inStock, true),
        eq(products.type, 'simple'),
        gte(products.price, range.min ?? 0),
        lte(products.price, range.max ?? 2_000_000_000),
      ),
    )
    .orderBy(asc(products.price), asc(products.sku));
  return rows.map((r) => ({ id: r.id, name: r.name, sku: r.sku, price: r.price, image: { src: `/media/p/${r.imageId}.webp`, alt: r.name } }));
}

/** One product in the price range, chosen at random (so parallel test files rarely share one). */
export async function someProduct(db: Db, range: { min?: number; max?: number } = {}): Promise<FixtureProduct> {
  const list = await simpleProducts(db, range);
  if (list.length === 0) throw new Error(`no seeded product priced ${range.min ?? 0}-${range.max ?? '∞'}`);
  return list[Math.floor(Math.random() * list.length)]!;
}

export type ItemSpec = { product: FixtureProduct; quantity?: number };

export type OrderSpec = {
  /** Defaults to one random product from ₦20,000 to ₦60,000. `[]` makes an empty order. */
  items?: ItemSpec[];
  status?: OrderStatus;
  /** Where the money is (default unpaid); `paidWith` defaults to the order's method. */
  payment?: PaymentState;
  paidWith?: string;
  paymentTest?: boolean;
  paymentMethod?: PaymentMethodKey | null;
  currency?: CurrencyCode;
  /** 'lagos-outer' delivery (a fee, never free), a pick-up, or none chosen yet (default). */
  delivery?: 'delivery' | 'pick-up' | null;
  sender?: { name: string; email: string; phone?: string };
  recipient?: { name: string; phone: string; address: string; residenceType?: string };
};

/** Replaces the order's items (positions from 0, line totals from the catalogue prices). */
async function writeItems(tx: Db, orderId: string, items: ItemSpec[]): Promise<void> {
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  if (items.length === 0) return;
  await tx.insert(orderItems).values(
    items.map(({ product, quantity = 1 }, position) => ({
      orderId,
      position,
      productId: product.id,
      sku: product.sku,
      name: product.name,
      image: product.image,
      unitPrice: product.price,
      quantity,
      lineTotal: product.price * quantity,
    })),
  );
}

/** Writes an order (and its items and totals) in one transaction and answers it as the API would. */
export async function createOrder(db: Db, spec: OrderSpec = {}): Promise<Order> {
  const items = spec.items ?? [{ product: await someProduct(db, { min: 20_000, max: 60_000 }) }];
  const currency = spec.currency ?? 'NGN';
  const id = newOrderId();
  const at = new Date();
  await db.transaction(async (tx) => {
    const conversionRate = await rateFor(tx, currency);
    // Retry the (random) order number on a clash, as the create call does.
    for (let attempt = 0; ; attempt++) {
      const orderNumber = candidateOrderNumber();
      const [clash] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.orderNumber, orderNumber));
      if (clash && attempt < 20) continue;
      await tx.insert(orders).values({
        id,
        orderNumber,
        business: 'regal',
        status: spec.status ?? 'created',
        paymentState: spec.payment ?? 'unpaid',
        paidWith: spec.paidWith ?? (spec.payment && spec.payment !== 'unpaid' && spec.payment !== 'awaiting_confirmation' ? (spec.paymentMethod ?? null) : null),
        paymentTest: spec.paymentTest ?? false,
        paymentMethod: spec.paymentMethod ?? null,
        currency,
        conversionRate,
        deliveryDate: null,
        deliveryMethod: spec.delivery ?? null,
        state: spec.delivery === 'delivery' ? 'lagos' : null,
        pickupState: spec.delivery === 'pick-up' ? 'lagos' : null,
        zone: spec.delivery === 'delivery' ? 'lagos-outer' : null,
        despatchLocation: spec.delivery === 'pick-up' ? 'LPI' : null,
        senderName: spec.sender?.name ?? '',
        senderEmail: spec.sender?.email.toLowerCase() ?? '',
        senderPhone: spec.sender?.phone ?? '',
        recipientName: spec.recipient?.name ?? '',
        recipientPhone: spec.recipient?.phone ?? '',
        recipientAddress: spec.recipient?.address ?? '',
        residenceType: spec.recipient?.residenceType ?? '',
        createdAt: at,
        updatedAt: at,
      });
      break;
    }
    await writeItems(tx, id, items);
    await recomputeTotals(tx, id, at);
  });
  return readOrder(db, id);
}

/** A checked-out order with sender and recipient details, in a given status. */
export async function placedOrder(db: Db, spec: OrderSpec = {}): Promise<Order & { sender: { name: string; email: string }; recipientDetails: NonNullable<OrderSpec['recipient']> }> {
  const t = tag();
  const sender = spec.sender ?? { name: `Adaeze Okafor`, email: `adaeze.${t}@example.com`, phone: '8031234567' };
  const recipient = spec.recipient ?? { name: `Chiamaka Recipient${t}`, phone: `80${t.replace(/\D/g, '7').padEnd(8, '7').slice(0, 8)}`, address: `${t} Bourdillon Road, Ikoyi`, residenceType: 'Office' };
  const order = await createOrder(db, { delivery: 'delivery', ...spec, sender, recipient });
  return { ...order, sender, recipientDetails: recipient };
}

/** Changes the order's items directly and recomputes its totals (as the order update call would). */
export async function replaceItems(db: Db, orderId: string, items: ItemSpec[]): Promise<Order> {
  await db.transaction(async (tx) => {
    await writeItems(tx, orderId, items);
    await recomputeTotals(tx, orderId, new Date());
  });
  return readOrder(db, orderId);
}

/** Puts the order in a state directly, without the lifecycle's rules (a fixture, as if it had got there). */
export async function setStatus(db: Db, orderId: string, status: OrderStatus, payment?: PaymentState, paidWith?: string): Promise<void> {
  await db
    .update(orders)
    .set({ status, ...(payment !== undefined && { paymentState: payment }), ...(paidWith !== undefined && { paidWith }) })
    .where(eq(orders.id, orderId));
}

export type CouponSpec = Partial<Omit<typeof coupons.$inferInsert, 'code'>> & { prefix?: string };

/** A coupon with a random code (10 % off, no minimum, no limit unless told otherwise). */
export async function createCoupon(db: Db, spec: CouponSpec = {}): Promise<string> {
  const { prefix = 'T', ...terms } = spec;
  const code = `${prefix}${tag()}`.toUpperCase();
  await db.insert(coupons).values({ kind: 'percent', amount: 10, minAmount: 0, ...terms, code });
  return code;
}

export type Answer<T> = { status: number; headers: Headers; text: string; body: { data: T; error: boolean; message: string; status?: number } };

/** A raw HTTP caller for a test server: status, headers, the body's text and its JSON. */
export function httpCaller(baseUrl: () => string) {
  return async function call<T = unknown>(method: string, path: string, options: { body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { ...(options.body !== undefined && { 'content-type': 'application/json' }), ...options.headers };
    const res = await fetch(`${baseUrl()}${path}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    const text = await res.text();
    return { status: res.status, headers: res.headers, text, body: JSON.parse(text) as Answer<T>['body'] };
  };
}
