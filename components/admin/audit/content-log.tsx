/**
 * The owner's content audit: every change to what shoppers see (products, pictures, categories,
 * featured groups, settings, rates, coupons), newest first: when, what, the action, who and
 * from which address, and each field it changed from → to. 50 a page from
 * `GET /admin/api/content-audit` in the browser; the page and the kind of thing live in the URL
 * (`?log=content&entity=product&page=2`), so Back and refresh keep them.
 */
import { useEffect, useState } from 'react';
import { CONTENT_AUDIT_ENTITIES, type ContentAuditEntity, type ContentAuditPage } from '@/lib/contracts/backoffice';
import { lagosDateTime } from '../order/order-text';
import styles from './audit.module.css';

type Load = { state: 'loading' } | { state: 'ready'; log: ContentAuditPage } | { state: 'failed'; message: string };

export const ENTITY_LABELS: Record<ContentAuditEntity, string> = {
  product: 'Product',
  picture: 'Picture',
  category: 'Category',
  'featured-group': 'Featured group',
  settings: 'Settings',
  currency: 'Currency rate',
  coupon: 'Coupon',
};

const address = (entity: ContentAuditEntity | undefined, page: number) =>
  `/admin/audit?${new URLSearchParams({ log: 'content', ...(entity ? { entity } : {}), ...(page > 1 ? { page: String(page) } : {}) }).toString()}`;

export function ContentLog({ page, entity }: { page: number; entity?: ContentAuditEntity }) {
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  useEffect(() => {
    let current = true;
    import('@/lib/api/staff')
      .then((calls) => calls.staffContentAudit(page, entity))
      .then(
        (log) => current && setLoad({ state: 'ready', log }),
        (failure: unknown) => current && setLoad({ state: 'failed', message: failure instanceof Error ? failure.message : 'Could not load the changes.' }),
      );
    return () => {
      current = false;
    };
  }, [page, entity]);

  const filter = (
    <form method="get" action="/admin/audit" className={styles.filter}>
      <input type="hidden" name="log" value="content" />
      <label htmlFor="content-entity">Show</label>
      <select id="content-entity" name="entity" defaultValue={entity ?? ''} onChange={(event) => event.currentTarget.form?.requestSubmit()}>
        <option value="">Every kind of change</option>
        {CONTENT_AUDIT_ENTITIES.map((kind) => (
          <option key={kind} value={kind}>
            {ENTITY_LABELS[kind]}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">Show</button>
      </noscript>
    </form>
  );

  if (load.state === 'loading') return <p className={styles.muted}>Loading…</p>;
  if (load.state === 'failed') {
    return (
      <p className={styles.failure} role="alert">
        {load.message}
      </p>
    );
  }
  const { log } = load;
  const pages = Math.max(1, Math.ceil(log.total / log.pageSize));
  return (
    <section aria-label="Changes to the shop">
      {filter}
      {log.rows.length === 0 ? (
        <p className={styles.muted}>No changes yet.</p>
      ) : (
        <>
          <p className={styles.muted}>{`${log.total.toLocaleString('en-US')} changes, newest first`}</p>
          <ol className={styles.list}>
            {log.rows.map((row, i) => (
              <li key={`${row.at}-${i}`} className={styles.line}>
                <p className={styles.head}>
                  <span className={styles.kind}>{ENTITY_LABELS[row.entity] ?? row.entity}</span>
                  {row.entity === 'product' ? <a href={`/admin/products/${encodeURIComponent(row.entityId)}`}>{row.label}</a> : <strong>{row.label}</strong>}
                  <span>
                    {row.action} by {row.actorName}
                  </span>
                </p>
                <p className={styles.meta}>
                  {lagosDateTime(row.at)}
                  {row.address && (
                    <>
                      {' · from '}
                      <span className={styles.address}>{row.address}</span>
                    </>
                  )}
                </p>
                {row.changes.length > 0 && (
                  <dl className={styles.changes}>
                    {row.changes.map((change) => (
                      <div key={change.field}>
                        <dt>{change.field}</dt>
                        <dd>
                          {change.before ? <del>{change.before}</del> : <em>none</em>}
                          {' → '}
                          {change.after ? <ins>{change.after}</ins> : <em>none</em>}
                        </dd>
                      </div>
                    ))}
                  </dl>
                )}
              </li>
            ))}
          </ol>
        </>
      )}
      {pages > 1 && (
        <nav className={styles.pages} aria-label="Pages">
          {page > 1 ? <a href={address(entity, page - 1)}>Newer</a> : <span />}
          <span>
            Page {page} of {pages}
          </span>
          {page < pages ? <a href={address(entity, page + 1)}>Older</a> : <span />}
        </nav>
      )}
    </section>
  );
}
