/**
 * Where the payment provider step opens once the shopper has chosen a method (the payments
 * capability replaces this body: card checkout for Paystack, Flutterwave, PayPal and Monnify;
 * transfer details for the manual methods). Until then it says plainly that nothing has been
 * charged and the order waits for payment. When a payment succeeds, the order's payment status
 * becomes paid and the checkout shows the done stage (./done-stage.tsx).
 */
import type { Order } from '@/lib/contracts/orders';
import type { PaymentMethod } from '@/lib/domain/checkout';
import styles from './checkout.module.css';

export function PaymentNext({ order, method }: { order: Order; method: PaymentMethod }) {
  return (
    <div className={styles.notice} role="status">
      <h3>Your choice is saved: {method.label}</h3>
      <p>
        The {method.label} payment step opens here next. It is not available on this site yet, so nothing has been charged: order <strong>{order.orderNumber}</strong> is
        saved and waiting for payment.
      </p>
    </div>
  );
}
