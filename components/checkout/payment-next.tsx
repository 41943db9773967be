/**
 * The payment step once the shopper's method is recorded (the order awaits payment with it): a
 * card or wallet provider sends the shopper to its hosted page (./card-payment.tsx), a transfer
 * shows the shop's account or address and waits for 'I have sent it'
 * (./transfer-instructions.tsx). Nothing here marks an order paid: only the shop's verification
 * does, and then the checkout shows the done stage (./done-stage.tsx).
 */
import type { Order } from '@/lib/contracts/orders';
import type { PaymentMethod } from '@/lib/domain/checkout';
import { CardPayment } from './card-payment';
import type { PaymentCheck } from './payment-return';
import { TransferInstructions } from './transfer-instructions';

type Props = {
  order: Order;
  method: PaymentMethod;
  /** The amount to pay as the shopper reads it, e.g. '₦150,000'. */
  amount: string;
  /** What came of the last return from the provider, when it did not end paid. */
  check?: PaymentCheck | null;
};

export function PaymentNext({ order, method, amount, check = null }: Props) {
  if (method.kind === 'manual') return <TransferInstructions key={`${order.id}-${method.key}`} order={order} method={method} />;
  return <CardPayment key={`${order.id}-${method.key}`} order={order} method={method} amount={amount} check={check?.ret.provider === method.key ? check : null} />;
}
