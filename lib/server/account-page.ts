/**
 * getServerSideProps of the shopper's account pages (/account…): the shell, and `private,
 * no-store`. The HTML itself holds nothing personal (the data is read in the browser with the
 * bearer token), but a page only a logged-in shopper can use has no business in a shared cache.
 */
import type { GetServerSidePropsContext } from 'next';
import type { ParsedUrlQuery } from 'node:querystring';
import { withShell } from '@/lib/server/shell';

export const ACCOUNT_CACHE_CONTROL = 'private, no-store';

/** `props(ctx)`: the page's own props (e.g. the order number from the path, the delivery settings). */
export function accountPage<P extends Record<string, unknown> = Record<string, never>, Q extends ParsedUrlQuery = ParsedUrlQuery>(
  props?: (ctx: GetServerSidePropsContext<Q>) => P | Promise<P>,
) {
  return withShell<P, Q>(async (ctx) => {
    ctx.res.setHeader('Cache-Control', ACCOUNT_CACHE_CONTROL);
    return { props: props ? await props(ctx) : ({} as P) };
  });
}
