/**
 * @jest-environment node
 *
 * On the server a Link is its <a> with the link's own props (no handlers to draw): the same markup
 * as the <a> written out, whatever the link carries.
 */
import { renderToString } from 'react-dom/server';
import { Link } from '@/components/ui/link';

test.each([
  [<Link href="/product-category/roses">Roses</Link>, <a href="/product-category/roses">Roses</a>],
  [
    <Link href="/product/red-roses" className="card" aria-label="Select size: Red Roses" onClick={() => undefined}>
      <img src="/media/p/1.webp" alt="" />
      SELECT SIZE
    </Link>,
    <a href="/product/red-roses" className="card" aria-label="Select size: Red Roses">
      <img src="/media/p/1.webp" alt="" />
      SELECT SIZE
    </a>,
  ],
  [
    <Link href="https://wa.me/2348000000000" target="_blank" rel="noreferrer">
      WhatsApp
    </Link>,
    <a href="https://wa.me/2348000000000" target="_blank" rel="noreferrer">
      WhatsApp
    </a>,
  ],
])('a link renders as its <a> (%#)', (link, anchor) => {
  expect(typeof window).toBe('undefined');
  expect(renderToString(link)).toBe(renderToString(anchor));
});
