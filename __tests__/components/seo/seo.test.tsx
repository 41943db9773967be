/**
 * <Seo> writes the page's head through Next's head manager: in the browser with Next's real
 * client head manager (after a client-side navigation the previous page's tags, JSON-LD included,
 * are replaced; untouched tags stay the same nodes). The server side: seo-server.test.tsx.
 */
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import initHeadManager from 'next/dist/client/head-manager';
import { HeadManagerContext } from 'next/dist/shared/lib/head-manager-context.shared-runtime';
import { Seo } from '@/components/seo/seo';
import { ShellProvider } from '@/lib/state/shell-context';
import { SHELL } from '../../helpers/render';

const roses = { '@context': 'https://schema.org', '@type': 'Product', name: 'Red </script> Roses' };
const crumbs = { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] };

const head = () => document.head;
const meta = (key: string) => head().querySelector(`meta[name="${key}"], meta[property="${key}"]`)?.getAttribute('content');
const canonical = () => head().querySelector('link[rel="canonical"]')?.getAttribute('href');
const jsonLd = () => [...head().querySelectorAll('script[type="application/ld+json"]')].map((s) => JSON.parse(s.textContent ?? '') as { '@type': string });

describe('in the browser', () => {
  const manager = initHeadManager();
  const page = (ui: ReactElement) => (
    <HeadManagerContext.Provider value={manager}>
      <ShellProvider value={SHELL}>{ui}</ShellProvider>
    </HeadManagerContext.Provider>
  );

  it("sets the page's tags and swaps them for the next page's after a client-side navigation", () => {
    const { rerender } = render(
      page(<Seo title="Red roses | Regal Flowers" description="Fresh red roses." path="/product/red-roses" image="/media/p/roses.webp" type="product" jsonLd={[roses, crumbs]} />),
    );
    expect(document.title).toBe('Red roses | Regal Flowers');
    expect(meta('description')).toBe('Fresh red roses.');
    expect(canonical()).toBe('https://shop.example/product/red-roses');
    expect(meta('og:type')).toBe('product');
    expect(meta('og:image')).toBe('https://shop.example/media/p/roses.webp');
    expect(meta('twitter:image')).toBe('https://shop.example/media/p/roses.webp');
    expect(meta('og:site_name')).toBe('Regal Flowers');
    expect(meta('viewport')).toBe('width=device-width');
    expect(head().querySelector('meta[charset]')).toHaveAttribute('charset', 'utf-8');
    expect(jsonLd().map((d) => d['@type'])).toEqual(['Product', 'BreadcrumbList']);
    expect(jsonLd()[0]).toEqual(roses);
    const siteName = head().querySelector('meta[property="og:site_name"]');

    rerender(page(<Seo title="Contact us | Regal Flowers" description="Call, write or visit." path="/contact" noIndex />));
    expect(document.title).toBe('Contact us | Regal Flowers');
    expect(meta('description')).toBe('Call, write or visit.');
    expect(canonical()).toBe('https://shop.example/contact');
    expect(meta('og:type')).toBe('website');
    expect(meta('og:image')).toBe('https://shop.example/favicon.svg');
    expect(meta('robots')).toBe('noindex');
    expect(jsonLd()).toEqual([]);
    expect(head().querySelectorAll('link[rel="canonical"]')).toHaveLength(1);
    expect(head().querySelectorAll('meta[name="description"]')).toHaveLength(1);
    // A tag that did not change is the same element: no churn in <head>.
    expect(head().querySelector('meta[property="og:site_name"]')).toBe(siteName);
  });
});
