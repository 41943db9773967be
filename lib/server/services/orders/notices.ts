/**
 * The sender's e-mails about an order's progress after payment: when it leaves the shop (or is
 * ready at the pick-up point) and when it is delivered (or collected), each with the tracker
 * link. Written to the mail outbox in the transaction of the change; a mail server's trouble only
 * delays it and never fails the staff action.
 */
import { errorFields } from '@/lib/server/http/errors';
import { getConfig } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { log } from '@/lib/server/log';
import { enqueueMail, type MailMessage } from '@/lib/server/mail/mailer';
import { orderProgressMail } from '@/lib/server/mail/templates';
import type { Order } from '@/lib/contracts/orders';
import type { OrderEventType } from '@/lib/domain/order-lifecycle';

/** The progress e-mail an event sends, if any. */
export function progressStageOf(event: OrderEventType): 'out' | 'delivered' | null {
  if (event === 'dispatch') return 'out';
  if (event === 'deliver') return 'delivered';
  return null;
}

function progressMail(order: Order, stage: 'out' | 'delivered', photoPath: string | null): MailMessage | null {
  try {
    const config = getConfig();
    return orderProgressMail({
      to: order.client.email,
      brand: config.brandName,
      senderName: order.client.name,
      orderNumber: order.orderNumber,
      stage,
      pickup: order.deliveryMethod === 'pick-up',
      recipientName: order.deliveryDetails.recipientName,
      trackUrl: `${config.siteUrl}/order-tracker?number=${encodeURIComponent(order.orderNumber)}`,
      ...(stage === 'delivered' && photoPath && { photoUrl: `${config.siteUrl}${photoPath}` }),
    });
  } catch (error) {
    log().error({ order: order.orderNumber, ...errorFields(error) }, 'could not prepare the progress e-mail');
    return null;
  }
}

/**
 * Writes the sender's progress e-mail for an event that has one into the outbox, in `tx`, the
 * transaction of the event (nothing when the order has no e-mail); `photoPath` is the delivery
 * photo's address, linked and shown in the delivered e-mail.
 */
export async function queueProgressMail(tx: Db, order: Order, event: OrderEventType, photoPath: string | null = null): Promise<void> {
  const stage = progressStageOf(event);
  if (!stage || !order.client.email) return;
  const message = progressMail(order, stage, photoPath);
  if (message) await enqueueMail(tx, 'order-progress', message);
}
