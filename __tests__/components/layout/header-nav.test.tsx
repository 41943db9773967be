/**
 * The header's desktop navigation: dropdown menus (open, close on Escape / outside press /
 * route change), their featured products fetched on first opening, the failure toast, and the
 * menu links in the server-rendered HTML.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import { Header } from '@/components/layout/header';
import { MAIN_MENU } from '@/lib/content/navigation';
import { CurrencyProvider } from '@/lib/state/currency-context';
import { ShellProvider } from '@/lib/state/shell-context';
import { notify } from '@/lib/ui/notify';
import { fakeRouter, renderWithShell, SHELL } from '../../helpers/render';
import { product, productsBySlugs, productsBySlugsFail, listenToMsw } from '../../helpers/msw';

const mockRouter = fakeRouter();
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/lib/ui/notify');

listenToMsw();

const OCCASION_PRODUCTS = ['red-velvet', 'white-lilies', 'get-well-daisies', 'sympathy-wreath', 'bridal-cascade'].map((slug, i) =>
  product(slug, { relevanceOrder: i < 4 ? 1 : 2, price: 45000 + i * 1000 }),
);

const mainNav = () => screen.getByRole('navigation', { name: 'Main' });
const occasions = () => within(mainNav()).getByRole('button', { name: 'Occasions' });

beforeEach(() => jest.mocked(notify).mockClear());

describe('dropdown menus', () => {
  it('are buttons controlling a panel of link groups that opens on click and closes on a second click', async () => {
    productsBySlugs(OCCASION_PRODUCTS);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    const button = occasions();
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const panel = document.getElementById(button.getAttribute('aria-controls')!)!;
    expect(panel).not.toBeVisible();
    expect(screen.queryByRole('link', { name: 'Birthday Flowers' })).not.toBeInTheDocument();

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(panel).toBeVisible();
    expect(within(panel).getByText('Bridal')).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'Birthday Flowers' })).toHaveAttribute('href', '/product-category/birthday-flowers');
    await screen.findByRole('link', { name: /Red Velvet/ });

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(panel).not.toBeVisible();
  });

  it('shows up to four featured products of the menu group, picked from the fetched slugs, with prices', async () => {
    const asked = productsBySlugs(OCCASION_PRODUCTS);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await user.click(occasions());
    const panel = document.getElementById(occasions().getAttribute('aria-controls')!)!;
    expect(await within(panel).findByText('Flowers for Every Occasion')).toBeVisible();
    await waitFor(() => expect(within(panel).getAllByRole('link', { name: /₦/ })).toHaveLength(4));
    expect(within(panel).queryByText(/hand-tied/)).not.toBeInTheDocument(); // titles only
    const links = within(panel).getAllByRole('link', { name: /₦/ });
    // pickFeatured takes relevance group 1 first: the fifth product (group 2) is left out.
    expect(links.map((l) => l.getAttribute('href')).sort()).toEqual(['/product/get-well-daisies', '/product/red-velvet', '/product/sympathy-wreath', '/product/white-lilies']);
    expect(within(panel).getByRole('link', { name: /Red Velvet/ })).toHaveTextContent('Red Velvet₦45,000');
    expect(asked).toEqual([SHELL.featuredGroups.find((g) => g.key === 'occasion')!.featuredSlugs]);

    // Closing and opening again does not fetch again.
    await user.click(occasions());
    await user.click(occasions());
    expect(asked).toHaveLength(1);
  });

  it('fetches nothing before a menu is opened', async () => {
    const asked = productsBySlugs(OCCASION_PRODUCTS);
    renderWithShell(<Header />);
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(asked).toEqual([]);
  });

  it('shows one dropdown at a time', async () => {
    productsBySlugs([]);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await user.click(occasions());
    const gifts = within(mainNav()).getByRole('button', { name: 'Gifts' });
    await user.click(gifts);
    expect(gifts).toHaveAttribute('aria-expanded', 'true');
    expect(occasions()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('link', { name: 'Teddy Bears' })).toBeVisible();
  });

  it('closes on Escape and gives focus back to its button', async () => {
    productsBySlugs(OCCASION_PRODUCTS);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await user.click(occasions());
    await user.tab();
    expect(screen.getByRole('link', { name: 'Birthday Flowers' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(occasions()).toHaveAttribute('aria-expanded', 'false');
    expect(occasions()).toHaveFocus();
  });

  it('opens from the keyboard', async () => {
    productsBySlugs(OCCASION_PRODUCTS);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    occasions().focus();
    await user.keyboard('{Enter}');
    expect(occasions()).toHaveAttribute('aria-expanded', 'true');
    await user.keyboard(' ');
    expect(occasions()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on a press outside, not on one inside', async () => {
    productsBySlugs(OCCASION_PRODUCTS);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await user.click(occasions());
    await user.click(screen.getByText(/^Romance\/\u200bSorry/));
    expect(occasions()).toHaveAttribute('aria-expanded', 'true');
    await user.click(document.body);
    expect(occasions()).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes on route change', async () => {
    productsBySlugs(OCCASION_PRODUCTS);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await user.click(within(mainNav()).getByRole('button', { name: 'Shop By' }));
    expect(screen.getByRole('link', { name: 'Wrapped Bouquets' })).toBeVisible();
    act(() => mockRouter.events.emit('routeChangeStart', '/filters?shopBy=wrapped+bouquet'));
    expect(screen.queryByRole('link', { name: 'Wrapped Bouquets' })).not.toBeInTheDocument();
    expect(within(mainNav()).getByRole('button', { name: 'Shop By' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the error toast when the featured products cannot be fetched, and the links still', async () => {
    productsBySlugsFail(503, 'The catalogue is resting');
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await user.click(within(mainNav()).getByRole('button', { name: 'Gifts' }));
    await waitFor(() => expect(notify).toHaveBeenCalledWith('error', 'Unable to fetch featured products: The catalogue is resting'));
    expect(notify).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('link', { name: 'Wine & Champagne' })).toBeVisible();
    expect(screen.queryByText('Gifts They Will Love')).not.toBeInTheDocument();
  });
});

describe('plain links and the server-rendered HTML', () => {
  it('links VIP Flowers, Plants, FAQ, Contact and Track directly, and the logo home', () => {
    renderWithShell(<Header />);
    const nav = mainNav();
    expect(within(nav).getByRole('link', { name: 'VIP Flowers' })).toHaveAttribute('href', '/vip-flowers');
    expect(within(nav).getByRole('link', { name: 'Plants' })).toHaveAttribute('href', '/product-category/indoor-plants-and-cactus');
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq-how-to-buy-fresh-flowers-and-gifts-in-lagos-and-abuja');
    expect(within(nav).getByRole('link', { name: 'Contact' })).toHaveAttribute('href', '/contact');
    expect(within(nav).getByRole('link', { name: 'Track' })).toHaveAttribute('href', '/order-tracker');
    expect(screen.getByRole('link', { name: 'Regal Flowers' })).toHaveAttribute('href', '/');
  });

  it('puts every menu link, dropdowns included, into the server-rendered HTML', () => {
    const html = renderToString(
      <ShellProvider value={SHELL}>
        <CurrencyProvider currencies={SHELL.currencies}>
          <Header />
        </CurrencyProvider>
      </ShellProvider>,
    );
    const hrefs = MAIN_MENU.flatMap((menu) => (menu.groups ? menu.groups.flatMap((g) => g.links.map((l) => l.href)) : [menu.href]));
    expect(hrefs.length).toBeGreaterThan(30);
    for (const href of hrefs) expect(html).toContain(`href="${href.replace(/&/g, '&amp;')}"`);
    expect(html).toContain('LOGIN / REGISTER');
  });

  it('stops listening to the router when unmounted', () => {
    const { unmount } = renderWithShell(<Header />);
    expect(mockRouter.events.count('routeChangeStart')).toBe(1);
    unmount();
    expect(mockRouter.events.count('routeChangeStart')).toBe(0);
  });
});
