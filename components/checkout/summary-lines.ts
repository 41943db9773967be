/**
 * What the order summary shows for delivery and the total (pure). Once the order holds delivery
 * details matching the form's choice, its own fee and total count. Before that (or after the
 * shopper changes the state, zone, method or day in the form) the fee that choice would cost is
 * worked out from the delivery settings (`deliveryFee`: the day's config, free-delivery
 * threshold judged on the subtotal less the coupon's discount, as the server judges it) and
 * marked as an estimate; the total then adds it to the order's subtotal less its
 * discount. Other locations are quoted by our staff and not in the total.
 */
import type { DeliverySettings } from '@/lib/contracts/settings';
import type { Order } from '@/lib/contracts/orders';
import { deliveryFee, type DeliveryMethod } from '@/lib/domain/checkout';

/** The form's current delivery choice. */
export type FeeChoice = { method: DeliveryMethod; state: string; zone: string; day: string };

export type DeliveryLine =
  | { kind: 'free' }
  | { kind: 'quoted' }
  | { kind: 'amount'; naira: number }
  /** Nothing chosen yet. */
  | { kind: 'choose' };

export type SummaryLines = { delivery: DeliveryLine; totalNaira: number; estimate: boolean };

function matchesOrder(order: Order, choice: FeeChoice): boolean {
  if (order.deliveryMethod !== choice.method || order.deliveryDate !== choice.day) return false;
  return choice.method === 'pick-up' || (order.deliveryDetails.state === choice.state && order.deliveryDetails.zone === choice.zone);
}

/**
 * The delivery line and total of the summary.
 * @example summaryLines(order, settings, { method: 'delivery', state: 'lagos', zone: 'lagos-central', day: '2027-03-02' }, '2027-03-01')
 * // { delivery: { kind: 'amount', naira: 4500 }, totalNaira: 49500, estimate: true } (order not checked out yet, subtotal 45,000)
 */
export function summaryLines(order: Order, settings: DeliverySettings | null, choice: FeeChoice | null, today: string): SummaryLines {
  const { subtotal, discount, deliveryFee: fee, total } = order.amounts;
  if (order.deliveryMethod && (!choice || matchesOrder(order, choice))) {
    const delivery: DeliveryLine = order.deliveryFeeQuotedByStaff ? { kind: 'quoted' } : fee === 0 ? { kind: 'free' } : { kind: 'amount', naira: fee };
    return { delivery, totalNaira: total, estimate: false };
  }
  const goods = Math.max(0, subtotal - discount);
  if (!choice || !settings) return { delivery: { kind: 'choose' }, totalNaira: goods, estimate: false };
  // The server's own rule (free delivery judged on the items after the coupon's discount).
  const quote = deliveryFee(settings, { method: choice.method, state: choice.state, zone: choice.zone, day: choice.day || today, subtotal, discount });
  if (!quote.ok) return { delivery: { kind: 'choose' }, totalNaira: goods, estimate: false };
  if (quote.quotedByStaff) return { delivery: { kind: 'quoted' }, totalNaira: goods, estimate: true };
  return { delivery: quote.fee === 0 ? { kind: 'free' } : { kind: 'amount', naira: quote.fee }, totalNaira: goods + quote.fee, estimate: true };
}
