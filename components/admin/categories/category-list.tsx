/**
 * The categories of /admin/categories (`GET /admin/api/categories`): a table on a desktop, one
 * card per category on a phone (categories.module.css), by navigation group: title and address,
 * the start of the intro, group and order, and 'Edit', which opens the panel under the category.
 * The outcome of the last change shows there too, with a link to the category page.
 */
import { useEffect, useState } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { AdminCategory } from '@/lib/contracts/categories-admin';
import { CategoryPanel } from './category-panel';
import admin from '../admin.module.css';
import styles from './categories.module.css';

type Load = { state: 'loading' } | { state: 'ready'; categories: AdminCategory[] } | { state: 'failed'; message: string };
type Notice = { at: string; text: string };

const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');

export function CategoryList() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffCategories())
      .then(
        (categories) => current && setLoad({ state: 'ready', categories }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error && failure.message ? failure.message : 'The categories could not be loaded.' }),
      );
    return () => {
      current = false;
    };
  }, []);

  function saved(category: AdminCategory, message: string) {
    setLoad((current) => (current.state === 'ready' ? { state: 'ready', categories: current.categories.map((c) => (c.slug === category.slug ? category : c)) } : current));
    setOpen(null);
    setNotice({ at: category.slug, text: message });
  }
  const toggle = (slug: string) => {
    setNotice(null);
    setOpen((o) => (o === slug ? null : slug));
  };

  if (load.state === 'loading') return <p className={styles.muted}>Loading…</p>;
  if (load.state === 'failed')
    return (
      <p className={admin.error} role="alert">
        {load.message}
      </p>
    );
  return (
    <section aria-labelledby="categories-title" className={styles.list}>
      <div className={styles.head}>
        <h1 className={styles.title} id="categories-title">
          Categories
        </h1>
        <p className={styles.muted}>{`${load.categories.length} categories. The intro and SEO description show on each category's page.`}</p>
      </div>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Category</th>
            <th scope="col">Group</th>
            <th scope="col">Order</th>
            <th scope="col">
              <span className={styles.hidden}>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {load.categories.flatMap((category) => {
            const href = `/product-category/${category.slug}`;
            const rows = [
              <tr key={category.slug} className={styles.row}>
                <th scope="row" className={styles.what}>
                  <span className={styles.name}>{category.title}</span>
                  <a className={styles.slug} href={href} target="_blank" rel="noreferrer">
                    {href}
                  </a>
                  <span className={styles.intro}>{category.intro}</span>
                </th>
                <td className={styles.navGroup}>{category.navGroup}</td>
                <td className={styles.order}>
                  <span className={styles.orderLabel}>Order </span>
                  {category.sortOrder}
                </td>
                <td className={styles.actions}>
                  <button type="button" className={styles.small} aria-expanded={open === category.slug} onClick={() => toggle(category.slug)}>
                    Edit
                    <span className={styles.hidden}>{` ${category.title}`}</span>
                  </button>
                </td>
              </tr>,
            ];
            if (open === category.slug || notice?.at === category.slug) {
              rows.push(
                <tr key={`${category.slug}-more`} className={styles.more}>
                  <td colSpan={4}>
                    {notice?.at === category.slug && (
                      <p className={admin.notice} role="status">
                        {`${notice.text}. `}
                        <a href={href} target="_blank" rel="noreferrer">
                          See the category page
                        </a>
                      </p>
                    )}
                    {open === category.slug && <CategoryPanel category={category} onSaved={saved} onClose={() => setOpen(null)} />}
                  </td>
                </tr>,
              );
            }
            return rows;
          })}
        </tbody>
      </table>
    </section>
  );
}
