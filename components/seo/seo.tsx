/**
 * A page's search-engine and sharing tags: unique title, meta description, canonical URL from
 * SITE_URL, Open Graph and Twitter cards, and JSON-LD blocks. Every page renders one.
 */
import Head from 'next/head';
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

export function Seo({ title, description, path, image, type = 'website', jsonLd = [], noIndex = false }: Props) {
  const { siteUrl, shopInfo } = useShell();
  const url = `${siteUrl}${path}`;
  const imageUrl = image ? (image.startsWith('http') ? image : `${siteUrl}${image}`) : `${siteUrl}/favicon.svg`;
  return (
    <Head>
      <title>{title}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noIndex && <meta name="robots" content="noindex" />}
      <meta property="og:site_name" content={shopInfo.brandName} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={title} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={title} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      {jsonLd.map((data, i) => (
        <script key={i} type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonLdScript(data) }} />
      ))}
    </Head>
  );
}
