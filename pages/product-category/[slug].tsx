import { Link } from '@/components/ui/link';
import type { InferGetServerSidePropsType } from 'next';
import { serverApi } from '@/lib/server/page-api';
import * as calls from '@/lib/api/calls';
import { ApiError } from '@/lib/api/client';
import { parseListingQuery, listingHref } from '@/lib/domain/listing';
import type { ListingData } from '@/lib/contracts/listing';
import { loadListing } from '@/lib/server/listing';
import type { Category } from '@/lib/contracts/catalogue';
import { withShell } from '@/lib/server/shell';
import { breadcrumbJsonLd } from '@/lib/seo/json-ld';
import { ProductListing } from '@/components/listing/product-listing';
import { Breadcrumbs, type Crumb } from '@/components/seo/breadcrumbs';
import { Seo } from '@/components/seo/seo';
import { useShell } from '@/lib/state/shell-context';

type Props = { category: Category; listing: ListingData; crumbs: Crumb[]; jsonLd: object[] };

export const getServerSideProps = withShell<Props, { slug: string }>(async (ctx, shell) => {
  const slug = ctx.params?.slug ?? '';
  let category;
  try {
    category = await calls.getCategory(serverApi(), slug);
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { notFound: true };
    throw error;
  }
  const state = parseListingQuery(ctx.query);
  const listing = await loadListing(state, { categories: slug });
  const crumbs = [
    { name: 'Home', path: '/' },
    { name: category.title, path: `/product-category/${category.slug}` },
  ];
  // JSON-LD is built here, so its builders stay out of the page's JavaScript.
  return { props: { category, listing, crumbs, jsonLd: [breadcrumbJsonLd(crumbs, shell.siteUrl)] } };
});

export default function CategoryPage({ category, listing, crumbs, jsonLd }: InferGetServerSidePropsType<typeof getServerSideProps>) {
  const shell = useShell();
  const basePath = `/product-category/${category.slug}`;
  const page = listing.state.page;
  return (
    <>
      <Seo
        title={`${category.title}${page > 1 ? ` – page ${page}` : ''} | ${shell.shopInfo.brandName}`}
        description={category.seoDescription}
        path={listingHref(basePath, { ...listing.state, sort: 'relevance', filters: {} })}
        image={listing.items[0]?.images[0] ? `${listing.items[0].images[0].src}?w=800` : undefined}
        jsonLd={jsonLd}
      />
      <ProductListing
        title={category.title}
        intro={<p>{category.intro}</p>}
        basePath={basePath}
        listing={listing}
        breadcrumb={<Breadcrumbs items={crumbs} />}
        emptyState={
          <>
            <h2>No products match these filters</h2>
            <p>
              Try removing a filter, or browse <Link href="/product-category/all">all products</Link>. Our florists in Lagos and Abuja can also make a custom
              arrangement: <Link href="/contact">contact us</Link>.
            </p>
          </>
        }
      />
    </>
  );
}
