/**
 * Stage 3 of the checkout, shown for a paid order: the order number, what happens next, a
 * WhatsApp link to the branch that looks after the order (Abuja for Abuja deliveries and the
 * Abuja pickup point, else Lagos) with the order number filled in, and for a pick-up the pickup
 * point's address; and 'Remind me next year' for the occasion (components/reminders/remind-me.tsx).
 */
import { Link } from '@/components/ui/link';
import type { Order } from '@/lib/contracts/orders';
import { formatCartDate } from '@/lib/domain/cart';
import { isTestPaymentStatus, TEST_PAYMENT_NOTE } from '@/lib/domain/order';
import { useShell } from '@/lib/state/shell-context';
import { RemindMe } from '@/components/reminders/remind-me';
import { occasionOf } from '@/lib/domain/reminders';
import { branchFor, pickupPointOf, whatsAppLink } from './order-branch';
import styles from './checkout.module.css';

export function DoneStage({ order }: { order: Order }) {
  const { shopInfo } = useShell();
  const branch = branchFor(order, shopInfo);
  const pickup = pickupPointOf(order, shopInfo);
  const day = order.deliveryDate ? formatCartDate(order.deliveryDate) : null;

  return (
    <section className={styles.done} aria-labelledby="checkout-stage-title">
      <h2 id="checkout-stage-title" className={styles.stageTitle}>
        Thank you, your order is paid
      </h2>
      <p className={styles.bigNumber}>
        Order number <strong>{order.orderNumber}</strong>
      </p>
      {isTestPaymentStatus(order.paymentStatus) && (
        <p role="note">
          <strong>{TEST_PAYMENT_NOTE}</strong>
        </p>
      )}
      <p>Keep this number: quote it whenever you contact us about this order.</p>
      <h3>What happens next</h3>
      <ol className={styles.next}>
        <li>We start preparing your flowers and gifts.</li>
        {pickup ? (
          <li>
            Your order will be ready for pick-up{day && <> on {day}</>} at our {pickup.name} shop
            {pickup.address && (
              <>
                : <strong>{pickup.address}</strong>
              </>
            )}
            .
          </li>
        ) : (
          <li>Our rider delivers it{day && <> on {day}</>} and calls the recipient if needed.</li>
        )}
        {order.client.email && <li>We send updates to {order.client.email}.</li>}
        <li>
          Follow it any time on the <Link href="/order-tracker">order tracker</Link> with your order number.
        </li>
      </ol>
      {order.client.email && order.deliveryDate && <RemindMe orderId={order.id} occasion={occasionOf(order.purpose)} recipientName={order.deliveryDetails.recipientName} />}
      {branch && (
        <p>
          Questions? Message our {branch.name} on{' '}
          <a href={whatsAppLink(branch.whatsapp, order.orderNumber)} rel="noopener" target="_blank">
            WhatsApp ({branch.whatsapp})
          </a>
          .
        </p>
      )}
      <Link href="/" className={styles.primary}>
        Continue shopping
      </Link>
    </section>
  );
}
