/**
 * The product editor (/admin/products/new and /admin/products/{id}): a new product's fields are
 * checked with the shop's contract before anything is sent (each problem beside its field), its
 * slug follows its title, 'Add the product' sends the whole fields and goes to its page; the
 * server's refusal shows beside the field it names. A product's page sends only what changed
 * (sizes as the whole list), shows the saved notice, deactivates, duplicates (to the copy's page)
 * and links to its pictures with their count.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { ProductEditor } from '@/components/admin/products/product-editor';
import type { AdminProductDetail, ProductChoices } from '@/lib/contracts/catalogue-admin';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const V1 = '5b0f6a4e-1c2d-4e3f-8a9b-0c1d2e3f4a5b';
const V2 = '6c1a7b5f-2d3e-4f40-9bac-1d2e3f4a5b6c';

const CHOICES: ProductChoices = {
  categories: [
    { slug: 'birthday-flowers', title: 'Birthday Flowers', navGroup: 'Occasions' },
    { slug: 'anniversary-flowers', title: 'Anniversary Flowers', navGroup: 'Occasions' },
    { slug: 'roses', title: 'Roses', navGroup: 'Flower Types' },
  ],
  designOptions: [
    { name: 'wrapped-bouquet', title: 'Wrapped Bouquet', price: 0 },
    { name: 'in-a-vase', title: 'In a Vase', price: 15_000 },
  ],
};

const PRODUCT: AdminProductDetail = {
  id: 'p-1',
  name: 'Sunrise – mixed lilies',
  slug: 'sunrise',
  sku: 'SR',
  type: 'variable',
  price: 40_000,
  active: true,
  inStock: true,
  picture: { src: '/media/p/i-1.webp', alt: 'Sunrise' },
  variants: [
    { sku: 'SR-STD', size: 'Standard', price: 40_000, inStock: true },
    { sku: 'SR-DLX', size: 'Deluxe', price: 60_000, inStock: true },
  ],
  updatedAt: '2027-02-10T10:00:00.000Z',
  createdAt: '2027-01-10T10:00:00.000Z',
  pictures: 3,
  formerSlugs: ['sunrise-lilies'],
  fields: {
    name: 'Sunrise – mixed lilies',
    slug: 'sunrise',
    description: 'Lilies at dawn.',
    sku: 'SR',
    variants: [
      { id: V1, name: 'Standard', sku: 'SR-STD', price: 40_000, inStock: true },
      { id: V2, name: 'Deluxe', sku: 'SR-DLX', price: 60_000, inStock: true },
    ],
    designOptions: ['in-a-vase'],
    categories: ['birthday-flowers'],
    flowerType: ['fresh flowers'],
    design: ['bouquets'],
    packages: [],
    delivery: [],
    flowerName: ['lilies'],
    budget: 'regular',
    productClass: 'flowers',
    relevanceOrder: 100,
    related: ['red-velvet'],
    inStock: true,
    active: true,
  },
};

/** Answers the editor's read, and records the writes with the given answers. */
function serve(product: AdminProductDetail | null, answers: { post?: () => Response; patch?: (body: unknown) => Response; duplicate?: () => Response } = {}) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  server.use(
    http.get('*/admin/api/products/:id', () => HttpResponse.json(ok({ product, choices: CHOICES }))),
    http.post('*/admin/api/products', async ({ request }) => {
      sent.push({ method: 'POST', url: new URL(request.url).pathname, body: await request.json() });
      return answers.post?.() ?? HttpResponse.json(fail(500, 'not expected'), { status: 500 });
    }),
    http.patch('*/admin/api/products/:id', async ({ request }) => {
      const body = await request.json();
      sent.push({ method: 'PATCH', url: new URL(request.url).pathname, body });
      return answers.patch?.(body) ?? HttpResponse.json(fail(500, 'not expected'), { status: 500 });
    }),
    http.post('*/admin/api/products/:id/duplicate', ({ request }) => {
      sent.push({ method: 'POST', url: new URL(request.url).pathname, body: null });
      return answers.duplicate?.() ?? HttpResponse.json(fail(500, 'not expected'), { status: 500 });
    }),
  );
  return sent;
}

describe('a new product', () => {
  it('shows each problem beside its field before sending anything', async () => {
    const sent = serve(null);
    render(<ProductEditor id={null} go={jest.fn()} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Add the product' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(/fields need a change/);
    expect(screen.getByLabelText('Title')).toHaveAccessibleDescription(/must not be empty/);
    expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(/must be lower-case words joined by hyphens|must not be empty/);
    expect(screen.getByLabelText('Description')).toHaveAccessibleDescription(/must not be empty/);
    expect(screen.getByLabelText('SKU')).toHaveAccessibleDescription(/must not be empty/);
    expect(screen.getByLabelText('Price (₦)')).toHaveAccessibleDescription(/is required for a product without sizes/);
    expect(screen.getByLabelText('Title')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('must name at least one category')).toBeInTheDocument();
    expect(sent).toEqual([]);

    // Each problem goes as its field is put right.
    await userEvent.type(screen.getByLabelText('Title'), 'Ruby');
    expect(screen.getByLabelText('Title')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Slug')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('SKU')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent('4 fields need a change');
  });

  it('sends the whole fields (slug from the title, two sizes) and goes to the new product; a taken slug shows beside the slug', async () => {
    let answer = () => HttpResponse.json(fail(409, 'slug: "ruby-roses" is the address of another product (Ruby)'), { status: 409 });
    const sent = serve(null, { post: () => answer() });
    const go = jest.fn();
    render(<ProductEditor id={null} go={go} />);

    await userEvent.type(await screen.findByLabelText('Title'), 'Ruby Roses');
    await userEvent.type(screen.getByLabelText('Subtitle'), '12 red roses');
    expect(screen.getByLabelText('Slug')).toHaveValue('ruby-roses');
    await userEvent.type(screen.getByLabelText('Description'), 'Twelve red roses.');
    await userEvent.type(screen.getByLabelText('SKU'), 'RR-1');
    await userEvent.click(screen.getByRole('radio', { name: 'Sizes, each with its own price' }));
    const first = within(screen.getByRole('listitem', { name: 'Size 1' }));
    expect(first.getByLabelText('Size')).toHaveValue('Standard');
    expect(first.getByLabelText('SKU')).toHaveValue('RR-1-STD');
    await userEvent.type(first.getByLabelText('Price (₦)'), '35,000');
    await userEvent.click(screen.getByRole('button', { name: 'Add a size' }));
    const second = within(screen.getByRole('listitem', { name: 'Size 2' }));
    await userEvent.type(second.getByLabelText('Size'), 'Deluxe');
    await userEvent.type(second.getByLabelText('SKU'), 'RR-1-DLX');
    await userEvent.type(second.getByLabelText('Price (₦)'), '55000');
    await userEvent.click(within(screen.getByRole('group', { name: 'Flower Types' })).getByRole('checkbox', { name: 'Roses' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Birthday Flowers' }));
    await userEvent.click(screen.getByRole('checkbox', { name: 'Fresh flowers' }));
    await userEvent.click(screen.getByRole('checkbox', { name: /In a Vase/ }));
    await userEvent.selectOptions(screen.getByLabelText('Budget'), 'vip');
    await userEvent.click(screen.getByRole('button', { name: 'Add the product' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      method: 'POST',
      url: '/admin/api/products',
      body: {
        name: 'Ruby Roses – 12 red roses',
        slug: 'ruby-roses',
        description: 'Twelve red roses.',
        sku: 'RR-1',
        variants: [
          { name: 'Standard', sku: 'RR-1-STD', price: 35_000, inStock: true },
          { name: 'Deluxe', sku: 'RR-1-DLX', price: 55_000, inStock: true },
        ],
        designOptions: ['in-a-vase'],
        categories: ['roses', 'birthday-flowers'],
        flowerType: ['fresh flowers'],
        design: [],
        packages: [],
        delivery: [],
        flowerName: [],
        budget: 'vip',
        productClass: 'flowers',
        relevanceOrder: 100,
        related: [],
        inStock: true,
        active: false,
      },
    });
    // The server's refusal, beside the field it names.
    await waitFor(() => expect(screen.getByLabelText('Slug')).toHaveAccessibleDescription(/"ruby-roses" is the address of another product \(Ruby\)/));
    expect(screen.getByLabelText('Slug')).toHaveAttribute('aria-invalid', 'true');
    expect(go).not.toHaveBeenCalled();

    answer = () => HttpResponse.json({ ...ok({ ...PRODUCT, id: 'p-new' }), message: 'Ruby Roses – 12 red roses is added' }, { status: 201 });
    await userEvent.clear(screen.getByLabelText('Slug'));
    await userEvent.type(screen.getByLabelText('Slug'), 'ruby-roses-12');
    await userEvent.click(screen.getByRole('button', { name: 'Add the product' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/admin/products/p-new?added=1'));
    expect((sent[1]!.body as { slug: string }).slug).toBe('ruby-roses-12');
  });
});

describe("a product's page", () => {
  it('sends only what changed (the sizes as the whole list) and shows the saved notice', async () => {
    const sent = serve(PRODUCT, {
      patch: (body) => HttpResponse.json({ ...ok({ ...PRODUCT, name: 'Sunrise – lilies at dawn', fields: { ...PRODUCT.fields, name: 'Sunrise – lilies at dawn', ...(body as object) } }), message: 'Sunrise – lilies at dawn is changed' }),
    });
    render(<ProductEditor id="p-1" go={jest.fn()} />);
    expect(await screen.findByRole('heading', { name: 'Sunrise – mixed lilies' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Pictures (3)' })).toHaveAttribute('href', '/admin/products/p-1/pictures');
    expect(screen.getByText('/product/sunrise-lilies')).toBeInTheDocument();

    await userEvent.clear(screen.getByLabelText('Subtitle'));
    await userEvent.type(screen.getByLabelText('Subtitle'), 'lilies at dawn');
    const deluxe = within(screen.getByRole('listitem', { name: 'Size 2' }));
    await userEvent.clear(deluxe.getByLabelText('Price (₦)'));
    await userEvent.type(deluxe.getByLabelText('Price (₦)'), '65000');
    // Actions wait for the changes to be saved.
    expect(screen.getByRole('button', { name: 'Duplicate' })).toBeDisabled();
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Sunrise – lilies at dawn is changed');
    expect(sent).toEqual([
      {
        method: 'PATCH',
        url: '/admin/api/products/p-1',
        body: {
          name: 'Sunrise – lilies at dawn',
          variants: [
            { id: V1, name: 'Standard', sku: 'SR-STD', price: 40_000, inStock: true },
            { id: V2, name: 'Deluxe', sku: 'SR-DLX', price: 65_000, inStock: true },
          ],
        },
      },
    ]);
    expect(screen.getByRole('heading', { name: 'Sunrise – lilies at dawn' })).toBeInTheDocument();
  });

  it("puts a refused size removal under the sizes, deactivates, and duplicates to the copy's page", async () => {
    const sent = serve(PRODUCT, {
      patch: (body) =>
        (body as { active?: boolean }).active === false
          ? HttpResponse.json({ ...ok({ ...PRODUCT, active: false, fields: { ...PRODUCT.fields, active: false } }), message: 'Sunrise – mixed lilies is changed' })
          : HttpResponse.json(fail(409, 'variants: the size Deluxe (SR-DLX) is on 2 orders and cannot be removed; keep it and mark it out of stock instead'), { status: 409 }),
      duplicate: () => HttpResponse.json({ ...ok({ ...PRODUCT, id: 'p-copy' }), message: 'made' }, { status: 201 }),
    });
    const go = jest.fn();
    render(<ProductEditor id="p-1" go={go} />);
    await userEvent.click(await screen.findByRole('button', { name: 'Remove size Deluxe' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(/the size Deluxe \(SR-DLX\) is on 2 orders and cannot be removed/)).toBeInTheDocument();
    expect(sent.at(-1)!.body).toEqual({ variants: [{ id: V1, name: 'Standard', sku: 'SR-STD', price: 40_000, inStock: true }] });

    await userEvent.click(screen.getByRole('button', { name: 'Undo changes' }));
    expect(screen.getByRole('listitem', { name: 'Size 2' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Deactivate' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sunrise – mixed lilies is no longer sold in the shop');
    expect(sent.at(-1)!.body).toEqual({ active: false });
    expect(screen.getByText('Not sold')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Activate' })).toBeEnabled();

    await userEvent.click(screen.getByRole('button', { name: 'Duplicate' }));
    await waitFor(() => expect(go).toHaveBeenCalledWith('/admin/products/p-copy?copied=1'));
    expect(sent.at(-1)).toEqual({ method: 'POST', url: '/admin/api/products/p-1/duplicate', body: null });
  });

  it('adds and orders related products found by search', async () => {
    const sent = serve(PRODUCT, { patch: () => HttpResponse.json({ ...ok(PRODUCT), message: 'Sunrise – mixed lilies is changed' }) });
    server.use(
      http.get('*/admin/api/products', () =>
        HttpResponse.json(ok({ rows: [{ ...PRODUCT, id: 'p-9', name: 'Ivory Grace – white roses', slug: 'ivory-grace' }, PRODUCT], total: 2, page: 1, pageSize: 25 })),
      ),
    );
    render(<ProductEditor id="p-1" go={jest.fn()} />);
    await userEvent.type(await screen.findByLabelText('Find a product to relate'), 'ivory{Enter}');
    const found = within(await screen.findByRole('list', { name: 'Products found' }));
    // The product itself is not offered.
    expect(found.queryByText('Sunrise – mixed lilies')).toBeNull();
    await userEvent.click(found.getByRole('button', { name: 'Add Ivory Grace – white roses' }));
    await userEvent.click(screen.getByRole('button', { name: 'Up ivory-grace' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({ related: ['ivory-grace', 'red-velvet'] });
  });
});
