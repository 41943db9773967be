/**
 * Adding to the cart from a product card or the product page: `addToCart(product, size?, design?)`.
 * What adding needs (./added-to-cart.tsx with the cart's working parts) loads on the first add,
 * or earlier with `preloadAddToCart` when the pointer or focus comes near a buy button.
 */
import type { DesignOption, ProductSummary, ProductVariant } from '@/lib/contracts/catalogue';

const load = () => import('./added-to-cart');

export function preloadAddToCart(): void {
  void load();
}

export function addToCart(product: ProductSummary & { description?: string }, variant: ProductVariant | null = null, design: DesignOption | null = null): void {
  void load().then((m) => m.addToCart(product, variant, design));
}
