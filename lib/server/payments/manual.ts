/**
 * Manual payments (GTBank, Lead Bank and NatWest transfers, Bitcoin): the instructions the shopper
 * sees (the exact amount in the order's currency, the account or address from the shop's payment
 * details — the `shop` settings document, or the environment's values until it is saved — and the
 * order number to quote), and 'I have sent it', which only ever makes the order wait for staff:
 * the payment status becomes 'awaiting confirmation' (never a paid status) and staff confirm with
 * `PUT /v1/admin/order/{id}/status` {status: 'paid'}.
 */
import { sql } from 'drizzle-orm';
import type { ManualInstructions } from '@/lib/contracts/payments';
import type { Order } from '@/lib/contracts/orders';
import type { ShopDetails } from '@/lib/contracts/shop-details';
import type { Db } from '@/lib/server/db/client';
import { paymentAttempts } from '@/lib/server/db/schema';
import { orderAmountMinor } from '@/lib/server/payments/provider';
import { loadOrder, readOrder, type OrderRow } from '@/lib/server/services/orders/store';
import { transition, TRANSFER_SENT_NOTE } from '@/lib/server/services/orders/lifecycle';
import { PAYMENT_METHODS } from '@/lib/domain/checkout';
import { ALREADY_PAID_MESSAGE, NOT_MANUAL_MESSAGE } from '@/lib/domain/order-lifecycle';
import { formatMinor, type CurrencyCode } from '@/lib/domain/money';

export type ManualMethodKey = ManualInstructions['method'];

export { ALREADY_PAID_MESSAGE, NOT_MANUAL_MESSAGE, TRANSFER_SENT_NOTE };

export function isManualMethod(key: string | null): key is ManualMethodKey {
  return PAYMENT_METHODS.some((m) => m.key === key && m.kind === 'manual');
}

/**
 * The transfer details of a manual method for an order, in its currency, from the shop's payment
 * details as they are now (`readShopDetails(db).details.payment`, services/settings.ts).
 */
export function manualInstructions(
  order: Pick<OrderRow, 'orderNumber' | 'currency' | 'totalInCurrency'>,
  method: ManualMethodKey,
  payment: ShopDetails['payment'],
): ManualInstructions {
  const { naira, leadBank, natwest } = payment;
  const details: ManualInstructions['details'] = (() => {
    switch (method) {
      case 'gtbTransfer':
        return [
          { label: 'Bank', value: naira.bankName },
          { label: 'Account name', value: naira.accountName },
          { label: 'Account number', value: naira.accountNumber },
        ];
      case 'leadBankTransfer':
        return [
          { label: 'Bank', value: 'Lead Bank' },
          { label: 'Account name', value: leadBank.accountName },
          { label: 'Account number', value: leadBank.accountNumber },
          { label: 'Routing number', value: leadBank.routingNumber },
        ];
      case 'natwestTransfer':
        return [
          { label: 'Bank', value: 'NatWest' },
          { label: 'Account name', value: natwest.accountName },
          { label: 'Account number', value: natwest.accountNumber },
          { label: 'Sort code', value: natwest.sortCode },
        ];
      case 'bitcoinTransfer':
        return [
          { label: 'Bitcoin address', value: payment.bitcoinAddress },
          // We hold no Bitcoin price: the shopper sends the dollar amount's worth when sending.
          { label: 'Amount in Bitcoin', value: `The Bitcoin equivalent of ${formatMinor(orderAmountMinor(order.totalInCurrency, order.currency as CurrencyCode), order.currency)} at the exchange rate when you send it` },
        ];
    }
  })();
  return { method, currency: order.currency, amount: order.totalInCurrency, orderNumber: order.orderNumber, details };
}

/**
 * The shopper says the transfer was sent: the order (unpaid, with a manual method serving its
 * currency) waits for staff with the payment status 'awaiting confirmation', a timeline line and a
 * 'claimed' attempt (provider = the method, reference = the order number). Saying it again
 * changes nothing.
 */
export async function markTransferSent(db: Db, orderId: string, at: Date): Promise<Order> {
  // No coupon re-check here: the shopper may already have sent the amount the instructions showed
  // (their start renewed the coupon's hold), and a transfer can take longer than the hold.
  return db.transaction(async (tx) => {
    const order = await loadOrder(tx, orderId, true);
    // Said again: the order already waits for staff.
    if (order.paymentState === 'awaiting_confirmation') return readOrder(tx, orderId);
    // 409 paid or closed; 400 not a manual method, or one that does not serve the currency.
    await transition(tx, orderId, { type: 'transfer_sent' }, { kind: 'shopper' }, at);
    const currency = order.currency as CurrencyCode;
    const amountMinor = orderAmountMinor(order.totalInCurrency, currency);
    await tx
      .insert(paymentAttempts)
      .values({ orderId, provider: order.paymentMethod!, reference: order.orderNumber, amountMinor, currency, status: 'claimed', note: TRANSFER_SENT_NOTE, createdAt: at, updatedAt: at })
      .onConflictDoUpdate({
        target: [paymentAttempts.provider, paymentAttempts.reference],
        set: { amountMinor, currency, status: 'claimed', updatedAt: sql`excluded.updated_at` },
      });
    return readOrder(tx, orderId);
  });
}
