/**
 * The products page's words and the edit panel's body: prices as typed ('45,000' is 45000), and
 * the change as the server takes it (only what differs from the product; null when nothing does).
 * A price that is not a whole number is sent as typed, so that the server's message names it.
 */
import type { AdminProduct, ProductChangeBody } from '@/lib/contracts/catalogue-admin';
import { formatNaira } from '@/lib/domain/money';

export type PanelValues = {
  price: string;
  inStock: boolean;
  active: boolean;
  variants: { sku: string; price: string; inStock: boolean }[];
};

/** A price as the panel's input shows it: digits only. */
export const priceText = (naira: number) => String(naira);

/** What was typed, as a number when it is one ('45,000', ' 45000 '), else the text itself. */
export function typedPrice(text: string): number | string {
  const digits = text.replace(/[\s,₦]/g, '');
  return /^\d+(\.\d+)?$/.test(digits) ? Number(digits) : text.trim();
}

/** The change body: only the fields that differ from the product. */
export function changeOf(product: AdminProduct, values: PanelValues): ProductChangeBody | null {
  const body: Record<string, unknown> = {};
  if (product.type === 'simple') {
    const price = typedPrice(values.price);
    if (price !== product.price) body.price = price;
  } else {
    const sizes = product.variants.flatMap((size, i) => {
      const typed = values.variants[i]!;
      const price = typedPrice(typed.price);
      const change: Record<string, unknown> = {};
      if (price !== size.price) change.price = price;
      if (typed.inStock !== size.inStock) change.inStock = typed.inStock;
      return Object.keys(change).length > 0 ? [{ sku: size.sku, ...change }] : [];
    });
    if (sizes.length > 0) body.variants = sizes;
  }
  if (values.inStock !== product.inStock) body.inStock = values.inStock;
  if (values.active !== product.active) body.active = values.active;
  return Object.keys(body).length > 0 ? (body as ProductChangeBody) : null;
}

/** '₦45,000', or 'from ₦40,000' for a product with sizes. */
export function listedPrice(product: Pick<AdminProduct, 'type' | 'price'>): string {
  return product.type === 'variable' ? `from ${formatNaira(product.price)}` : formatNaira(product.price);
}
