/**
 * The cart panel's order side (spec sections 4, 5 and 8), loaded with the panel:
 *
 * - 'Proceed to checkout' creates the order from the cart (items as chosen, never prices; the
 *   cart's day only for a logged-in shopper, '' for a guest), keeps its id, closes the cart and
 *   goes to /checkout?orderId={id}. With an order id already kept it updates that order instead
 *   (an order the shop no longer knows, 404, is replaced by a new one outside checkout).
 * - On the checkout page with an order id (checkout mode) the button reads 'Update Cart' and
 *   updates the order in place; the checkout goes back to its first stage.
 * - Removing the last item while an order exists updates the order with no items; on the
 *   checkout page the shopper then goes back to '/'.
 *
 * Failures: 'Unable to create order: {message}' or 'Unable to update order: {message}'.
 */
import { useState } from 'react';
import { useRouter } from 'next/router';
import { createOrder, updateOrder } from '@/lib/api/calls';
import { useApi } from '@/lib/state/browser-api';
import type { CartItem } from '@/lib/domain/cart';
import type { OrderCartItem } from '@/lib/contracts/orders';
import { useCart } from '@/lib/state/cart-context';
import { useCurrency } from '@/lib/state/currency-context';
import { dispatchOrder, useOrder } from '@/lib/state/checkout-order';
import { useUser } from '@/lib/state/user-context';
import { notify } from '@/lib/ui/notify';

export const ORDER_TEXT = {
  createFailed: (message: string) => `Unable to create order: ${message}`,
  updateFailed: (message: string) => `Unable to update order: ${message}`,
} as const;

/**
 * The cart's items as the order calls take them: what was chosen, never what it costs.
 * @example orderItemsFrom([{ productId: 'p1', SKU: 'A', quantity: 2, price: 5000, design: { name: 'in-a-vase', … }, … }])
 * // [{ productId: 'p1', SKU: 'A', quantity: 2, design: 'in-a-vase', image: {…} }]
 */
export function orderItemsFrom(items: CartItem[]): OrderCartItem[] {
  return items.map((item) => ({
    productId: item.productId,
    ...(item.design && { design: item.design.name }),
    ...(item.size && { size: item.size }),
    quantity: item.quantity,
    image: { src: item.image.src, alt: item.image.alt },
    SKU: item.SKU,
  }));
}

/** The day sent with the order calls (spec section 5): the cart's day for a logged-in shopper, '' for a guest. */
export const orderDayFor = (loggedIn: boolean, cartDay: string | null): string => (loggedIn && cartDay ? cartDay : '');

const messageOf = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Please try again');
const statusOf = (error: unknown) => (error as { status?: unknown } | null)?.status;
const checkoutPath = (id: string) => `/checkout?orderId=${encodeURIComponent(id)}`;

export function useCartOrder() {
  const router = useRouter();
  const getApi = useApi();
  const { user } = useUser();
  const { currency } = useCurrency();
  const { items, deliveryDate, setOpen } = useCart();
  const { orderId } = useOrder();
  const [busy, setBusy] = useState(false);
  const onCheckout = router.pathname === '/checkout';
  /** On the checkout page with an order: the button updates that order ('Update Cart'). */
  const checkoutMode = onCheckout && orderId !== null;

  const update = async (id: string, cartItems: OrderCartItem[]) => {
    const order = await updateOrder(await getApi(), id, { deliveryDate: orderDayFor(!!user, deliveryDate), cartItems, currency: currency.name });
    dispatchOrder({ type: 'orderUpdated', order });
  };

  /** 'Proceed to checkout' or, in checkout mode, 'Update Cart'. */
  async function proceed(): Promise<void> {
    if (busy || items.length === 0) return;
    setBusy(true);
    const cartItems = orderItemsFrom(items);
    let id = orderId;
    try {
      if (id) {
        try {
          await update(id, cartItems);
        } catch (error) {
          // The kept order is gone: outside checkout, the cart simply starts a new one.
          if (statusOf(error) !== 404 || onCheckout) throw error;
          dispatchOrder({ type: 'setOrderId', orderId: (id = null) });
        }
      }
      if (!id) {
        try {
          const created = await createOrder(await getApi(), { deliveryDate: orderDayFor(!!user, deliveryDate), cartItems, currency: currency.name });
          id = created.id;
        } catch (error) {
          notify('error', ORDER_TEXT.createFailed(messageOf(error)));
          return;
        }
        dispatchOrder({ type: 'setOrderId', orderId: id });
      }
      setOpen(false);
      if (!onCheckout || router.query.orderId !== id) await router.push(checkoutPath(id));
    } catch (error) {
      notify('error', ORDER_TEXT.updateFailed(messageOf(error)));
    } finally {
      setBusy(false);
    }
  }

  /**
   * After the last item was removed: an existing order is updated with no items, and on the
   * checkout page the shopper goes back to '/'.
   */
  async function emptied(): Promise<void> {
    if (!orderId) return;
    try {
      await update(orderId, []);
    } catch (error) {
      notify('error', ORDER_TEXT.updateFailed(messageOf(error)));
      return;
    }
    if (onCheckout) {
      setOpen(false);
      await router.push('/');
    }
  }

  return { busy, checkoutMode, proceed, emptied };
}
