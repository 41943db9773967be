/**
 * The editor's first section: the name (title and subtitle, joined with an en dash on the
 * storefront), the slug (the product page's address; a new product's follows its title until the
 * manager types one), the description and the SKU.
 */
import type { EditorValues, FieldErrors } from './product-form';
import { EditorSection, Field } from './editor-fields';
import admin from '../admin.module.css';
import styles from './product-editor.module.css';

type Props = {
  values: EditorValues;
  errors: FieldErrors;
  /** The product's current slug (null for a new product): a change is said to keep the old address working. */
  savedSlug: string | null;
  onChange: (patch: Partial<EditorValues>) => void;
  onSlugTyped: () => void;
};

export function EditorBasics({ values, errors, savedSlug, onChange, onSlugTyped }: Props) {
  const slugHint =
    savedSlug && values.slug.trim() !== savedSlug
      ? `The old address /product/${savedSlug} will lead to the new one.`
      : 'Lower-case words joined by hyphens. The product page is /product/<slug>.';
  return (
    <EditorSection title="Name and description">
      <div className={styles.pair}>
        <Field label="Title" hint="e.g. Red Velvet" error={errors.name}>
          {(control) => <input {...control} className={admin.input} maxLength={150} value={values.title} onChange={(e) => onChange({ title: e.target.value })} />}
        </Field>
        <Field label="Subtitle" hint="Optional, e.g. 24 red roses">
          {(control) => <input {...control} className={admin.input} maxLength={140} value={values.subtitle} onChange={(e) => onChange({ subtitle: e.target.value })} />}
        </Field>
      </div>
      <Field label="Slug" hint={slugHint} error={errors.slug}>
        {(control) => (
          <div className={styles.prefixed}>
            <span aria-hidden="true">/product/</span>
            <input
              {...control}
              className={`${admin.input} ${styles.mono}`}
              maxLength={120}
              autoCapitalize="none"
              spellCheck={false}
              value={values.slug}
              onChange={(e) => {
                onSlugTyped();
                onChange({ slug: e.target.value });
              }}
            />
          </div>
        )}
      </Field>
      <Field label="Description" error={errors.description}>
        {(control) => <textarea {...control} className={`${admin.input} ${styles.textarea}`} rows={5} maxLength={5000} value={values.description} onChange={(e) => onChange({ description: e.target.value })} />}
      </Field>
      <Field label="SKU" hint="The product's stock code, e.g. RF-ROS-0001" error={errors.sku} className={styles.narrow}>
        {(control) => <input {...control} className={`${admin.input} ${styles.mono}`} maxLength={64} autoCapitalize="characters" spellCheck={false} value={values.sku} onChange={(e) => onChange({ sku: e.target.value })} />}
      </Field>
    </EditorSection>
  );
}
