/**
 * Markup that every page showing the same data repeats (the main menu's link groups, the
 * footer's columns): the server draws it once per data object and writes the HTML it kept on
 * every later page; the browser renders and hydrates it as any other content.
 *
 * Why: the server renders a whole page again on every page-cache miss, and the header and footer
 * are about 40% of a category page's elements, the same on every page. React keeps no markup of
 * its own between renders.
 *
 * The markup is React's own (lib/ui/markup-cache.ts: `renderToString` of the same component), so
 * the page's HTML is byte for byte what an ordinary render writes and hydration finds what it
 * expects. That holds for a component whose markup depends on its `data` alone, hence:
 * - `data` is kept by identity (a WeakMap): it must not change once drawn; a new shell (30 s, or a
 *   settings write) brings new objects, and their markup is drawn again;
 * - `of` reads no context (no `useShell`, router or currency) and calls no `useId`: a nested
 *   render has neither the page's providers nor its place in the tree. State and handlers are
 *   fine: the server draws the first state, as it would in the page.
 * __tests__/lib/ui/kept-markup.test.tsx holds the shop's uses to that: the same HTML with and
 * without the kept markup.
 */
import type { ComponentType, ReactElement } from 'react';
import { jsx } from 'react/jsx-runtime';

/** The server's markup cache (lib/ui/markup-cache.ts), registered on globalThis under `Symbol.for('shop.markup-cache')`. */
export type MarkupCache = <D extends object>(of: ComponentType<{ data: D }>, data: D) => string;

/**
 * The content of an element that shows `of` drawn from `data`, to spread on it:
 * `<div className={styles.groups} {...keptMarkup(LinkGroups, menu.groups)} />`.
 */
export function keptMarkup<D extends object>(of: ComponentType<{ data: D }>, data: D): { children: ReactElement } | { dangerouslySetInnerHTML: { __html: string } } {
  // `typeof window` is known at build time: the browser's bundle keeps only the last line. Without
  // a cache (tests, tools), the server renders in place. The key is written out: an exported
  // constant would stay in the browser's bundle.
  if (typeof window === 'undefined') {
    const html = (globalThis as Record<symbol, MarkupCache | undefined>)[Symbol.for('shop.markup-cache')]?.(of, data);
    if (html !== undefined) return { dangerouslySetInnerHTML: { __html: html } };
  }
  return { children: jsx(of, { data }) };
}
