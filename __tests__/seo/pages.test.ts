/** @jest-environment node */
import type { GetServerSidePropsContext } from 'next';
import type { ProductSummary } from '@/lib/contracts/catalogue';
import * as calls from '@/lib/api/calls';
import { BLOG_POSTS } from '@/lib/content/blog';
import { getServerSideProps as sitemapProps } from '@/pages/sitemap.xml';
import { getServerSideProps as robotsProps } from '@/pages/robots.txt';

jest.mock('@/lib/api/calls', () => ({ getAllProducts: jest.fn() }));
jest.mock('@/lib/server/config', () => ({ getConfig: () => ({ siteUrl: 'https://shop.example', port: 3000, businessId: 'regal' }) }));

const SITE = 'https://shop.example';

/** The parts of a server response the pages use, recording what they write. */
function fakeResponse() {
  const headers: Record<string, string> = {};
  let body = '';
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    end: (chunk: string) => void (body += chunk),
  };
  return { res, headers, body: () => body };
}

const context = (res: ReturnType<typeof fakeResponse>['res']) => ({ res, req: {}, query: {}, resolvedUrl: '/' }) as unknown as GetServerSidePropsContext;

const product = (slug: string, active: boolean) => ({ slug, active }) as ProductSummary;

describe('/sitemap.xml', () => {
  it('writes the catalogue, categories and posts as cacheable XML', async () => {
    jest.mocked(calls.getAllProducts).mockResolvedValue([product('red-velvet', true), product('old-one', false)]);
    const out = fakeResponse();
    await expect(sitemapProps(context(out.res))).resolves.toEqual({ props: {} });
    expect(out.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(out.headers['cache-control']).toBe('public, max-age=3600');
    const xml = out.body();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<urlset /);
    expect(xml).toContain(`<loc>${SITE}/product/red-velvet</loc>`);
    expect(xml).not.toContain('old-one');
    expect(xml).toContain(`<loc>${SITE}/product-category/birthday-flowers</loc>`);
    for (const post of BLOG_POSTS) expect(xml).toContain(`<url><loc>${SITE}/blog/${post.slug}</loc><lastmod>${post.publishedAt}</lastmod></url>`);
  });

  it('fails (and so answers 500) when the catalogue cannot be read, writing nothing', async () => {
    jest.mocked(calls.getAllProducts).mockRejectedValue(new Error('down'));
    const out = fakeResponse();
    await expect(sitemapProps(context(out.res))).rejects.toThrow('down');
    expect(out.body()).toBe('');
  });
});

describe('/robots.txt', () => {
  it('writes the rules as cacheable plain text', async () => {
    const out = fakeResponse();
    await expect(robotsProps(context(out.res))).resolves.toEqual({ props: {} });
    expect(out.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(out.headers['cache-control']).toBe('public, max-age=3600');
    expect(out.body()).toContain(`Sitemap: ${SITE}/sitemap.xml\n`);
  });
});
