/**
 * The shopper's side of payments (issue 6): the card button starts a payment and leaves for the
 * provider's page (a failure says so and the button tries again); a transfer shows the exact
 * amount, the account or address and the order number, and 'I have sent it' leads to the
 * waiting-for-confirmation state (kept over a reload); the return from a provider is decided by
 * the shop's verification only: paid → done stage, failed → message and pay again, pending →
 * re-checks then 'Check again'. A query saying `status=successful` proves nothing.
 */
import { act, getConfig, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import CheckoutPage from '@/pages/checkout';
import { leavePage } from '@/components/checkout/leave-page';
import { PAYMENT_TEXT } from '@/components/checkout/payment-return';
import type { Order } from '@/lib/contracts/orders';
import type { ManualInstructions, PaymentOutcome } from '@/lib/contracts/payments';
import type { PaymentMethodKey } from '@/lib/domain/checkout';
import type { CurrencyCode } from '@/lib/domain/money';
import { dispatchOrder } from '@/lib/state/checkout-order';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { notify } from '@/lib/ui/notify';
import { listenToMsw, server } from '../../helpers/msw';
import { chocolates } from '../cart/helpers';
import { answer, checkoutRouter, fail, makeOrder, ok, record, renderInShop, settings, SHELL, storeVisit } from './helpers';

let mockRouter = checkoutRouter();
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));
jest.mock('@/lib/server/shell', () => ({ withShell: jest.fn(), getGuestHandshake: jest.fn() }));
jest.mock('@/lib/ui/notify');
jest.mock('@/components/checkout/leave-page');
const notified = jest.mocked(notify);
const left = jest.mocked(leavePage);

listenToMsw();
beforeEach(() => {
  notified.mockClear();
  left.mockClear();
});
afterEach(() => jest.useRealTimers());

const START = 'POST /v1/payments/start/order-1';
const SENT = 'POST /v1/payments/manual/order-1/sent';
const GET_ORDER = 'GET /v1/firebase/order/order-1';

const TOTALS: Record<CurrencyCode, { rate: number; total: number }> = { NGN: { rate: 1, total: 150000 }, USD: { rate: 700, total: 215 }, GBP: { rate: 890, total: 169 } };

/** A checked-out order (₦150,000 with delivery) waiting for payment with `method` in `currency`. */
function waiting(method: PaymentMethodKey, currency: CurrencyCode = 'NGN', overrides: Partial<Order> = {}): Order {
  const { rate, total } = TOTALS[currency];
  return makeOrder({
    status: 'awaiting_payment',
    paymentMethod: method,
    currency,
    conversionRate: rate,
    deliveryMethod: 'delivery',
    client: { email: 'ada@example.com', name: 'Ada Obi', phone: '+2348031234567', phoneCountryCode: '+234' },
    deliveryDetails: { ...makeOrder().deliveryDetails, recipientName: 'Bola', state: 'lagos', zone: 'lagos-outer' },
    amounts: { subtotal: 140000, deliveryFee: 10000, discount: 0, total: 150000 },
    amountsInCurrency: { subtotal: total, deliveryFee: 0, discount: 0, total },
    ...overrides,
  });
}

const paid = (order: Order, via = 'Paystack'): Order => ({ ...order, status: 'paid', paymentStatus: `PAID - GO AHEAD (${via})` });

const cartStorage = () => ({
  orderId: readStored(STORAGE_KEYS.orderId),
  cartItems: readStored(STORAGE_KEYS.cartItems),
  deliveryDate: readStored(STORAGE_KEYS.deliveryDate),
  coupon: readStored(STORAGE_KEYS.coupon),
});

/** A logged-in shopper with a cart and a coupon opens the checkout and goes on to the payment stage. */
async function openPayment(order: Order, routes: Parameters<typeof answer>[0] = {}) {
  storeVisit({ user: record('ada@example.com'), cart: [chocolates], day: '2030-03-05', orderId: 'order-1', coupon: 'ROSES10' });
  const seen = answer({ [GET_ORDER]: ok(order), ...routes });
  mockRouter = checkoutRouter('/checkout', { orderId: 'order-1' });
  renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} />, { currency: order.currency });
  await screen.findByRole('heading', { name: 'Delivery details' });
  act(() => dispatchOrder({ type: 'setStage', stage: 2 }));
  await screen.findByRole('heading', { name: 'Payment' });
  return seen;
}

const paysWith = (path: string) => (s: { method: string; path: string }) => `${s.method} ${s.path}` === path;

describe('card payment', () => {
  it('starts a payment and sends the shopper to the provider, keeping the button busy', async () => {
    const seen = await openPayment(waiting('paystack'), {
      [START]: ok({ kind: 'redirect', provider: 'paystack', reference: 'RF-100234-2c9f1a7b', redirectUrl: 'https://checkout.paystack.test/RF-100234-2c9f1a7b' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₦150,000 with Paystack' }));
    await waitFor(() => expect(left).toHaveBeenCalledWith('https://checkout.paystack.test/RF-100234-2c9f1a7b'));
    const busy = screen.getByRole('button', { name: 'Opening Paystack…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(seen.filter(paysWith(START))).toHaveLength(1);
    expect(notified).not.toHaveBeenCalled();
  });

  it("says 'Unable to start payment: {message}' when the provider does not answer, and the button tries again", async () => {
    let calls = 0;
    const seen = await openPayment(waiting('payPal', 'GBP'), {
      [START]: () =>
        ++calls === 1
          ? fail(502, 'PayPal is not answering; please try again')
          : ok({ kind: 'redirect', provider: 'payPal', reference: 'RF-100234-00000002', redirectUrl: 'https://paypal.test/checkoutnow?token=T2' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay £169 with PayPal' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('error', 'Unable to start payment: PayPal is not answering; please try again'));
    expect(left).not.toHaveBeenCalled();
    const again = await screen.findByRole('button', { name: 'Pay £169 with PayPal' });
    expect(again).toBeEnabled();
    await userEvent.click(again);
    await waitFor(() => expect(left).toHaveBeenCalledWith('https://paypal.test/checkoutnow?token=T2'));
    expect(seen.filter(paysWith(START))).toHaveLength(2);
  });

  it('a 409 because the order changed (a lapsed coupon taken off) reloads the order, so the old amount is no longer offered', async () => {
    const before = waiting('paystack', 'NGN', {
      coupon: { code: 'ROSES10', discount: 15000 },
      amounts: { subtotal: 150000, deliveryFee: 15000, discount: 15000, total: 150000 },
      amountsInCurrency: { subtotal: 150000, deliveryFee: 15000, discount: 15000, total: 150000 },
    });
    const after = {
      ...before,
      status: 'created' as const,
      coupon: null,
      amounts: { subtotal: 150000, deliveryFee: 15000, discount: 0, total: 165000 },
      amountsInCurrency: { subtotal: 150000, deliveryFee: 15000, discount: 0, total: 165000 },
      couponRemoved: { code: 'ROSES10', reason: 'this coupon is no longer available' },
    };
    let reads = 0;
    const seen = await openPayment(before, {
      [GET_ORDER]: () => ok(++reads === 1 ? before : after),
      [START]: fail(409, 'Coupon ROSES10 was removed from your order: this coupon is no longer available. Please check the new total and choose how to pay again.'),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Pay ₦150,000 with Paystack' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('error', expect.stringContaining('Coupon ROSES10 was removed from your order')));
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Pay ₦150,000 with Paystack' })).not.toBeInTheDocument());
    expect(seen.filter((r) => `${r.method} ${r.path}` === GET_ORDER).length).toBeGreaterThanOrEqual(2);
    expect(left).not.toHaveBeenCalled();
  });
});

const INSTRUCTIONS: [PaymentMethodKey, CurrencyCode, string, string, ManualInstructions['details']][] = [
  [
    'gtbTransfer',
    'NGN',
    'Bank transfer (GTBank)',
    '₦150,000 NGN',
    [
      { label: 'Bank', value: 'Guaranty Trust Bank' },
      { label: 'Account name', value: 'Regal Flowers Ltd' },
      { label: 'Account number', value: '0123456789' },
    ],
  ],
  [
    'leadBankTransfer',
    'USD',
    'US bank transfer (Lead Bank)',
    '$215 USD',
    [
      { label: 'Bank', value: 'Lead Bank' },
      { label: 'Account number', value: '210987654321' },
      { label: 'Routing number', value: '101019644' },
    ],
  ],
  [
    'natwestTransfer',
    'GBP',
    'UK bank transfer (NatWest)',
    '£169 GBP',
    [
      { label: 'Bank', value: 'NatWest' },
      { label: 'Sort code', value: '60-00-01' },
      { label: 'Account number', value: '12345678' },
    ],
  ],
  [
    'bitcoinTransfer',
    'USD',
    'Bitcoin',
    '$215 USD',
    [
      { label: 'Bitcoin address', value: 'bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh' },
      { label: 'Amount in Bitcoin', value: 'The Bitcoin equivalent of USD 215.00 at the exchange rate when you send it' },
    ],
  ],
];

const instructionsFor = (method: PaymentMethodKey, currency: CurrencyCode, details: ManualInstructions['details']) =>
  ok({ kind: 'manual', instructions: { method, currency, amount: TOTALS[currency].total, orderNumber: 'RF-100234', details } });

describe('transfers', () => {
  it.each(INSTRUCTIONS)('%s in %s shows the exact amount, each detail and the order number to quote', async (method, currency, label, amount, details) => {
    await openPayment(waiting(method, currency), { [START]: instructionsFor(method, currency, details) });
    const box = await screen.findByRole('region', { name: `Pay by ${label}` });
    const rows = within(box)
      .getAllByRole('term')
      .map((dt) => [dt.textContent, dt.nextElementSibling?.firstElementChild?.textContent]);
    expect(rows).toEqual([['Amount', amount], ...details.map((d) => [d.label, d.value]), [expect.stringMatching(/order number/i), 'RF-100234']]);
    // The order number to quote stands out in the text and in the list.
    expect(
      within(box)
        .getAllByText('RF-100234')
        .every((el) => el.tagName === 'STRONG'),
    ).toBe(true);
    // Codes and numbers can be copied; a sentence cannot.
    for (const d of details) expect(within(box).queryByRole('button', { name: `Copy ${d.label}` })).toEqual(d.label === 'Amount in Bitcoin' ? null : expect.anything());
    expect(within(box).getByRole('button', { name: 'I have sent it' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
  });

  it('copies a detail to the clipboard', async () => {
    const user = userEvent.setup();
    const [method, currency, label, , details] = INSTRUCTIONS[3]!;
    await openPayment(waiting(method, currency), { [START]: instructionsFor(method, currency, details) });
    const box = await screen.findByRole('region', { name: `Pay by ${label}` });
    const write = jest.spyOn(navigator.clipboard, 'writeText');
    await user.click(within(box).getByRole('button', { name: 'Copy Bitcoin address' }));
    expect(write).toHaveBeenCalledWith('bc1qxy2kgdygjrsqtzq2n0yrf2493p83kkfjhx0wlh');
    expect(within(box).getByRole('button', { name: 'Bitcoin address copied' })).toHaveTextContent('Copied');
  });

  it("'I have sent it' tells the shop, shows the waiting state with the tracker link and forgets the cart on this device", async () => {
    const [method, currency, , , details] = INSTRUCTIONS[3]!;
    const order = waiting(method, currency);
    const seen = await openPayment(order, { [START]: instructionsFor(method, currency, details), [SENT]: ok({ ...order, paymentStatus: 'awaiting confirmation' }) });
    await userEvent.click(await screen.findByRole('button', { name: 'I have sent it' }));
    const state = await screen.findByRole('region', { name: 'Transfer on its way' });
    expect(state).toHaveTextContent(PAYMENT_TEXT.sent);
    expect(state).toHaveTextContent('Order number RF-100234');
    expect(state).toHaveTextContent('You told us you sent $215 USD by Bitcoin');
    expect(within(state).getByRole('link', { name: 'order tracker' })).toHaveAttribute('href', '/order-tracker?number=RF-100234');
    expect(screen.queryByText(/your order is paid/i)).not.toBeInTheDocument();
    expect(seen.filter(paysWith(SENT))).toHaveLength(1);
    await waitFor(() => expect(cartStorage()).toEqual({ orderId: null, cartItems: null, deliveryDate: null, coupon: null }));
    // The coupon can no longer change an order whose money is on its way.
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
  });

  it('a reload of the checkout shows the same waiting state, without the auth dialog', async () => {
    storeVisit({ orderId: 'order-1' });
    answer({ [GET_ORDER]: ok(waiting('gtbTransfer', 'NGN', { paymentStatus: 'awaiting confirmation' })) });
    mockRouter = checkoutRouter('/checkout', { orderId: 'order-1' });
    renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} />);
    const state = await screen.findByRole('region', { name: 'Transfer on its way' });
    expect(state).toHaveTextContent('You told us you sent ₦150,000 NGN by Bank transfer (GTBank)');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Checkout stages' })).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    expect(readStored(STORAGE_KEYS.orderId)).toBeNull();
  });

  it('an order staff recorded part of the money for: closed to changes, the shopper is asked to contact the shop', async () => {
    storeVisit({ orderId: 'order-1' });
    answer({ [GET_ORDER]: ok(waiting('gtbTransfer', 'NGN', { paymentState: 'part_paid', paymentStatus: 'PART PAID - BALANCE DUE' })) });
    mockRouter = checkoutRouter('/checkout', { orderId: 'order-1' });
    renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} />);
    const state = await screen.findByRole('region', { name: 'Part of your payment has arrived' });
    expect(state).toHaveTextContent(PAYMENT_TEXT.partPaid);
    expect(state).toHaveTextContent('Order total: ₦150,000 NGN');
    expect(within(state).getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
    // Neither a way to pay online nor a coupon: the order can no longer change.
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Coupon code')).not.toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Checkout stages' })).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    expect(readStored(STORAGE_KEYS.orderId)).toBeNull();
  });

  it('a failure to send says so and keeps the instructions', async () => {
    const [method, currency, label, , details] = INSTRUCTIONS[0]!;
    await openPayment(waiting(method, currency), { [START]: instructionsFor(method, currency, details), [SENT]: fail(409, 'This order is paid already') });
    await userEvent.click(await screen.findByRole('button', { name: 'I have sent it' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('error', 'Unable to record your transfer: This order is paid already'));
    expect(screen.getByRole('region', { name: `Pay by ${label}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'I have sent it' })).toBeEnabled();
    expect(readStored(STORAGE_KEYS.orderId)).toBe('order-1');
  });

  it('instructions that fail to load offer a retry', async () => {
    const [method, currency, label, , details] = INSTRUCTIONS[2]!;
    let calls = 0;
    await openPayment(waiting(method, currency), { [START]: () => (++calls === 1 ? fail(503, 'The shop is resting') : instructionsFor(method, currency, details)) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to load the transfer details: The shop is resting');
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('region', { name: `Pay by ${label}` })).toHaveTextContent('60-00-01');
  });
});

type VerifyReply = PaymentOutcome | { status: number; message: string };

/** Answers the verify call with the replies in turn (the last one repeats) and records each query. */
function verifyAnswers(...replies: VerifyReply[]): Record<string, string>[] {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get('*/v1/payments/verify/order-1', ({ request }) => {
      asked.push(Object.fromEntries(new URL(request.url).searchParams));
      const reply = replies[Math.min(asked.length - 1, replies.length - 1)]!;
      return 'outcome' in reply
        ? HttpResponse.json({ data: reply, error: false, message: 'OK' })
        : HttpResponse.json({ data: null, error: true, message: reply.message, status: reply.status }, { status: reply.status });
    }),
  );
  return asked;
}

/** A guest (no auth dialog expected) back from the provider with a cart, a day and a coupon still stored. */
function returnFrom(query: Record<string, string>, currency: CurrencyCode = 'NGN') {
  storeVisit({ cart: [chocolates], day: '2030-03-05', orderId: 'order-1', coupon: 'ROSES10' });
  mockRouter = checkoutRouter('/checkout', { orderId: 'order-1', ...query });
  renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} />, { currency });
}

const LEAVE_URL = ['/checkout?orderId=order-1', undefined, { shallow: true, scroll: false }];

describe('back from the provider', () => {
  it('paid: confirms with the shop, shows the done stage, forgets the cart and cleans the address', async () => {
    const order = waiting('paystack');
    const asked = verifyAnswers({ outcome: 'paid', message: 'Payment received', order: paid(order) });
    returnFrom({ payment: 'paystack', reference: 'RF-100234-2c9f1a7b', trxref: 'RF-100234-2c9f1a7b' });
    expect(await screen.findByText(PAYMENT_TEXT.confirming)).toBeInTheDocument();
    const done = await screen.findByRole('region', { name: 'Thank you, your order is paid' });
    expect(done).toHaveTextContent('Order number RF-100234');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ payment: 'paystack', reference: 'RF-100234-2c9f1a7b', trxref: 'RF-100234-2c9f1a7b' });
    expect(asked[0]).not.toHaveProperty('orderId');
    await waitFor(() => expect(cartStorage()).toEqual({ orderId: null, cartItems: null, deliveryDate: null, coupon: null }));
    expect(mockRouter.replace).toHaveBeenCalledWith(...LEAVE_URL);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("status=successful in the address is not a payment: the shop's 'failed' shows the message and the pay button", async () => {
    const order = waiting('flutterwave');
    const asked = verifyAnswers({ outcome: 'failed', message: 'The payment did not match this order.', order });
    returnFrom({ payment: 'flutterwave', reference: 'RF-100234-0badf00d', status: 'successful', tx_ref: 'RF-100234-0badf00d', transaction_id: '4242' });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Your payment did not go through');
    expect(alert).toHaveTextContent('The payment did not match this order.');
    expect(screen.getByRole('button', { name: 'Pay ₦150,000 with Flutterwave' })).toBeEnabled();
    expect(screen.queryByText(/your order is paid/i)).not.toBeInTheDocument();
    expect(asked[0]).toMatchObject({ status: 'successful', tx_ref: 'RF-100234-0badf00d', transaction_id: '4242' });
    // Nothing forgotten: the shopper can pay again.
    expect(cartStorage()).toMatchObject({ orderId: 'order-1', deliveryDate: '2030-03-05', coupon: 'ROSES10' });
    expect(cartStorage().cartItems).not.toBeNull();
    expect(mockRouter.replace).toHaveBeenCalledWith(...LEAVE_URL);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('failed then paying again starts a new attempt', async () => {
    const order = waiting('monnify');
    verifyAnswers({ outcome: 'failed', message: 'You cancelled the payment.', order });
    const seen = answer({ [START]: ok({ kind: 'redirect', provider: 'monnify', reference: 'RF-100234-3', redirectUrl: 'https://sandbox.monnify.test/checkout/3' }) });
    returnFrom({ payment: 'monnify', reference: 'RF-100234-2', paymentReference: 'RF-100234-2', cancelled: '1' });
    expect(await screen.findByRole('alert')).toHaveTextContent('You cancelled the payment.');
    await userEvent.click(screen.getByRole('button', { name: 'Pay ₦150,000 with Monnify bank transfer' }));
    await waitFor(() => expect(left).toHaveBeenCalledWith('https://sandbox.monnify.test/checkout/3'));
    expect(seen.filter(paysWith(START))).toHaveLength(1);
  });

  it('pending: waits for the provider, checks again after 3, 6 and 12 s, then offers Check again', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    const planned = jest.spyOn(global, 'setTimeout');
    const order = waiting('payPal', 'USD');
    const pending: PaymentOutcome = { outcome: 'pending', message: 'PayPal has not completed the payment yet.', order };
    const asked = verifyAnswers(pending, pending, pending, pending, { outcome: 'paid', message: 'Payment received', order: paid(order, 'PayPal') });
    returnFrom({ payment: 'payPal', reference: 'RF-100234-77', token: '5O190127TN364715T', PayerID: 'FSMVU44LF3YUS' }, 'USD');
    const status = await screen.findByText('We are waiting for PayPal to confirm your payment');
    expect(status.closest('[role="status"]')).toHaveTextContent('PayPal has not completed the payment yet.');
    expect(screen.queryByRole('button', { name: /^Pay / })).not.toBeInTheDocument();
    expect(asked).toHaveLength(1);
    expect(within(screen.getByRole('navigation', { name: 'Checkout stages' })).getAllByRole('listitem')[1]).toHaveAttribute('aria-current', 'step');
    // Still pending: the address keeps the return, so that a reload asks again.
    expect(mockRouter.replace).not.toHaveBeenCalled();

    for (const [wait, count] of [
      [3000, 2],
      [6000, 3],
      [12000, 4],
    ] as const) {
      await screen.findByText('We check again in a few seconds.');
      act(() => jest.advanceTimersByTime(wait));
      await waitFor(() => expect(asked).toHaveLength(count));
    }
    // The waits planned between the checks (the test library's own timers are shorter, but for its find/waitFor timeout).
    const libraryTimeout = getConfig().asyncUtilTimeout;
    expect(planned.mock.calls.map(([, ms]) => ms ?? 0).filter((ms) => ms >= 2000 && ms !== libraryTimeout)).toEqual([3000, 6000, 12000]);
    const again = await screen.findByRole('button', { name: 'Check again' });
    expect(screen.getByRole('button', { name: 'Pay $215 with PayPal' })).toBeInTheDocument();
    act(() => jest.advanceTimersByTime(60000));
    expect(asked).toHaveLength(4);
    expect(screen.queryByText(/your order is paid/i)).not.toBeInTheDocument();

    await user.click(again);
    expect(await screen.findByRole('region', { name: 'Thank you, your order is paid' })).toBeInTheDocument();
    expect(asked).toHaveLength(5);
    await waitFor(() => expect(cartStorage().orderId).toBeNull());
  });

  it('pending then paid on the first re-check shows the done stage', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const order = waiting('paystack');
    const asked = verifyAnswers({ outcome: 'pending', message: '', order }, { outcome: 'paid', message: 'Payment received', order: paid(order) });
    returnFrom({ payment: 'paystack', reference: 'RF-100234-88', trxref: 'RF-100234-88' });
    await screen.findByText('We are waiting for Paystack to confirm your payment');
    act(() => jest.advanceTimersByTime(3000));
    expect(await screen.findByRole('region', { name: 'Thank you, your order is paid' })).toBeInTheDocument();
    expect(asked).toHaveLength(2);
  });

  it('a verify call that fails keeps the order unpaid and offers to check again', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask', 'nextTick', 'setImmediate'] });
    const order = waiting('paystack');
    const asked = verifyAnswers({ status: 502, message: 'Paystack is not answering' });
    answer({ [GET_ORDER]: ok(order) });
    returnFrom({ payment: 'paystack', reference: 'RF-100234-99', trxref: 'RF-100234-99' });
    const status = await screen.findByText('We are waiting for Paystack to confirm your payment');
    expect(status.closest('[role="status"]')).toHaveTextContent(PAYMENT_TEXT.notConfirmed('Paystack is not answering'));
    expect(screen.queryByText(/your order is paid/i)).not.toBeInTheDocument();
    for (const [wait, count] of [
      [3000, 2],
      [6000, 3],
      [12000, 4],
    ] as const) {
      await screen.findByText('We check again in a few seconds.');
      act(() => jest.advanceTimersByTime(wait));
      await waitFor(() => expect(asked).toHaveLength(count));
    }
    expect(await screen.findByRole('button', { name: 'Check again' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Pay ₦150,000 with Paystack' })).toBeEnabled();
  });

  it('an unknown order on return is forgotten like on any checkout load', async () => {
    verifyAnswers({ status: 404, message: 'Order not found' });
    returnFrom({ payment: 'paystack', reference: 'RF-100234-1', trxref: 'RF-100234-1' });
    await waitFor(() => expect(mockRouter.replace).toHaveBeenCalledWith('/'));
    await waitFor(() => expect(cartStorage()).toEqual({ orderId: null, cartItems: null, deliveryDate: null, coupon: null }));
  });

  it('an ordinary checkout address does not verify anything', async () => {
    const asked = verifyAnswers({ outcome: 'paid', message: 'Payment received', order: paid(waiting('paystack')) });
    storeVisit({ user: record('ada@example.com'), orderId: 'order-1' });
    answer({ [GET_ORDER]: ok(waiting('paystack')) });
    mockRouter = checkoutRouter('/checkout', { orderId: 'order-1', reference: 'RF-100234-1', status: 'successful' });
    renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} />);
    expect(await screen.findByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    expect(asked).toHaveLength(0);
    expect(screen.queryByText(/your order is paid/i)).not.toBeInTheDocument();
  });
});
