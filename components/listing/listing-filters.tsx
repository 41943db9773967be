/**
 * Shop-by filters and sort for a listing (spec section 9). A plain GET form: without JavaScript
 * 'Apply' submits it; with JavaScript every change applies at once. Chosen filters show as chips
 * that remove themselves.
 */
import { Link } from '@/components/ui/link';
import { useRouter } from 'next/router';
import type { FormEvent } from 'react';
import type { ShopByField } from '@/lib/domain/catalogue';
import type { FilterGroup } from '@/lib/contracts/listing';
import { listingHref, parseListingQuery, SORT_OPTIONS, type ListingState } from '@/lib/domain/listing';
import styles from './listing-filters.module.css';

type Props = { basePath: string; extra: Record<string, string>; state: ListingState; total: number; hide: string[]; groups: FilterGroup[] };

function formState(form: HTMLFormElement): ListingState {
  const data = new FormData(form);
  const query: Record<string, string[]> = {};
  for (const [name, value] of data.entries()) (query[name] ??= []).push(String(value));
  return { ...parseListingQuery(query), page: 1 };
}

export function ListingFilters({ basePath, extra, state, total, hide, groups }: Props) {
  const router = useRouter();
  const shown = groups.filter((g) => !hide.includes(g.field));
  const labels = new Map(groups.flatMap((g) => g.options.map((o) => [o.value, o.label] as const)));
  const label = (value: string) => labels.get(value) ?? value;
  const chosen = shown.flatMap(({ field }) => (state.filters[field] ?? []).map((value) => ({ field, value })));

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
        {shown.map(({ field, label: name, options }) => (
          <details key={field} className={styles.filter}>
            <summary>
              {name}
              {state.filters[field]?.length ? <span className={styles.badge}>{state.filters[field]!.length}</span> : null}
            </summary>
            <fieldset>
              <legend className="visually-hidden">{name}</legend>
              {options.map(({ value, label: text }) => (
                <label key={value} className={styles.option}>
                  <input type="checkbox" name={field} value={value} defaultChecked={state.filters[field]?.includes(value) ?? false} />
                  {text}
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
        <p aria-live="polite">{`${total} ${total === 1 ? 'product' : 'products'}`}</p>
        {chosen.map(({ field, value }) => (
          <Link key={`${field}:${value}`} href={without(field, value)} className={styles.chip} aria-label={`Remove filter ${label(value)}`}>
            {label(value)} <span aria-hidden="true">×</span>
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
