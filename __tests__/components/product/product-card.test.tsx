import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { ProductCard } from '@/components/product/product-card';
import { DEFAULT_CURRENCIES } from '@/lib/domain/money';
import { summary } from '../fixtures';

const [NGN, USD] = DEFAULT_CURRENCIES as [(typeof DEFAULT_CURRENCIES)[0], (typeof DEFAULT_CURRENCIES)[0]];

describe('ProductCard', () => {
  it('shows the title, subtitle and price in the currency', () => {
    render(<ProductCard product={summary()} currency={USD} />);
    expect(screen.getByRole('heading', { name: 'Red Velvet Romance' })).toBeInTheDocument();
    expect(screen.getByText('24 red roses')).toBeInTheDocument();
    expect(screen.getByText('$79')).toBeInTheDocument();
  });

  it('offers Buy Now (or a supplied text) for an available simple product', async () => {
    const onBuy = jest.fn();
    const { rerender } = render(<ProductCard product={summary()} currency={NGN} onBuy={onBuy} />);
    await userEvent.click(screen.getByRole('button', { name: 'Buy Now' }));
    expect(onBuy).toHaveBeenCalledWith(expect.objectContaining({ slug: 'red-velvet-romance' }));
    rerender(<ProductCard product={summary()} currency={NGN} onBuy={onBuy} buttonText="ADD TO CART" />);
    expect(screen.getByRole('button', { name: 'ADD TO CART' })).toBeEnabled();
  });

  it('shows FROM and SELECT SIZE for a variable product', () => {
    render(<ProductCard product={summary({ type: 'variable', price: 48000 })} currency={NGN} onBuy={jest.fn()} />);
    expect(screen.getByText('FROM')).toBeInTheDocument();
    expect(screen.getByText('₦48,000')).toBeInTheDocument();
    const select = screen.getByRole('link', { name: /Select size/ });
    expect(select).toHaveTextContent('SELECT SIZE');
    expect(select).toHaveAttribute('href', '/product/red-velvet-romance');
    expect(screen.queryByText('ADD TO CART')).not.toBeInTheDocument();
  });

  it.each([
    ['inactive', { active: false }],
    ['out of stock', { inStock: false }],
  ])('disables the button with Out of Stock when %s', (_, overrides) => {
    render(<ProductCard product={summary({ ...overrides, type: 'variable' })} currency={NGN} onBuy={jest.fn()} />);
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByText('SELECT SIZE')).not.toBeInTheDocument();
  });

  it('has the second picture ready for hover only when there is one', () => {
    const { container, rerender } = render(<ProductCard product={summary()} currency={NGN} priority />);
    expect(container.querySelectorAll('img')).toHaveLength(2);
    rerender(<ProductCard product={summary({ images: [{ src: '/media/p/a.webp', alt: 'Roses' }] })} currency={NGN} priority />);
    expect(container.querySelectorAll('img')).toHaveLength(1);
  });

  it('sends the second picture in the server HTML only once hydrated, and a lazy picture as its box and fallback', () => {
    const html = renderToString(<ProductCard product={summary()} currency={NGN} />);
    expect(html.match(/<img /g)).toHaveLength(2); // the first picture's box and its <noscript> fallback
    expect(html).not.toContain('/media/p/b.webp');
    expect(html).toContain('data-src="/media/p/a.webp"');
    expect(html).toContain('<noscript><img class="image" src="/media/p/a.webp?w=800" alt="Red roses, front view" width="800" height="800"/></noscript>');
    expect(html).not.toMatch(/sizes=|decoding=|srcSet=/);
  });

  it('loads a priority picture at once, at high priority, offering a card\'s widths, 400 and 800 px', () => {
    render(<ProductCard product={summary()} currency={NGN} priority />);
    const img = screen.getByAltText('Red roses, front view');
    expect(img).toHaveAttribute('srcset', '/media/p/a.webp?w=400 400w, /media/p/a.webp?w=800 800w');
    expect(img).toHaveAttribute('sizes', '(max-width: 768px) 50vw, 25vw');
    expect(img).toHaveAttribute('fetchpriority', 'high');
    expect(img).not.toHaveAttribute('decoding');
    expect(img).toHaveAttribute('width', '800');
    expect(img).toHaveAttribute('height', '800');
  });
});
