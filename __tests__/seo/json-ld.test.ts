/** @jest-environment node */
import type { ProductDetail } from '@/lib/contracts/catalogue';
import { breadcrumbJsonLd, productJsonLd } from '@/lib/seo/json-ld';

const SITE = 'https://shop.example';
const opts = { siteUrl: SITE, brandName: 'Regal Flowers' };

function product(overrides: Partial<ProductDetail> = {}): ProductDetail {
  return {
    id: '00000000-0000-4000-8000-000000000001',
    name: 'Red Velvet – 24 red roses',
    subtitle: '24 red roses',
    slug: 'red-velvet',
    price: 55000,
    sku: 'RF-001',
    type: 'simple',
    images: [
      { src: '/media/p/a1.webp', alt: 'Front' },
      { src: '/media/p/a2.webp', alt: 'Side' },
    ],
    active: true,
    inStock: true,
    relevanceOrder: 1,
    budget: 'regular',
    description: 'Two dozen red roses.',
    productClass: 'flowers',
    categories: ['roses'],
    flowerType: ['fresh flowers'],
    design: ['bouquets'],
    packages: [],
    delivery: ['same day delivery'],
    flowerName: ['roses'],
    variants: [],
    designOptions: [],
    relatedProducts: [],
    reviews: [],
    rating: null,
    ...overrides,
  };
}

const variant = (name: string, price: number, inStock = true) => ({ id: `v-${name}`, name, sku: `RF-001-${name}`, price, inStock });

describe('productJsonLd', () => {
  it('describes a simple product with one Offer in whole naira', () => {
    expect(productJsonLd(product(), opts)).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Red Velvet – 24 red roses',
      description: 'Two dozen red roses.',
      sku: 'RF-001',
      url: `${SITE}/product/red-velvet`,
      image: [`${SITE}/media/p/a1.webp?w=800`, `${SITE}/media/p/a2.webp?w=800`],
      brand: { '@type': 'Brand', name: 'Regal Flowers' },
      offers: {
        '@type': 'Offer',
        price: '55000',
        priceCurrency: 'NGN',
        availability: 'https://schema.org/InStock',
        url: `${SITE}/product/red-velvet`,
      },
    });
  });

  it.each([
    ['active and in stock', { active: true, inStock: true }, 'https://schema.org/InStock'],
    ['out of stock', { active: true, inStock: false }, 'https://schema.org/OutOfStock'],
    ['inactive', { active: false, inStock: true }, 'https://schema.org/OutOfStock'],
    ['inactive and out of stock', { active: false, inStock: false }, 'https://schema.org/OutOfStock'],
  ])('availability when %s', (_, flags, availability) => {
    expect(productJsonLd(product(flags), opts).offers.availability).toBe(availability);
  });

  it.each([
    ['three sizes', [variant('small', 30000), variant('large', 90000), variant('medium', 55000)], '30000', '90000', 3],
    ['one size', [variant('only', 42000)], '42000', '42000', 1],
    ['equal prices', [variant('a', 10000), variant('b', 10000)], '10000', '10000', 2],
  ])('variable product with %s has an AggregateOffer', (_, variants, lowPrice, highPrice, offerCount) => {
    const ld = productJsonLd(product({ type: 'variable', price: Number(lowPrice), variants }), opts);
    expect(ld.offers).toEqual({
      '@type': 'AggregateOffer',
      lowPrice,
      highPrice,
      offerCount,
      priceCurrency: 'NGN',
      availability: 'https://schema.org/InStock',
      url: `${SITE}/product/red-velvet`,
    });
  });

  it('a variable product whose sizes are all sold out is out of stock', () => {
    const ld = productJsonLd(product({ type: 'variable', variants: [variant('s', 1000, false), variant('l', 2000, false)] }), opts);
    expect(ld.offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it.each([
    ['no rating', undefined, undefined],
    ['a rating of nothing', { value: 0, count: 0 }, undefined],
    [
      'a rating',
      { value: 4.7, count: 31 },
      { '@type': 'AggregateRating', ratingValue: 4.7, reviewCount: 31, bestRating: 5, worstRating: 1 },
    ],
  ])('aggregateRating with %s', (_, rating, expected) => {
    const ld = productJsonLd(product(), { ...opts, rating });
    expect(ld.aggregateRating).toEqual(expected);
    expect('aggregateRating' in ld).toBe(expected !== undefined);
  });

  it.each([
    ['a site path', SITE, '/media/p/a.webp', `${SITE}/media/p/a.webp?w=800`],
    ['a site URL with a trailing slash', `${SITE}/`, '/media/p/a.webp', `${SITE}/media/p/a.webp?w=800`],
    ['a path with a query', SITE, '/media/p/a.webp?v=2', `${SITE}/media/p/a.webp?v=2&w=800`],
    ['an absolute URL', SITE, 'https://cdn.example/a.webp', 'https://cdn.example/a.webp?w=800'],
  ])('image from %s', (_, siteUrl, src, expected) => {
    expect(productJsonLd(product({ images: [{ src, alt: '' }] }), { ...opts, siteUrl }).image).toEqual([expected]);
  });

  it('survives JSON serialisation unchanged (plain data only)', () => {
    const ld = productJsonLd(product({ type: 'variable', variants: [variant('s', 1000)] }), { ...opts, rating: { value: 5, count: 1 } });
    expect(JSON.parse(JSON.stringify(ld))).toEqual(ld);
  });
});

describe('productJsonLd with reviews', () => {
  const review = (rating: number, comment: string, authorName: string, createdAt: string) => ({ rating, comment, authorName, createdAt });
  const reviews = [
    review(5, 'Stunning roses', 'Ada', '2026-11-20T10:00:00.000Z'),
    review(4, '', 'Bola', '2026-11-19T10:00:00.000Z'),
    review(3, 'A day late', 'Chidi', '2026-11-18T10:00:00.000Z'),
    review(5, 'Perfect', 'Dayo', '2026-11-17T10:00:00.000Z'),
  ];

  it('rates the product from its reviews and lists the latest three', () => {
    const ld = productJsonLd(product({ reviews, rating: { average: 4.3, count: 4 } }), opts);
    expect(ld.aggregateRating).toEqual({ '@type': 'AggregateRating', ratingValue: 4.3, reviewCount: 4, bestRating: 5, worstRating: 1 });
    expect(ld.review).toEqual([
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Ada' },
        datePublished: '2026-11-20',
        reviewBody: 'Stunning roses',
      },
      {
        '@type': 'Review',
        reviewRating: { '@type': 'Rating', ratingValue: 4, bestRating: 5, worstRating: 1 },
        author: { '@type': 'Person', name: 'Bola' },
        datePublished: '2026-11-19',
      },
      expect.objectContaining({ author: { '@type': 'Person', name: 'Chidi' }, reviewBody: 'A day late' }),
    ]);
  });

  it('adds neither rating nor reviews to a product nobody reviewed', () => {
    const ld = productJsonLd(product({ reviews: [], rating: null }), opts);
    expect('aggregateRating' in ld).toBe(false);
    expect('review' in ld).toBe(false);
  });
});

describe('breadcrumbJsonLd', () => {
  it.each([
    ['an empty trail', [], []],
    [
      'home and a category',
      [
        { name: 'Home', path: '/' },
        { name: 'Roses', path: '/product-category/roses' },
      ],
      [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
        { '@type': 'ListItem', position: 2, name: 'Roses', item: `${SITE}/product-category/roses` },
      ],
    ],
    [
      'three levels',
      [
        { name: 'Home', path: '/' },
        { name: 'Roses', path: '/product-category/roses' },
        { name: 'Red Velvet', path: '/product/red-velvet' },
      ],
      [
        { '@type': 'ListItem', position: 1, name: 'Home', item: `${SITE}/` },
        { '@type': 'ListItem', position: 2, name: 'Roses', item: `${SITE}/product-category/roses` },
        { '@type': 'ListItem', position: 3, name: 'Red Velvet', item: `${SITE}/product/red-velvet` },
      ],
    ],
  ])('%s', (_, items, itemListElement) => {
    expect(breadcrumbJsonLd(items, SITE)).toEqual({ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement });
  });
});
