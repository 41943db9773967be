/**
 * Helpers for the order API tests: JSON calls, the seeded products the tests need (read from the
 * database, chosen by their properties, never guessed), cart items built the way the client's
 * `cartItemFrom` builds them, and days on the shop's clock.
 */
import { getDb } from '@/lib/server/db/client';
import { currencies, designOptions, products, productVariants } from '@/lib/server/db/schema';
import { now } from '@/lib/server/security/clock';
import { shopDay } from '@/lib/domain/dates';
import { addDays } from '@/lib/domain/checkout';
import { splitProductName } from '@/lib/domain/catalogue';

export type Answer<T> = { status: number; body: { data: T; error: boolean; message: string; status?: number } };

export function caller(baseUrl: string) {
  return async function call<T = unknown>(method: string, url: string, options: { body?: unknown; token?: string } = {}): Promise<Answer<T>> {
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    const res = await fetch(`${baseUrl}${url}`, { method, headers, body: options.body === undefined ? undefined : JSON.stringify(options.body) });
    return { status: res.status, body: (await res.json()) as Answer<T>['body'] };
  };
}

export type Stocked = typeof products.$inferSelect & { title: string; variants: (typeof productVariants.$inferSelect)[] };

export async function seededProducts() {
  const db = await getDb();
  const [rows, variantRows, designs, rates] = await Promise.all([
    db.select().from(products),
    db.select().from(productVariants).orderBy(productVariants.sortOrder),
    db.select().from(designOptions),
    db.select().from(currencies),
  ]);
  const all: Stocked[] = rows
    .map((p) => ({ ...p, title: splitProductName(p.name).title, variants: variantRows.filter((v) => v.productId === p.id) }))
    .sort((a, b) => a.slug.localeCompare(b.slug));
  const find = (what: string, test: (p: Stocked) => boolean): Stocked => {
    const found = all.find(test);
    if (!found) throw new Error(`The seed has no ${what}`);
    return found;
  };
  const sellable = (p: Stocked) => p.active && p.inStock;
  return {
    /** Sizes all in stock, offered in a vase; the first size costs 30,000–70,000. */
    rose: find('variable product in a vase', (p) => sellable(p) && p.type === 'variable' && p.designOptions.includes('in-a-vase') && p.variants.length >= 2 && p.variants.every((v) => v.inStock) && p.variants[0]!.price >= 30_000 && p.variants[0]!.price <= 70_000),
    /** A simple product without design options, under 30,000. */
    gift: find('cheap simple product', (p) => sellable(p) && p.type === 'simple' && p.designOptions.length === 0 && p.price < 30_000),
    soldOutSize: find('product with a sold-out size', (p) => sellable(p) && p.variants.some((v) => !v.inStock) && p.variants.some((v) => v.inStock)),
    inactive: find('inactive product', (p) => !p.active),
    outOfStock: find('out-of-stock product', (p) => p.active && !p.inStock),
    design: (name: string) => designs.find((d) => d.name === name)!,
    rate: (name: 'USD' | 'GBP') => rates.find((r) => r.name === name)!.conversionRate,
  };
}

/** A cart item as the client builds it (the size's SKU, the design by name), price left out unless given. */
export function itemOf(product: Stocked, options: { size?: string; design?: string; quantity?: number; price?: number } = {}) {
  const variant = options.size ? product.variants.find((v) => v.name === options.size)! : product.type === 'variable' ? product.variants[0]! : null;
  return {
    productId: product.id,
    SKU: variant?.sku ?? product.sku,
    ...(variant && { size: variant.name }),
    ...(options.design && { design: options.design }),
    quantity: options.quantity ?? 1,
    image: { src: '/media/p/x.webp', alt: product.title },
    ...(options.price !== undefined && { price: options.price }),
  };
}

/** The unit price of an item built by `itemOf`. */
export function unitPrice(product: Stocked, size?: string): number {
  const variant = size ? product.variants.find((v) => v.name === size) : product.type === 'variable' ? product.variants[0] : null;
  return variant?.price ?? product.price;
}

/** A day at least `ahead` days from today (shop's clock) that is not a peak day. */
export function plainDay(ahead = 3): string {
  let day = addDays(shopDay(now()), ahead);
  while (['02-13', '02-14', '02-15', '12-25', '12-26', '01-01'].includes(day.slice(5))) day = addDays(day, 1);
  return day;
}

let serial = 0;
export function uniqueEmail(who = 'ada'): string {
  serial += 1;
  return `${who}.${Date.now().toString(36)}${serial}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A complete delivery checkout to Lagos central in naira. */
export function deliveryCheckout(day: string, over: { zone?: string; state?: string; email?: string } = {}) {
  return {
    orderData: {
      deliveryDate: day,
      deliveryMessage: 'Happy birthday, Amaka!',
      purpose: 'Birthday',
      adminNotes: 'Call before delivery',
      deliveryInstruction: 'Gate 2',
      recipient: { method: 'delivery' as const, name: 'Amaka Obi', phone: '0803 123 4567', address: '5 Bourdillon Road, Ikoyi', state: over.state ?? 'lagos', residenceType: 'Office' },
      deliveryDetails: { zone: over.zone ?? 'lagos-central' },
    },
    userData: { name: 'Tunde Bakare', email: over.email ?? uniqueEmail('tunde'), phone: '08091234567', phoneCountryCode: '+234' },
    currency: 'NGN' as const,
  };
}
