/**
 * A page's search-engine and sharing tags: unique title, meta description, canonical URL from
 * SITE_URL, Open Graph and Twitter cards, and JSON-LD blocks. Every storefront page renders one,
 * and only one: it owns the whole <head> that Next fills from pages.
 *
 * It talks to Next's head manager directly instead of going through next/head, whose collector
 * (merging and de-duplicating the tags of several <Head>s) cost about 1 kB of every page's
 * first-load JavaScript for a job that one component per page does not need. The manager is the
 * one next/head uses: on the server the tags handed to it during the render are what the
 * document's <head> prints (so this list starts with next/head's own two defaults, the charset and
 * the viewport); in the browser it swaps the previous page's tags for these after a client-side
 * navigation. __tests__/components/seo/seo.test.tsx and the e2e SEO checks pin both sides.
 */
import { useContext, useEffect, type ReactElement } from 'react';
import { HeadManagerContext } from 'next/dist/shared/lib/head-manager-context.shared-runtime';
import { useShell } from '@/lib/state/shell-context';

type Props = {
  title: string;
  description: string;
  /** Path of the canonical URL, e.g. '/product/red-velvet' (query strings left out unless meaningful). */
  path: string;
  /** Absolute or site-relative image for sharing cards. */
  image?: string;
  type?: 'website' | 'product' | 'article';
  jsonLd?: object[];
  noIndex?: boolean;
};

/** Escapes `<` so that JSON-LD text can never close its script tag. */
export function jsonLdScript(data: object): string {
  return JSON.stringify(data).replace(/</g, '\\u003c');
}

const NO_JSON_LD: object[] = [];

/** The tags with which Next starts every page's head (next/head's defaults). */
const DEFAULT_TAGS = [<meta key="charset" charSet="utf-8" />, <meta key="viewport" name="viewport" content="width=device-width" />];

export function Seo({ title, description, path, image, type = 'website', jsonLd = NO_JSON_LD, noIndex = false }: Props) {
  const { siteUrl, shopInfo } = useShell();
  const headManager = useContext(HeadManagerContext);
  const url = `${siteUrl}${path}`;
  const imageUrl = image ? (image.startsWith('http') ? image : `${siteUrl}${image}`) : `${siteUrl}/favicon.svg`;
  /** A meta tag: [attribute (name or property), its value, content]. */
  const meta = ([attribute, key, content]: [string, string, string]) => <meta key={key} {...{ [attribute]: key }} content={content} />;
  const cards: [string, string, string][] = [
    ['property', 'og:site_name', shopInfo.brandName],
    ['property', 'og:type', type],
    ['property', 'og:title', title],
    ['property', 'og:description', description],
    ['property', 'og:url', url],
    ['property', 'og:image', imageUrl],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', title],
    ['name', 'twitter:description', description],
    ['name', 'twitter:image', imageUrl],
  ];
  const tags: ReactElement[] = [
    ...DEFAULT_TAGS,
    <title key="title">{title}</title>,
    meta(['name', 'description', description]),
    <link key="canonical" rel="canonical" href={url} />,
    ...(noIndex ? [meta(['name', 'robots', 'noindex'])] : []),
    ...cards.map(meta),
    ...jsonLd.map((data, i) => <script key={`ld${i}`} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />),
  ];
  // Server: the document prints what the render handed over.
  if (typeof window === 'undefined') headManager?.updateHead?.(tags);
  // Browser: after a client-side navigation, replace the previous page's tags; on the first load
  // the server's tags are already equal and stay untouched.
  useEffect(() => {
    headManager?.updateHead?.(tags);
    // The tags follow from these values alone.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [headManager, title, description, url, imageUrl, type, noIndex, jsonLd]);
  return null;
}
