/**
 * The page-transition progress bar (nprogress under the spec's rule): nothing for quick
 * navigations, shallow URL updates or hash changes; from 0 at the route change, 10 % a second up
 * to 90 %, 100 % on completion or failure, then gone; a cancelled navigation hands its bar to the
 * next; reduced motion turns the transitions off. The bar is nprogress's real DOM, read as a
 * browser would see it. nprogress loads when the page is idle: the first test (it must stay
 * first) navigates before that.
 */
import { act, render } from '@testing-library/react';
import { PROGRESS_INTERVAL_MS, PROGRESS_SPEED_MS, ProgressBar, SHOW_DELAY_MS } from '@/components/ui/progress-bar';
import { fakeRouter } from '../../helpers/render';

const mockRouter = fakeRouter();
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));

const bar = () => document.querySelector<HTMLElement>('#nprogress [data-testid="progress-bar"]');

/** How far the bar reaches across the window, in %, from nprogress's transform (-100 % = empty). */
function shown(): number | null {
  const el = bar();
  if (!el) return null;
  const offset = /translate3d\((-?[\d.]+)%/.exec(el.style.transform)?.[1];
  if (offset === undefined) throw new Error(`unexpected bar transform "${el.style.transform}"`);
  return Math.round(100 + Number(offset));
}

const emit = (name: string, ...args: unknown[]) => act(() => mockRouter.events.emit(name, ...args));
/** Lets `ms` pass, with the promises due on the way (nprogress loads on first use). */
const wait = (ms: number) => act(() => jest.advanceTimersByTimeAsync(ms));
const reduceMotion = (on: boolean) => {
  window.matchMedia = ((query: string) => ({ matches: on && query.includes('reduce'), media: query })) as unknown as typeof window.matchMedia;
};

beforeEach(() => {
  jest.useFakeTimers();
  reduceMotion(false);
});
afterEach(() => {
  jest.useRealTimers();
});

it('gives a navigation right after the page opened its bar, once nprogress has loaded', async () => {
  render(<ProgressBar />);
  emit('routeChangeStart', '/contact', { shallow: false });
  expect(document.querySelector('#nprogress')).toBeNull();
  await wait(SHOW_DELAY_MS);
  expect(shown()).toBe(0);
  emit('routeChangeComplete', '/contact', { shallow: false });
  await wait(PROGRESS_SPEED_MS);
  expect(shown()).toBe(100);
  await wait(PROGRESS_SPEED_MS * 3);
  expect(document.querySelector('#nprogress')).toBeNull();
});

it('shows nothing for a navigation that completes within the delay', async () => {
  render(<ProgressBar />);
  emit('routeChangeStart', '/contact', { shallow: false });
  await wait(SHOW_DELAY_MS - 50);
  expect(bar()).toBeNull();
  emit('routeChangeComplete', '/contact', { shallow: false });
  await wait(5000);
  expect(bar()).toBeNull();
});

it('starts at 0, advances 10 % a second up to 90 %, and jumps to 100 % when the page arrives', async () => {
  render(<ProgressBar />);
  emit('routeChangeStart', '/product/red-velvet', { shallow: false });
  await wait(SHOW_DELAY_MS);
  expect(shown()).toBe(0);
  expect(document.querySelector('#nprogress')).toBeInTheDocument();
  await wait(PROGRESS_INTERVAL_MS - SHOW_DELAY_MS);
  expect(shown()).toBe(10);
  await wait(PROGRESS_INTERVAL_MS);
  expect(shown()).toBe(20);
  await wait(PROGRESS_INTERVAL_MS * 10);
  expect(shown()).toBe(90);
  await wait(PROGRESS_INTERVAL_MS * 5);
  expect(shown()).toBe(90);
  expect(bar()?.style.transition).toBe(`all ${PROGRESS_SPEED_MS}ms ease`);

  emit('routeChangeComplete', '/product/red-velvet', { shallow: false });
  await wait(PROGRESS_SPEED_MS);
  expect(shown()).toBe(100);
  // nprogress fades the finished bar out and removes it.
  await wait(PROGRESS_SPEED_MS * 3);
  expect(document.querySelector('#nprogress')).toBeNull();
});

it('finishes the bar when the navigation fails', async () => {
  render(<ProgressBar />);
  emit('routeChangeStart', '/product-category/roses', { shallow: false });
  await wait(PROGRESS_INTERVAL_MS * 3);
  expect(shown()).toBe(30);
  emit('routeChangeError', new Error('Failed to load'), '/product-category/roses', { shallow: false });
  await wait(PROGRESS_SPEED_MS);
  expect(shown()).toBe(100);
  await wait(PROGRESS_SPEED_MS * 3);
  expect(bar()).toBeNull();
});

it('keeps one bar going when a navigation is cancelled by the next one', async () => {
  render(<ProgressBar />);
  emit('routeChangeStart', '/blog', { shallow: false });
  await wait(PROGRESS_INTERVAL_MS * 2);
  expect(shown()).toBe(20);
  emit('routeChangeError', Object.assign(new Error('Route Cancelled'), { cancelled: true }), '/blog', { shallow: false });
  emit('routeChangeStart', '/contact', { shallow: false });
  await wait(PROGRESS_INTERVAL_MS);
  expect(shown()).toBe(30);
  emit('routeChangeComplete', '/contact', { shallow: false });
  await wait(PROGRESS_SPEED_MS);
  expect(shown()).toBe(100);
});

it('shows nothing for shallow URL updates or hash changes', async () => {
  render(<ProgressBar />);
  emit('routeChangeStart', '/filters?shopBy=roses', { shallow: true });
  emit('hashChangeStart', '/faq#delivery', { shallow: false });
  await wait(PROGRESS_INTERVAL_MS * 3);
  expect(bar()).toBeNull();
  emit('routeChangeComplete', '/filters?shopBy=roses', { shallow: true });
  emit('hashChangeComplete', '/faq#delivery', { shallow: false });
  await wait(PROGRESS_INTERVAL_MS);
  expect(bar()).toBeNull();
});

it('moves without transitions when the shopper asks for reduced motion', async () => {
  reduceMotion(true);
  render(<ProgressBar />);
  emit('routeChangeStart', '/vip-flowers', { shallow: false });
  await wait(PROGRESS_INTERVAL_MS);
  expect(shown()).toBe(10);
  expect(bar()?.style.transition).toBe('all 0ms ease');
  emit('routeChangeComplete', '/vip-flowers', { shallow: false });
  expect(shown()).toBe(100);
  await wait(1);
  expect(document.querySelector('#nprogress')).toBeNull();
});

it('stops listening and clears the bar when it unmounts', async () => {
  const { unmount } = render(<ProgressBar />);
  expect(mockRouter.events.count('routeChangeStart')).toBe(1);
  emit('routeChangeStart', '/blog', { shallow: false });
  await wait(PROGRESS_INTERVAL_MS);
  expect(bar()).not.toBeNull();
  unmount();
  expect(bar()).toBeNull();
  expect(mockRouter.events.count('routeChangeStart')).toBe(0);
  expect(mockRouter.events.count('routeChangeComplete')).toBe(0);
  expect(mockRouter.events.count('routeChangeError')).toBe(0);
});
