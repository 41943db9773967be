import { Link } from '@/components/ui/link';
import type { InferGetServerSidePropsType } from 'next';
import type { PaginateQuery } from '@/lib/contracts/catalogue';
import { DEFAULT_CATEGORY } from '@/lib/domain/catalogue';
import { parseListingQuery } from '@/lib/domain/listing';
import { shopByFilter } from '@/lib/domain/shop-by';
import { shopByLabel } from '@/lib/domain/shop-by-labels';
import type { ListingData } from '@/lib/contracts/listing';
import { loadListing } from '@/lib/server/listing';
import { withShell } from '@/lib/server/shell';
import { ProductListing } from '@/components/listing/product-listing';
import { Seo } from '@/components/seo/seo';
import { useShell } from '@/lib/state/shell-context';

const first = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v)?.trim() ?? '';

type Props = {
  listing: ListingData;
  search: string;
  shopBy: string | null;
  /** The shop-by value's label for the heading ('Shop by Roses'). */
  shopByLabel: string | null;
  unknownShopBy: string | null;
  extra: Record<string, string>;
};

export const getServerSideProps = withShell<Props>(async (ctx) => {
  const search = first(ctx.query.search).slice(0, 100);
  const shopBy = first(ctx.query.shopBy);
  if (!search && !shopBy) return { redirect: { destination: `/product-category/${DEFAULT_CATEGORY}`, permanent: false } };
  const state = parseListingQuery(ctx.query);
  const filter = shopBy ? shopByFilter(shopBy) : null;
  const fixed: Partial<PaginateQuery> = {};
  const extra: Record<string, string> = {};
  if (search) {
    fixed.searchValue = search.toLowerCase();
    extra.search = search;
  }
  if (shopBy) {
    extra.shopBy = shopBy.replace(/\+/g, ' ');
    if (filter) {
      // The shop-by value joins whatever the shopper picked in the same group.
      const picked = new Set([...(state.filters[filter.field] ?? []), filter.value]);
      state.filters = { ...state.filters, [filter.field]: [...picked] };
    }
  }
  const listing = await loadListing(state, fixed);
  return { props: { listing, search, shopBy: filter ? filter.value : null, shopByLabel: filter ? shopByLabel(filter.value) : null, unknownShopBy: shopBy && !filter ? shopBy : null, extra } };
});

export default function FiltersPage({ listing, search, shopBy, shopByLabel: label, unknownShopBy, extra }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  const title = search ? `Search results for “${search}”` : label ? `Shop by ${label}` : 'All products';
  const description = search
    ? `Flowers and gifts matching “${search}”, delivered the same day in Lagos and Abuja.`
    : `${label ?? 'All'} flowers and gifts from ${shell.shopInfo.brandName}, delivered the same day in Lagos and Abuja.`;
  return (
    <>
      <Seo title={`${title} | ${shell.shopInfo.brandName}`} description={description} path={shopBy ? `/filters?shopBy=${shopBy.replace(/ /g, '+')}` : '/filters'} noIndex={Boolean(search)} />
      <ProductListing
        title={title}
        intro={unknownShopBy ? <p>We do not have a “{unknownShopBy}” selection, so here is everything we carry.</p> : undefined}
        basePath="/filters"
        extra={extra}
        listing={listing}
        hideFilters={[]}
        emptyState={
          <>
            <h2>{search ? `Nothing matches “${search}”` : 'Nothing here right now'}</h2>
            <p>
              Check the spelling or try a broader word such as “roses”, “lilies” or “birthday”. You can also browse{' '}
              <Link href="/product-category/anniversary-flowers">anniversary flowers</Link>, <Link href="/product-category/birthday-flowers">birthday flowers</Link>{' '}
              or <Link href="/product-category/gifts">gifts</Link>.
            </p>
          </>
        }
      />
    </>
  );
}
