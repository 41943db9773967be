/**
 * Markup that every page showing the same data repeats (the main menu's link groups, the
 * footer's columns, a listing's cards): the server draws it once per data object and writes the
 * HTML it kept on every later page; the browser renders and hydrates it as any other content.
 *
 * Why: the server renders a whole page again on every page-cache miss, and the header and footer
 * are about a third of a category page's elements, the same on every page. React keeps no markup
 * of its own between renders.
 *
 * The markup is React's own (lib/ui/markup-cache.ts: `renderToString` of the same component), so
 * the page's HTML is byte for byte what an ordinary render writes and hydration finds what it
 * expects. That holds for a component whose markup depends on its `data` alone, hence:
 * - `data` is kept by identity (a WeakMap): it must not change once drawn; a new shell (30 s, or a
 *   settings write) brings new objects, and their markup is drawn again;
 * - `of` reads no context (no `useShell`, router or currency) and calls no `useId`: a nested
 *   render has neither the page's providers nor its place in the tree. State and handlers are
 *   fine: the server draws the first state, as it would in the page. What React would put
 *   elsewhere (a Suspense boundary left for the browser, a hoisted `<link>`, `<meta>` or
 *   `<title>`) is not kept: such a part renders in place (lib/ui/markup-cache.ts).
 * __tests__/lib/ui/kept-markup.test.tsx holds the shop's uses to that: the same HTML with and
 * without the kept markup.
 */
import type { ComponentType, ReactElement } from 'react';
import { jsx } from 'react/jsx-runtime';

/** The server's markup cache (lib/ui/markup-cache.ts), registered on globalThis under `Symbol.for('shop.markup-cache')`. */
export type MarkupCache = <D extends object>(of: ComponentType<{ data: D }>, data: D) => string | undefined;

type Kept<D extends object> = { as: 'div' | 'article'; className: string | undefined; of: ComponentType<{ data: D }>; data: D };

/**
 * The element on the server. A component of its own, without hooks: the nested render of a miss
 * resets React's hook state for the component rendering at the time, which only one that uses no
 * hooks can afford (its caller's `useId` and later hooks would break).
 */
function KeptOnServer<D extends object>({ as, className, of, data }: Kept<D>): ReactElement {
  // The key is written out: an exported constant would stay in the browser's bundle.
  const html = (globalThis as Record<symbol, MarkupCache | undefined>)[Symbol.for('shop.markup-cache')]?.(of, data);
  // Without a cache (tests, tools), or for a part that cannot be kept, it renders in place.
  return html === undefined ? jsx(as, { className, children: jsx(of, { data }) }) : jsx(as, { className, dangerouslySetInnerHTML: { __html: html } });
}

/**
 * `<as className>` around `of` drawn from `data`: `kept('div', styles.groups, LinkGroups, menu.groups)`.
 * `typeof window` is known at build time: the browser's bundle keeps only the last line.
 */
export function kept<D extends object>(as: 'div' | 'article', className: string | undefined, of: ComponentType<{ data: D }>, data: D): ReactElement {
  if (typeof window === 'undefined') return jsx(KeptOnServer<D>, { as, className, of, data });
  return jsx(as, { className, children: jsx(of, { data }) });
}
