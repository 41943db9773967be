/** A product's name as the shop writes it: a title, an en dash, a subtitle. */

/**
 * Splits a product name on its first en dash into title and subtitle.
 * @example splitProductName('Red Velvet – 24 red roses') // { title: 'Red Velvet', subtitle: '24 red roses' }
 */
export function splitProductName(name: string): { title: string; subtitle: string } {
  const at = name.indexOf('\u2013');
  if (at < 0) return { title: name.trim(), subtitle: '' };
  return { title: name.slice(0, at).trim(), subtitle: name.slice(at + 1).trim() };
}
