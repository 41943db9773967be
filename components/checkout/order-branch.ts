/**
 * Which branch looks after an order, and the WhatsApp link to it (pure): Abuja for deliveries to
 * Abuja and pickups at the Abuja point, Lagos (the head office) for everything else.
 */
import type { BranchInfo, ShopInfo } from '@/lib/contracts/settings';
import type { Order } from '@/lib/contracts/orders';
import { PICKUP_LOCATIONS } from '@/lib/domain/checkout';
import { branchKeyFor, type OrderPlace } from '@/lib/domain/order-branch';

export { branchKeyFor, whatsAppLink } from '@/lib/domain/order-branch';

/** The branch's details from the shop information (Lagos when the wanted one is missing). */
export function branchFor(order: OrderPlace, shopInfo: ShopInfo): BranchInfo | undefined {
  const key = branchKeyFor(order);
  return shopInfo.branches.find((b) => b.key === key) ?? shopInfo.branches[0];
}

/** The pickup point of a pick-up order, with its address from the shop information. */
export function pickupPointOf(order: Pick<Order, 'deliveryMethod' | 'despatchLocation'>, shopInfo: ShopInfo) {
  if (order.deliveryMethod !== 'pick-up' || !order.despatchLocation) return null;
  const known = PICKUP_LOCATIONS.find((p) => p.code === order.despatchLocation);
  const info = shopInfo.pickupLocations.find((p) => p.code === order.despatchLocation);
  return { code: order.despatchLocation, name: info?.name ?? known?.name ?? order.despatchLocation, address: info?.address ?? '' };
}
