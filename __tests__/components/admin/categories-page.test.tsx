/**
 * /admin/categories: the category list opens a panel under a category that sends only what
 * changed (the order as a number), shows the server's refusal there, and after a save shows the
 * category changed with a link to its page; the featured groups say where each shows, flag
 * products the storefront skips, and the editor removes and adds products (found through the
 * product search) and sends the title and the list.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CategoryList } from '@/components/admin/categories/category-list';
import { CategoryPanel } from '@/components/admin/categories/category-panel';
import { FeaturedGroups } from '@/components/admin/categories/featured-groups';
import { featuredPlaces } from '@/components/admin/categories/category-text';
import type { AdminCategory, AdminFeaturedGroup } from '@/lib/contracts/categories-admin';
import type { AdminProduct, AdminProductPage } from '@/lib/contracts/catalogue-admin';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const BIRTHDAY: AdminCategory = {
  slug: 'birthday-flowers',
  title: 'Birthday Flowers',
  intro: 'Bright bouquets for the birthday person in your life.',
  seoDescription: 'Birthday flowers in Lagos and Abuja, delivered the same day.',
  navGroup: 'Occasions',
  sortOrder: 2,
};
const CANDLES: AdminCategory = { slug: 'scented-candles', title: 'Scented Candles', intro: 'Slow-burning candles.', seoDescription: 'Candles.', navGroup: 'Gifts', sortOrder: 20 };

/** Answers PATCH with `answer` and records every body sent. */
function answerPatch(answer: (body: Record<string, unknown>) => { status: number; json: unknown }) {
  const sent: unknown[] = [];
  server.use(
    http.patch('*/admin/api/categories/:slug', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const { status, json } = answer(body);
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
  );
  return sent;
}

it('the panel sends only what changed, the order as a number, and shows the server’s refusal', async () => {
  const sent = answerPatch(() => ({ status: 400, json: fail(400, 'seoDescription: must be at most 160 characters') }));
  const saved = jest.fn();
  render(<CategoryPanel category={BIRTHDAY} onSaved={saved} onClose={() => undefined} />);
  const save = screen.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();

  const seo = screen.getByRole('textbox', { name: 'SEO description' });
  await userEvent.type(seo, ' Order before noon.');
  expect(screen.getByText(/What search engines show under the page's title: 79 of 160 characters\./)).toBeInTheDocument();
  await userEvent.clear(screen.getByRole('textbox', { name: 'Order' }));
  await userEvent.type(screen.getByRole('textbox', { name: 'Order' }), '5');
  await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Navigation group' }), 'Gifts');
  await userEvent.click(save);

  expect(await screen.findByRole('alert')).toHaveTextContent('seoDescription: must be at most 160 characters');
  expect(sent).toEqual([{ seoDescription: `${BIRTHDAY.seoDescription} Order before noon.`, navGroup: 'Gifts', sortOrder: 5 }]);
  expect(saved).not.toHaveBeenCalled();
});

it('the list opens the panel under a category, and after a save shows it changed with a link to its page', async () => {
  server.use(http.get('*/admin/api/categories', () => HttpResponse.json(ok([BIRTHDAY, CANDLES]))));
  const intro = 'Balloons, cakes and bright bouquets for the birthday person.';
  const sent = answerPatch((body) => ({ status: 200, json: { ...ok({ ...BIRTHDAY, ...body }), message: 'Birthday Flowers is changed' } }));
  render(<CategoryList />);

  const list = within(await screen.findByRole('region', { name: 'Categories' }));
  expect(list.getByText('2 categories. The intro and SEO description show on each category\'s page.')).toBeInTheDocument();
  expect(list.getByRole('link', { name: '/product-category/scented-candles' })).toHaveAttribute('href', '/product-category/scented-candles');
  await userEvent.click(list.getByRole('button', { name: 'Edit Birthday Flowers' }));
  const panel = within(screen.getByRole('form', { name: 'Change Birthday Flowers' }));
  await userEvent.clear(panel.getByRole('textbox', { name: 'Intro' }));
  await userEvent.type(panel.getByRole('textbox', { name: 'Intro' }), intro);
  await userEvent.click(panel.getByRole('button', { name: 'Save' }));

  const status = await screen.findByRole('status');
  expect(status).toHaveTextContent('Birthday Flowers is changed. See the category page');
  expect(within(status).getByRole('link', { name: 'See the category page' })).toHaveAttribute('href', '/product-category/birthday-flowers');
  expect(sent).toEqual([{ intro }]);
  expect(screen.queryByRole('form')).toBeNull();
  expect(screen.getByText(intro)).toBeInTheDocument();
});

it('says where each featured group shows', () => {
  expect(featuredPlaces('gift')).toEqual(['in the Gifts menu', 'on the home page (Gifts to go with them)']);
  expect(featuredPlaces('occasion')).toEqual(['in the Occasions menu']);
  expect(featuredPlaces('valentine')).toEqual([]);
});

const GIFT: AdminFeaturedGroup = {
  key: 'gift',
  title: 'Gifts They Will Love',
  products: [
    { slug: 'ferrero-box', name: 'Ferrero Box – 24 pieces', active: true, inStock: true },
    { slug: 'red-wine', name: 'Red Wine – Merlot', active: true, inStock: false },
    { slug: 'old-bear', name: 'Old Bear – teddy', active: false, inStock: true },
    { slug: 'gone-cake', name: null, active: false, inStock: false },
  ],
};
const VALENTINE: AdminFeaturedGroup = { key: 'valentine', title: "Valentine's Day Favourites", products: [] };

function product(slug: string, name: string, active = true): AdminProduct {
  return { id: `id-${slug}`, name, slug, sku: slug.toUpperCase(), type: 'simple', price: 30_000, active, inStock: true, picture: null, variants: [], updatedAt: '2027-02-10T10:00:00.000Z' };
}

it('featured groups: flags what the storefront skips; the editor removes, finds and adds products, and saves the list', async () => {
  server.use(
    http.get('*/admin/api/featured-groups', () => HttpResponse.json(ok([GIFT, VALENTINE]))),
    http.get('*/admin/api/products', ({ request }) => {
      const page: AdminProductPage = {
        rows: new URL(request.url).searchParams.get('q') === 'teddy' ? [product('big-teddy', 'Big Teddy – 1 m'), product('hidden-teddy', 'Hidden Teddy', false), product('ferrero-box', 'Ferrero Box – 24 pieces')] : [],
        total: 3,
        page: 1,
        pageSize: 25,
      };
      return HttpResponse.json(ok(page));
    }),
  );
  const sent: unknown[] = [];
  server.use(
    http.put('*/admin/api/featured-groups/:key', async ({ request, params }) => {
      const body = (await request.json()) as { title: string; featuredSlugs: string[] };
      sent.push({ key: params.key, ...body });
      if (sent.length === 1) return HttpResponse.json(fail(400, 'featuredSlugs.1: Old Bear – teddy (old-bear) is not sold in the shop; make it active first or leave it out'), { status: 400 });
      const saved: AdminFeaturedGroup = { key: 'gift', title: body.title, products: body.featuredSlugs.map((slug) => ({ slug, name: slug, active: true, inStock: true })) };
      return HttpResponse.json({ ...ok(saved), message: `${body.title} is saved` });
    }),
  );
  render(<FeaturedGroups />);

  const gift = within(await screen.findByRole('listitem', { name: 'Gifts They Will Love' }));
  expect(gift.getByText('Shown in the Gifts menu and on the home page (Gifts to go with them).')).toBeInTheDocument();
  expect(gift.getByText('Out of stock')).toBeInTheDocument();
  expect(gift.getByText('Not sold')).toBeInTheDocument();
  expect(gift.getByText('No such product')).toBeInTheDocument();
  const valentine = within(screen.getByRole('listitem', { name: "Valentine's Day Favourites" }));
  expect(valentine.getByText('Not shown on the storefront at the moment.')).toBeInTheDocument();
  expect(valentine.getByText('No products: the group shows nothing.')).toBeInTheDocument();

  await userEvent.click(gift.getByRole('button', { name: 'Edit Gifts They Will Love' }));
  const editor = within(screen.getByRole('form', { name: 'Change Gifts They Will Love' }));
  expect(editor.getByRole('button', { name: 'Save' })).toBeDisabled();
  await userEvent.click(editor.getByRole('button', { name: 'Remove Red Wine – Merlot' }));
  await userEvent.click(editor.getByRole('button', { name: 'Remove gone-cake' }));
  await userEvent.type(editor.getByRole('searchbox', { name: 'Add a product' }), 'teddy{Enter}');
  const found = within(await screen.findByRole('list', { name: 'Products found' }));
  // Products not sold are not offered; one already in the list says so.
  expect(found.queryByText('Hidden Teddy')).toBeNull();
  expect(found.getByRole('button', { name: 'Added Ferrero Box – 24 pieces' })).toBeDisabled();
  await userEvent.click(found.getByRole('button', { name: 'Add Big Teddy – 1 m' }));
  expect(found.getByRole('button', { name: 'Added Big Teddy – 1 m' })).toBeDisabled();
  await userEvent.clear(editor.getByRole('textbox', { name: 'Title' }));
  await userEvent.type(editor.getByRole('textbox', { name: 'Title' }), 'Gifts to Add');
  await userEvent.click(editor.getByRole('button', { name: 'Save' }));

  expect(await editor.findByRole('alert')).toHaveTextContent('featuredSlugs.1: Old Bear – teddy (old-bear) is not sold in the shop');
  await userEvent.click(editor.getByRole('button', { name: 'Remove Old Bear – teddy' }));
  await userEvent.click(editor.getByRole('button', { name: 'Save' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Gifts to Add is saved');
  expect(sent).toEqual([
    { key: 'gift', title: 'Gifts to Add', featuredSlugs: ['ferrero-box', 'old-bear', 'big-teddy'] },
    { key: 'gift', title: 'Gifts to Add', featuredSlugs: ['ferrero-box', 'big-teddy'] },
  ]);
  await waitFor(() => expect(screen.queryByRole('form')).toBeNull());
  expect(within(screen.getByRole('listitem', { name: 'Gifts to Add' })).getByText('big-teddy')).toBeInTheDocument();
});
