/**
 * @jest-environment node
 *
 * On the server a Link is its <a> with the link's own props (no handlers to draw): the same markup
 * as the <a> written out, whatever the link carries.
 */
import { createElement, type ComponentProps } from 'react';
import { renderToString } from 'react-dom/server';
import { Link } from '@/components/ui/link';

const CASES: ComponentProps<typeof Link>[] = [
  { href: '/product-category/roses', children: 'Roses' },
  {
    href: '/product/red-roses',
    className: 'card',
    'aria-label': 'Select size: Red Roses',
    onClick: () => undefined,
    children: [createElement('img', { key: 'p', src: '/media/p/1.webp', alt: '' }), 'SELECT SIZE'],
  },
  { href: 'https://wa.me/2348000000000', target: '_blank', rel: 'noreferrer', children: 'WhatsApp' },
];

test.each(CASES)('a link renders as its <a> ($href)', (props) => {
  expect(typeof window).toBe('undefined');
  const { onClick, ...attributes } = props;
  expect(typeof onClick === 'function' || onClick === undefined).toBe(true);
  expect(renderToString(<Link {...props} />)).toBe(renderToString(createElement('a', attributes)));
});
