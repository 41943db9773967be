/**
 * The account's orders (lib/contracts/account.ts): the list, one order with every detail, and
 * 'Order again'. An order is the account's when its `user_id` is the account's (placed logged
 * in, created the account at checkout, or a guest order attached when the e-mail was proven, see
 * `attachGuestOrders` in otp.ts), and only once it reached checkout (`checked_out_at`): a cart
 * that never got delivery details is no order to show. Its placed time is `checked_out_at`.
 *
 * Another account's order and an unknown number answer the same 404.
 */
import { and, asc, count, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { categories, designOptions, orderItems, orders, productImages, products, productVariants, reviews } from '@/lib/server/db/schema';
import { NotFoundError } from '@/lib/server/http/errors';
import { deliveryPhotoPath } from '@/lib/server/media/storage';
import { imageSrc } from '@/lib/server/services/catalogue';
import { itemsOf, timeline, type OrderItemRow, type OrderRow } from '@/lib/server/services/orders/store';
import { lifecycleState } from '@/lib/server/services/orders/rows';
import { fullPhone, normaliseOrderNumber, reviewAnswer } from '@/lib/server/services/orders/tracking';
import {
  ACCOUNT_ORDER_NOT_FOUND_MESSAGE,
  ACCOUNT_ORDERS_PAGE_SIZE,
  type AccountOrder,
  type AccountOrderList,
  type AccountOrderSummary,
  type Reorder,
  type ReorderChange,
} from '@/lib/contracts/account';
import { cartItemFrom, type CartItem } from '@/lib/domain/cart';
import type { ProductVariant } from '@/lib/domain/catalogue';
import { joinRecipientAddress, type DeliveryMethod, type PickupCode } from '@/lib/domain/checkout';
import { convertFromNaira } from '@/lib/domain/money';
import { isEditable, ORDER_STATUS_LABELS, paymentWording } from '@/lib/domain/order-lifecycle';

type Picture = { src: string; alt: string };

/** The account's orders: its own, past checkout. */
const accountOrders = (userId: string) => and(eq(orders.userId, userId), isNotNull(orders.checkedOutAt));

/** The first line's picture and the number of items (the sum of quantities, as the cart badge counts), per order, in the same query. */
const firstImage = sql<Picture | string | null>`(select ${orderItems.image} from ${orderItems} where ${orderItems.orderId} = ${orders.id} order by ${orderItems.position} limit 1)`;
const itemCount = sql<number>`(select coalesce(sum(${orderItems.quantity}), 0)::int from ${orderItems} where ${orderItems.orderId} = ${orders.id})`;

/** A jsonb value as the driver hands it over (PGlite and pg parse it; a text copy is parsed here). */
function picture(value: Picture | string | null): Picture | null {
  if (value === null) return null;
  return typeof value === 'string' ? (JSON.parse(value) as Picture) : value;
}

function summaryOf(order: OrderRow, image: Picture | null, items: number): AccountOrderSummary {
  return {
    orderNumber: order.orderNumber,
    placedAt: (order.checkedOutAt ?? order.createdAt).toISOString(),
    deliveryDate: order.deliveryDate ?? '',
    deliveryMethod: (order.deliveryMethod as DeliveryMethod | null) ?? null,
    recipientName: order.recipientName,
    currency: order.currency,
    total: order.totalInCurrency,
    status: order.status,
    statusLabel: ORDER_STATUS_LABELS[order.status] ?? order.status,
    paymentState: order.paymentState,
    paymentStatus: paymentWording(lifecycleState(order)),
    itemCount: Number(items),
    image,
    // Only a delivered order shows its photo (a photo kept from a failed attempt would mislead).
    deliveryPhoto: order.status === 'delivered' ? deliveryPhotoPath(order.deliveryPhoto) : null,
  };
}

/** One page of the account's orders, newest first (ties: by number, so pages never overlap). */
export async function listAccountOrders(db: Db, userId: string, page: number): Promise<AccountOrderList> {
  const pageSize = ACCOUNT_ORDERS_PAGE_SIZE;
  const [rows, [total]] = await Promise.all([
    db
      .select({ order: orders, image: firstImage, itemCount })
      .from(orders)
      .where(accountOrders(userId))
      .orderBy(desc(orders.checkedOutAt), desc(orders.orderNumber))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ n: count() }).from(orders).where(accountOrders(userId)),
  ]);
  return {
    orders: rows.map((r) => summaryOf(r.order, picture(r.image), r.itemCount)),
    page,
    pageSize,
    total: Number(total?.n ?? 0),
  };
}

/** The account's order with this number (any case, spaces around), or 404. */
async function ownOrder(db: Db, userId: string, number: string): Promise<OrderRow> {
  const orderNumber = normaliseOrderNumber(number);
  const [order] = orderNumber.length <= 40 ? await db.select().from(orders).where(and(accountOrders(userId), eq(orders.orderNumber, orderNumber))) : [];
  if (!order) throw new NotFoundError(ACCOUNT_ORDER_NOT_FOUND_MESSAGE);
  return order;
}

/**
 * One order of the account with every detail: the tracker's view without asking for the e-mail.
 * Its reminder is added by the route (`orderReminder` in services/reminders.ts).
 */
export async function readAccountOrder(db: Db, userId: string, number: string): Promise<Omit<AccountOrder, 'reminder'>> {
  const order = await ownOrder(db, userId, number);
  const [items, events, [review]] = await Promise.all([
    itemsOf(db, order.id),
    timeline(db, order.id),
    db.select().from(reviews).where(eq(reviews.orderId, order.id)),
  ]);
  const productIds = [...new Set(items.map((i) => i.productId))];
  const sold = productIds.length
    ? await db
        .select({ id: products.id, slug: products.slug })
        .from(products)
        .where(and(inArray(products.id, productIds), eq(products.active, true)))
    : [];
  const slugOf = new Map(sold.map((p) => [p.id, p.slug]));
  const inCurrency = (naira: number) => convertFromNaira(naira, order.conversionRate);
  const state = lifecycleState(order);

  return {
    ...summaryOf(
      order,
      items[0]?.image ?? null,
      items.reduce((sum, i) => sum + i.quantity, 0),
    ),
    id: order.id,
    items: items.map((item) => ({
      name: item.name,
      ...(item.size && { size: item.size }),
      quantity: item.quantity,
      image: item.image,
      productSlug: slugOf.get(item.productId) ?? null,
      lineTotal: inCurrency(item.lineTotal),
    })),
    amounts: {
      subtotal: order.subtotalInCurrency,
      deliveryFee: order.deliveryFeeInCurrency,
      discount: order.discountInCurrency,
      total: order.totalInCurrency,
    },
    deliveryFeeQuotedByStaff: order.deliveryFeeQuotedByStaff,
    couponCode: order.couponCode,
    despatchLocation: (order.despatchLocation as PickupCode | null) ?? '',
    sender: { name: order.senderName, email: order.senderEmail, phone: fullPhone(order.senderPhone, order.senderPhoneCountryCode) },
    recipient: {
      name: order.recipientName,
      address: order.recipientAddress ? joinRecipientAddress(order.residenceType || undefined, order.recipientAddress) : '',
      phone: fullPhone(order.recipientPhone, order.recipientPhoneCountryCode),
      altPhone: fullPhone(order.recipientAltPhone, order.recipientAltPhoneCountryCode),
    },
    deliveryMessage: order.deliveryMessage,
    timeline: events,
    canReview: order.status === 'delivered' && !review,
    review: reviewAnswer(review),
    // Created or awaiting payment with nothing received: the checkout's payment stage takes it.
    canPay: isEditable(state),
  };
}

// --- Order again -----------------------------------------------------------------------------

/** Today's catalogue for the order's lines: products, their sizes and first pictures, and the designs named. */
async function catalogueOf(db: Db, items: OrderItemRow[]) {
  const ids = [...new Set(items.map((i) => i.productId))];
  const designNames = [...new Set(items.flatMap((i) => (i.designName ? [i.designName] : [])))];
  const none = Promise.resolve([]);
  const [productRows, variantRows, imageRows, designRows] = await Promise.all([
    ids.length ? db.select().from(products).where(inArray(products.id, ids)) : none,
    ids.length ? db.select().from(productVariants).where(inArray(productVariants.productId, ids)) : none,
    ids.length
      ? db
          .select({ id: productImages.id, productId: productImages.productId, alt: productImages.alt })
          .from(productImages)
          .where(inArray(productImages.productId, ids))
          .orderBy(asc(productImages.position))
      : none,
    designNames.length ? db.select().from(designOptions).where(inArray(designOptions.name, designNames)) : none,
  ]);
  const firstPicture = new Map<string, Picture>();
  for (const image of imageRows) if (!firstPicture.has(image.productId)) firstPicture.set(image.productId, { src: imageSrc(image.id), alt: image.alt });
  return {
    product: new Map(productRows.map((p) => [p.id, p])),
    variants: variantRows,
    picture: firstPicture,
    design: new Map(designRows.map((d) => [d.name, d])),
  };
}

/**
 * The order's items as cart items at today's prices, and what could not be repeated exactly.
 * Writes nothing. Per line:
 * - the same product, still sold (active and in stock), else 'unavailable';
 * - the same size: the variant the line was priced from (found by id, or by its name should the
 *   size have been re-created), in stock, else 'unavailable' (a size is never swapped for
 *   another: the shopper chooses);
 * - the same design when the product still offers it; otherwise the item comes without it, said
 *   as a 'design' change;
 * - a 'price' change when the price of one item differs from what the order paid, design included
 *   when the design comes too (what one item of the line costs, as the cart shows it);
 * - the quantity of the order, and the item built as the storefront builds it (`cartItemFrom`),
 *   so that the client merges it by SKU with what the cart holds.
 */
export async function reorder(db: Db, userId: string, number: string): Promise<Reorder> {
  const order = await ownOrder(db, userId, number);
  return reorderItems(db, order.id);
}

type TodayCatalogue = Awaited<ReturnType<typeof catalogueOf>>;
type ProductRow = typeof products.$inferSelect;

/** A line's product and size as sold today, or null when either is gone or sold out. */
function stillSold(today: TodayCatalogue, item: OrderItemRow): { product: ProductRow; variant: ProductVariant | null } | null {
  const product = today.product.get(item.productId);
  if (!product || !product.active || !product.inStock) return null;
  if (product.type !== 'variable') return item.variantId || item.size ? null : { product, variant: null };
  const sizes = today.variants.filter((v) => v.productId === product.id);
  const size = sizes.find((v) => v.id === item.variantId) ?? sizes.find((v) => item.size !== '' && v.name.toLowerCase() === item.size.toLowerCase());
  if (!size || !size.inStock) return null;
  return { product, variant: { id: size.id, name: size.name, sku: size.sku, price: size.price, inStock: size.inStock } };
}

/**
 * The closest match today for a line no longer sold: a product in stock that shares a category
 * with the one bought (its first category first), at the price (of one of its sizes) nearest
 * what the line cost. Null when the category has nothing else in stock.
 */
async function closestMatch(db: Db, item: OrderItemRow, bought: ProductRow | undefined): Promise<{ product: ProductRow; variant: ProductVariant | null; category: string } | null> {
  const categoriesOf = bought?.categories ?? [];
  for (const slug of categoriesOf) {
    const candidates = await db
      .select()
      .from(products)
      .where(and(eq(products.active, true), eq(products.inStock, true), sql`${slug} = ANY(${products.categories})`, sql`${products.id} <> ${item.productId}`))
      .orderBy(sql`abs(${products.price} - ${item.unitPrice})`, asc(products.name))
      .limit(20);
    if (candidates.length === 0) continue;
    const sizes = await db.select().from(productVariants).where(and(inArray(productVariants.productId, candidates.map((c) => c.id)), eq(productVariants.inStock, true)));
    type Option = { product: ProductRow; variant: ProductVariant | null; price: number };
    const options = candidates.flatMap((product): Option[] =>
      product.type === 'variable'
        ? sizes.filter((v) => v.productId === product.id).map((v) => ({ product, variant: { id: v.id, name: v.name, sku: v.sku, price: v.price, inStock: v.inStock }, price: v.price }))
        : [{ product, variant: null, price: product.price }],
    );
    const best = options.sort((a, b) => Math.abs(a.price - item.unitPrice) - Math.abs(b.price - item.unitPrice) || a.product.name.localeCompare(b.product.name))[0];
    if (!best) continue;
    const [category] = await db.select({ title: categories.title }).from(categories).where(eq(categories.slug, slug));
    return { product: best.product, variant: best.variant, category: category?.title ?? slug };
  }
  return null;
}

/**
 * The order's items as cart items at today's prices, and what could not be repeated exactly.
 * Writes nothing. `swap`: a line no longer sold is replaced by the closest match in its category
 * (`closestMatch`), said as a 'swapped' change (the occasion reminder's refill); without it the
 * line is left out as 'unavailable' (the account's 'Order again': the shopper chooses).
 */
export async function reorderItems(db: Db, orderId: string, options: { swap?: boolean } = {}): Promise<Reorder> {
  const items = await itemsOf(db, orderId);
  const today = await catalogueOf(db, items);
  const cartItems: CartItem[] = [];
  const changes: ReorderChange[] = [];

  for (const item of items) {
    const named = { name: item.name, ...(item.size && { size: item.size }) };
    const sold = stillSold(today, item);
    if (!sold) {
      const match = options.swap ? await closestMatch(db, item, today.product.get(item.productId)) : null;
      if (!match) {
        changes.push({ kind: 'unavailable', ...named });
        continue;
      }
      const [picture] = await db.select({ id: productImages.id, alt: productImages.alt }).from(productImages).where(eq(productImages.productId, match.product.id)).orderBy(asc(productImages.position)).limit(1);
      const built = cartItemFrom({ ...match.product, images: picture ? [{ src: imageSrc(picture.id), alt: picture.alt }] : [] }, match.variant, null);
      cartItems.push({ ...built, quantity: item.quantity });
      changes.push({ kind: 'swapped', ...named, instead: match.variant ? `${match.product.name} (${match.variant.name})` : match.product.name, category: match.category, now: built.price });
      continue;
    }
    const { product, variant } = sold;
    const option = item.designName && product.designOptions.includes(item.designName) ? (today.design.get(item.designName) ?? null) : null;
    const picture = today.picture.get(product.id);
    const built = cartItemFrom({ ...product, images: picture ? [picture] : [] }, variant, option && { name: option.name, title: option.title, price: option.price });
    const cartItem: CartItem = { ...built, quantity: item.quantity, ...(built.design && { design: { ...built.design, quantity: item.quantity } }) };
    cartItems.push(cartItem);

    if (item.designName && !cartItem.design) changes.push({ kind: 'design', ...named, design: item.designTitle || item.designName });
    const was = item.unitPrice + (cartItem.design ? item.designPrice : 0);
    const now = cartItem.price + (cartItem.design?.price ?? 0);
    if (was !== now) changes.push({ kind: 'price', ...named, was, now });
  }
  return { cartItems, changes };
}
