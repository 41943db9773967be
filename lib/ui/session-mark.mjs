/**
 * A constant inline script in every page's <head> (pages/_document.tsx) that marks <html> with
 * `data-signed-in` when the browser holds a shopper's session: the user record with its token
 * (storage key `userData`) written by this version of the shop (`syncVersion`, which
 * `migrateStorage()` would otherwise wipe). It runs before the first paint, so CSS can leave out
 * what the server rendered for guests only (the checkout's guest greeting) before any of our
 * code has loaded; after hydration the page's own state decides. Allowed by its hash in the CSP
 * (scripts/inline-script-hashes.mjs). The storage names and version are written out here, as the
 * script cannot import them; __tests__/lib/ui/session-mark.test.ts ties them to
 * lib/state/storage.ts.
 */
export const SIGNED_IN_ATTRIBUTE = 'data-signed-in';

export const SESSION_MARK = `try{var s=localStorage,u=JSON.parse(s.getItem('userData')||'null');if(u&&u.authToken&&Number(s.getItem('syncVersion'))>=3)document.documentElement.setAttribute('${SIGNED_IN_ATTRIBUTE}','')}catch(e){}`;
