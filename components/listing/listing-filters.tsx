/**
 * Shop-by filters and sort for a listing (spec section 9). A plain GET form: without JavaScript
 * 'Apply' submits it; with JavaScript every change applies at once. Chosen filters show as chips
 * that remove themselves.
 */
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/router';
import type { FormEvent } from 'react';
import { SHOP_BY_VALUES, type ShopByField } from '@/lib/domain/catalogue';
import { FILTER_FIELDS, listingHref, parseListingQuery, SORT_OPTIONS, type ListingState } from '@/lib/domain/listing';
import { SHOP_BY_FIELD_LABELS, SHOP_BY_LABELS } from '@/lib/domain/shop-by-labels';
import styles from './listing-filters.module.css';

type Props = { basePath: string; extra: Record<string, string>; state: ListingState; total: number; hide: string[] };

function formState(form: HTMLFormElement): ListingState {
  const data = new FormData(form);
  const query: Record<string, string[]> = {};
  for (const [name, value] of data.entries()) (query[name] ??= []).push(String(value));
  return { ...parseListingQuery(query), page: 1 };
}

export function ListingFilters({ basePath, extra, state, total, hide }: Props) {
  const router = useRouter();
  const fields = FILTER_FIELDS.filter((f) => !hide.includes(f));
  const chosen = fields.flatMap((field) => (state.filters[field] ?? []).map((value) => ({ field, value })));

  const apply = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void router.push(listingHref(basePath, formState(event.currentTarget), extra));
  };

  const without = (field: ShopByField, value: string) =>
    listingHref(basePath, { ...state, page: 1, filters: { ...state.filters, [field]: state.filters[field]?.filter((v) => v !== value) } }, extra);

  return (
    <form className={styles.bar} method="get" action={basePath} onSubmit={apply} onChange={(event) => event.currentTarget.requestSubmit()}>
      {Object.entries(extra).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className={styles.controls}>
        {fields.map((field) => (
          <details key={field} className={styles.filter}>
            <summary>
              {SHOP_BY_FIELD_LABELS[field]}
              {state.filters[field]?.length ? <span className={styles.badge}>{state.filters[field]!.length}</span> : null}
            </summary>
            <fieldset>
              <legend className="visually-hidden">{SHOP_BY_FIELD_LABELS[field]}</legend>
              {(SHOP_BY_VALUES[field] as readonly string[]).map((value) => (
                <label key={value} className={styles.option}>
                  <input type="checkbox" name={field} value={value} defaultChecked={state.filters[field]?.includes(value) ?? false} />
                  {SHOP_BY_LABELS[value] ?? value}
                </label>
              ))}
            </fieldset>
          </details>
        ))}
        <label className={styles.sort}>
          <span>Sort by</span>
          <select name="sort" defaultValue={state.sort}>
            {SORT_OPTIONS.map((option) => (
              <option key={option.key} value={option.key}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
        <noscript>
          <button type="submit" className={styles.apply}>
            Apply
          </button>
        </noscript>
      </div>
      <div className={styles.summary}>
        <p aria-live="polite">
          {total} {total === 1 ? 'product' : 'products'}
        </p>
        {chosen.map(({ field, value }) => (
          <Link key={`${field}:${value}`} href={without(field, value)} className={styles.chip} aria-label={`Remove filter ${SHOP_BY_LABELS[value] ?? value}`}>
            {SHOP_BY_LABELS[value] ?? value} <span aria-hidden="true">×</span>
          </Link>
        ))}
        {chosen.length > 1 && (
          <Link href={listingHref(basePath, { page: 1, sort: state.sort, filters: {} }, extra)} className={styles.clear}>
            Clear all
          </Link>
        )}
      </div>
    </form>
  );
}
