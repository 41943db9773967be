/**
 * 'Order again': asks the shop for the order's items as cart items at today's prices
 * (`getReorder`), merges them into the cart by SKU (quantities summed, as at login), opens the
 * cart panel and says what changed, both in a toast and in a note beside the button: each new
 * price ('Red Roses Bouquet (Deluxe) now costs ₦64,500 (was ₦62,000)'), each item no longer
 * sold, and any item a full cart had no room for. When nothing of the order is still sold it adds
 * nothing and says so. Prices are in the shopper's chosen currency, as everywhere on the shop.
 */
import { useState, type ReactNode } from 'react';
import { getReorder } from '@/lib/api/calls';
import type { ReorderChange } from '@/lib/contracts/account';
import { cartCount, mergeCarts, type CartItem } from '@/lib/domain/cart';
import { useCart } from '@/lib/state/cart-context';
import { useCurrency } from '@/lib/state/currency-context';
import { notify } from '@/lib/ui/notify';
import { useAccountCall } from './use-account-call';
import { named, REORDER_TEXT, reorderChangeText } from './reorder-text';
import styles from './orders.module.css';

/** `added`: how many pieces went into the cart; `sold`: whether anything of the order is still sold. */
type Outcome = { added: number; sold: boolean; lines: string[] };

function OutcomeText({ outcome, orderNumber }: { outcome: Outcome; orderNumber: string }): ReactNode {
  return (
    <>
      <p>{outcome.added ? REORDER_TEXT.added(outcome.added, orderNumber) : outcome.sold ? REORDER_TEXT.noRoom(orderNumber) : REORDER_TEXT.nothing(orderNumber)}</p>
      {outcome.lines.length > 0 && (
        <>
          {outcome.added > 0 && <p>{REORDER_TEXT.changed}</p>}
          <ul>
            {outcome.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}

export function ReorderButton({ orderNumber }: { orderNumber: string }) {
  const cart = useCart();
  const { price } = useCurrency();
  const { busy, error, run } = useAccountCall();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const describe = (change: ReorderChange) => reorderChangeText(change, price);

  async function orderAgain() {
    setOutcome(null);
    const reorder = await run((api) => getReorder(api, orderNumber));
    if (!reorder) return;
    // What the merge leaves out: new SKUs past the cart's limit.
    const after = mergeCarts(cart.items, reorder.cartItems);
    const left: CartItem[] = reorder.cartItems.filter((item) => !after.some((kept) => kept.SKU === item.SKU));
    const added = cartCount(reorder.cartItems.filter((item) => !left.includes(item)));
    const next: Outcome = { added, sold: reorder.cartItems.length > 0, lines: [...reorder.changes.map(describe), ...left.map((item) => REORDER_TEXT.full(named(item)))] };
    if (added > 0) {
      await cart.mergeServerItems(reorder.cartItems);
      cart.setOpen(true);
    }
    setOutcome(next);
    notify(
      added > 0 && next.lines.length === 0 ? 'success' : 'info',
      // One block: the toast lays its content out in a row.
      <div className={styles.toastNote}>
        <OutcomeText outcome={next} orderNumber={orderNumber} />
      </div>,
    );
  }

  return (
    <div className={styles.reorder}>
      <button type="button" className={styles.secondary} disabled={busy} aria-busy={busy || undefined} onClick={() => void orderAgain()}>
        {busy ? 'Adding to your cart…' : 'Order again'}
      </button>
      <div className={styles.reorderNote} role="status">
        {outcome && <OutcomeText outcome={outcome} orderNumber={orderNumber} />}
      </div>
      {error && (
        <p className={styles.error} role="alert">
          Could not order again: {error}
        </p>
      )}
    </div>
  );
}
