/** The checkout's texts (spec section 8 where it names them), in one place for the page and its tests. */

export const CHECKOUT_TEXT = {
  updateFailed: (message: string) => `Unable to update order: ${message}`,
  loadFailed: 'We could not load your order. Check your connection and try again.',
  loading: 'Loading your order…',
} as const;

/** The message of a failed call (ApiError carries the server's), or a fallback. */
export const messageOf = (error: unknown): string => (error instanceof Error && error.message ? error.message : 'Please try again');
