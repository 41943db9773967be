/**
 * `/sitemap.xml` and `/robots.txt` as pure functions: which pages the shop lists for search
 * engines, and their text. The pages in `pages/sitemap.xml.ts` and `pages/robots.txt.ts` load the
 * data and write the answer.
 */
import { CATEGORY_SLUGS } from '@/lib/domain/categories';

export type SitemapEntry = {
  /** Absolute URL. */
  loc: string;
  /** Date of the last change, YYYY-MM-DD (W3C date). */
  lastmod?: string;
};

/** Content pages that are always listed, beside home, products, categories and blog posts. */
export const STATIC_SITEMAP_PATHS = [
  '/vip-flowers',
  '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja',
  '/contact',
  '/blog',
  '/legal-terms',
  '/privacy-statement',
] as const;

/** Paths crawlers are asked not to visit (robots.txt `Disallow`); never listed in the sitemap. */
export const DISALLOWED_PATHS = ['/checkout', '/api/', '/v1/', '/dev/'] as const;

/** Escapes the five XML special characters. */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c]!);
}

/**
 * Every URL the sitemap lists, in order: home, content pages, categories, active products, blog
 * posts (with their publication date as `lastmod`). Paths become absolute under `siteUrl`;
 * inactive products are left out, and so is every path listed twice.
 *
 * @example
 * sitemapEntries({ siteUrl: 'https://shop.example', products: [{ slug: 'red-velvet', active: true }], posts: [] })
 * // [{ loc: 'https://shop.example/' }, { loc: 'https://shop.example/vip-flowers' }, ...,
 * //  { loc: 'https://shop.example/product/red-velvet' }]
 */
export function sitemapEntries(input: {
  siteUrl: string;
  products: readonly { slug: string; active: boolean }[];
  posts: readonly { slug: string; publishedAt: string }[];
}): SitemapEntry[] {
  const site = input.siteUrl.replace(/\/+$/, '');
  const entries: SitemapEntry[] = [
    { loc: `${site}/` },
    ...STATIC_SITEMAP_PATHS.map((path) => ({ loc: `${site}${path}` })),
    ...CATEGORY_SLUGS.map((slug) => ({ loc: `${site}/product-category/${encodeURIComponent(slug)}` })),
    ...input.products.filter((p) => p.active).map((p) => ({ loc: `${site}/product/${encodeURIComponent(p.slug)}` })),
    ...input.posts.map((post) => ({ loc: `${site}/blog/${encodeURIComponent(post.slug)}`, lastmod: post.publishedAt })),
  ];
  const seen = new Set<string>();
  return entries.filter((e) => !seen.has(e.loc) && seen.add(e.loc));
}

/**
 * The sitemap document (sitemaps.org 0.9) for the given entries, XML-escaped.
 *
 * @example
 * buildSitemapXml([{ loc: 'https://shop.example/filters?a=1&b=2', lastmod: '2026-01-31' }])
 * // '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n'
 * // + '<url><loc>https://shop.example/filters?a=1&amp;b=2</loc><lastmod>2026-01-31</lastmod></url>\n</urlset>\n'
 */
export function buildSitemapXml(entries: readonly SitemapEntry[]): string {
  const urls = entries.map(
    (e) => `<url><loc>${escapeXml(e.loc)}</loc>${e.lastmod ? `<lastmod>${escapeXml(e.lastmod)}</lastmod>` : ''}</url>\n`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('')}</urlset>\n`;
}

/**
 * The robots.txt text: everything allowed except checkout and the API, and where the sitemap is.
 *
 * @example
 * buildRobotsTxt('https://shop.example')
 * // 'User-agent: *\nAllow: /\nDisallow: /checkout\nDisallow: /api/\nSitemap: https://shop.example/sitemap.xml\n'
 */
export function buildRobotsTxt(siteUrl: string): string {
  const site = siteUrl.replace(/\/+$/, '');
  return ['User-agent: *', 'Allow: /', ...DISALLOWED_PATHS.map((p) => `Disallow: ${p}`), `Sitemap: ${site}/sitemap.xml`, ''].join('\n');
}
