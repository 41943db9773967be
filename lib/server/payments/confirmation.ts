/**
 * The e-mail a sender gets once their order is paid (a card payment the provider confirmed, or a
 * transfer staff confirmed). Sent in the background after the change is committed: a mail that
 * cannot be sent is logged by the mailer and never fails the payment or the staff call.
 */
import { describeError } from '@/lib/server/http/errors';
import type { Order } from '@/lib/contracts/orders';
import { getConfig } from '@/lib/server/config';
import { queueMail } from '@/lib/server/mail/mailer';
import { orderPaidMail } from '@/lib/server/mail/templates';
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import { formatCartDate } from '@/lib/domain/dates';
import { formatAmount } from '@/lib/domain/money';

/** The order's total as charged, e.g. '₦24,500' or '$35'. */
export function totalText(order: Pick<Order, 'currency' | 'amountsInCurrency'>): string {
  return formatAmount(order.amountsInCurrency.total, order.currency);
}

function deliveryText(order: Order): string {
  if (!order.deliveryDate) return '';
  const day = formatCartDate(order.deliveryDate);
  if (order.deliveryMethod === 'pick-up') {
    const point = PICKUP_LOCATIONS.find((p) => p.code === order.despatchLocation);
    return `Pick-up${point ? ` at ${point.name}` : ''} on ${day}`;
  }
  return `Delivery on ${day}`;
}

/** Queues the payment confirmation to the order's sender (nothing when the order has no e-mail). */
export function sendPaidConfirmation(order: Order): void {
  if (!order.client.email) return;
  try {
    const config = getConfig();
    queueMail(
      orderPaidMail({
        to: order.client.email,
        brand: config.brandName,
        senderName: order.client.name,
        orderNumber: order.orderNumber,
        items: order.orderProducts.map((p) => ({ name: p.name, quantity: p.quantity, ...(p.size && { size: p.size }) })),
        totalText: totalText(order),
        deliveryText: deliveryText(order),
        trackUrl: `${config.siteUrl}/order-tracker?number=${encodeURIComponent(order.orderNumber)}`,
        test: order.paymentTest,
      }),
    );
  } catch (error) {
    console.error(`[payments] could not prepare the confirmation of ${order.orderNumber}: ${describeError(error)}`);
  }
}
