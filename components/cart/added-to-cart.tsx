/**
 * Adding a product to the cart (spec section 4): the cart rule (same SKU adds one, otherwise
 * appended with quantity 1) and the success notice 'Item Added To Cart' with a View Cart button
 * that opens the cart panel. Loaded on first use (./add-to-cart.ts).
 */
import type { DesignOption, ProductSummary, ProductVariant } from '@/lib/contracts/catalogue';
import { cartItemFrom, MAX_ITEMS, MAX_QUANTITY } from '@/lib/domain/cart';
import { cartActions, setCartOpen } from '@/lib/state/cart-context';
import { notify } from '@/lib/ui/notify';
// Loaded together with this module: adding needs the cart's working parts.
import '@/lib/state/cart-store';

export const ADDED_MESSAGE = 'Item Added To Cart';
// Inline styles: a CSS file would lengthen the loader that every page with a buy button carries.
const NOTICE = { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '8px 16px' } as const;
const VIEW = { padding: '4px 12px', border: '1px solid currentColor', borderRadius: 999, background: 'transparent', color: 'inherit', font: 'inherit', fontWeight: 700, cursor: 'pointer' } as const;

export const CART_FULL_MESSAGE = `Unable to add to cart: a cart holds at most ${MAX_ITEMS} items and ${MAX_QUANTITY} of each`;

export async function addToCart(product: ProductSummary & { description?: string }, variant: ProductVariant | null, design: DesignOption | null): Promise<void> {
  // The shopper may want to see the cart next: fetch the panel's code now.
  void import('./cart-panel');
  if (!(await cartActions.add(cartItemFrom(product, variant, design)))) {
    notify('error', CART_FULL_MESSAGE);
    return;
  }
  notify(
    'success',
    <span style={NOTICE}>
      {ADDED_MESSAGE}
      <button type="button" style={VIEW} onClick={() => setCartOpen(true)}>
        View Cart
      </button>
    </span>,
  );
}
