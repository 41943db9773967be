/**
 * Goes to a back-office page with a full page load, never Next's client-side navigation: that
 * would fetch the page's data from `/_next/data/…/admin…json`, a path outside the session cookie's
 * `Path=/admin`, so getServerSideProps would not see who is signed in.
 */
export function fullPageLoad(path: '/admin' | '/admin/login'): void {
  window.location.assign(path);
}
