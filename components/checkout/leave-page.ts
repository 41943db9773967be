/**
 * Leaves the shop for a provider's hosted payment page (a full page load, as the provider
 * expects). One function of its own so that component tests can watch it: jsdom's
 * `window.location.assign` cannot be replaced.
 */
export function leavePage(url: string): void {
  window.location.assign(url);
}
