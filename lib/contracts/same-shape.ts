/**
 * Domain types live in lib/domain; a schema that carries one is checked against it at compile
 * time, so that the two cannot drift apart: `satisfies z.ZodType<T>` (what the schema answers is
 * a `T`) and `SameShape` (nothing more and nothing less: same keys, same optional fields, same
 * nested shapes), which is `true` only when the two types are identical.
 * @example const _cartItem: SameShape<z.output<typeof cartItemSchema>, CartItem> = true;
 */
export type SameShape<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
