/**
 * What the back office's board groups orders by (pure, shared by the staff API and its pages):
 * the board's states (the lifecycle's status and payment state as a florist reads them), the
 * branches an order belongs to (a delivery's state, or its pickup point), and the search term's
 * kinds (order number, e-mail, phone in any format, recipient name).
 */
import { DEFAULT_COUNTRY_CODE, isPlausiblePhone, normalisePhone, PICKUP_LOCATIONS, type PickupCode } from '@/lib/domain/checkout';
import type { OrderEventType, OrderStatus, PaymentState } from '@/lib/domain/order-lifecycle';
import type { StaffRole } from '@/lib/domain/staff';

/** The board's columns, in a florist's order of the day. */
export const BOARD_STATES = ['awaiting_payment', 'awaiting_confirmation', 'part_paid', 'paid', 'preparing', 'out_for_delivery', 'failed', 'delivered', 'cancelled'] as const;
export type BoardState = (typeof BOARD_STATES)[number];

export const BOARD_STATE_LABELS: Record<BoardState, string> = {
  awaiting_payment: 'Awaiting payment',
  awaiting_confirmation: 'Awaiting confirmation',
  part_paid: 'Part paid',
  paid: 'Paid',
  preparing: 'Preparing',
  out_for_delivery: 'Out for delivery',
  failed: 'Delivery failed',
  delivered: 'Delivered',
  cancelled: 'Cancelled',
};

/**
 * The board state of an order: a transfer the shopper says is sent waits for confirmation
 * whatever the status; part of the money received (part paid) is its own column, where staff
 * chase the rest and nobody prepares it; an unpaid order that reached checkout awaits payment;
 * an order back in the shop after a failed delivery (`failedDelivery`: the lifecycle took it
 * from out for delivery back to preparing) waits for its redelivery under 'Delivery failed';
 * the others are their status.
 * @example boardStateOf({ status: 'preparing', payment: 'paid', failedDelivery: true }) // 'failed'
 * @example boardStateOf({ status: 'awaiting_payment', payment: 'awaiting_confirmation' }) // 'awaiting_confirmation'
 * @example boardStateOf({ status: 'created', payment: 'part_paid' }) // 'part_paid'
 */
export function boardStateOf(order: { status: OrderStatus; payment: PaymentState; failedDelivery?: boolean }): BoardState {
  if (order.status === 'cancelled') return 'cancelled';
  if (order.payment === 'awaiting_confirmation') return 'awaiting_confirmation';
  if (order.payment === 'part_paid') return 'part_paid';
  if (order.status === 'created' || order.status === 'awaiting_payment') return 'awaiting_payment';
  if (order.status === 'preparing' && order.failedDelivery) return 'failed';
  return order.status;
}

/** Branches: the two cities, plus each pickup point on its own; 'other' for other states' deliveries. */
export const BOARD_BRANCHES = ['lagos', 'abuja', 'LPI', 'LPL', 'APA', 'other'] as const;
export type BoardBranch = (typeof BOARD_BRANCHES)[number];

export const BOARD_BRANCH_LABELS: Record<BoardBranch, string> = {
  lagos: 'Lagos (all)',
  abuja: 'Abuja (all)',
  LPI: 'Pick-up Ikoyi',
  LPL: 'Pick-up Lekki',
  APA: 'Pick-up Abuja',
  other: 'Other states',
};

/**
 * The city branch that serves an order: a pick-up's point's branch, a delivery's state; null for
 * other states (staff quote and arrange those).
 * @example cityOf({ deliveryMethod: 'pick-up', despatchLocation: 'LPL', state: null }) // 'lagos'
 */
export function cityOf(order: { deliveryMethod: string | null; despatchLocation: string | null; state: string | null }): 'lagos' | 'abuja' | null {
  if (order.deliveryMethod === 'pick-up') return PICKUP_LOCATIONS.find((p) => p.code === (order.despatchLocation as PickupCode))?.branch ?? null;
  return order.state === 'lagos' || order.state === 'abuja' ? order.state : null;
}

export type BoardSearch =
  | { kind: 'number'; orderNumber: string }
  | { kind: 'email'; email: string }
  | { kind: 'phone'; phone: string }
  | { kind: 'name'; name: string };

/**
 * What a typed search term looks for: an order number ('RF-100234', 'rf 100234', '100234'), an
 * e-mail, a phone number in any format (normalised like the checkout stores it), else a
 * recipient's name.
 * @example boardSearch('0803 123 4567') // { kind: 'phone', phone: '+2348031234567' }
 */
export function boardSearch(term: string): BoardSearch | null {
  const text = term.trim().slice(0, 100);
  if (!text) return null;
  const number = /^(?:rf[\s-]*)?(\d{6})$/i.exec(text);
  if (number) return { kind: 'number', orderNumber: `RF-${number[1]}` };
  if (text.includes('@')) return { kind: 'email', email: text.toLowerCase() };
  if (/^[+\d][\d\s/|\-.()]{6,}$/.test(text)) {
    const phone = normalisePhone(text, DEFAULT_COUNTRY_CODE);
    if (isPlausiblePhone(phone)) return { kind: 'phone', phone };
  }
  return { kind: 'name', name: text };
}

/**
 * The order events each role may apply from the back office (the lifecycle's table also says
 * which actors may apply an event at all: staff apply only staff events). Owners and managers
 * run orders and payments; a florist prepares; a rider takes an order out, delivers it, or
 * brings it back when it could not be delivered.
 */
export const ROLE_EVENTS: Record<StaffRole, readonly OrderEventType[]> = {
  owner: ['confirm_transfer', 'prepare', 'dispatch', 'deliver', 'delivery_failed', 'cancel', 'record_refund'],
  manager: ['confirm_transfer', 'prepare', 'dispatch', 'deliver', 'delivery_failed', 'cancel', 'record_refund'],
  florist: ['prepare'],
  rider: ['dispatch', 'deliver', 'delivery_failed'],
};

/** Whether a role may apply an event. @example roleMay('florist', 'cancel') // false */
export function roleMay(role: StaffRole, event: OrderEventType): boolean {
  return ROLE_EVENTS[role].includes(event);
}

/** Whether a role sees an order's money (totals, payments): riders do not. */
export function roleSeesMoney(role: StaffRole): boolean {
  return role !== 'rider';
}

/** Whether a role asks, settles or waives extra charges and records money owed back: owners and managers. */
export function roleHandlesCharges(role: StaffRole): boolean {
  return role === 'owner' || role === 'manager';
}

/** How money went back to a shopper, as staff record a refund. */
export const REFUND_METHODS = ['bank_transfer', 'provider', 'cash'] as const;
export type RefundMethod = (typeof REFUND_METHODS)[number];
export const REFUND_METHOD_LABELS: Record<RefundMethod, string> = {
  bank_transfer: 'bank transfer',
  provider: "the payment provider's refund",
  cash: 'cash',
};

/**
 * What the e-mail about an unfinished payment did for an order (lib/server/services/orders/
 * recovery.ts): 'mailed' (sent, not paid since), 'recovered' (paid after it), or null (none sent).
 */
export type RecoveryState = 'mailed' | 'recovered' | null;

export const RECOVERY_LABELS: Record<Exclude<RecoveryState, null>, string> = { mailed: 'Reminder sent', recovered: 'Recovered' };

/** @example recoveryStateOf({ recoveryMailedAt: new Date(), status: 'paid' }) // 'recovered' */
export function recoveryStateOf(order: { recoveryMailedAt: Date | null; status: OrderStatus }): RecoveryState {
  if (!order.recoveryMailedAt) return null;
  return ['paid', 'preparing', 'out_for_delivery', 'delivered'].includes(order.status) ? 'recovered' : 'mailed';
}
