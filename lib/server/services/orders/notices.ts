/**
 * The sender's e-mails about an order's progress after payment: when it leaves the shop (or is
 * ready at the pick-up point) and when it is delivered (or collected), each with the tracker
 * link. Queued after the change is committed; a mail that cannot be sent is logged by the mailer
 * and never fails the staff action.
 */
import { describeError } from '@/lib/server/http/errors';
import { getConfig } from '@/lib/server/config';
import { queueMail } from '@/lib/server/mail/mailer';
import { orderProgressMail } from '@/lib/server/mail/templates';
import type { Order } from '@/lib/contracts/orders';
import type { OrderEventType } from '@/lib/domain/order-lifecycle';

/** The progress e-mail an event sends, if any. */
export function progressStageOf(event: OrderEventType): 'out' | 'delivered' | null {
  if (event === 'dispatch') return 'out';
  if (event === 'deliver') return 'delivered';
  return null;
}

/**
 * Queues the sender's progress e-mail for an event that has one (nothing when the order has no
 * e-mail); `photoPath` is the delivery photo's address, linked and shown in the delivered e-mail.
 */
export function sendProgressMail(order: Order, event: OrderEventType, photoPath: string | null = null): void {
  const stage = progressStageOf(event);
  if (!stage || !order.client.email) return;
  try {
    const config = getConfig();
    queueMail(
      orderProgressMail({
        to: order.client.email,
        brand: config.brandName,
        senderName: order.client.name,
        orderNumber: order.orderNumber,
        stage,
        pickup: order.deliveryMethod === 'pick-up',
        recipientName: order.deliveryDetails.recipientName,
        trackUrl: `${config.siteUrl}/order-tracker?number=${encodeURIComponent(order.orderNumber)}`,
        ...(stage === 'delivered' && photoPath && { photoUrl: `${config.siteUrl}${photoPath}` }),
      }),
    );
  } catch (error) {
    console.error(`[orders] could not prepare the progress e-mail of ${order.orderNumber}: ${describeError(error)}`);
  }
}
