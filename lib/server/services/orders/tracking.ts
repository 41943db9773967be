/**
 * The order tracker (GET /v1/firebase/order/order-number/{number}?email=). An order number alone
 * shows only what the order is and where it stands (status, timeline steps without their notes,
 * items): numbers are short and guessable. The order's id, recipient, timeline notes and review
 * come only with the sender's e-mail.
 * Misses (an unknown number, or an e-mail that is not the order's) are counted per client
 * address and shop-wide; past a limit every lookup from that address (or, shop-wide, from anyone)
 * is refused (429) until the window passes. Wrong e-mails are also counted per order, whatever the
 * address: past that limit a lookup of the order with any e-mail, even the right one, is refused
 * (429), so that guesses spread over many addresses stop too; its status still shows without one.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { orders, reviews } from '@/lib/server/db/schema';
import { NotFoundError } from '@/lib/server/http/errors';
import { RULES, claimAttempt, type Counter } from '@/lib/server/security/rate-limit';
import type { RequestContext } from '@/lib/server/services/accounts/context';
import { itemsOf, timeline } from '@/lib/server/services/orders/store';
import { lifecycleState, type OrderRow } from '@/lib/server/services/orders/rows';
import { deliveryPhotoPath } from '@/lib/server/media/storage';
import { joinRecipientAddress, type DeliveryMethod, type PickupCode } from '@/lib/domain/checkout';
import { ORDER_STATUS_LABELS, paymentWording } from '@/lib/domain/order-lifecycle';
import type { Review, TrackedOrder } from '@/lib/contracts/orders';

export const TRACK_NOT_FOUND_MESSAGE = 'We could not find an order with that number';

export const trackMissCounters = (ip: string): Counter[] => [
  { key: `track-miss:ip:${ip}`, rule: RULES.trackMissPerAddress },
  { key: 'track-miss:shop', rule: RULES.trackMissShop },
];
/** Wrong e-mails given for one order, from any address. */
export const trackEmailCounters = (orderId: string): Counter[] => [{ key: `track-email:order:${orderId}`, rule: RULES.trackEmailPerOrder }];

/** An order number as stored: trimmed, upper-case ('rf-100234' finds RF-100234). */
export function normaliseOrderNumber(number: string): string {
  return number.trim().toUpperCase();
}

/** A phone number with its country code, unless it already carries one. */
export function fullPhone(phone: string, countryCode: string): string {
  if (!phone) return '';
  return phone.startsWith('+') ? phone : `${countryCode}${phone}`;
}

/** A stored review as answers show it, or null. */
export function reviewAnswer(row: typeof reviews.$inferSelect | undefined): Review | null {
  return row ? { rating: row.rating, comment: row.comment, authorName: row.authorName, createdAt: row.createdAt.toISOString() } : null;
}

/** Whether `email` is the order's sender e-mail (case-insensitive; an order without one matches nothing). */
function isSender(order: OrderRow, email: string): boolean {
  const sender = order.senderEmail.trim().toLowerCase();
  return sender !== '' && sender === email.trim().toLowerCase();
}

/**
 * Looks up an order by its number for the tracker. With the sender's e-mail the answer is
 * `verified` and carries the id, recipient, `canReview` and `review`; without it (or with another
 * e-mail) those keys are absent. 404 for an unknown number, 429 past a miss limit or, with an
 * e-mail, past the order's wrong-e-mail limit.
 */
export async function trackOrder(db: Db, number: string, email: string | undefined, ctx: RequestContext): Promise<TrackedOrder> {
  // Every lookup counts as a miss until it proves not to be one: simultaneous lookups then cannot
  // all slip under the limit.
  const forgetAttempt = await claimAttempt(db, trackMissCounters(ctx.ip), ctx.now);

  const orderNumber = normaliseOrderNumber(number);
  const [order] = orderNumber.length <= 40 ? await db.select().from(orders).where(eq(orders.orderNumber, orderNumber)) : [];
  if (!order) throw new NotFoundError(TRACK_NOT_FOUND_MESSAGE);
  const given = email?.trim() ?? '';
  if (given !== '') {
    // Every e-mail counts as wrong for the order until it proves right; past the order's limit
    // none is compared. The refused lookup is no miss for the address: the order's lock stops it.
    try {
      const forgetEmail = await claimAttempt(db, trackEmailCounters(order.id), ctx.now);
      if (isSender(order, given)) await forgetEmail();
    } catch (error) {
      await forgetAttempt();
      throw error;
    }
  }
  const verified = given !== '' && isSender(order, given);
  if (given === '' || verified) await forgetAttempt();

  const [items, events] = await Promise.all([itemsOf(db, order.id), timeline(db, order.id)]);
  const status = order.status;
  const answer: TrackedOrder = {
    orderNumber: order.orderNumber,
    status,
    statusLabel: ORDER_STATUS_LABELS[status] ?? order.status,
    paymentStatus: paymentWording(lifecycleState(order)),
    deliveryDate: order.deliveryDate ?? '',
    deliveryMethod: (order.deliveryMethod as DeliveryMethod | null) ?? null,
    despatchLocation: (order.despatchLocation as PickupCode | null) ?? '',
    // Notes (staff's and the checkout's) may name people; without the e-mail only the steps show.
    timeline: verified ? events : events.map((e) => ({ ...e, note: '' })),
    items: items.map((item) => ({ name: item.name, ...(item.size && { size: item.size }), quantity: item.quantity, image: item.image })),
    verified,
  };
  if (!verified) return answer;

  const [review] = await db.select().from(reviews).where(eq(reviews.orderId, order.id));
  return {
    ...answer,
    id: order.id,
    recipient: {
      name: order.recipientName,
      address: order.recipientAddress ? joinRecipientAddress(order.residenceType || undefined, order.recipientAddress) : '',
      phone: fullPhone(order.recipientPhone, order.recipientPhoneCountryCode),
    },
    canReview: status === 'delivered' && !review,
    review: reviewAnswer(review),
    deliveryPhoto: deliveryPhotoPath(order.deliveryPhoto),
  };
}
