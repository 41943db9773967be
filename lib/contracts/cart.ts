/**
 * The cart-sync call (spec section 7), shared by the API client and the route:
 * `PUT /v1/cart-item/update?business` {cartItems} with the bearer token → `{ cartItems }`, the
 * cart as stored (it replaces the server cart whole). The cart item's type is the domain's
 * (`CartItem` in lib/domain/cart.ts); its schema here is checked against it.
 *
 * Cart merge rule on login (client side): the login answer's `cartItems` is the server cart; the
 * client merges it into the local cart by SKU, summing the quantities of items with the same SKU
 * (capped at `CART_MAX_QUANTITY`), keeping local items first and appending server-only items, and
 * then sends the merged cart with the cart update call.
 */
import { z } from 'zod';
import { MAX_ITEMS as CART_MAX_ITEMS, MAX_QUANTITY as CART_MAX_QUANTITY, type CartItem } from '@/lib/domain/cart';
import type { SameShape } from '@/lib/contracts/same-shape';
import { businessField, multiLine, optional, singleLine, strictObject } from '@/lib/contracts/text';

export { CART_MAX_ITEMS, CART_MAX_QUANTITY };
export type { CartItem };

// A refinement rather than .int(): zod 4 reports .int() as `invalid_type`, which the route
// wrapper's message turns into "is required".
const quantity = z
  .number()
  .refine((n) => Number.isInteger(n), 'must be a whole number')
  .min(1, 'must be at least 1')
  .max(CART_MAX_QUANTITY, `must be at most ${CART_MAX_QUANTITY}`);
const price = z.number().finite().nonnegative('must not be negative');
/**
 * A cart item as the client's cart holds it (`cartItemFrom` in lib/domain/cart.ts), stored whole
 * by the cart update call and answered back: every key is declared and stored, an unknown one is
 * a 400. The cart is a display copy: orders are priced from the catalogue, never from it.
 */
export const cartItemSchema = strictObject({
  productId: singleLine(100).min(1, 'must not be empty'),
  name: singleLine(300),
  description: multiLine(2000).optional(),
  price,
  quantity,
  image: strictObject({ src: singleLine(2000), alt: singleLine(300) }),
  size: optional(singleLine(100)),
  SKU: singleLine(100).min(1, 'must not be empty'),
  design: strictObject({ name: singleLine(100), title: singleLine(300), price, quantity }).optional(),
}) satisfies z.ZodType<CartItem>;
const _cartItem: SameShape<z.output<typeof cartItemSchema>, CartItem> = true;

/** A cart: at most 50 items, each SKU once (items are matched by SKU). */
export const cartItemsSchema = z
  .array(cartItemSchema)
  .max(CART_MAX_ITEMS, `a cart holds at most ${CART_MAX_ITEMS} items`)
  .superRefine((items, ctx) => {
    const seen = new Set<string>();
    items.forEach((item, index) => {
      if (seen.has(item.SKU)) ctx.addIssue({ code: 'custom', path: [index, 'SKU'], message: `${item.SKU} appears twice (items are matched by SKU)` });
      seen.add(item.SKU);
    });
  });

export const cartUpdateBody = strictObject({ cartItems: cartItemsSchema, business: businessField });
export type CartUpdateBody = z.input<typeof cartUpdateBody>;
export const cartUpdateAnswer = z.object({ cartItems: z.array(cartItemSchema) });
export type CartUpdateAnswer = z.infer<typeof cartUpdateAnswer>;
