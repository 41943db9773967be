import type { InferGetServerSidePropsType } from 'next';
import { Link } from '@/components/ui/link';
import { parseListingQuery, listingHref } from '@/lib/domain/listing';
import type { ListingData } from '@/lib/contracts/listing';
import { loadListing } from '@/lib/server/listing';
import { withShell } from '@/lib/server/shell';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { ProductListing } from '@/components/listing/product-listing';
import { Breadcrumbs } from '@/components/seo/breadcrumbs';
import { Seo } from '@/components/seo/seo';
import { useShell } from '@/lib/state/shell-context';

const crumbs = [
  { name: 'Home', path: '/' },
  { name: 'VIP Flowers', path: '/vip-flowers' },
];

const INTRO =
  'For the moments that deserve more: hundreds of premium roses, towering arrangements and luxury boxes, made by our senior florists and delivered with care across Lagos and Abuja.';

export const getServerSideProps = withShell<{ listing: ListingData; jsonLd: object[]; intro: string }>(async (ctx, shell) => {
  const state = parseListingQuery(ctx.query);
  state.filters = { ...state.filters, budget: undefined };
  const listing = await loadListing(state, { budget: 'vip' });
  // The intro travels as page data, not as JavaScript.
  return { props: { listing, jsonLd: [breadcrumbJsonLd(crumbs, shell.siteUrl)], intro: INTRO } };
});

export default function VipFlowersPage({ listing, jsonLd, intro }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  return (
    <>
      <Seo
        title={`VIP Flowers – grand luxury arrangements in Lagos and Abuja | ${shell.shopInfo.brandName}`}
        description="Our VIP collection: grand rose displays, luxury boxes and statement arrangements, hand-made and delivered the same day in Lagos and Abuja."
        path={listingHref('/vip-flowers', { ...listing.state, sort: 'relevance', filters: {} })}
        jsonLd={jsonLd}
      />
      <ProductListing
        title="VIP Flowers"
        intro={<p>{intro}</p>}
        basePath="/vip-flowers"
        listing={listing}
        hideFilters={['budget']}
        breadcrumb={<Breadcrumbs items={crumbs} />}
        emptyState={
          <p>
            Our VIP collection is being refreshed. <Link href="/contact">Call us</Link> for a bespoke arrangement.
          </p>
        }
      />
    </>
  );
}
