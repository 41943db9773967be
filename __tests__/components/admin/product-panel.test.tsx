/**
 * The products page's edit panel (/admin/products): only what changed is sent (a simple
 * product's price as typed, '45,000' as 45000; a size's price and stock by its SKU; stock and
 * availability); Save waits for a change; the server's refusal shows in the panel, and an accepted
 * change closes it and shows the product afterwards with the server's message. The list: search
 * and pages go to the server.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ProductPanel } from '@/components/admin/products/product-panel';
import { ProductList } from '@/components/admin/products/product-list';
import type { AdminProduct, AdminProductPage } from '@/lib/contracts/catalogue-admin';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const SIMPLE: AdminProduct = {
  id: 'p-1',
  name: 'Red Velvet – 24 red roses',
  slug: 'red-velvet',
  sku: 'RV-1',
  type: 'simple',
  price: 45_000,
  active: true,
  inStock: true,
  picture: { src: '/media/p/i-1.webp', alt: 'Red Velvet' },
  variants: [],
  updatedAt: '2027-02-10T10:00:00.000Z',
};

const SIZED: AdminProduct = {
  ...SIMPLE,
  id: 'p-2',
  name: 'Sunrise – mixed lilies',
  slug: 'sunrise',
  sku: 'SR',
  type: 'variable',
  price: 40_000,
  variants: [
    { sku: 'SR-STD', size: 'Standard', price: 40_000, inStock: true },
    { sku: 'SR-DLX', size: 'Deluxe', price: 60_000, inStock: true },
  ],
};

/** Answers PATCH with `answer` and records every body sent. */
function answerPatch(answer: (body: unknown) => { status: number; json: unknown }) {
  const sent: unknown[] = [];
  server.use(
    http.patch('*/admin/api/products/:id', async ({ request }) => {
      const body = await request.json();
      sent.push(body);
      const { status, json } = answer(body);
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
  );
  return sent;
}

it("sends a simple product's new price as a number and only what changed, then hands back the product and the message", async () => {
  const sent = answerPatch(() => ({ status: 200, json: { ...ok({ ...SIMPLE, price: 52_000, inStock: false }), message: 'Red Velvet – 24 red roses is changed' } }));
  const saved = jest.fn();
  render(<ProductPanel product={SIMPLE} onSaved={saved} onClose={() => undefined} />);
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();

  const price = screen.getByRole('textbox', { name: 'Price (₦)' });
  await userEvent.clear(price);
  await userEvent.type(price, '52,000');
  await userEvent.click(screen.getByRole('checkbox', { name: 'In stock' }));
  await userEvent.click(save);

  await waitFor(() => expect(saved).toHaveBeenCalledWith(expect.objectContaining({ price: 52_000, inStock: false }), 'Red Velvet – 24 red roses is changed'));
  expect(sent).toEqual([{ price: 52_000, inStock: false }]);
});

it("sends a size's price and stock by its SKU, and shows the server's refusal in the panel", async () => {
  const sent = answerPatch(() => ({ status: 400, json: fail(400, 'variants.0.price: must be at most ₦100,000,000') }));
  const saved = jest.fn();
  render(<ProductPanel product={SIZED} onSaved={saved} onClose={() => undefined} />);
  expect(screen.queryByRole('textbox', { name: 'Price (₦)' })).toBeNull();

  const deluxe = screen.getByRole('textbox', { name: /Deluxe price/ });
  await userEvent.clear(deluxe);
  await userEvent.type(deluxe, '999999999');
  await userEvent.click(screen.getByRole('checkbox', { name: 'Standard in stock' }));
  await userEvent.click(screen.getByRole('checkbox', { name: 'Sold in the shop' }));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));

  expect(await screen.findByRole('alert')).toHaveTextContent('variants.0.price: must be at most ₦100,000,000');
  expect(sent).toEqual([{ variants: [{ sku: 'SR-STD', inStock: false }, { sku: 'SR-DLX', price: 999_999_999 }], active: false }]);
  expect(saved).not.toHaveBeenCalled();
});

it('sends a price that is not a whole number as typed, so that the server names the problem', async () => {
  const sent = answerPatch(() => ({ status: 400, json: fail(400, 'price: must be a whole number of naira, e.g. 45000') }));
  render(<ProductPanel product={SIMPLE} onSaved={() => undefined} onClose={() => undefined} />);
  const price = screen.getByRole('textbox', { name: 'Price (₦)' });
  await userEvent.clear(price);
  await userEvent.type(price, 'forty');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('price: must be a whole number of naira, e.g. 45000');
  expect(sent).toEqual([{ price: 'forty' }]);
});

it('the list searches on the server, opens the panel under a product and shows it changed', async () => {
  const asked: string[] = [];
  server.use(
    http.get('*/admin/api/products', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url.search);
      const page: AdminProductPage = { rows: url.searchParams.get('q') ? [SIZED] : [SIMPLE, SIZED], total: url.searchParams.get('q') ? 1 : 60, page: Number(url.searchParams.get('page') ?? 1), pageSize: 25 };
      return HttpResponse.json(ok(page));
    }),
  );
  answerPatch(() => ({ status: 200, json: { ...ok({ ...SIMPLE, price: 50_000 }), message: 'Red Velvet – 24 red roses is changed' } }));
  render(<ProductList initialQuery="" initialPage={1} />);

  const products = within(await screen.findByRole('region', { name: 'Products' }));
  expect(products.getByText('60 products')).toBeInTheDocument();
  expect(products.getByText('Page 1 of 3')).toBeInTheDocument();
  expect(products.getByText('₦45,000')).toBeInTheDocument();
  expect(products.getByText('Deluxe ₦60,000')).toBeInTheDocument();
  // Each product opens its editor; a new one starts from 'New product'.
  expect(products.getByRole('link', { name: 'Edit Red Velvet – 24 red roses' })).toHaveAttribute('href', '/admin/products/p-1');
  expect(screen.getByRole('link', { name: 'New product' })).toHaveAttribute('href', '/admin/products/new');

  await userEvent.click(products.getByRole('button', { name: 'Quick edit Red Velvet – 24 red roses' }));
  const panel = within(screen.getByRole('form', { name: 'Change Red Velvet – 24 red roses' }));
  await userEvent.clear(panel.getByRole('textbox', { name: 'Price (₦)' }));
  await userEvent.type(panel.getByRole('textbox', { name: 'Price (₦)' }), '50000');
  await userEvent.click(panel.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Red Velvet – 24 red roses is changed');
  expect(screen.queryByRole('form')).toBeNull();
  expect(screen.getByText('₦50,000')).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await waitFor(() => expect(asked).toContain('?page=2'));
  await userEvent.type(screen.getByRole('searchbox', { name: 'Search products' }), 'sunrise');
  await userEvent.click(screen.getByRole('button', { name: 'Search' }));
  expect(await screen.findByText('1 product matches "sunrise"')).toBeInTheDocument();
  expect(asked.at(-1)).toBe('?q=sunrise&page=1');
  expect(window.location.search).toBe('?q=sunrise');
});
