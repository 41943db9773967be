/**
 * Featured products of a menu's featured group: fetched by slug when the menu first opens, up
 * to four picked with `pickFeatured`, shown as small links with picture, name and price.
 */
import { Link } from '@/components/ui/link';
import { splitProductName } from '@/lib/domain/product-name';
import { useCurrency } from '@/lib/state/currency-context';
import { useShell } from '@/lib/state/shell-context';
import { notify } from '@/lib/ui/notify';
import { useFeatured } from './use-featured';
import styles from './featured-products.module.css';

export const FEATURED_COUNT = 4;

export function FeaturedProducts({ groupKey }: { groupKey: string }) {
  const group = useShell().featuredGroups.find((g) => g.key === groupKey);
  const { price } = useCurrency();
  const products = useFeatured(groupKey, FEATURED_COUNT, (error) =>
    notify('error', `Unable to fetch featured products: ${error instanceof Error ? error.message : String(error)}`),
  );

  if (!group || products?.length === 0) return null;
  return (
    <>
      <p className={styles.title}>{group.title}</p>
      <ul className={styles.products} aria-busy={!products}>
        {products
          ? products.map((product) => {
              const image = product.images[0];
              return (
                <li key={product.id}>
                  <Link href={`/product/${product.slug}`} className={styles.product}>
                    {image ? <img src={`${image.src}?w=200`} alt="" width={200} height={200} loading="lazy" decoding="async" /> : <span className={styles.blank} />}
                    <span className={styles.name}>{splitProductName(product.name).title}</span>
                    <span className={styles.price}>
                      {product.type === 'variable' && <small>From </small>}
                      {price(product.price)}
                    </span>
                  </Link>
                </li>
              );
            })
          : Array.from({ length: FEATURED_COUNT }, (_, i) => (
              <li key={i} aria-hidden="true">
                <span className={styles.blank} />
              </li>
            ))}
      </ul>
    </>
  );
}
