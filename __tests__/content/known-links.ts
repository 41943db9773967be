/** Whether an internal link in the content points at a route the shop serves. */
import { BLOG_POSTS } from '@/lib/content/blog';
import { FAQ_PATH } from '@/lib/content/faq';
import { CATEGORY_SLUGS } from '@/lib/domain/categories';
import { shopByFilter } from '@/lib/domain/shop-by';

const PAGES = new Set(['/', '/contact', '/order-tracker', '/vip-flowers', '/legal-terms', '/privacy-statement', '/blog', FAQ_PATH]);

export function isKnownLink(href: string): boolean {
  if (PAGES.has(href)) return true;
  const category = /^\/product-category\/([a-z0-9-]+)$/.exec(href);
  if (category) return (CATEGORY_SLUGS as readonly string[]).includes(category[1]!);
  const shopBy = /^\/filters\?shopBy=([a-z+]+)$/.exec(href);
  if (shopBy) return shopByFilter(shopBy[1]!) !== null;
  const post = /^\/blog\/([a-z0-9-]+)$/.exec(href);
  if (post) return BLOG_POSTS.some((p) => p.slug === post[1]);
  return false;
}
