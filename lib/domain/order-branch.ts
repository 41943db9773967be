/**
 * Which branch looks after an order and the WhatsApp link to it (pure; the checkout's done stage
 * and the server's e-mails alike): Abuja for deliveries to Abuja and pickups at the Abuja point,
 * Lagos (the head office) for everything else.
 */
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';

/** What of an order says where it goes (an `Order` of lib/contracts/orders.ts fits). */
export type OrderPlace = { deliveryMethod: string | null; despatchLocation: string | null; deliveryDetails: { state: string } };

/** @example branchKeyFor({ deliveryMethod: 'pick-up', despatchLocation: 'APA', … }) // 'abuja' */
export function branchKeyFor(order: OrderPlace): 'lagos' | 'abuja' {
  if (order.deliveryMethod === 'pick-up') {
    return PICKUP_LOCATIONS.find((p) => p.code === order.despatchLocation)?.branch === 'abuja' ? 'abuja' : 'lagos';
  }
  return order.deliveryDetails.state === 'abuja' ? 'abuja' : 'lagos';
}

/**
 * A WhatsApp chat link with the order number filled in.
 * @example whatsAppLink('+234 803 000 0011', 'RF-100234') // 'https://wa.me/2348030000011?text=Hello%2C%20…RF-100234…'
 */
export function whatsAppLink(number: string, orderNumber: string): string {
  const text = `Hello, I'm writing about my order ${orderNumber}.`;
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}
