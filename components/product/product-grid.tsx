/**
 * A responsive grid of product cards: four across on desktop, two on phones. A simple product's
 * 'Buy Now' adds it to the cart; variable products open their page for 'SELECT SIZE'.
 */
import type { ProductSummary } from '@/lib/contracts/catalogue';
import type { Currency } from '@/lib/domain/money';
import { ProductCard } from '@/components/product/product-card';
import { addToCart } from '@/components/cart/add-to-cart';
import styles from './product-grid.module.css';

type Props = {
  products: ProductSummary[];
  currency: Currency;
  /** How many of the first cards load their pictures at once. */
  priorityCount?: number;
  headingLevel?: 'h2' | 'h3';
};

export function ProductGrid({ products, currency, priorityCount = 0, headingLevel = 'h3' }: Props) {
  return (
    <ul className={styles.grid}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} currency={currency} priority={i < priorityCount} headingLevel={headingLevel} onBuy={addToCart} />
        </li>
      ))}
    </ul>
  );
}
