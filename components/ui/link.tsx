/**
 * An in-app link: a real <a> that crawlers and no-JavaScript visitors follow, which the client
 * router takes over on a plain left click, with the page's code prefetched on hover or touch.
 * It does what we use of next/link for about a tenth of its weight in every page's first load.
 * Its handlers are shared by every link and read the address from the element: a page renders
 * 100-150 links, and the server renders them all again on every uncached page.
 */
import Router from 'next/router';
import type { AnchorHTMLAttributes, MouseEvent, SyntheticEvent } from 'react';
import { jsx } from 'react/jsx-runtime';

type Props = AnchorHTMLAttributes<HTMLAnchorElement> & { href: string };
type LinkEvent = SyntheticEvent<HTMLAnchorElement>;

/** Whether the client router should handle a link: same-site paths, not bare fragments. */
export function isAppPath(href: string): boolean {
  return href.startsWith('/') && !href.startsWith('//');
}

/** The client router, when it should take the link over (not before it is ready, nor outside Next). */
function routerFor(link: HTMLAnchorElement) {
  const target = link.target;
  return isAppPath(link.getAttribute('href') ?? '') && (!target || target === '_self') ? Router.router : null;
}

function follow(event: MouseEvent<HTMLAnchorElement>) {
  const link = event.currentTarget;
  const router = routerFor(link);
  if (!router || event.defaultPrevented || event.button || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  void router.push(link.getAttribute('href')!);
}

function prefetch(event: LinkEvent) {
  const link = event.currentTarget;
  routerFor(link)
    ?.prefetch(link.getAttribute('href')!)
    .catch(() => undefined);
}

/** The link's own handler, then ours. */
function both<E extends LinkEvent>(own: ((event: E) => void) | undefined, ours: (event: E) => void) {
  return own
    ? (event: E) => {
        own(event);
        ours(event);
      }
    : ours;
}

export function Link(props: Props) {
  // The server draws no handlers: the <a> takes the link's props as they are. Copying them with
  // three handlers added was 3-7% of an uncached category render (props of many shapes make V8's
  // object spread slow), for handlers the server never writes.
  if (typeof window === 'undefined') return jsx('a', props);
  return <a {...props} onClick={both(props.onClick, follow)} onMouseEnter={both(props.onMouseEnter, prefetch)} onTouchStart={both(props.onTouchStart, prefetch)} />;
}
