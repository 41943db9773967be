/**
 * The state of a product listing page in its URL (so that a shared link shows the same list):
 * page, sort and shop-by filters, parsed leniently from a query and written back canonically.
 */
import { SHOP_BY_VALUES, type ShopByField } from '@/lib/domain/catalogue';

export const PAGE_SIZE = 24;

export const SORT_OPTIONS = [
  { key: 'relevance', label: 'Recommended', sortField: undefined, sortType: undefined },
  { key: 'name-asc', label: 'A-Z', sortField: 'name', sortType: 'asc' },
  { key: 'name-desc', label: 'Z-A', sortField: 'name', sortType: 'desc' },
  { key: 'price-asc', label: 'Lowest price first', sortField: 'price', sortType: 'asc' },
  { key: 'price-desc', label: 'Highest price first', sortField: 'price', sortType: 'desc' },
] as const;
export type SortKey = (typeof SORT_OPTIONS)[number]['key'];

export const FILTER_FIELDS = Object.keys(SHOP_BY_VALUES) as ShopByField[];

export type ListingState = {
  page: number;
  sort: SortKey;
  filters: Partial<Record<ShopByField, string[]>>;
};

type Query = Record<string, string | string[] | undefined>;

const values = (raw: string | string[] | undefined): string[] =>
  (Array.isArray(raw) ? raw : raw ? [raw] : []).flatMap((v) => v.split(',')).map((v) => v.replace(/\+/g, ' ').trim().toLowerCase()).filter(Boolean);

/**
 * Reads a listing's state from a URL query; unknown values are dropped, not refused.
 * @example parseListingQuery({ page: '2', sort: 'price-asc', design: 'bouquets,others' })
 */
export function parseListingQuery(query: Query): ListingState {
  const pageRaw = Number(Array.isArray(query.page) ? query.page[0] : query.page);
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 && pageRaw <= 1000 ? pageRaw : 1;
  const sortRaw = Array.isArray(query.sort) ? query.sort[0] : query.sort;
  const sort = SORT_OPTIONS.find((o) => o.key === sortRaw)?.key ?? 'relevance';
  const filters: ListingState['filters'] = {};
  for (const field of FILTER_FIELDS) {
    const allowed = SHOP_BY_VALUES[field] as readonly string[];
    const chosen = [...new Set(values(query[field]).filter((v) => allowed.includes(v)))];
    if (chosen.length > 0) filters[field] = chosen;
  }
  return { page, sort, filters };
}

/**
 * The URL of a listing state on a base path, keeping extra parameters (search, shopBy).
 * @example listingHref('/product-category/roses', { page: 2, sort: 'relevance', filters: {} }) // '/product-category/roses?page=2'
 */
export function listingHref(basePath: string, state: ListingState, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  for (const field of FILTER_FIELDS) {
    const chosen = state.filters[field];
    if (chosen?.length) params.set(field, chosen.join(','));
  }
  if (state.sort !== 'relevance') params.set('sort', state.sort);
  if (state.page > 1) params.set('page', String(state.page));
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

/** The paginate call's sort and filter parameters for a state. */
export function paginateParams(state: ListingState): Record<string, string | undefined> {
  const option = SORT_OPTIONS.find((o) => o.key === state.sort)!;
  const params: Record<string, string | undefined> = { sortField: option.sortField, sortType: option.sortType };
  for (const field of FILTER_FIELDS) {
    const chosen = state.filters[field];
    if (chosen?.length) params[field] = chosen.join(',');
  }
  return params;
}
