import { fireEvent, render, screen } from '@testing-library/react';
import { isAppPath, Link } from '@/components/ui/link';

const push = jest.fn(() => Promise.resolve(true));
const prefetch = jest.fn(() => Promise.resolve());
jest.mock('next/router', () => ({ __esModule: true, default: { get router() { return { push, prefetch }; } } }));

beforeEach(() => {
  push.mockClear();
  prefetch.mockClear();
});

describe('Link', () => {
  it('is a real link that the client router takes over on a plain click', () => {
    render(<Link href="/product-category/roses">Roses</Link>);
    const link = screen.getByRole('link', { name: 'Roses' });
    expect(link).toHaveAttribute('href', '/product-category/roses');
    expect(fireEvent.click(link)).toBe(false); // default prevented
    expect(push).toHaveBeenCalledWith('/product-category/roses');
  });

  it('leaves modified clicks, new tabs and other sites to the browser', () => {
    render(
      <>
        <Link href="/contact">Contact</Link>
        <Link href="/blog" target="_blank">
          Blog
        </Link>
        <Link href="https://wa.me/234">WhatsApp</Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'Contact' }), { ctrlKey: true });
    fireEvent.click(screen.getByRole('link', { name: 'Blog' }));
    fireEvent.click(screen.getByRole('link', { name: 'WhatsApp' }));
    expect(push).not.toHaveBeenCalled();
  });

  it('prefetches the page on hover', () => {
    render(<Link href="/vip-flowers">VIP</Link>);
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'VIP' }));
    expect(prefetch).toHaveBeenCalledWith('/vip-flowers');
  });

  it('prefetches on touch, and passes its attributes on', () => {
    render(
      <Link href="/contact" className="cta" aria-current="page">
        Contact
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Contact' });
    expect(link).toHaveClass('cta');
    expect(link).toHaveAttribute('aria-current', 'page');
    fireEvent.touchStart(link);
    expect(prefetch).toHaveBeenCalledWith('/contact');
  });

  it("runs the link's own handlers first; one that prevents the default keeps the router out", () => {
    const seen: string[] = [];
    render(
      <>
        <Link href="/checkout" onClick={() => seen.push('closed the menu')} onMouseEnter={() => seen.push('hovered')}>
          Checkout
        </Link>
        <Link href="/cart" onClick={(event) => event.preventDefault()}>
          Cart
        </Link>
      </>,
    );
    fireEvent.mouseEnter(screen.getByRole('link', { name: 'Checkout' }));
    fireEvent.click(screen.getByRole('link', { name: 'Checkout' }));
    expect(seen).toEqual(['hovered', 'closed the menu']);
    expect(prefetch).toHaveBeenCalledWith('/checkout');
    expect(push).toHaveBeenCalledWith('/checkout');
    push.mockClear();
    fireEvent.click(screen.getByRole('link', { name: 'Cart' }));
    expect(push).not.toHaveBeenCalled();
  });

  it.each([
    ['/x', true],
    ['//evil.example', false],
    ['#top', false],
    ['https://shop.example', false],
  ])('isAppPath(%s) is %s', (href, expected) => {
    expect(isAppPath(href)).toBe(expected);
  });
});
