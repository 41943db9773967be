/**
 * The featured groups of /admin/categories (`GET /admin/api/featured-groups`): per group its
 * title, where the storefront shows it, and its products (flagged when out of stock, not sold or
 * gone); 'Edit' opens the group's editor in place of its list. The outcome of the last save
 * shows under the group.
 */
import { useEffect, useState } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { AdminFeaturedGroup, FeaturedProduct } from '@/lib/contracts/categories-admin';
import { FeaturedGroupEditor } from './featured-group-editor';
import { featuredPlaces } from './category-text';
import admin from '../admin.module.css';
import styles from './categories.module.css';

type Load = { state: 'loading' } | { state: 'ready'; groups: AdminFeaturedGroup[] } | { state: 'failed'; message: string };

const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');

/** What is wrong with a featured product for the storefront, if anything. */
export function productFlag(product: FeaturedProduct): string | null {
  if (product.name === null) return 'No such product';
  if (!product.active) return 'Not sold';
  return product.inStock ? null : 'Out of stock';
}

export function FeaturedGroups() {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ at: string; text: string } | null>(null);

  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffFeaturedGroups())
      .then(
        (groups) => current && setLoad({ state: 'ready', groups }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error && failure.message ? failure.message : 'The featured groups could not be loaded.' }),
      );
    return () => {
      current = false;
    };
  }, []);

  function saved(group: AdminFeaturedGroup, message: string) {
    setLoad((current) => (current.state === 'ready' ? { state: 'ready', groups: current.groups.map((g) => (g.key === group.key ? group : g)) } : current));
    setOpen(null);
    setNotice({ at: group.key, text: message });
  }

  return (
    <section aria-labelledby="featured-title" className={styles.featured}>
      <h2 className={styles.subtitle} id="featured-title">
        Featured groups
      </h2>
      <p className={styles.muted}>
        The products the header menus and the home page feature. Each time, the shop picks a few of a group&apos;s products in stock: lowest relevance order
        first, at random among equals.
      </p>
      {load.state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {load.state === 'failed' && (
        <p className={admin.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <ul className={styles.groups}>
          {load.groups.map((group) => {
            const places = featuredPlaces(group.key);
            return (
              <li key={group.key} className={open === group.key ? `${styles.group} ${styles.groupOpen}` : styles.group} aria-labelledby={`group-${group.key}`}>
                <div className={styles.groupHead}>
                  <h3 className={styles.groupTitle} id={`group-${group.key}`}>
                    {group.title}
                  </h3>
                  {open !== group.key && (
                    <button
                      type="button"
                      className={styles.small}
                      onClick={() => {
                        setNotice(null);
                        setOpen(group.key);
                      }}
                    >
                      Edit
                      <span className={styles.hidden}>{` ${group.title}`}</span>
                    </button>
                  )}
                </div>
                <p className={styles.places}>{places.length > 0 ? `Shown ${places.join(' and ')}.` : 'Not shown on the storefront at the moment.'}</p>
                {notice?.at === group.key && (
                  <p className={admin.notice} role="status">
                    {notice.text}
                  </p>
                )}
                {open === group.key ? (
                  <FeaturedGroupEditor group={group} onSaved={saved} onClose={() => setOpen(null)} />
                ) : (
                  <ol className={styles.products}>
                    {group.products.length === 0 && <li className={styles.muted}>No products: the group shows nothing.</li>}
                    {group.products.map((product) => {
                      const flag = productFlag(product);
                      return (
                        <li key={product.slug}>
                          <span>{product.name ?? product.slug}</span>
                          {flag && <span className={`${styles.badge} ${styles.no}`}>{flag}</span>}
                        </li>
                      );
                    })}
                  </ol>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
