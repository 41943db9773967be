/**
 * Stage 2 of the checkout (spec sections 5 and 9): only the payment methods of the current
 * currency, each with its description; switching currency changes the list and the amount;
 * Continue records the choice and shows the pay button (no fake success); Back.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutPage from '@/pages/checkout';
import type { Order } from '@/lib/contracts/orders';
import type { CurrencyCode } from '@/lib/domain/money';
import { chooseCurrency } from '@/lib/state/currency-context';
import { dispatchOrder } from '@/lib/state/checkout-order';
import { notify } from '@/lib/ui/notify';
import { listenToMsw } from '../../helpers/msw';
import { answer, checkoutRouter, fail, makeOrder, ok, record, renderInShop, settings, SHELL, storeVisit } from './helpers';

let mockRouter = checkoutRouter();
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));
jest.mock('@/lib/server/shell', () => ({ withShell: jest.fn(), getGuestHandshake: jest.fn() }));
jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();
beforeEach(() => notified.mockClear());

const PAYMENT = 'PUT /v1/firebase/order/update-payment-details/order-1';

/** A checked-out order: ₦140,000 of roses plus ₦10,000 delivery to outer Lagos. */
const checkedOut = makeOrder({
  deliveryMethod: 'delivery',
  deliveryDetails: { ...makeOrder().deliveryDetails, recipientName: 'Bola', state: 'lagos', zone: 'lagos-outer' },
  amounts: { subtotal: 140000, deliveryFee: 10000, discount: 0, total: 150000 },
  amountsInCurrency: { subtotal: 140000, deliveryFee: 10000, discount: 0, total: 150000 },
});

async function openPayment(currency: CurrencyCode, routes: Parameters<typeof answer>[0] = {}, paymentAlerts: { paymentMethod: string; message: string }[] = []) {
  // Logged in: no auth dialog in the way.
  storeVisit({ user: record('ada@example.com'), orderId: 'order-1' });
  const seen = answer({ 'GET /v1/firebase/order/order-1': ok(checkedOut), ...routes });
  mockRouter = checkoutRouter('/checkout', { orderId: 'order-1' });
  renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} paymentAlerts={paymentAlerts} />, { currency });
  await screen.findByRole('heading', { name: 'Delivery details' });
  act(() => dispatchOrder({ type: 'setStage', stage: 2 }));
  await screen.findByRole('heading', { name: 'Payment' });
  return seen;
}

const methods = () => screen.getAllByRole('radio').map((r) => r.getAttribute('value'));

describe('payment methods', () => {
  it.each([
    ['NGN', ['paystack', 'flutterwave', 'monnify', 'gtbTransfer'], '₦150,000'],
    ['USD', ['paystack', 'payPal', 'leadBankTransfer', 'bitcoinTransfer'], '$215'],
    ['GBP', ['payPal', 'natwestTransfer'], '£169'],
  ] as const)('%s offers %j with the amount to pay %s', async (currency, keys, amount) => {
    await openPayment(currency);
    expect(methods()).toEqual(keys);
    expect(screen.getByRole('group', { name: `Choose how to pay in ${currency}` })).toBeInTheDocument();
    for (const radio of screen.getAllByRole('radio')) expect(radio).toHaveAccessibleDescription(/\w+/);
    expect(screen.getByText(/^Amount to pay/)).toHaveTextContent(`Amount to pay: ${amount}`);
  });

  it("shows the shop's payment alert under its method, as part of the method's description, and none for other methods", async () => {
    await openPayment('NGN', {}, [
      { paymentMethod: 'gtbTransfer', message: 'Quote your order number as the transfer reference.' },
      { paymentMethod: 'payPal', message: 'PayPal is slow today.' },
    ]);
    expect(screen.getByRole('radio', { name: /GTBank/ })).toHaveAccessibleDescription(/Quote your order number as the transfer reference\.$/);
    expect(screen.getByRole('radio', { name: /Paystack/ })).not.toHaveAccessibleDescription(/Quote your order number/);
    expect(screen.queryByText('PayPal is slow today.')).not.toBeInTheDocument();
    act(() => chooseCurrency('GBP'));
    expect(screen.getByText('PayPal is slow today.')).toBeInTheDocument();
  });

  it('switching currency in the header changes the list and the amounts', async () => {
    await openPayment('NGN');
    expect(methods()).toEqual(['paystack', 'flutterwave', 'monnify', 'gtbTransfer']);
    act(() => chooseCurrency('GBP'));
    expect(methods()).toEqual(['payPal', 'natwestTransfer']);
    expect(screen.getByText(/^Amount to pay/)).toHaveTextContent('£169');
    expect(within(screen.getByRole('complementary', { name: 'Order summary' })).getByText('Total').nextSibling).toHaveTextContent('£169');
    act(() => chooseCurrency('USD'));
    expect(methods()).toEqual(['paystack', 'payPal', 'leadBankTransfer', 'bitcoinTransfer']);
  });
});

describe('Continue', () => {
  it('records the method and currency, shows the amount in the order currency and the pay button (nothing charged yet)', async () => {
    const waiting: Order = {
      ...checkedOut,
      status: 'awaiting_payment',
      paymentMethod: 'payPal',
      currency: 'USD',
      conversionRate: 700,
      amountsInCurrency: { subtotal: 200, deliveryFee: 15, discount: 0, total: 215 },
    };
    const seen = await openPayment('USD', { [PAYMENT]: ok(waiting) });
    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: 'Continue' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: /PayPal/ }));
    await user.click(next);
    expect(await screen.findByRole('button', { name: 'Pay $215 with PayPal' })).toBeEnabled();
    expect(screen.queryByText(/payment (successful|received)|is paid/i)).not.toBeInTheDocument();
    expect(seen.some((s) => s.path.includes('/v1/payments/'))).toBe(false);
    expect(seen.find((s) => s.path.includes('update-payment-details'))?.body).toEqual({ currency: 'USD', paymentMethod: 'payPal' });
    expect(screen.getByText(/^Amount to pay/)).toHaveTextContent('$215');
  });

  it("says 'Unable to update order: {message}' when the shop refuses", async () => {
    await openPayment('NGN', { [PAYMENT]: fail(400, 'Please complete the delivery details first') });
    await userEvent.click(screen.getByRole('radio', { name: /Paystack/ }));
    await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('error', 'Unable to update order: Please complete the delivery details first'));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('Back returns to the delivery details', async () => {
    await openPayment('NGN');
    await userEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Checkout stages' })).getAllByRole('listitem')[0]).toHaveAttribute('aria-current', 'step');
  });
});
