/**
 * Which branch looks after an order, and the WhatsApp link to it (pure): Abuja for deliveries to
 * Abuja and pickups at the Abuja point, Lagos (the head office) for everything else.
 */
import type { BranchInfo, ShopInfo } from '@/lib/contracts/settings';
import type { Order } from '@/lib/contracts/orders';
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';

type OrderPlace = Pick<Order, 'deliveryMethod' | 'despatchLocation' | 'deliveryDetails'>;

/** @example branchKeyFor({ deliveryMethod: 'pick-up', despatchLocation: 'APA', … }) // 'abuja' */
export function branchKeyFor(order: OrderPlace): 'lagos' | 'abuja' {
  if (order.deliveryMethod === 'pick-up') {
    return PICKUP_LOCATIONS.find((p) => p.code === order.despatchLocation)?.branch === 'abuja' ? 'abuja' : 'lagos';
  }
  return order.deliveryDetails.state === 'abuja' ? 'abuja' : 'lagos';
}

/** The branch's details from the shop information (Lagos when the wanted one is missing). */
export function branchFor(order: OrderPlace, shopInfo: ShopInfo): BranchInfo | undefined {
  const key = branchKeyFor(order);
  return shopInfo.branches.find((b) => b.key === key) ?? shopInfo.branches[0];
}

/**
 * A WhatsApp chat link with the order number filled in.
 * @example whatsAppLink('+234 803 000 0011', 'RF-100234') // 'https://wa.me/2348030000011?text=Hello%2C%20…RF-100234…'
 */
export function whatsAppLink(number: string, orderNumber: string): string {
  const text = `Hello, I'm writing about my order ${orderNumber}.`;
  return `https://wa.me/${number.replace(/\D/g, '')}?text=${encodeURIComponent(text)}`;
}

/** The pickup point of a pick-up order, with its address from the shop information. */
export function pickupPointOf(order: Pick<Order, 'deliveryMethod' | 'despatchLocation'>, shopInfo: ShopInfo) {
  if (order.deliveryMethod !== 'pick-up' || !order.despatchLocation) return null;
  const known = PICKUP_LOCATIONS.find((p) => p.code === order.despatchLocation);
  const info = shopInfo.pickupLocations.find((p) => p.code === order.despatchLocation);
  return { code: order.despatchLocation, name: info?.name ?? known?.name ?? order.despatchLocation, address: info?.address ?? '' };
}
