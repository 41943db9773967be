/**
 * The editor's price section: one price, or sizes (each with its name, SKU, price and stock; the
 * shop lists the product at its cheapest size). Sizes are added and removed here; a size that
 * orders name cannot be removed (the server says so under the sizes: mark it out of stock).
 */
import { emptySize, type EditorValues, type FieldErrors, type SizeValues } from './product-form';
import { EditorSection, Field, FieldError } from './editor-fields';
import admin from '../admin.module.css';
import styles from './product-editor.module.css';

type Props = { values: EditorValues; errors: FieldErrors; onChange: (patch: Partial<EditorValues>) => void };

export function EditorSizes({ values, errors, onChange }: Props) {
  const setSize = (index: number, patch: Partial<SizeValues>) => onChange({ sizes: values.sizes.map((s, i) => (i === index ? { ...s, ...patch } : s)) });
  const chooseSizes = (on: boolean) => {
    if (!on) return onChange({ hasSizes: false, price: values.price || (values.sizes[0]?.price ?? '') });
    // The first size starts from what the simple product had.
    const sizes = values.sizes.length > 0 ? values.sizes : [{ ...emptySize(), name: 'Standard', sku: values.sku ? `${values.sku.trim()}-STD` : '', price: values.price }];
    onChange({ hasSizes: true, sizes });
  };
  return (
    <EditorSection title="Price and sizes">
      <fieldset className={styles.choice}>
        <legend className={styles.hidden}>How it is priced</legend>
        <label className={styles.tick}>
          <input type="radio" name="priced" checked={!values.hasSizes} onChange={() => chooseSizes(false)} />
          One price
        </label>
        <label className={styles.tick}>
          <input type="radio" name="priced" checked={values.hasSizes} onChange={() => chooseSizes(true)} />
          Sizes, each with its own price
        </label>
      </fieldset>
      {!values.hasSizes ? (
        <Field label="Price (₦)" hint="Whole naira, e.g. 45000" error={errors.price} className={styles.narrow}>
          {(control) => <input {...control} className={`${admin.input} ${styles.number}`} inputMode="numeric" value={values.price} onChange={(e) => onChange({ price: e.target.value })} />}
        </Field>
      ) : (
        <div className={styles.sizes}>
          <p className={styles.muted}>The shop lists the product at its cheapest size.</p>
          <ol className={styles.sizeRows}>
            {values.sizes.map((size, index) => (
              <li key={size.key} className={styles.sizeRow} aria-label={`Size ${index + 1}`}>
                <Field label="Size" error={errors[`variants.${index}.name`]}>
                  {(control) => <input {...control} className={admin.input} maxLength={60} placeholder="e.g. Deluxe" value={size.name} onChange={(e) => setSize(index, { name: e.target.value })} />}
                </Field>
                <Field label="SKU" error={errors[`variants.${index}.sku`]}>
                  {(control) => <input {...control} className={`${admin.input} ${styles.mono}`} maxLength={64} spellCheck={false} value={size.sku} onChange={(e) => setSize(index, { sku: e.target.value })} />}
                </Field>
                <Field label="Price (₦)" error={errors[`variants.${index}.price`]}>
                  {(control) => <input {...control} className={`${admin.input} ${styles.number}`} inputMode="numeric" value={size.price} onChange={(e) => setSize(index, { price: e.target.value })} />}
                </Field>
                <label className={`${styles.tick} ${styles.sizeStock}`}>
                  <input type="checkbox" checked={size.inStock} onChange={(e) => setSize(index, { inStock: e.target.checked })} />
                  In stock
                </label>
                <button type="button" className={styles.remove} onClick={() => onChange({ sizes: values.sizes.filter((_, i) => i !== index) })}>
                  Remove
                  <span className={styles.hidden}>{` size ${size.name || index + 1}`}</span>
                </button>
              </li>
            ))}
          </ol>
          <FieldError id="sizes-error" error={errors.variants ?? errors.price} />
          <button type="button" className={admin.secondary} onClick={() => onChange({ sizes: [...values.sizes, emptySize()] })}>
            Add a size
          </button>
        </div>
      )}
    </EditorSection>
  );
}
