/**
 * The pay link's page body: what is asked and why, one 'Pay {amount} with {provider}' button per
 * card method; a press starts the payment and leaves for the provider's page; a failure says so
 * and lets the shopper try again; a paid or waived charge offers no button; a return's outcome shows.
 */
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { PayCharge } from '@/components/pay/pay-charge';
import { leavePage } from '@/components/checkout/leave-page';
import type { ChargeView } from '@/lib/contracts/charges';
import { listenToMsw, server } from '../helpers/msw';
import { fail, ok, renderInShop } from './checkout/helpers';

jest.mock('next/router', () => ({ __esModule: true, useRouter: () => ({ query: {}, asPath: '/pay/t', push: jest.fn(), replace: jest.fn() }), default: { router: null } }));
jest.mock('@/lib/server/shell', () => ({ withShell: jest.fn(), getGuestHandshake: jest.fn() }));
jest.mock('@/components/checkout/leave-page');
const left = jest.mocked(leavePage);

listenToMsw();
beforeEach(() => left.mockClear());

const TOKEN = 'T'.repeat(43);
/** The page sends these with the charge (pages/pay/[token].tsx; __tests__/components/pay/page.test.tsx). */
const LABELS = { paystack: 'Paystack', monnify: 'Monnify bank transfer' };
const charge: ChargeView = { orderNumber: 'RF-100234', kind: 'redelivery', what: 'Redelivery fee', reason: 'Redelivery after a failed delivery (Nobody at the gate)', amount: '₦4,500', currency: 'NGN', status: 'due', methods: ['paystack', 'monnify'], test: false };

it('starts the payment with the method pressed and leaves for the provider', async () => {
  const bodies: unknown[] = [];
  server.use(
    http.post(`*/v1/charges/${TOKEN}/start`, async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json(ok({ redirectUrl: 'https://checkout.paystack.test/RF-100234-C1', reference: 'RF-100234-C1' }));
    }),
  );
  renderInShop(<PayCharge token={TOKEN} charge={charge} outcome={null} methodLabels={LABELS} />);
  expect(screen.getByRole('heading', { name: 'Redelivery fee for order RF-100234' })).toBeInTheDocument();
  expect(screen.getByText('₦4,500')).toBeInTheDocument();
  expect(screen.getByText('Redelivery after a failed delivery (Nobody at the gate)')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Pay ₦4,500 with Monnify bank transfer' })).toBeEnabled();
  await userEvent.click(screen.getByRole('button', { name: 'Pay ₦4,500 with Paystack' }));
  expect(left).toHaveBeenCalledWith('https://checkout.paystack.test/RF-100234-C1');
  expect(bodies).toEqual([expect.objectContaining({ method: 'paystack' })]);
});

it('says why a start failed and lets the shopper try again', async () => {
  server.use(http.post(`*/v1/charges/${TOKEN}/start`, () => HttpResponse.json(fail(409, 'Nothing is due on this link any more'), { status: 409 })));
  renderInShop(<PayCharge token={TOKEN} charge={charge} outcome={null} methodLabels={LABELS} />);
  await userEvent.click(screen.getByRole('button', { name: 'Pay ₦4,500 with Paystack' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Unable to start payment: Nothing is due on this link any more');
  expect(screen.getByRole('button', { name: 'Pay ₦4,500 with Paystack' })).toBeEnabled();
  expect(left).not.toHaveBeenCalled();
});

it('a paid charge shows the outcome and no button', () => {
  renderInShop(<PayCharge token={TOKEN} charge={{ ...charge, status: 'paid', methods: [] }} outcome={{ outcome: 'paid', message: 'Payment received. Thank you!' }} methodLabels={{}} />);
  expect(screen.getByRole('status')).toHaveTextContent('Payment received. Thank you!');
  expect(screen.getByText('Paid')).toBeInTheDocument();
  expect(screen.queryByRole('button')).not.toBeInTheDocument();
});
