/**
 * The products of /admin/products: a table on a desktop, one card per product on a phone (the
 * same markup, products.module.css): picture, name and slug, price (or each size's), stock,
 * whether it is sold, 'Edit' (the product's editor) and 'Quick edit' (price and stock in a panel).
 * The quick panel and the outcome of the last change show right under the product.
 */
import type { AdminProduct } from '@/lib/contracts/catalogue-admin';
import { formatNaira } from '@/lib/domain/money';
import { ProductPanel } from './product-panel';
import { listedPrice } from './product-text';
import admin from '../admin.module.css';
import styles from './products.module.css';

export type Notice = { at: string; text: string };

type Props = {
  products: AdminProduct[];
  open: string | null;
  notice: Notice | null;
  onOpen: (id: string | null) => void;
  onSaved: (product: AdminProduct, message: string) => void;
};

export function ProductTable({ products, open, notice, onOpen, onSaved }: Props) {
  return (
    <table className={styles.table}>
      <thead>
        <tr>
          <th scope="col">
            <span className={styles.hidden}>Picture</span>
          </th>
          <th scope="col">Product</th>
          <th scope="col">Price</th>
          <th scope="col">Stock</th>
          <th scope="col">
            <span className={styles.hidden}>Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {products.flatMap((product) => {
          const rows = [
            <tr key={product.id} className={product.active ? styles.row : `${styles.row} ${styles.off}`}>
              <td className={styles.picture}>{product.picture && <img src={`${product.picture.src}?w=200`} alt="" width={56} height={56} loading="lazy" />}</td>
              <th scope="row" className={styles.what}>
                <span className={styles.name}>{product.name}</span>
                <span className={styles.slug}>{`/product/${product.slug}`}</span>
              </th>
              <td className={styles.price}>
                {product.variants.length > 0 ? (
                  <ul className={styles.sizeList}>
                    {product.variants.map((v) => (
                      <li key={v.sku} className={v.inStock ? undefined : styles.soldOut}>
                        {`${v.size} ${formatNaira(v.price)}${v.inStock ? '' : ' (sold out)'}`}
                      </li>
                    ))}
                  </ul>
                ) : (
                  listedPrice(product)
                )}
              </td>
              <td className={styles.stock}>
                <span className={`${styles.badge} ${product.inStock ? styles.yes : styles.no}`}>{product.inStock ? 'In stock' : 'Out of stock'}</span>
                {!product.active && <span className={`${styles.badge} ${styles.no}`}>Not sold</span>}
              </td>
              <td className={styles.actions}>
                <span className={styles.actionButtons}>
                  <a className={styles.small} href={`/admin/products/${product.id}`}>
                    Edit
                    <span className={styles.hidden}>{` ${product.name}`}</span>
                  </a>
                  <button type="button" className={styles.small} aria-expanded={open === product.id} onClick={() => onOpen(open === product.id ? null : product.id)}>
                    Quick edit
                    <span className={styles.hidden}>{` ${product.name}`}</span>
                  </button>
                </span>
              </td>
            </tr>,
          ];
          if (open === product.id || notice?.at === product.id) {
            rows.push(
              <tr key={`${product.id}-more`} className={styles.more}>
                <td colSpan={5}>
                  {notice?.at === product.id && (
                    <p className={admin.notice} role="status">
                      {notice.text}
                    </p>
                  )}
                  {open === product.id && <ProductPanel product={product} onSaved={onSaved} onClose={() => onOpen(null)} />}
                </td>
              </tr>,
            );
          }
          return rows;
        })}
      </tbody>
    </table>
  );
}
