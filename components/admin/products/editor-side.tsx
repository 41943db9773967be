/**
 * The editor's side card: whether the product is sold (Deactivate / Activate) and in stock, its
 * pictures (their own page, with the count), the shop's page, 'Duplicate', and the former
 * addresses that lead to it. For a new product: whether to sell it as soon as it is added.
 */
import type { AdminProductDetail } from '@/lib/contracts/catalogue-admin';
import type { EditorValues } from './product-form';
import admin from '../admin.module.css';
import styles from './product-editor.module.css';

type Props = {
  product: AdminProductDetail | null;
  values: EditorValues;
  /** Unsaved changes: the actions wait for them to be saved or undone. */
  dirty: boolean;
  busy: boolean;
  onChange: (patch: Partial<EditorValues>) => void;
  onDuplicate: () => void;
  onActive: (active: boolean) => void;
};

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Africa/Lagos' });

export function EditorSide({ product, values, dirty, busy, onChange, onDuplicate, onActive }: Props) {
  const stock = (
    <label className={styles.tick}>
      <input type="checkbox" checked={values.inStock} onChange={(e) => onChange({ inStock: e.target.checked })} />
      In stock
    </label>
  );
  if (!product) {
    return (
      <aside className={styles.side} aria-label="Status">
        <h2 className={styles.sectionTitle}>Status</h2>
        {stock}
        <label className={styles.tick}>
          <input type="checkbox" checked={values.active} onChange={(e) => onChange({ active: e.target.checked })} />
          Sell it in the shop as soon as it is added
        </label>
        <p className={styles.muted}>Leave it unticked to add its pictures first; pictures are added once the product is saved.</p>
      </aside>
    );
  }
  return (
    <aside className={styles.side} aria-label="Status">
      <h2 className={styles.sectionTitle}>Status</h2>
      <p className={styles.badges}>
        <span className={`${styles.badge} ${product.active ? styles.yes : styles.no}`}>{product.active ? 'Sold in the shop' : 'Not sold'}</span>
        {!product.inStock && <span className={`${styles.badge} ${styles.no}`}>Out of stock</span>}
      </p>
      {stock}
      <ul className={styles.links}>
        <li>
          <a href={`/admin/products/${product.id}/pictures`}>{`Pictures (${product.pictures})`}</a>
        </li>
        {product.active && (
          <li>
            <a href={`/product/${product.slug}`} target="_blank" rel="noreferrer">
              View in the shop
            </a>
          </li>
        )}
      </ul>
      <div className={styles.sideButtons}>
        <button type="button" className={admin.secondary} disabled={busy || dirty} onClick={() => onActive(!product.active)}>
          {product.active ? 'Deactivate' : 'Activate'}
        </button>
        <button type="button" className={admin.secondary} disabled={busy || dirty} onClick={onDuplicate}>
          Duplicate
        </button>
      </div>
      {dirty && <p className={styles.muted}>Save or undo your changes first.</p>}
      {product.formerSlugs.length > 0 && (
        <div>
          <h3 className={styles.sideTitle}>Old addresses that lead here</h3>
          <ul className={styles.former}>
            {product.formerSlugs.map((slug) => (
              <li key={slug} className={styles.mono}>{`/product/${slug}`}</li>
            ))}
          </ul>
        </div>
      )}
      <p className={styles.muted}>{`Added ${when(product.createdAt)} · changed ${when(product.updatedAt)}`}</p>
    </aside>
  );
}
