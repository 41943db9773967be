/**
 * Small pieces the account's order list and order page share: the status badge, the payment in
 * plain words, the day an order was placed, whom it goes to, the delivery photo's alt text, and
 * the failure state with 'Try again'. Kept light (no tracker texts, no calls): the list's first
 * load carries them.
 */
import type { ReactNode } from 'react';
import type { AccountOrderSummary } from '@/lib/contracts/account';
import { formatCartDate, shopDay } from '@/lib/domain/dates';
import { isTestPaymentStatus } from '@/lib/domain/order';
import type { PaymentState } from '@/lib/domain/order-lifecycle';
import styles from './orders.module.css';

/** The order's status as a coloured badge; every colour pair reads at 4.5:1 or better. */
export function StatusBadge({ order }: { order: Pick<AccountOrderSummary, 'status' | 'statusLabel'> }) {
  return (
    <span className={styles.badge} data-status={order.status}>
      {order.statusLabel}
    </span>
  );
}

/** Where the order's money is, in the words the order tracker uses for the same states. */
const PAYMENT_WORDS: Record<PaymentState, string> = {
  unpaid: 'Awaiting payment',
  awaiting_confirmation: 'Payment being confirmed',
  part_paid: 'Part paid: the rest is still due',
  paid: 'Paid',
  refund_due: 'Refund due',
  refunded: 'Refunded',
};

/** 'Paid', 'Awaiting payment'…, marked when the payment was made in the shop's sandbox. */
export function paymentText(order: Pick<AccountOrderSummary, 'paymentState' | 'paymentStatus'>): string {
  const words = PAYMENT_WORDS[order.paymentState] ?? order.paymentStatus;
  return isTestPaymentStatus(order.paymentStatus) ? `${words} (test payment, no money taken)` : words;
}

/** A YYYY-MM-DD day as the cart writes days ('14 Feb 2027'). */
export const formatDay = formatCartDate;

/** The day in Lagos an order was placed ('12 Feb 2027'); '' when unknown. */
export function placedDay(iso: string): string {
  const at = new Date(iso);
  return Number.isNaN(at.getTime()) ? '' : formatDay(shopDay(at));
}

/** Whom the order goes to: 'To Ngozi Adeyemi', 'Pick-up for Ngozi Adeyemi', 'Pick-up', or ''. */
export function recipientLine(order: Pick<AccountOrderSummary, 'deliveryMethod' | 'recipientName'>): string {
  if (order.recipientName) return `${order.deliveryMethod === 'pick-up' ? 'Pick-up for' : 'To'} ${order.recipientName}`;
  return order.deliveryMethod === 'pick-up' ? 'Pick-up' : '';
}

/** The delivery photo's alt text, naming whom the flowers went to. */
export function deliveryPhotoAlt(order: Pick<AccountOrderSummary, 'orderNumber' | 'recipientName'>): string {
  return order.recipientName
    ? `Order ${order.orderNumber} delivered to ${order.recipientName}, photographed by our rider`
    : `Order ${order.orderNumber} at delivery, photographed by our rider`;
}

/** Our product pictures come in several widths; a thumbnail needs the smallest. */
export const thumbnail = (src: string) => (src.startsWith('/media/p/') && !src.includes('?') ? `${src}?w=200` : src);

/** A read that failed: the server's words and 'Try again' (`children`: more ways on). */
export function LoadFailed({ message, onRetry, children }: { message: string; onRetry(): void; children?: ReactNode }) {
  return (
    <div className={styles.failed} role="alert">
      <p>{message}</p>
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onRetry}>
          Try again
        </button>
        {children}
      </div>
    </div>
  );
}
