/**
 * The edit panel under a category of /admin/categories: its title, intro, SEO description,
 * navigation group and order. Only what changed is sent (`PATCH /admin/api/categories/{slug}`);
 * the server's refusal shows here, and the list shows the category afterwards when it accepts.
 * Escape or 'Back' closes it.
 */
import { useId, useState, type FormEvent, type KeyboardEvent } from 'react';
import { CATEGORY_NAV_GROUPS, MAX_SEO_DESCRIPTION, type AdminCategory } from '@/lib/contracts/categories-admin';
import { TextField } from '../text-field';
import { useStaffCall } from '../use-staff-call';
import { categoryChangeOf, valuesOf, type CategoryValues } from './category-text';
import admin from '../admin.module.css';
import styles from './categories.module.css';

type Props = {
  category: AdminCategory;
  onSaved: (category: AdminCategory, message: string) => void;
  onClose: () => void;
};

export function CategoryPanel({ category, onSaved, onClose }: Props) {
  const [values, setValues] = useState<CategoryValues>(() => valuesOf(category));
  const { busy, error, run } = useStaffCall();
  const id = useId();
  const body = categoryChangeOf(category, values);
  const set = (key: keyof CategoryValues) => (value: string) => setValues((v) => ({ ...v, [key]: value }));
  const seoLength = values.seoDescription.trim().length;

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!body) return;
    const answer = await run((api) => api.staffChangeCategory(category.slug, body));
    if (answer) onSaved(answer.category, answer.message);
  }
  const escape = (event: KeyboardEvent) => {
    if (event.key === 'Escape') onClose();
  };

  return (
    <form className={`${admin.form} ${styles.panel}`} onSubmit={(e) => void submit(e)} onKeyDown={escape} aria-label={`Change ${category.title}`} noValidate>
      <TextField label="Title" maxLength={80} value={values.title} onValue={set('title')} />
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-intro`}>
          Intro
        </label>
        <span className={admin.hint} id={`${id}-intro-hint`}>
          The paragraph under the title on the category page.
        </span>
        <textarea id={`${id}-intro`} className={`${admin.input} ${styles.text}`} rows={5} maxLength={1200} aria-describedby={`${id}-intro-hint`} value={values.intro} onChange={(e) => set('intro')(e.target.value)} />
      </div>
      <div className={admin.field}>
        <label className={admin.label} htmlFor={`${id}-seo`}>
          SEO description
        </label>
        <span className={seoLength > MAX_SEO_DESCRIPTION ? `${admin.hint} ${styles.over}` : admin.hint} id={`${id}-seo-hint`}>
          {`What search engines show under the page's title: ${seoLength} of ${MAX_SEO_DESCRIPTION} characters.`}
        </span>
        <textarea id={`${id}-seo`} className={`${admin.input} ${styles.text}`} rows={4} aria-describedby={`${id}-seo-hint`} value={values.seoDescription} onChange={(e) => set('seoDescription')(e.target.value)} />
      </div>
      <div className={styles.pair}>
        <div className={admin.field}>
          <label className={admin.label} htmlFor={`${id}-group`}>
            Navigation group
          </label>
          <select id={`${id}-group`} className={admin.input} value={values.navGroup} onChange={(e) => set('navGroup')(e.target.value)}>
            {CATEGORY_NAV_GROUPS.map((group) => (
              <option key={group}>{group}</option>
            ))}
          </select>
        </div>
        <TextField label="Order" hint="Lower comes first in its group" inputMode="numeric" value={values.sortOrder} onValue={set('sortOrder')} />
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
