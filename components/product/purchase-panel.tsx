/**
 * Choosing what to buy on the product page: size (variable products: 'SELECT SIZE' until one is
 * chosen), design option with its extra price, the running price, and the button: disabled
 * 'Out of Stock' for inactive or sold-out products. `onAdd` receives the choice (the cart wires it).
 */
import { useId, useState } from 'react';
import type { DesignOption, ProductDetail, ProductVariant } from '@/lib/contracts/catalogue';
import { useCurrency } from '@/lib/state/currency-context';
import styles from './purchase-panel.module.css';

export type PurchaseChoice = { product: ProductDetail; variant: ProductVariant | null; design: DesignOption | null };

/** The price in naira of a choice: the size's price (or the product's) plus the design's. */
export function choicePrice(product: ProductDetail, variant: ProductVariant | null, design: DesignOption | null): number {
  return (variant?.price ?? product.price) + (design?.price ?? 0);
}

export function PurchasePanel({ product, onAdd }: { product: ProductDetail; onAdd?: (choice: PurchaseChoice) => void }) {
  const { price } = useCurrency();
  const id = useId();
  const variable = product.type === 'variable' && product.variants.length > 0;
  const [variant, setVariant] = useState<ProductVariant | null>(null);
  const [design, setDesign] = useState<DesignOption | null>(product.designOptions[0] ?? null);
  const available = product.active && product.inStock && (!variable || product.variants.some((v) => v.inStock));
  const needsSize = variable && !variant;

  return (
    <div className={styles.panel}>
      <p className={styles.price} role="status">
        {needsSize && <span className={styles.from}>FROM</span>}
        {price(choicePrice(product, variant, design))}
      </p>
      {variable && (
        <fieldset className={styles.group}>
          <legend>{variant ? `Size: ${variant.name}` : 'SELECT SIZE'}</legend>
          <div className={styles.options}>
            {product.variants.map((v) => (
              <label key={v.id} className={styles.option} data-disabled={!v.inStock || undefined}>
                <input type="radio" name={`${id}-size`} value={v.sku} disabled={!v.inStock} checked={variant?.id === v.id} onChange={() => setVariant(v)} />
                <span className={styles.optionName}>{v.name}</span>
                <span className={styles.optionPrice}>{v.inStock ? price(v.price) : 'Sold out'}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {product.designOptions.length > 0 && (
        <fieldset className={styles.group}>
          <legend>Design</legend>
          <div className={styles.options}>
            {product.designOptions.map((d) => (
              <label key={d.name} className={styles.option}>
                <input type="radio" name={`${id}-design`} value={d.name} checked={design?.name === d.name} onChange={() => setDesign(d)} />
                <span className={styles.optionName}>{d.title}</span>
                <span className={styles.optionPrice}>{d.price > 0 ? `+ ${price(d.price)}` : 'Included'}</span>
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {available ? (
        <button
          type="button"
          className={styles.add}
          disabled={needsSize || !onAdd}
          onClick={() => onAdd?.({ product, variant, design })}
          title={needsSize ? 'Choose a size first' : undefined}
        >
          {needsSize ? 'SELECT SIZE' : 'ADD TO CART'}
        </button>
      ) : (
        <button type="button" className={styles.add} disabled>
          Out of Stock
        </button>
      )}
    </div>
  );
}
