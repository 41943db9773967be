/**
 * `/robots.txt`: crawl everything but checkout and the API; the sitemap's absolute address
 * comes from SITE_URL.
 */
import type { GetServerSideProps } from 'next';
import { getConfig } from '@/lib/server/config';
import { buildRobotsTxt } from '@/lib/seo/sitemap';

export const getServerSideProps: GetServerSideProps<Record<string, never>> = async ({ res }) => {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.setHeader('Cache-Control', 'public, max-age=3600');
  res.end(buildRobotsTxt(getConfig().siteUrl));
  return { props: {} };
};

/** Never rendered: getServerSideProps has answered already. */
export default function Robots() {
  return null;
}
