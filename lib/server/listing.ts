/** Loads what a listing URL shows, through lib/api, for a page's getServerSideProps. */
import { serverApi } from '@/lib/api/server';
import * as calls from '@/lib/api/calls';
import type { PaginateQuery, ProductSummary } from '@/lib/contracts/catalogue';
import { PAGE_SIZE, paginateParams, type ListingState } from '@/lib/domain/listing';

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

export type ListingData = {
  state: ListingState;
  items: ProductSummary[];
  total: number;
  /** Pages of PAGE_SIZE products in all. */
  totalPages: number;
  /** The first page the items start at (1, or the page asked for when it is far). */
  firstPage: number;
  /** The fixed query of this listing (category, budget, search), for fetching more in the browser. */
  fixed: Partial<PaginateQuery>;
};

export async function loadListing(state: ListingState, fixed: Partial<PaginateQuery>): Promise<ListingData> {
  const { pageNumber, pageSize, firstPage } = firstFetch(state.page);
  const page = await calls.paginateProducts(serverApi(), { ...paginateParams(state), ...fixed, pageNumber, pageSize });
  return { state, items: page.items, total: page.total, totalPages: Math.ceil(page.total / PAGE_SIZE), firstPage, fixed };
}
