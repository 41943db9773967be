import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { PurchasePanel } from '@/components/product/purchase-panel';
import { detail, withProviders } from '../fixtures';

const variable = detail({
  type: 'variable',
  price: 48000,
  variants: [
    { id: 'v1', name: 'Standard', sku: 'S-STD', price: 48000, inStock: true },
    { id: 'v2', name: 'Deluxe', sku: 'S-DLX', price: 77000, inStock: true },
    { id: 'v3', name: 'VIP', sku: 'S-VIP', price: 120000, inStock: false },
  ],
  designOptions: [
    { name: 'wrapped-bouquet', title: 'Wrapped Bouquet', price: 0 },
    { name: 'in-a-vase', title: 'In a Vase', price: 15000 },
  ],
});

describe('PurchasePanel', () => {
  it('asks for a size first, then prices size plus design', async () => {
    const onAdd = jest.fn();
    render(<PurchasePanel product={variable} onAdd={onAdd} />, { wrapper: withProviders('NGN') });
    expect(screen.getByRole('status')).toHaveTextContent(/^FROM₦48,000$/);
    expect(screen.getByRole('button', { name: 'SELECT SIZE' })).toBeDisabled();
    await userEvent.click(screen.getByRole('radio', { name: /Deluxe/ }));
    expect(screen.getByRole('status')).toHaveTextContent(/^₦77,000$/);
    await userEvent.click(screen.getByRole('radio', { name: /In a Vase/ }));
    expect(screen.getByRole('status')).toHaveTextContent(/^₦92,000$/);
    await userEvent.click(screen.getByRole('button', { name: 'ADD TO CART' }));
    expect(onAdd).toHaveBeenCalledWith(expect.objectContaining({ variant: expect.objectContaining({ sku: 'S-DLX' }), design: expect.objectContaining({ name: 'in-a-vase' }) }));
  });

  it('shows a sold-out size as unavailable', () => {
    render(<PurchasePanel product={variable} onAdd={jest.fn()} />, { wrapper: withProviders('NGN') });
    expect(screen.getByRole('radio', { name: /VIP/ })).toBeDisabled();
    expect(screen.getByText('Sold out')).toBeInTheDocument();
  });

  it('converts prices to the chosen currency', async () => {
    render(<PurchasePanel product={variable} onAdd={jest.fn()} />, { wrapper: withProviders('GBP') });
    await userEvent.click(screen.getByRole('radio', { name: /Standard/ }));
    expect(screen.getByRole('status')).toHaveTextContent(/^£54$/);
  });

  it('offers only a disabled Out of Stock for an unavailable product', () => {
    render(<PurchasePanel product={detail({ inStock: false })} onAdd={jest.fn()} />, { wrapper: withProviders() });
    expect(screen.getByRole('button', { name: 'Out of Stock' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'ADD TO CART' })).not.toBeInTheDocument();
  });
});
