import Link from 'next/link';
import type { ProductSummary } from '@/lib/contracts/catalogue';
import { splitProductName } from '@/lib/domain/catalogue';
import { formatPrice, type Currency } from '@/lib/domain/money';
import styles from './product-card.module.css';

type Props = { product: ProductSummary; currency: Currency; priority?: boolean };

/** A product in a grid: picture, name, subtitle and price ('FROM' for variable products). */
export function ProductCard({ product, currency, priority = false }: Props) {
  const { title, subtitle } = splitProductName(product.name);
  const image = product.images[0];
  const href = `/product/${product.slug}`;
  return (
    <article className={styles.card}>
      {image && (
        <Link href={href} tabIndex={-1} aria-hidden="true">
          <img
            className={styles.image}
            src={`${image.src}?w=400`}
            srcSet={`${image.src}?w=400 400w, ${image.src}?w=800 800w`}
            sizes="(max-width: 768px) 50vw, 25vw"
            alt={image.alt}
            width={400}
            height={400}
            loading={priority ? 'eager' : 'lazy'}
            decoding="async"
          />
        </Link>
      )}
      <div className={styles.body}>
        <h3 className={styles.name}>
          <Link href={href}>{title}</Link>
        </h3>
        {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        <p className={styles.price}>
          {product.type === 'variable' && <span className={styles.from}>FROM</span>}
          {formatPrice(product.price, currency)}
        </p>
      </div>
    </article>
  );
}
