/**
 * @jest-environment node
 *
 * /pay/{token} on the server: the charge comes with its payment methods' names as page data (the
 * payment-method table stays out of the page's code), and the server-rendered buttons say them;
 * a link that is not valid gets no names and a 404.
 */
import type { GetServerSidePropsContext } from 'next';
import { renderToString } from 'react-dom/server';
import * as calls from '@/lib/api/calls';
import { ApiError } from '@/lib/api/client';
import type { ChargeView } from '@/lib/contracts/charges';
import type { Handshake } from '@/lib/contracts/settings';
import { ShellProvider } from '@/lib/state/shell-context';
import { clearShellCache } from '@/lib/server/shell';
import { SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import PayPage, { getServerSideProps } from '@/pages/pay/[token]';
import { SHELL } from '../../helpers/render';

jest.mock('@/lib/api/calls', () => ({ getHandshake: jest.fn(), getCharge: jest.fn(), verifyCharge: jest.fn() }));
jest.mock('@/lib/server/config', () => ({ getConfig: () => ({ siteUrl: 'https://shop.example', port: 3000, businessId: 'regal', trustProxy: 1 }) }));

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

const TOKEN = 'T'.repeat(43);
const CHARGE: ChargeView = { orderNumber: 'RF-100234', kind: 'redelivery', what: 'Redelivery fee', reason: 'Nobody at the gate', amount: '₦4,500', currency: 'NGN', status: 'due', methods: ['paystack', 'monnify'], test: false };

beforeEach(() => {
  clearShellCache();
  jest.mocked(calls.getHandshake).mockResolvedValue(HANDSHAKE);
});

async function serve() {
  const headers: Record<string, string> = {};
  const res = { statusCode: 200, setHeader: (name: string, value: string) => void (headers[name.toLowerCase()] = value), hasHeader: (name: string) => name.toLowerCase() in headers };
  const ctx = { req: { headers: {} }, res, params: { token: TOKEN }, query: { token: TOKEN }, resolvedUrl: `/pay/${TOKEN}` } as unknown as GetServerSidePropsContext;
  const answer = await getServerSideProps(ctx);
  if (!('props' in answer)) throw new Error('expected props');
  return { props: await answer.props, res };
}

it("sends the methods' names with the charge, and the buttons say them", async () => {
  jest.mocked(calls.getCharge).mockResolvedValue(CHARGE);
  const { props } = await serve();
  expect(props.methodLabels).toEqual({ paystack: 'Paystack', monnify: 'Monnify bank transfer' });
  const html = renderToString(
    <ShellProvider value={SHELL}>
      <PayPage {...props} />
    </ShellProvider>,
  );
  expect(html).toContain('>Pay ₦4,500 with Paystack</button>');
  expect(html).toContain('>Pay ₦4,500 with Monnify bank transfer</button>');
});

it('a link that is not valid: no charge, no names, a 404', async () => {
  jest.mocked(calls.getCharge).mockRejectedValue(new ApiError(404, 'Not found'));
  const { props, res } = await serve();
  expect(props).toMatchObject({ charge: null, methodLabels: {} });
  expect(res.statusCode).toBe(404);
});
