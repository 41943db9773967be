/** @jest-environment node */
/**
 * <Seo> on the server: the tags it hands Next's head manager during the render are what the
 * document prints in <head> (next/head's charset and viewport first). The browser side:
 * seo.test.tsx; the built pages' HTML: e2e/content-pages.test.ts and e2e/storefront.test.ts.
 */
import type { ReactElement } from 'react';
import { renderToStaticMarkup, renderToString } from 'react-dom/server';
import { HeadManagerContext } from 'next/dist/shared/lib/head-manager-context.shared-runtime';
import { Seo } from '@/components/seo/seo';
import { ShellProvider } from '@/lib/state/shell-context';
import { SHELL } from '../../helpers/render';

const roses = {
  '@context': 'https://schema.org',
  '@type': 'Product',
  name: 'Red </script> Roses',
};

/** Renders the page as Next's server does and prints what the document would put in <head>. */
function serverHead(ui: ReactElement): string {
  let handed: ReactElement[] = [];
  const body = renderToString(
    <HeadManagerContext.Provider
      value={{
        updateHead: (state: ReactElement[]) => void (handed = state),
        mountedInstances: new Set(),
      }}
    >
      <ShellProvider value={SHELL}>{ui}</ShellProvider>
    </HeadManagerContext.Provider>,
  );
  expect(body).toBe('');
  return renderToStaticMarkup(<>{handed}</>);
}

it('hands the document every tag, with the charset and viewport first and JSON-LD that cannot close its script', () => {
  const html = serverHead(<Seo title="Red roses | Regal Flowers" description={'Fresh & red.'} path="/product/red-roses" jsonLd={[roses]} />);
  expect(html.startsWith('<meta charSet="utf-8"/><meta name="viewport" content="width=device-width"/><title>Red roses | Regal Flowers</title>')).toBe(true);
  expect(html).toContain('<meta name="description" content="Fresh &amp; red."/>');
  expect(html).toContain('<link rel="canonical" href="https://shop.example/product/red-roses"/>');
  expect(html).toContain('<meta property="og:url" content="https://shop.example/product/red-roses"/>');
  expect(html).toContain('<meta name="twitter:card" content="summary_large_image"/>');
  expect(html).not.toContain('noindex');
  expect(html).toContain('"name":"Red \\u003c/script> Roses"');
  expect(html).not.toContain('</script> Roses');
});

it('prints the tags in the order next/head printed them, robots after the canonical URL when asked', () => {
  const html = serverHead(<Seo title="T" description="D" path="/p" noIndex jsonLd={[{ a: 1 }]} />);
  expect(html.replace(/></g, '>\n<').split('\n')).toEqual([
    '<meta charSet="utf-8"/>',
    '<meta name="viewport" content="width=device-width"/>',
    '<title>T</title>',
    '<meta name="description" content="D"/>',
    '<link rel="canonical" href="https://shop.example/p"/>',
    '<meta name="robots" content="noindex"/>',
    '<meta property="og:site_name" content="Regal Flowers"/>',
    '<meta property="og:type" content="website"/>',
    '<meta property="og:title" content="T"/>',
    '<meta property="og:description" content="D"/>',
    '<meta property="og:url" content="https://shop.example/p"/>',
    '<meta property="og:image" content="https://shop.example/favicon.svg"/>',
    '<meta name="twitter:card" content="summary_large_image"/>',
    '<meta name="twitter:title" content="T"/>',
    '<meta name="twitter:description" content="D"/>',
    '<meta name="twitter:image" content="https://shop.example/favicon.svg"/>',
    '<script type="application/ld+json">{"a":1}</script>',
  ]);
});
