/**
 * The e-mail a sender gets once their order is paid (a card payment the provider confirmed, or a
 * transfer staff confirmed). Written to the mail outbox in the transaction that pays the order,
 * so it goes out exactly when the payment is committed; the mail's own trouble (a server down)
 * only delays it and never fails the payment or the staff call.
 */
import { errorFields } from '@/lib/server/http/errors';
import type { Order } from '@/lib/contracts/orders';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { countPayment } from '@/lib/server/metrics';
import { enqueueMail, type MailMessage } from '@/lib/server/mail/mailer';
import { orderPaidMail } from '@/lib/server/mail/templates';
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import { formatCartDate } from '@/lib/domain/dates';
import { formatAmount } from '@/lib/domain/money';
import { occasionOf, reminderPhrase } from '@/lib/domain/reminders';
import { remindOrderUrl } from '@/lib/server/services/reminders';

/** The order's total as charged, e.g. '₦24,500' or '$35'. */
export function totalText(order: Pick<Order, 'currency' | 'amountsInCurrency'>): string {
  return formatAmount(order.amountsInCurrency.total, order.currency);
}

/** 'Delivery on Friday, 4 December', 'Pick-up at … on …', or '' before a day is chosen. */
export function deliveryText(order: Order): string {
  if (!order.deliveryDate) return '';
  const day = formatCartDate(order.deliveryDate);
  if (order.deliveryMethod === 'pick-up') {
    const point = PICKUP_LOCATIONS.find((p) => p.code === order.despatchLocation);
    return `Pick-up${point ? ` at ${point.name}` : ''} on ${day}`;
  }
  return `Delivery on ${day}`;
}

/** The payment confirmation of a paid order, or null when it has no e-mail or the mail cannot be written (logged). */
function paidConfirmation(order: Order, remindUrl: string | null): MailMessage | null {
  if (!order.client.email) return null;
  try {
    const config = getConfig();
    return orderPaidMail({
      to: order.client.email,
      brand: config.brandName,
      senderName: order.client.name,
      orderNumber: order.orderNumber,
      items: order.orderProducts.map((p) => ({ name: p.name, quantity: p.quantity, ...(p.size && { size: p.size }) })),
      totalText: totalText(order),
      deliveryText: deliveryText(order),
      trackUrl: `${config.siteUrl}/order-tracker?number=${encodeURIComponent(order.orderNumber)}`,
      test: order.paymentTest,
      ...(remindUrl && { remind: { text: `Remind me next year about ${reminderPhrase(occasionOf(order.purpose), order.deliveryDetails.recipientName)}`, url: remindUrl } }),
    });
  } catch (error) {
    log().error({ order: order.orderNumber, ...errorFields(error) }, 'could not prepare the payment confirmation');
    return null;
  }
}

/** Writes the payment confirmation to the sender into the outbox, in `tx`: the transaction that pays `order`. */
export async function queuePaidConfirmation(tx: Db, order: Order): Promise<void> {
  countPayment(order.paymentMethod ?? 'unknown', 'confirmed');
  // 'Remind me next year' for an order with a day to come round again.
  const remindUrl = order.client.email && order.deliveryDate ? await remindOrderUrl(tx, order.id) : null;
  const message = paidConfirmation(order, remindUrl);
  if (message) await enqueueMail(tx, 'order-paid', message);
}
