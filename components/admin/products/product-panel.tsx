/**
 * The edit panel under a product of /admin/products: its price (a simple product) or each size's
 * price and stock (a variable product), its stock, and whether it is sold at all. Only what
 * changed is sent (`PATCH /admin/api/products/{id}`); the server's message shows here when it
 * refuses, and the parent shows the product afterwards when it accepts. Escape or 'Back' closes it.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AdminProduct, ProductChangeBody } from '@/lib/contracts/catalogue-admin';
import { useStaffCall } from '../use-staff-call';
import { changeOf, priceText, type PanelValues } from './product-text';
import admin from '../admin.module.css';
import styles from './products.module.css';

type Props = {
  product: AdminProduct;
  onSaved: (product: AdminProduct, message: string) => void;
  onClose: () => void;
};

export function ProductPanel({ product, onSaved, onClose }: Props) {
  const [values, setValues] = useState<PanelValues>(() => ({
    price: priceText(product.price),
    inStock: product.inStock,
    active: product.active,
    variants: product.variants.map((v) => ({ sku: v.sku, price: priceText(v.price), inStock: v.inStock })),
  }));
  const { busy, error, run } = useStaffCall();
  const body: ProductChangeBody | null = changeOf(product, values);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body) return;
    const answer = await run((api) => api.staffChangeProduct(product.id, body));
    if (answer) onSaved(answer.product, answer.message);
  }
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  const setVariant = (index: number, patch: Partial<PanelValues['variants'][number]>) =>
    setValues((v) => ({ ...v, variants: v.variants.map((size, i) => (i === index ? { ...size, ...patch } : size)) }));

  return (
    <form className={`${admin.form} ${styles.panel}`} onSubmit={submit} onKeyDown={escape} aria-label={`Change ${product.name}`} noValidate>
      {product.type === 'simple' ? (
        <label className={admin.field}>
          <span className={admin.label}>Price (₦)</span>
          <input className={`${admin.input} ${styles.priceInput}`} inputMode="numeric" value={values.price} onChange={(e) => setValues((v) => ({ ...v, price: e.target.value }))} />
        </label>
      ) : (
        <fieldset className={styles.sizes}>
          <legend className={admin.label}>Sizes</legend>
          {product.variants.map((size, index) => (
            <div key={size.sku} className={styles.size}>
              <label className={admin.field}>
                <span className={admin.label}>{`${size.size} price (₦)`}</span>
                <span className={admin.hint}>{size.sku}</span>
                <input className={`${admin.input} ${styles.priceInput}`} inputMode="numeric" value={values.variants[index]!.price} onChange={(e) => setVariant(index, { price: e.target.value })} />
              </label>
              <label className={styles.check}>
                <input type="checkbox" checked={values.variants[index]!.inStock} onChange={(e) => setVariant(index, { inStock: e.target.checked })} />
                {`${size.size} in stock`}
              </label>
            </div>
          ))}
        </fieldset>
      )}
      <div className={styles.checks}>
        <label className={styles.check}>
          <input type="checkbox" checked={values.inStock} onChange={(e) => setValues((v) => ({ ...v, inStock: e.target.checked }))} />
          In stock
        </label>
        <label className={styles.check}>
          <input type="checkbox" checked={values.active} onChange={(e) => setValues((v) => ({ ...v, active: e.target.checked }))} />
          Sold in the shop
        </label>
      </div>
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={busy || !body}>
          {busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className={admin.secondary} onClick={onClose}>
          Back
        </button>
      </div>
    </form>
  );
}
