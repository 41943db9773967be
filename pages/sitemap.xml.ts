/**
 * `/sitemap.xml`, generated from the database on each request: home, content pages, every
 * category, every active product and every blog post, as absolute URLs under SITE_URL. Caches
 * and crawlers may keep it for an hour.
 */
import type { GetServerSideProps } from 'next';
import { serverApi } from '@/lib/server/page-api';
import * as calls from '@/lib/api/calls';
import { BLOG_POSTS } from '@/lib/content/blog';
import { getConfig } from '@/lib/server/config';
import { buildSitemapXml, sitemapEntries } from '@/lib/seo/sitemap';

export const getServerSideProps: GetServerSideProps<Record<string, never>> = async ({ res }) => {
  const products = await calls.getAllProducts(serverApi());
  const xml = buildSitemapXml(sitemapEntries({ siteUrl: getConfig().siteUrl, products, posts: BLOG_POSTS }));
  res.setHeader('Content-Type', 'application/xml; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.end(xml);
  return { props: {} };
};

/** Never rendered: getServerSideProps has answered already. */
export default function Sitemap() {
  return null;
}
