/**
 * The header's search: the toggle opens a dropdown with a labelled search box, BEST SELLING
 * PRODUCT cards of the birthday group and See All; typing goes to the results 300 ms after the
 * last key, Enter at once, an empty search to the default category; a route change clears it.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Header } from '@/components/layout/header';
import { fakeRouter, renderWithShell, SHELL } from '../../helpers/render';
import { product, productsBySlugs, productsBySlugsFail, listenToMsw } from '../../helpers/msw';

const mockRouter = fakeRouter();
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/lib/ui/notify');

listenToMsw();

const BIRTHDAY = SHELL.featuredGroups.find((g) => g.key === 'birthday')!.featuredSlugs.map((slug) => product(slug));

const toggle = () => screen.getByRole('button', { name: 'Search' });
const box = () => screen.getByRole('searchbox', { name: 'Search flowers and gifts' });

/** Opens the search and waits for its cards. */
async function openSearch(user: ReturnType<typeof userEvent.setup>) {
  await user.click(toggle());
  await waitFor(() => expect(box()).toHaveFocus());
}

beforeEach(() => mockRouter.push.mockClear());
afterEach(() => jest.useRealTimers());

describe('search dropdown', () => {
  it('opens from a named toggle with a focused search box, four best-selling cards of the birthday group and See All', async () => {
    const asked = productsBySlugs(BIRTHDAY);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();
    expect(asked).toEqual([]);

    await openSearch(user);
    expect(toggle()).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle().getAttribute('aria-controls')!)!;
    expect(within(panel).getByRole('heading', { name: 'BEST SELLING PRODUCT' })).toBeVisible();
    expect(within(panel).getByRole('link', { name: 'See All' })).toHaveAttribute('href', '/product-category/anniversary-flowers');
    const cards = await within(panel).findAllByRole('article');
    expect(cards).toHaveLength(4);
    expect(within(cards[0]!).getByText('₦45,000')).toBeInTheDocument();
    expect(asked).toEqual([SHELL.featuredGroups.find((g) => g.key === 'birthday')!.featuredSlugs]);
  });

  it('closes on Escape (focus back on the toggle), on a press outside and with the toggle', async () => {
    productsBySlugs(BIRTHDAY);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await openSearch(user);
    await user.keyboard('{Escape}');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    expect(toggle()).toHaveFocus();
    expect(screen.queryByRole('searchbox')).not.toBeInTheDocument();

    await openSearch(user);
    await user.click(document.body);
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');

    await openSearch(user);
    await user.click(toggle());
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
  });

  it('logs a failed fetch and shows no cards', async () => {
    productsBySlugsFail();
    const error = jest.spyOn(console, 'error').mockImplementation(() => {});
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await openSearch(user);
    await waitFor(() => expect(error).toHaveBeenCalledWith('Unable to fetch products by slugs', expect.objectContaining({ message: 'The catalogue is resting' })));
    expect(screen.queryAllByRole('article')).toEqual([]);
    expect(screen.getByRole('link', { name: 'See All' })).toBeVisible();
    error.mockRestore();
  });
});

describe('searching', () => {
  it('goes to the results 300 ms after the last key, not before, and closes', async () => {
    productsBySlugs(BIRTHDAY);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await openSearch(user);
    await screen.findAllByRole('article');

    jest.useFakeTimers();
    const typist = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await typist.type(box(), 'red ro');
    act(() => jest.advanceTimersByTime(200));
    await typist.type(box(), 'ses & lilies');
    act(() => jest.advanceTimersByTime(299));
    expect(mockRouter.push).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(mockRouter.push).toHaveBeenCalledTimes(1);
    expect(mockRouter.push).toHaveBeenCalledWith('/filters?search=red%20roses%20%26%20lilies');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    act(() => jest.advanceTimersByTime(1000));
    expect(mockRouter.push).toHaveBeenCalledTimes(1);
  });

  it('goes to the anniversary category when the shopper clears the box', async () => {
    productsBySlugs(BIRTHDAY);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await openSearch(user);

    jest.useFakeTimers();
    const typist = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await typist.type(box(), 'ro');
    await typist.clear(box());
    act(() => jest.advanceTimersByTime(300));
    expect(mockRouter.push).toHaveBeenCalledTimes(1);
    expect(mockRouter.push).toHaveBeenCalledWith('/product-category/anniversary-flowers');
  });

  it('does not go anywhere only because the box was opened', async () => {
    productsBySlugs(BIRTHDAY);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await openSearch(user);
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(mockRouter.push).not.toHaveBeenCalled();
  });

  it('submits at once on Enter, and an empty Enter goes to the anniversary category', async () => {
    productsBySlugs(BIRTHDAY);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await openSearch(user);
    jest.useFakeTimers();
    const typist = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await typist.type(box(), 'lilies{Enter}');
    expect(mockRouter.push).toHaveBeenCalledWith('/filters?search=lilies');
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    act(() => jest.advanceTimersByTime(1000));
    expect(mockRouter.push).toHaveBeenCalledTimes(1);
    jest.useRealTimers();

    await openSearch(user);
    expect(box()).toHaveValue('');
    await user.keyboard('{Enter}');
    expect(mockRouter.push).toHaveBeenLastCalledWith('/product-category/anniversary-flowers');
  });

  it('clears the text and closes on route change', async () => {
    productsBySlugs(BIRTHDAY);
    const user = userEvent.setup();
    renderWithShell(<Header />);
    await openSearch(user);
    jest.useFakeTimers();
    const typist = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    await typist.type(box(), 'roses');
    act(() => mockRouter.events.emit('routeChangeStart', '/contact'));
    expect(toggle()).toHaveAttribute('aria-expanded', 'false');
    act(() => jest.advanceTimersByTime(1000));
    expect(mockRouter.push).not.toHaveBeenCalled();
    jest.useRealTimers();

    await openSearch(user);
    expect(box()).toHaveValue('');
  });
});
