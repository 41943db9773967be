/**
 * /admin/products: search products by name, slug or SKU (`GET /admin/api/products?q=&page=`, 25
 * a page, inactive ones included), change one's price, sizes, stock or availability in the
 * panel under it ('Quick edit'), open its editor ('Edit') or a new product's ('New product'). The search and page live in the URL (`?q=&page=`, replaced as they change), so
 * a reload shows the same list. lib/api/staff.ts loads with the list.
 */
import { useEffect, useState, type FormEvent } from 'react';
import type * as StaffCalls from '@/lib/api/staff';
import type { AdminProduct, AdminProductPage } from '@/lib/contracts/catalogue-admin';
import { ProductTable, type Notice } from './product-table';
import admin from '../admin.module.css';
import styles from './products.module.css';

type Load = { state: 'loading' } | { state: 'ready'; page: AdminProductPage } | { state: 'failed'; message: string };

const calls = (): Promise<typeof StaffCalls> => import('@/lib/api/staff');

/** The page's address for a search and page. */
export function productsUrl(q: string, page: number): string {
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if (page > 1) params.set('page', String(page));
  const query = params.toString();
  return `/admin/products${query ? `?${query}` : ''}`;
}

export function ProductList({ initialQuery, initialPage }: { initialQuery: string; initialPage: number }) {
  const [query, setQuery] = useState({ q: initialQuery, page: initialPage });
  const [typed, setTyped] = useState(initialQuery);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [open, setOpen] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    let current = true;
    calls()
      .then((api) => api.staffProducts({ q: query.q || undefined, page: query.page }))
      .then(
        (page) => current && setLoad({ state: 'ready', page }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error && failure.message ? failure.message : 'The products could not be loaded.' }),
      );
    return () => {
      current = false;
    };
  }, [query]);

  function go(q: string, page: number) {
    window.history.replaceState(window.history.state, '', productsUrl(q, page));
    setOpen(null);
    setNotice(null);
    setLoad({ state: 'loading' });
    setQuery({ q, page });
  }
  const search = (event: FormEvent) => {
    event.preventDefault();
    go(typed.trim(), 1);
  };
  function saved(product: AdminProduct, message: string) {
    setLoad((current) => (current.state === 'ready' ? { state: 'ready', page: { ...current.page, rows: current.page.rows.map((p) => (p.id === product.id ? product : p)) } } : current));
    setOpen(null);
    setNotice({ at: product.id, text: message });
  }

  const pages = load.state === 'ready' ? Math.max(1, Math.ceil(load.page.total / load.page.pageSize)) : 1;
  return (
    <>
      <div className={styles.head}>
        <h1 className={styles.title}>Products</h1>
        <a className={`${admin.primary} ${styles.newProduct}`} href="/admin/products/new">
          New product
        </a>
        <form role="search" className={styles.search} onSubmit={search}>
          <label className={styles.hidden} htmlFor="product-search">
            Search products
          </label>
          <input id="product-search" className={admin.input} type="search" placeholder="Name, slug or SKU" value={typed} onChange={(e) => setTyped(e.target.value)} />
          <button type="submit" className={admin.primary}>
            Search
          </button>
        </form>
      </div>
      {load.state === 'loading' && <p className={styles.muted}>Loading…</p>}
      {load.state === 'failed' && (
        <p className={admin.error} role="alert">
          {load.message}
        </p>
      )}
      {load.state === 'ready' && (
        <section aria-label="Products" className={styles.list}>
          <p className={styles.muted}>{summary(load.page, query.q)}</p>
          {load.page.rows.length > 0 && <ProductTable products={load.page.rows} open={open} notice={notice} onOpen={(id) => {
                setNotice(null);
                setOpen(id);
              }} onSaved={saved} />}
          {pages > 1 && (
            <nav className={styles.pager} aria-label="Pages">
              <button type="button" className={admin.secondary} disabled={query.page <= 1} onClick={() => go(query.q, query.page - 1)}>
                Previous
              </button>
              <span>{`Page ${query.page} of ${pages}`}</span>
              <button type="button" className={admin.secondary} disabled={query.page >= pages} onClick={() => go(query.q, query.page + 1)}>
                Next
              </button>
            </nav>
          )}
        </section>
      )}
    </>
  );
}

function summary(page: AdminProductPage, q: string): string {
  const count = page.total === 1 ? '1 product' : `${page.total.toLocaleString('en-NG')} products`;
  return q ? `${count} ${page.total === 1 ? 'matches' : 'match'} "${q}"` : count;
}
