/**
 * A featured group's editor on /admin/categories: its title and its products, each with
 * 'Remove', and 'Add a product': a search of the catalogue (`GET /admin/api/products?q=`) whose
 * products sold in the shop can be added. 'Save' sends the title and the list
 * (`PUT /admin/api/featured-groups/{key}`); the server's refusal (a product no longer sold, say)
 * shows here. Escape or 'Back' closes it.
 */
import { useState, type FormEvent, type KeyboardEvent } from 'react';
import type { AdminProduct } from '@/lib/contracts/catalogue-admin';
import { MAX_FEATURED_SLUGS, type AdminFeaturedGroup, type FeaturedProduct } from '@/lib/contracts/categories-admin';
import { TextField } from '../text-field';
import { useStaffCall } from '../use-staff-call';
import admin from '../admin.module.css';
import styles from './categories.module.css';

type Props = {
  group: AdminFeaturedGroup;
  onSaved: (group: AdminFeaturedGroup, message: string) => void;
  onClose: () => void;
};

export function FeaturedGroupEditor({ group, onSaved, onClose }: Props) {
  const [title, setTitle] = useState(group.title);
  const [list, setList] = useState<FeaturedProduct[]>(group.products);
  const [q, setQ] = useState('');
  const [found, setFound] = useState<AdminProduct[] | null>(null);
  const save = useStaffCall();
  const search = useStaffCall();
  const changed = title.trim() !== group.title || list.map((p) => p.slug).join() !== group.products.map((p) => p.slug).join();
  const full = list.length >= MAX_FEATURED_SLUGS;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const answer = await save.run((api) => api.staffSaveFeaturedGroup(group.key, { title, featuredSlugs: list.map((p) => p.slug) }));
    if (answer) onSaved(answer.group, answer.message);
  }
  async function find() {
    if (!q.trim()) return;
    const page = await search.run((api) => api.staffProducts({ q: q.trim() }));
    if (page) setFound(page.rows.filter((p) => p.active).slice(0, 6));
  }
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };
  const add = (product: AdminProduct) => setList((l) => [...l, { slug: product.slug, name: product.name, active: product.active, inStock: product.inStock }]);

  return (
    <form className={`${admin.form} ${styles.editor}`} onSubmit={(e) => void submit(e)} onKeyDown={escape} aria-label={`Change ${group.title}`} noValidate>
      <TextField label="Title" maxLength={80} value={title} onValue={setTitle} />
      <fieldset className={styles.plain}>
        <legend className={admin.label}>{`Products (${list.length} of at most ${MAX_FEATURED_SLUGS})`}</legend>
        <ol className={styles.editList}>
          {list.map((product) => (
            <li key={product.slug}>
              <span className={styles.productName}>
                {product.name ?? product.slug}
                <span className={styles.slugSmall}>{product.slug}</span>
              </span>
              <button type="button" className={styles.small} onClick={() => setList((l) => l.filter((p) => p.slug !== product.slug))}>
                Remove
                <span className={styles.hidden}>{` ${product.name ?? product.slug}`}</span>
              </button>
            </li>
          ))}
        </ol>
      </fieldset>
      <div className={styles.finder}>
        <label className={admin.label} htmlFor={`find-${group.key}`}>
          Add a product
        </label>
        <div className={styles.findRow}>
          <input
            id={`find-${group.key}`}
            className={admin.input}
            type="search"
            placeholder="Name, slug or SKU"
            value={q}
            onChange={(e) => setQ(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void find();
              }
            }}
          />
          <button type="button" className={admin.secondary} disabled={search.busy} onClick={() => void find()}>
            Find
          </button>
        </div>
        {search.error && <p className={admin.error}>{search.error}</p>}
        {found && found.length === 0 && <p className={styles.muted}>No product sold in the shop matches.</p>}
        {found && found.length > 0 && (
          <ul className={styles.found} aria-label="Products found">
            {found.map((product) => {
              const inList = list.some((p) => p.slug === product.slug);
              return (
                <li key={product.id}>
                  <span className={styles.productName}>{product.name}</span>
                  <button type="button" className={styles.small} disabled={inList || full} onClick={() => add(product)}>
                    {inList ? 'Added' : 'Add'}
                    <span className={styles.hidden}>{` ${product.name}`}</span>
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      {save.error && (
        <p className={admin.error} role="alert">
          {save.error}
        </p>
      )}
      <div className={styles.buttons}>
        <button type="submit" className={admin.primary} disabled={save.busy || !changed}>
          {save.busy ? 'Saving…' : 'Save'}
        </button>
        <button type="button" className={admin.secondary} onClick={onClose}>
          Back
        </button>
      </div>
    </form>
  );
}
