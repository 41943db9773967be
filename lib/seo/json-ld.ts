/**
 * schema.org JSON-LD for search engines: pure builders that return plain objects, rendered by
 * `<Seo jsonLd={[...]} />` (components/seo/seo.tsx escapes them into a script tag). No React, no
 * Next, no I/O: pages pass what they already loaded.
 */
import type { ProductDetail } from '@/lib/contracts/catalogue';

const IN_STOCK = 'https://schema.org/InStock';
const OUT_OF_STOCK = 'https://schema.org/OutOfStock';
type Availability = typeof IN_STOCK | typeof OUT_OF_STOCK;

export type OfferJsonLd = {
  '@type': 'Offer';
  /** Whole naira as a string, e.g. "55000". */
  price: string;
  priceCurrency: 'NGN';
  availability: Availability;
  url: string;
};

export type AggregateOfferJsonLd = {
  '@type': 'AggregateOffer';
  lowPrice: string;
  highPrice: string;
  offerCount: number;
  priceCurrency: 'NGN';
  availability: Availability;
  url: string;
};

export type ProductJsonLd = {
  '@context': 'https://schema.org';
  '@type': 'Product';
  name: string;
  description: string;
  sku: string;
  url: string;
  image: string[];
  brand: { '@type': 'Brand'; name: string };
  offers: OfferJsonLd | AggregateOfferJsonLd;
  aggregateRating?: { '@type': 'AggregateRating'; ratingValue: number; reviewCount: number; bestRating: 5; worstRating: 1 };
  review?: ReviewJsonLd[];
};

export type ReviewJsonLd = {
  '@type': 'Review';
  reviewRating: { '@type': 'Rating'; ratingValue: number; bestRating: 5; worstRating: 1 };
  author: { '@type': 'Person'; name: string };
  /** YYYY-MM-DD. */
  datePublished: string;
  reviewBody?: string;
};

/** How many of the product's latest reviews the JSON-LD lists. */
export const JSON_LD_REVIEWS = 3;

export type BreadcrumbJsonLd = {
  '@context': 'https://schema.org';
  '@type': 'BreadcrumbList';
  itemListElement: { '@type': 'ListItem'; position: number; name: string; item: string }[];
};

/** An absolute URL for a site path (or an already absolute URL, unchanged). */
function absolute(siteUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${siteUrl.replace(/\/+$/, '')}${pathOrUrl.startsWith('/') ? '' : '/'}${pathOrUrl}`;
}

/** A product picture at the 800 px width the media route serves. */
function imageUrl(siteUrl: string, src: string): string {
  const url = absolute(siteUrl, src);
  return `${url}${url.includes('?') ? '&' : '?'}w=800`;
}

/**
 * The `Product` JSON-LD of a product page. Simple products carry one `Offer` at the product's
 * price; variable products an `AggregateOffer` over their sizes' prices. Prices are whole naira
 * as strings, currency NGN; the product is `InStock` only when it is active and in stock.
 * `aggregateRating` (from the product's `rating`, or `opts.rating` when given) is added only for
 * a rating with at least one review (search engines reject a rating of nothing), with the latest
 * few reviews as `review`. Review texts are shoppers' words: `<Seo>` escapes every `<` when it
 * writes the script tag, so a comment cannot close it.
 *
 * @example
 * productJsonLd(product, { siteUrl: 'https://shop.example', brandName: 'Regal Flowers' })
 * // { '@type': 'Product', name: 'Red Velvet – 24 red roses', sku: 'RF-001',
 * //   image: ['https://shop.example/media/p/1.webp?w=800'],
 * //   offers: { '@type': 'Offer', price: '55000', priceCurrency: 'NGN',
 * //             availability: 'https://schema.org/InStock', url: 'https://shop.example/product/red-velvet' }, ... }
 */
export function productJsonLd(
  product: ProductDetail,
  opts: { siteUrl: string; brandName: string; rating?: { value: number; count: number } },
): ProductJsonLd {
  const url = absolute(opts.siteUrl, `/product/${product.slug}`);
  const rating = opts.rating ?? (product.rating ? { value: product.rating.average, count: product.rating.count } : undefined);
  const reviews = (product.reviews ?? []).slice(0, JSON_LD_REVIEWS).map(
    (r): ReviewJsonLd => ({
      '@type': 'Review',
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
      author: { '@type': 'Person', name: r.authorName },
      datePublished: r.createdAt.slice(0, 10),
      ...(r.comment ? { reviewBody: r.comment } : {}),
    }),
  );
  const variantPrices = product.variants.map((v) => v.price);
  const availability: Availability =
    product.active && product.inStock && (product.type === 'simple' || product.variants.length === 0 || product.variants.some((v) => v.inStock))
      ? IN_STOCK
      : OUT_OF_STOCK;
  const offers: OfferJsonLd | AggregateOfferJsonLd =
    product.type === 'variable' && variantPrices.length > 0
      ? {
          '@type': 'AggregateOffer',
          lowPrice: String(Math.min(...variantPrices)),
          highPrice: String(Math.max(...variantPrices)),
          offerCount: variantPrices.length,
          priceCurrency: 'NGN',
          availability,
          url,
        }
      : { '@type': 'Offer', price: String(product.price), priceCurrency: 'NGN', availability, url };
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    description: product.description,
    sku: product.sku,
    url,
    image: product.images.map((image) => imageUrl(opts.siteUrl, image.src)),
    brand: { '@type': 'Brand', name: opts.brandName },
    offers,
    ...(rating && rating.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating' as const,
            ratingValue: rating.value,
            reviewCount: rating.count,
            bestRating: 5 as const,
            worstRating: 1 as const,
          },
          ...(reviews.length > 0 ? { review: reviews } : {}),
        }
      : {}),
  };
}

/**
 * The `BreadcrumbList` JSON-LD of a trail of pages, positions from 1, URLs made absolute.
 *
 * @example
 * breadcrumbJsonLd([{ name: 'Home', path: '/' }, { name: 'Roses', path: '/product-category/roses' }], 'https://shop.example')
 * // { '@type': 'BreadcrumbList', itemListElement: [
 * //   { '@type': 'ListItem', position: 1, name: 'Home', item: 'https://shop.example/' },
 * //   { '@type': 'ListItem', position: 2, name: 'Roses', item: 'https://shop.example/product-category/roses' } ] }
 */
export function breadcrumbJsonLd(items: { name: string; path: string }[], siteUrl: string): BreadcrumbJsonLd {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({ '@type': 'ListItem', position: i + 1, name: item.name, item: absolute(siteUrl, item.path) })),
  };
}
