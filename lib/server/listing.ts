/** Loads what a listing URL shows, through lib/api, for a page's getServerSideProps. */
import * as calls from '@/lib/api/calls';
import type { PaginateQuery } from '@/lib/contracts/catalogue';
import type { FilterGroup, ListingData } from '@/lib/contracts/listing';
import { SHOP_BY_VALUES } from '@/lib/domain/catalogue';
import { FILTER_FIELDS, PAGE_SIZE, paginateParams, type ListingState } from '@/lib/domain/listing';
import { shopByLabel, SHOP_BY_FIELD_LABELS } from '@/lib/domain/shop-by-labels';
import { serverApi } from '@/lib/server/page-api';

/** Up to this many pages are rendered together when a link asks for a later page. */
export const MAX_PAGES_TOGETHER = 4;

/**
 * How to fetch what a listing URL shows: pages 1..page together when few, else that page alone.
 * @example firstFetch(3) // { pageNumber: 1, pageSize: 72, firstPage: 1 }
 */
export function firstFetch(page: number): { pageNumber: number; pageSize: number; firstPage: number } {
  if (page <= MAX_PAGES_TOGETHER) return { pageNumber: 1, pageSize: PAGE_SIZE * page, firstPage: 1 };
  return { pageNumber: page, pageSize: PAGE_SIZE, firstPage: page };
}

/** Every shop-by filter with its values, labelled. */
export const FILTER_GROUPS: FilterGroup[] = FILTER_FIELDS.map((field) => ({
  field,
  label: SHOP_BY_FIELD_LABELS[field],
  options: (SHOP_BY_VALUES[field] as readonly string[]).map((value) => ({ value, label: shopByLabel(value) })),
}));

export async function loadListing(state: ListingState, fixed: Partial<PaginateQuery>): Promise<ListingData> {
  const { pageNumber, pageSize, firstPage } = firstFetch(state.page);
  const page = await calls.paginateProducts(serverApi(), { ...paginateParams(state), ...fixed, pageNumber, pageSize });
  return { state, items: page.items, total: page.total, totalPages: Math.ceil(page.total / PAGE_SIZE), firstPage, fixed, filters: FILTER_GROUPS };
}
