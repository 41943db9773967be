/** @jest-environment node */
import { CATEGORY_SLUGS } from '@/lib/domain/categories';
import { buildRobotsTxt, buildSitemapXml, escapeXml, sitemapEntries, STATIC_SITEMAP_PATHS } from '@/lib/seo/sitemap';

const SITE = 'https://shop.example';

describe('escapeXml', () => {
  it.each([
    ['plain', 'plain'],
    ['a&b', 'a&amp;b'],
    ['<tag attr="x">', '&lt;tag attr=&quot;x&quot;&gt;'],
    ["it's", 'it&apos;s'],
    ['&amp;', '&amp;amp;'],
  ])('%s', (text, escaped) => {
    expect(escapeXml(text)).toBe(escaped);
  });
});

describe('buildSitemapXml', () => {
  it('writes an empty urlset', () => {
    expect(buildSitemapXml([])).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</urlset>\n');
  });

  it.each([
    [{ loc: `${SITE}/` }, `<url><loc>${SITE}/</loc></url>`],
    [{ loc: `${SITE}/blog/a`, lastmod: '2026-02-14' }, `<url><loc>${SITE}/blog/a</loc><lastmod>2026-02-14</lastmod></url>`],
    [{ loc: `${SITE}/filters?shopBy=same+day+delivery&page=2` }, `<url><loc>${SITE}/filters?shopBy=same+day+delivery&amp;page=2</loc></url>`],
    [{ loc: `${SITE}/q?x=<'">` }, `<url><loc>${SITE}/q?x=&lt;&apos;&quot;&gt;</loc></url>`],
  ])('writes %o', (entry, line) => {
    expect(buildSitemapXml([entry])).toContain(`\n${line}\n`);
  });

  it('keeps the entries in order, one url each', () => {
    const xml = buildSitemapXml([{ loc: `${SITE}/a` }, { loc: `${SITE}/b` }, { loc: `${SITE}/c` }]);
    expect([...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1])).toEqual([`${SITE}/a`, `${SITE}/b`, `${SITE}/c`]);
    expect(xml.match(/<url>/g)).toHaveLength(3);
  });
});

describe('sitemapEntries', () => {
  const products = [
    { slug: 'red-velvet', active: true },
    { slug: 'retired-bouquet', active: false },
    { slug: 'peace-lily', active: true },
  ];
  const posts = [{ slug: 'how-to-keep-roses-fresh', publishedAt: '2026-01-20' }];
  const entries = sitemapEntries({ siteUrl: SITE, products, posts });
  const locs = entries.map((e) => e.loc);

  it('lists home, the content pages and every category', () => {
    expect(locs[0]).toBe(`${SITE}/`);
    for (const path of STATIC_SITEMAP_PATHS) expect(locs).toContain(`${SITE}${path}`);
    for (const slug of CATEGORY_SLUGS) expect(locs).toContain(`${SITE}/product-category/${slug}`);
  });

  it('lists active products only', () => {
    expect(locs).toContain(`${SITE}/product/red-velvet`);
    expect(locs).toContain(`${SITE}/product/peace-lily`);
    expect(locs).not.toContain(`${SITE}/product/retired-bouquet`);
  });

  it('lists blog posts with their publication date', () => {
    expect(entries).toContainEqual({ loc: `${SITE}/blog/how-to-keep-roses-fresh`, lastmod: '2026-01-20' });
  });

  it('leaves out checkout, order tracking and the 404 page', () => {
    for (const path of ['/checkout', '/order-tracker', '/404']) expect(locs.some((l) => l.startsWith(`${SITE}${path}`))).toBe(false);
  });

  it.each([SITE, `${SITE}/`, `${SITE}///`])('every URL is absolute under the site URL %s, once', (siteUrl) => {
    const all = sitemapEntries({ siteUrl, products, posts }).map((e) => e.loc);
    expect(all).toHaveLength(1 + STATIC_SITEMAP_PATHS.length + CATEGORY_SLUGS.length + 2 + 1);
    expect(new Set(all).size).toBe(all.length);
    for (const loc of all) expect(loc).toMatch(new RegExp(`^${SITE}/(?!/)`));
  });

  it('lists a product given twice once', () => {
    const twice = sitemapEntries({ siteUrl: SITE, products: [products[0]!, products[0]!], posts: [] });
    expect(twice.filter((e) => e.loc === `${SITE}/product/red-velvet`)).toHaveLength(1);
  });
});

describe('buildRobotsTxt', () => {
  it.each([SITE, `${SITE}/`])('allows the shop, keeps crawlers out of checkout and the API, points at the sitemap (%s)', (siteUrl) => {
    expect(buildRobotsTxt(siteUrl)).toBe(
      ['User-agent: *', 'Allow: /', 'Disallow: /checkout', 'Disallow: /api/', 'Disallow: /v1/', 'Disallow: /dev/', `Sitemap: ${SITE}/sitemap.xml`, ''].join('\n'),
    );
  });
});
