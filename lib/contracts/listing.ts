/**
 * What a listing page (category, VIP, filters) gets in its server-side props and the listing
 * component shows: the products of the URL's pages, loaded by lib/server/listing.ts.
 */
import type { ShopByField } from '@/lib/domain/catalogue';
import type { ListingState } from '@/lib/domain/listing';
import type { PaginateQuery, ProductSummary } from '@/lib/contracts/catalogue';

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
  /**
   * The shop-by filters with their labels, as the filter bar shows them. Sent with the page
   * rather than shipped in its JavaScript: the labels then cost the HTML a few hundred bytes
   * instead of every listing page's first load.
   */
  filters: FilterGroup[];
};

/** One shop-by filter: its field, its label and its values with theirs. */
export type FilterGroup = { field: ShopByField; label: string; options: { value: string; label: string }[] };
