/**
 * The server's cache of kept markup for lib/ui/kept-markup.ts: per component, per data
 * object (by identity), the HTML React's `renderToString` draws for it. pages/_document.tsx (a
 * server-only module, loaded with every page) installs it, so that `react-dom/server` never
 * reaches the browser's bundle.
 */
import type { ReactElement } from 'react';
import { jsx } from 'react/jsx-runtime';
import type { MarkupCache } from '@/lib/ui/kept-markup';

/** Where lib/ui/kept-markup.ts looks for the cache. */
export const MARKUP_CACHE = Symbol.for('shop.markup-cache');

/**
 * The same text as one flat string. React builds its markup by concatenation, a rope of thousands
 * of pieces that V8 walks again each time a page containing it is flattened (the whole page, once
 * per render): kept as it came, the footer and menus cost more per page than rendering them did.
 */
function flat(text: string): string {
  return JSON.parse(JSON.stringify(text)) as string;
}

/**
 * What React writes elsewhere than where the component stands: a Suspense boundary left for the
 * browser to render (`<!--$!-->`, or one still pending), and the tags it hoists to the page's head
 * (which a render of the part alone writes at its start). A part whose markup has one is not kept.
 */
const NOT_IN_PLACE = /<!--\$[!?]|^<(?:link|meta|title|script|style|base)[\s>/]/;

/**
 * A cache that draws with `render`; its entries go with their data objects. A part that cannot be
 * kept (NOT_IN_PLACE, or its render throws) answers undefined, once and for all for that object,
 * and renders in place.
 */
export function createMarkupCache(render: (element: ReactElement) => string): MarkupCache {
  const kept = new WeakMap<object, WeakMap<object, string | null>>();
  return (of, data) => {
    let byData = kept.get(of);
    if (!byData) kept.set(of, (byData = new WeakMap()));
    let html = byData.get(data);
    if (html === undefined) {
      try {
        const drawn = render(jsx(of, { data }));
        html = NOT_IN_PLACE.test(drawn) ? null : flat(drawn);
      } catch {
        html = null;
      }
      byData.set(data, html);
    }
    return html ?? undefined;
  };
}

/** Installs a cache for every kept() part of this process (undefined removes it). */
export function installMarkupCache(render: ((element: ReactElement) => string) | undefined): void {
  (globalThis as Record<symbol, MarkupCache | undefined>)[MARKUP_CACHE] = render && createMarkupCache(render);
}
