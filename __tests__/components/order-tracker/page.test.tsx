/**
 * @jest-environment node
 *
 * /order-tracker on the server: a query with a number is looked up there (the GET form works
 * without JavaScript), with the shopper's address forwarded for the API's miss limits (taken
 * behind the configured number of proxies, and proven to come from this server); such
 * answers are `private, no-store`, the bare page keeps the shared page cache; errors become the
 * shop's messages; and the server-rendered HTML holds the whole answer.
 */
import { TRACKER_PAGE_TEXTS } from '@/lib/content/tracker-texts';
import type { GetServerSidePropsContext } from 'next';
import { renderToString } from 'react-dom/server';
import * as calls from '@/lib/api/calls';
import { ApiError } from '@/lib/api/client';
import type { Handshake } from '@/lib/contracts/settings';
import { ShellProvider } from '@/lib/state/shell-context';
import { CurrencyProvider } from '@/lib/state/currency-context';
import { clearShellCache, PAGE_CACHE_CONTROL } from '@/lib/server/shell';
import { SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import OrderTrackerPage, { getServerSideProps } from '@/pages/order-tracker';
import { SHELL } from '../../helpers/render';
import { REVIEW, tracked, verified } from './helpers';

jest.mock('@/lib/api/calls', () => ({ getHandshake: jest.fn(), getOrderByNumber: jest.fn() }));
jest.mock('@/lib/server/config', () => ({ getConfig: () => ({ siteUrl: 'https://shop.example', port: 3000, businessId: 'regal', trustProxy: 1 }) }));
jest.mock('next/router', () => ({ useRouter: () => ({ replace: jest.fn() }) }));

const lookup = jest.mocked(calls.getOrderByNumber);

const HANDSHAKE = {
  user: null,
  currencies: SHELL.currencies,
  deliveryZoneAmount: {},
  settings: {
    deliverySettings: SEED_DELIVERY_SETTINGS,
    alertSettings: { siteWideAlert: SHELL.siteWideAlert, paymentAlerts: [], productAlerts: [] },
    shopInfo: SHELL.shopInfo,
    featuredGroups: SHELL.featuredGroups,
  },
} as unknown as Handshake;

beforeEach(() => {
  clearShellCache();
  jest.mocked(calls.getHandshake).mockResolvedValue(HANDSHAKE);
  lookup.mockReset();
});

function request(query: Record<string, string | string[]>) {
  const headers: Record<string, string> = {};
  const res = {
    setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value),
    hasHeader: (name: string) => name.toLowerCase() in headers,
  };
  const req = { headers: { 'x-forwarded-for': '198.51.100.1, 203.0.113.9' }, socket: { remoteAddress: '127.0.0.1' } };
  const ctx = { req, res, query, resolvedUrl: '/order-tracker' } as unknown as GetServerSidePropsContext;
  return { ctx, headers };
}

type Props = { number: string; email: string; result: unknown; error: string | null; texts?: unknown };
async function serve(query: Record<string, string | string[]>) {
  const { ctx, headers } = request(query);
  const answer = await getServerSideProps(ctx);
  if (!('props' in answer)) throw new Error('expected props');
  return { props: (await answer.props) as unknown as Props & { shell: typeof SHELL }, headers };
}

describe('getServerSideProps', () => {
  it('without a query: the empty form, the shared page cache, no lookup', async () => {
    const { props, headers } = await serve({});
    expect(props).toMatchObject({ number: '', email: '', result: null, error: null });
    expect(props.shell.shopInfo.brandName).toBe('Regal Flowers');
    expect(headers['cache-control']).toBe(PAGE_CACHE_CONTROL);
    expect(lookup).not.toHaveBeenCalled();
  });

  it('with a number: looks it up with the e-mail and the shopper’s address, never cached', async () => {
    lookup.mockResolvedValue(verified());
    const { props, headers } = await serve({ number: ' rf-100234 ', email: 'ada@example.com' });
    expect(lookup).toHaveBeenCalledTimes(1);
    expect(lookup.mock.calls[0]!.slice(1)).toEqual(['RF-100234', 'ada@example.com', { 'X-Shop-Client-Address': '203.0.113.9', 'X-Shop-Forward-Key': expect.stringMatching(/^[0-9a-f]{64}$/) }]);
    expect(props).toMatchObject({ number: 'RF-100234', email: 'ada@example.com', result: verified(), error: null });
    expect(headers['cache-control']).toBe('private, no-store');
  });

  it('sends no e-mail when none is given (the first one if the query repeats)', async () => {
    lookup.mockResolvedValue(tracked());
    await serve({ number: ['RF-100234', 'RF-1'] });
    expect(lookup.mock.calls[0]!.slice(1, 3)).toEqual(['RF-100234', undefined]);
  });

  it('an e-mail alone is not looked up but is not cached either', async () => {
    const { props, headers } = await serve({ email: 'ada@example.com' });
    expect(lookup).not.toHaveBeenCalled();
    expect(props).toMatchObject({ number: '', email: 'ada@example.com', result: null });
    expect(headers['cache-control']).toBe('private, no-store');
  });

  it.each([
    [404, 'Order not found', TRACKER_PAGE_TEXTS.notFound],
    [429, 'Too many attempts. Please wait 2 minutes and try again.', 'Too many attempts. Please wait 2 minutes and try again.'],
    [500, 'Something went wrong', TRACKER_PAGE_TEXTS.unavailable],
    [0, 'Cannot reach the shop.', TRACKER_PAGE_TEXTS.unavailable],
  ])('turns a %i (%j) into the shop’s message', async (status, serverMessage, message) => {
    lookup.mockRejectedValue(new ApiError(status, serverMessage));
    const { props, headers } = await serve({ number: 'RF-100234' });
    expect(props).toMatchObject({ number: 'RF-100234', result: null, error: message });
    expect(headers['cache-control']).toBe('private, no-store');
  });
});

describe('server-rendered HTML (what a browser without JavaScript shows)', () => {
  // The page's texts come with its data (getServerSideProps), as Next hands them over.
  let texts: unknown;
  beforeAll(async () => {
    texts = (await serve({})).props.texts;
  });
  const html = (props: Props) =>
    renderToString(
      <ShellProvider value={SHELL}>
        <CurrencyProvider currencies={SHELL.currencies}>
          <OrderTrackerPage {...({ ...props, texts } as Parameters<typeof OrderTrackerPage>[0])} shell={SHELL} />
        </CurrencyProvider>
      </ShellProvider>,
    );

  it('holds the form and the whole answer; the review form needs JavaScript', () => {
    const page = html({ number: 'RF-100234', email: 'ada@example.com', result: verified({ status: 'delivered', statusLabel: 'Delivered', canReview: true }), error: null });
    const form = /<form[^>]*>/.exec(page)![0];
    expect(form).toContain('method="get"');
    expect(form).toContain('action="/order-tracker"');
    expect(page).toContain('name="number"');
    expect(page).toContain('value="RF-100234"');
    expect(page).toContain('<h1');
    expect(page).toContain('Enter the order number from your confirmation e-mail (for example RF-100234) to see where your flowers are.');
    expect(page).toContain('Order <!-- -->RF-100234');
    expect(page).toContain('Ngozi Adeyemi');
    expect(page).toContain('<ol');
    expect(page).toContain('aria-current="step"');
    expect(page).toContain('Review your order');
    expect(page).toContain('<noscript>');
    expect(page).not.toContain('Submit review');
  });

  it('shows an existing review and error messages', () => {
    expect(html({ number: 'RF-100234', email: 'a@b.co', result: verified({ review: REVIEW }), error: null })).toContain('Rated 4 out of 5');
    expect(html({ number: 'RF-1', email: '', result: null, error: TRACKER_PAGE_TEXTS.notFound })).toContain('role="alert"');
  });
});
