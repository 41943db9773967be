/** The order page's words for the lifecycle's staff events, and Lagos time for people. */
import type { OrderEventType } from '@/lib/domain/order-lifecycle';
import { SHOP_TIME_ZONE } from '@/lib/domain/dates';

export const ACTION_LABELS: Partial<Record<OrderEventType, string>> = {
  confirm_transfer: 'Confirm transfer received',
  prepare: 'Start preparing',
  dispatch: 'Out for delivery',
  deliver: 'Mark delivered',
  delivery_failed: 'Delivery failed',
  cancel: 'Cancel order',
  record_refund: 'Record refund',
};

/** What the history calls an event ('confirm_transfer' → 'Transfer confirmed'). */
export const EVENT_LABELS: Record<string, string> = {
  choose_method: 'Payment method chosen',
  reopen: 'Reopened for changes',
  transfer_sent: 'Shopper says the transfer is sent',
  payment_confirmed: 'Payment confirmed',
  confirm_transfer: 'Transfer confirmed',
  prepare: 'Preparing started',
  dispatch: 'Out for delivery',
  deliver: 'Delivered',
  delivery_failed: 'Delivery failed',
  cancel: 'Cancelled',
  late_payment: 'Payment arrived after cancellation',
  record_refund: 'Refund recorded',
  change_delivery: 'Delivery changed',
  ask_charge: 'Payment asked',
  charge_mark_paid: 'Extra payment marked paid',
  charge_waive: 'Extra payment waived',
  charge_record_refund: 'Refund of a difference recorded',
  add_note: 'Note added',
};

const lagosTime = new Intl.DateTimeFormat('en-GB', { timeZone: SHOP_TIME_ZONE, day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });

/**
 * An instant (ISO) as Lagos time.
 * @example lagosDateTime('2027-02-14T08:05:00Z') // '14 Feb 2027, 09:05'
 */
export function lagosDateTime(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? iso : lagosTime.format(at);
}

/** A Google Maps search for an address. */
export function mapsLink(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}
