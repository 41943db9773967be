/**
 * The cart panel (spec section 2), loaded on first opening: a side drawer titled
 * 'My Cart ({total quantity})' with the pickup/delivery date, the item rows, 'Empty Cart' when
 * there are none, Subtotal and Total in the current currency, and 'Proceed to checkout (amount)'
 * ('Update Cart (amount)' on the checkout page), which creates or updates the order
 * (./use-cart-order.ts). It is a native modal <dialog>: focus moves in and the page behind is
 * inert; Escape, the close button and a click on the backdrop close it. Deleting an item asks
 * first; deleting the last one empties an existing order too.
 */
import { useId, useRef, useState } from 'react';
import { Link } from '@/components/ui/link';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useModal } from '@/components/ui/use-modal';
import { Icon } from '@/components/layout/header/icons';
import { cartTotals } from '@/lib/domain/cart';
import { useCart } from '@/lib/state/cart-context';
import { useCurrency } from '@/lib/state/currency-context';
import { CartRow } from './cart-row';
import { useCartOrder } from './use-cart-order';
import { DeliveryDate } from './delivery-date';
import { CLOSE } from './icons';
import styles from './cart-panel.module.css';

export function CartPanel() {
  const { items, count, open, setOpen, remove } = useCart();
  const { busy, checkoutMode, proceed, emptied } = useCartOrder();
  const { price } = useCurrency();
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  const { subtotal, total } = cartTotals(items);
  const close = () => setOpen(false);

  useModal(dialog, open, closeButton);

  return (
    <dialog
      ref={dialog}
      className={styles.drawer}
      aria-labelledby={`${id}t`}
      // The confirm dialog inside is a <dialog> too: only this one's own events count.
      onCancel={(event) => {
        if (event.target !== event.currentTarget) return;
        event.preventDefault();
        close();
      }}
      onClose={(event) => {
        if (event.target === event.currentTarget) close();
      }}
      onClick={(event) => {
        // The panel fills the dialog, so a click on the dialog itself is a click on the backdrop.
        if (event.target === event.currentTarget) close();
      }}
    >
      <div className={styles.panel}>
        <div className={styles.top}>
          <h2 id={`${id}t`} className={styles.title}>
            My Cart ({count})
          </h2>
          <button ref={closeButton} type="button" className={styles.close} aria-label="Close cart" onClick={close}>
            <Icon d={CLOSE} />
          </button>
        </div>
        <DeliveryDate />
        <div className={styles.body}>
          {items.length === 0 ? (
            <p className={styles.empty}>Empty Cart</p>
          ) : (
            <ul className={styles.items}>
              {items.map((item) => (
                <CartRow key={item.SKU} item={item} onRemove={() => setRemoving(item.SKU)} />
              ))}
            </ul>
          )}
        </div>
        <div className={styles.bottom}>
          <dl className={styles.totals}>
            <div>
              <dt>Subtotal</dt>
              <dd>{price(subtotal)}</dd>
            </div>
            <div className={styles.total}>
              <dt>Total</dt>
              <dd>{price(total)}</dd>
            </div>
          </dl>
          {checkoutMode ? (
            <button type="button" className={styles.checkout} disabled={items.length === 0 || busy} aria-busy={busy || undefined} onClick={() => void proceed()}>
              Update Cart ({price(total)})
            </button>
          ) : items.length > 0 ? (
            // A link to the checkout page; with JavaScript it first creates (or updates) the order.
            <Link
              href="/checkout"
              className={styles.checkout}
              aria-busy={busy || undefined}
              onClick={(event) => {
                event.preventDefault();
                void proceed();
              }}
            >
              Proceed to checkout ({price(total)})
            </Link>
          ) : (
            <button type="button" className={styles.checkout} disabled>
              Proceed to checkout ({price(total)})
            </button>
          )}
        </div>
      </div>
      <ConfirmDialog
        open={removing !== null}
        onYes={() => {
          if (removing) {
            const last = items.length === 1 && items[0]?.SKU === removing;
            void remove(removing).then((changed) => {
              if (changed && last) void emptied();
            });
          }
          setRemoving(null);
          closeButton.current?.focus();
        }}
        onNo={() => setRemoving(null)}
      />
    </dialog>
  );
}
