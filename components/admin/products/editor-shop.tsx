/**
 * Where the product shows and how shoppers find it: its categories (grouped as the menus group
 * them), its place in listings (relevance order), the shop-by values the filters use
 * (lib/domain/catalogue.ts SHOP_BY_VALUES), budget and product class, and the design options
 * it is offered in.
 */
import type { ProductChoices } from '@/lib/contracts/catalogue-admin';
import { PRODUCT_CLASSES } from '@/lib/contracts/catalogue';
import { SHOP_BY_VALUES } from '@/lib/domain/catalogue';
import { formatNaira } from '@/lib/domain/money';
import type { EditorValues, FieldErrors, ShopByList } from './product-form';
import { EditorSection, Field, TickList } from './editor-fields';
import admin from '../admin.module.css';
import styles from './product-editor.module.css';

type Props = { values: EditorValues; errors: FieldErrors; choices: ProductChoices; onChange: (patch: Partial<EditorValues>) => void };

const SHOP_BY_LABELS: Record<ShopByList, string> = {
  flowerType: 'Flower type',
  design: 'Design',
  packages: 'Packages',
  delivery: 'Delivery',
  flowerName: 'Flowers',
};

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export function EditorCategories({ values, errors, choices, onChange }: Props) {
  const groups = [...new Set(choices.categories.map((c) => c.navGroup))];
  return (
    <EditorSection title="Categories" intro="The category pages it is listed on (every product is also in All). The first one chosen leads its breadcrumb.">
      {groups.map((group, index) => (
        <TickList
          key={group}
          legend={group}
          ticks={choices.categories.filter((c) => c.navGroup === group).map((c) => ({ value: c.slug, label: c.title }))}
          chosen={values.categories}
          error={index === groups.length - 1 ? errors.categories : undefined}
          onChange={(categories) => onChange({ categories })}
        />
      ))}
      <Field label="Relevance order" hint="Lower comes first in listings sorted by relevance (100 unless set)" error={errors.relevanceOrder} className={styles.narrow}>
        {(control) => <input {...control} className={`${admin.input} ${styles.number}`} inputMode="numeric" value={values.relevanceOrder} onChange={(e) => onChange({ relevanceOrder: e.target.value })} />}
      </Field>
    </EditorSection>
  );
}

export function EditorFilters({ values, errors, choices, onChange }: Props) {
  return (
    <EditorSection title="Shop-by filters and options" intro="What the shop's filters match, and the ways the flowers can come.">
      <div className={styles.pair}>
        <Field label="Budget" error={errors.budget}>
          {(control) => (
            <select {...control} className={admin.input} value={values.budget} onChange={(e) => onChange({ budget: e.target.value })}>
              <option value="regular">Regular</option>
              <option value="vip">VIP</option>
            </select>
          )}
        </Field>
        <Field label="Product class" error={errors.productClass}>
          {(control) => (
            <select {...control} className={admin.input} value={values.productClass} onChange={(e) => onChange({ productClass: e.target.value })}>
              {PRODUCT_CLASSES.map((c) => (
                <option key={c} value={c}>
                  {capital(c)}
                </option>
              ))}
            </select>
          )}
        </Field>
      </div>
      {(Object.keys(SHOP_BY_LABELS) as ShopByList[]).map((field) => (
        <TickList
          key={field}
          legend={SHOP_BY_LABELS[field]}
          ticks={SHOP_BY_VALUES[field].map((value) => ({ value, label: capital(value) }))}
          chosen={values[field]}
          error={errors[field]}
          onChange={(next) => onChange({ [field]: next })}
        />
      ))}
      <TickList
        legend="Design options offered"
        hint="Shoppers choose one on the product page; its price is added."
        ticks={choices.designOptions.map((d) => ({ value: d.name, label: d.title, note: d.price > 0 ? `+${formatNaira(d.price)}` : '(free)' }))}
        chosen={values.designOptions}
        error={errors.designOptions}
        onChange={(designOptions) => onChange({ designOptions })}
      />
    </EditorSection>
  );
}
