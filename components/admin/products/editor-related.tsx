/**
 * "You may also like": the related products by slug, in the order the product page shows them
 * (move up, remove), and a search of the catalogue (`GET /admin/api/products?q=`) to add more.
 * The product itself is never offered.
 */
import { useState, type KeyboardEvent } from 'react';
import type { AdminProduct } from '@/lib/contracts/catalogue-admin';
import { MAX_RELATED } from '@/lib/contracts/catalogue-admin';
import { useStaffCall } from '../use-staff-call';
import type { EditorValues, FieldErrors } from './product-form';
import { EditorSection, FieldError } from './editor-fields';
import admin from '../admin.module.css';
import styles from './product-editor.module.css';

type Props = { values: EditorValues; errors: FieldErrors; selfSlug: string | null; onChange: (patch: Partial<EditorValues>) => void };

export function EditorRelated({ values, errors, selfSlug, onChange }: Props) {
  const [text, setText] = useState('');
  const [found, setFound] = useState<AdminProduct[] | null>(null);
  const { busy, error, run } = useStaffCall();
  const related = values.related;

  async function search() {
    if (!text.trim()) return;
    const page = await run((api) => api.staffProducts({ q: text.trim() }));
    if (page) setFound(page.rows.filter((p) => p.slug !== selfSlug).slice(0, 8));
  }
  const enter = (event: KeyboardEvent) => {
    // Enter searches here rather than saving the whole form.
    if (event.key === 'Enter') {
      event.preventDefault();
      void search();
    }
  };
  const move = (index: number) => onChange({ related: related.map((slug, i) => (i === index - 1 ? related[index]! : i === index ? related[index - 1]! : slug)) });

  return (
    <EditorSection title="Related products" intro={`Shown under "You may also like" on the product page, in this order (at most ${MAX_RELATED}).`}>
      {related.length === 0 ? (
        <p className={styles.muted}>None yet.</p>
      ) : (
        <ol className={styles.related}>
          {related.map((slug, index) => (
            <li key={slug}>
              <span className={styles.mono}>{slug}</span>
              <span className={styles.relatedButtons}>
                <button type="button" className={styles.small} disabled={index === 0} onClick={() => move(index)}>
                  Up<span className={styles.hidden}>{` ${slug}`}</span>
                </button>
                <button type="button" className={styles.small} onClick={() => onChange({ related: related.filter((s) => s !== slug) })}>
                  Remove<span className={styles.hidden}>{` ${slug}`}</span>
                </button>
              </span>
            </li>
          ))}
        </ol>
      )}
      <FieldError id="related-error" error={errors.related} />
      <div className={styles.searchRow}>
        <label className={styles.hidden} htmlFor="related-search">
          Find a product to relate
        </label>
        <input id="related-search" type="search" className={admin.input} placeholder="Find a product by name, slug or SKU" value={text} onChange={(e) => setText(e.target.value)} onKeyDown={enter} />
        <button type="button" className={admin.secondary} disabled={busy} onClick={() => void search()}>
          Find
        </button>
      </div>
      {error && (
        <p className={admin.error} role="alert">
          {error}
        </p>
      )}
      {found && (
        <ul className={styles.found} aria-label="Products found">
          {found.length === 0 && <li className={styles.muted}>Nothing matches.</li>}
          {found.map((p) => (
            <li key={p.id}>
              <span>
                {p.name}
                {!p.active && <span className={styles.tickNote}> (not sold)</span>}
              </span>
              <button type="button" className={styles.small} disabled={related.includes(p.slug) || related.length >= MAX_RELATED} onClick={() => onChange({ related: [...related, p.slug] })}>
                {related.includes(p.slug) ? 'Added' : 'Add'}
                <span className={styles.hidden}>{` ${p.name}`}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </EditorSection>
  );
}
