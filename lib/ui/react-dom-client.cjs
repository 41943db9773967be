/**
 * `react-dom/client` as the browser's bundle gets it (next.config.js points the name here for the
 * browser): React's own module, except that `hydrateRoot` hydrates as a transition, so React
 * renders the server's HTML into a live page a few milliseconds at a time and gives the main
 * thread back in between, instead of in one long task.
 *
 * Why: Next's pages router calls `hydrateRoot(...)` outside any transition, so React hydrates in
 * its default lane, which it renders without yielding: on a phone the whole page's hydration was
 * one task of 150-300 ms (total blocking time, and a tap that waits). In a transition React
 * renders with time slicing (a yield every 5 ms, the `scheduler`'s frame), and a tap or a
 * keystroke meanwhile goes first. The committed tree is the same; the commit is still one piece.
 * Next is the only caller of `hydrateRoot` in the shop.
 *
 * React is required by its file, not by its name, which would lead back here. The first-load
 * weight stays as it was: an import of `react-dom/client` in our own code instead made the
 * bundler split React DOM into one more chunk (0.5 kB more gzip on every page).
 * __tests__/lib/ui/react-dom-client.test.tsx shows the yields; every browser test fails if
 * pages stop hydrating.
 */
'use strict';

const { startTransition } = require('react');
const client = require('../../node_modules/react-dom/client.js');

module.exports = {
  ...client,
  hydrateRoot(container, children, options) {
    let root;
    startTransition(() => {
      root = client.hydrateRoot(container, children, options);
    });
    return root;
  },
};
