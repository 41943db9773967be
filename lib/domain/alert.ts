/**
 * Scrolling rules of the site-wide alert (spec section 9): it scrolls for max(30, length / 7)
 * seconds, and stays still on wider-than-mobile screens when three times its length is below 500.
 */

export const MOBILE_MAX_WIDTH = 768;

/**
 * @example alertScrollSeconds('x'.repeat(350)) // 50
 */
export function alertScrollSeconds(text: string): number {
  return Math.max(30, text.length / 7);
}

/**
 * @example alertIsStatic('Short note', 1280) // true
 */
export function alertIsStatic(text: string, viewportWidth: number): boolean {
  return viewportWidth > MOBILE_MAX_WIDTH && 3 * text.length < 500;
}
