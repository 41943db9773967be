/**
 * Staff changing a paid order's delivery (pure): which orders may still change (a door delivery in
 * Lagos or Abuja, paid and not yet out of the shop), and the words staff and the sender read: the
 * timeline line of what changed, and the reason of the fee difference asked or owed back (the
 * shop's rule: an address or date change costs the fee difference, or it is owed back).
 */
import type { OrderStatus } from '@/lib/domain/order-lifecycle';

/** The statuses in which staff may change the delivery: paid, and being prepared (before it leaves). */
export const DELIVERY_CHANGE_STATUSES = ['paid', 'preparing'] as const satisfies readonly OrderStatus[];

const STATUS_REFUSALS: Partial<Record<OrderStatus, string>> = {
  created: 'This order is not paid yet: the sender can still change the delivery at checkout',
  awaiting_payment: 'This order is not paid yet: the sender can still change the delivery at checkout',
  out_for_delivery: 'This order is out for delivery: its delivery can be changed only before it leaves the shop',
  delivered: 'This order is delivered: its delivery can no longer be changed',
  cancelled: 'This order is cancelled: its delivery can no longer be changed',
};

/**
 * Why staff may not change the order's delivery date, zone or address now, or null when they may:
 * a collection has no delivery, an other-states delivery is quoted by staff (ask a new quote),
 * and only a paid order not yet out for delivery can change.
 * @example deliveryChangeRefusal({ deliveryMethod: 'delivery', state: 'lagos', status: 'preparing' }) // null
 * @example deliveryChangeRefusal({ deliveryMethod: 'pick-up', state: null, status: 'paid' }) // 'This order is collected from a pickup point: it has no delivery to change'
 */
export function deliveryChangeRefusal(order: { deliveryMethod: string | null; state: string | null; status: OrderStatus }): string | null {
  if ((DELIVERY_CHANGE_STATUSES as readonly OrderStatus[]).includes(order.status)) {
    if (order.deliveryMethod === 'pick-up') return 'This order is collected from a pickup point: it has no delivery to change';
    if (order.deliveryMethod !== 'delivery') return 'This order has no delivery to change';
    if (order.state !== 'lagos' && order.state !== 'abuja') return "This order goes to another state: its delivery fee is quoted by staff, so ask the sender for a new quote instead";
    return null;
  }
  return STATUS_REFUSALS[order.status] ?? `This order is ${order.status}: its delivery cannot be changed`;
}

const dayFormat = new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });

/**
 * A YYYY-MM-DD day as the sender reads it, with its weekday.
 * @example deliveryDayText('2027-02-14') // 'Sun 14 Feb'
 */
export function deliveryDayText(day: string): string {
  const at = new Date(`${day}T12:00:00Z`);
  return Number.isNaN(at.getTime()) ? day : dayFormat.format(at);
}

/** What changed, as staff sent it and the order had it (zones by label, days YYYY-MM-DD, address with its residence type). */
export type DeliveryChanges = {
  day?: { from: string | null; to: string };
  zone?: { from: string; to: string };
  /** The new address as the order shows it ('[Office] 5 Bourdillon Road'). */
  address?: string;
};

/**
 * The timeline line of a delivery change, with staff's note.
 * @example deliveryChangeLine({ day: { from: '2027-02-12', to: '2027-02-14' }, zone: { from: 'Lagos central', to: 'Lagos outer' } }) // 'Delivery changed: date Fri 12 Feb → Sun 14 Feb; zone Lagos central → Lagos outer'
 */
export function deliveryChangeLine(changes: DeliveryChanges, note?: string): string {
  const parts: string[] = [];
  if (changes.day) parts.push(changes.day.from ? `date ${deliveryDayText(changes.day.from)} → ${deliveryDayText(changes.day.to)}` : `date set to ${deliveryDayText(changes.day.to)}`);
  if (changes.zone) parts.push(`zone ${changes.zone.from} → ${changes.zone.to}`);
  if (changes.address !== undefined) parts.push(`address now ${changes.address}`);
  const line = `Delivery changed: ${parts.join('; ')}`;
  return note?.trim() ? `${line}: ${note.trim()}` : line;
}

/**
 * The reason of a fee difference as the sender reads it (in the pay link's e-mail, the pay page
 * and the timeline): what moved, the new fee against the one paid (amounts already written in
 * the order's currency; '' for a free delivery), and for a charge how much more. `peak`: the
 * name of the peak-date fees in force on the new day ('Valentine peak'), if any.
 * @example feeChangeReason({ day: '2027-02-14', peak: 'Valentine peak', newFee: '₦20,000', paidFee: '₦4,500', more: '₦15,500' }) // 'Delivery moved to Sun 14 Feb: Valentine peak fee ₦20,000 instead of ₦4,500, ₦15,500 more'
 * @example feeChangeReason({ zone: 'Lagos central', newFee: '₦4,500', paidFee: '₦10,000' }) // 'Delivery zone changed to Lagos central: fee ₦4,500 instead of ₦10,000'
 */
export function feeChangeReason(change: { day?: string; zone?: string; peak?: string; newFee: string; paidFee: string; more?: string }): string {
  const moved =
    change.day && change.zone
      ? `moved to ${deliveryDayText(change.day)}, zone ${change.zone}`
      : change.day
        ? `moved to ${deliveryDayText(change.day)}`
        : `zone changed to ${change.zone ?? ''}`;
  const fee = change.newFee ? `${change.peak ? `${change.peak} fee` : 'fee'} ${change.newFee}` : 'free delivery';
  const paid = change.paidFee || 'free delivery';
  return `Delivery ${moved}: ${fee} instead of ${paid}${change.more ? `, ${change.more} more` : ''}`;
}
