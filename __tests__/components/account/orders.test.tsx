/**
 * The account's orders as a logged-in shopper sees them, with msw answering the account calls in
 * the contract's shapes (lib/contracts/account.ts): the list (each field, the links, newest first
 * as sent, the token sent), the empty state, the pager, a 401 that drops to the log-in prompt, a
 * failure with 'Try again'; and one order's page (facts, items, amounts, people, photo, timeline,
 * review, 'Pay now' into the checkout's payment stage, not found).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountOrder, AccountOrderList, AccountOrderSummary } from '@/lib/contracts/account';
import { ACCOUNT_ORDER_NOT_FOUND_MESSAGE, ACCOUNT_ORDERS_PAGE_SIZE } from '@/lib/contracts/account';
import { resetOrderStore, useOrder } from '@/lib/state/checkout-order';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import AccountOrdersPage from '@/pages/account';
import AccountOrderPage from '@/pages/account/orders/[number]';
import { http, HttpResponse } from 'msw';
import { listenToMsw, server } from '../../helpers/msw';
import { SHELL } from '../../helpers/render';
import { answer, fail, ok } from '../auth/helpers';
import { record, renderInShop, storeVisit } from '../checkout/helpers';
import { accountRouter } from './helpers';

const mockRouter = accountRouter('/account');
// Link (components/ui/link.tsx) pushes through the default export's router.
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { get router() { return mockRouter; } } }));
jest.mock('@/lib/server/account-page', () => ({ accountPage: () => () => Promise.resolve({ props: {} }) }));
jest.mock('@/lib/ui/notify');

listenToMsw();

const ADA = record('ada@example.com');
const ORDERS = '/v1/regal/account/orders';

function summary(overrides: Partial<AccountOrderSummary> = {}): AccountOrderSummary {
  return {
    orderNumber: 'RF-100234',
    placedAt: '2027-02-12T09:15:00Z',
    deliveryDate: '2027-02-14',
    deliveryMethod: 'delivery',
    recipientName: 'Ngozi Adeyemi',
    currency: 'NGN',
    total: 120500,
    status: 'delivered',
    statusLabel: 'Delivered',
    paymentState: 'paid',
    paymentStatus: 'PAID - GO AHEAD (Paystack)',
    itemCount: 3,
    image: { src: '/media/p/roses.webp', alt: 'Red roses, front view' },
    deliveryPhoto: '/media/d/0123456789abcdef0123456789abcdef.webp',
    ...overrides,
  };
}

const AWAITING = summary({
  orderNumber: 'RF-100199',
  placedAt: '2027-01-30T23:30:00Z',
  deliveryDate: '2027-02-02',
  deliveryMethod: 'pick-up',
  recipientName: '',
  currency: 'USD',
  total: 215,
  status: 'awaiting_payment',
  statusLabel: 'Awaiting payment',
  paymentState: 'unpaid',
  paymentStatus: 'not paid',
  itemCount: 1,
  image: null,
  deliveryPhoto: null,
});

const list = (orders: AccountOrderSummary[], overrides: Partial<AccountOrderList> = {}): AccountOrderList => ({
  orders,
  page: 1,
  pageSize: ACCOUNT_ORDERS_PAGE_SIZE,
  total: orders.length,
  ...overrides,
});

function order(overrides: Partial<AccountOrder> = {}): AccountOrder {
  return {
    ...summary(),
    id: 'order-1',
    items: [
      { name: 'Red Velvet Romance', size: 'Deluxe', quantity: 2, image: { src: '/media/p/roses.webp', alt: 'Red roses, front view' }, productSlug: 'red-velvet-romance', lineTotal: 140000 },
      { name: 'Pink Lilies', quantity: 1, image: { src: '/media/p/lilies.webp', alt: 'Pink lilies in a vase' }, productSlug: null, lineTotal: 20000 },
    ],
    amounts: { subtotal: 160000, deliveryFee: 5000, discount: 44500, total: 120500 },
    deliveryFeeQuotedByStaff: false,
    couponCode: 'LOVE10',
    despatchLocation: '',
    sender: { name: 'Ada Obi', email: 'ada@example.com', phone: '+2348030000000' },
    recipient: { name: 'Ngozi Adeyemi', address: '[Office] 5 Bourdillon Road, Ikoyi', phone: '+2348031234567', altPhone: '+2348097654321' },
    deliveryMessage: 'Happy birthday, Ngozi!\nWith love, Ada',
    timeline: [
      { status: 'created', label: 'Order created', note: '', at: '2027-02-12T09:15:00Z' },
      { status: 'paid', label: 'Payment received', note: 'Paid with Paystack', at: '2027-02-12T09:20:00Z' },
      { status: 'delivered', label: 'Delivered', note: 'Received by the gate man', at: '2027-02-14T13:05:00Z' },
    ],
    canReview: false,
    review: { rating: 5, comment: 'Beautiful roses.', authorName: 'Ada', createdAt: '2027-02-15T10:00:00Z' },
    canPay: false,
    reminder: null,
    ...overrides,
  };
}

function showList(page = 1) {
  return renderInShop(<AccountOrdersPage page={page} shell={SHELL} />);
}

function showOrder(orderNumber = 'RF-100234') {
  return renderInShop(<AccountOrderPage orderNumber={orderNumber} shell={SHELL} />);
}

beforeEach(() => {
  storeVisit({ user: ADA });
  resetOrderStore();
  mockRouter.push.mockClear();
});

describe('/account: the orders', () => {
  it('lists each order with its number (a link to its page), day, recipient, total in its currency, status, payment, picture and delivery photo', async () => {
    const seen = answer({ [`GET ${ORDERS}`]: ok(list([summary(), AWAITING])) });
    showList();

    const items = within(await screen.findByRole('list', { name: 'Your orders' })).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['My orders']);
    expect(screen.getByText('2 orders, newest first')).toBeInTheDocument();

    const delivered = within(items[0]!);
    expect(delivered.getByRole('heading', { level: 2, name: 'Order RF-100234' })).toBeInTheDocument();
    expect(delivered.getByRole('link', { name: 'Order RF-100234' })).toHaveAttribute('href', '/account/orders/RF-100234');
    expect(items[0]).toHaveTextContent('Placed 12 Feb 2027 · 3 items');
    expect(items[0]).toHaveTextContent('To Ngozi Adeyemi · Delivery 14 Feb 2027');
    expect(delivered.getByText('Total')).toBeInTheDocument();
    expect(items[0]).toHaveTextContent('₦120,500');
    expect(delivered.getByText('Delivered')).toHaveAttribute('data-status', 'delivered');
    expect(delivered.getByText('Paid')).toBeInTheDocument();
    expect(delivered.getByRole('img', { name: 'Red roses, front view' })).toHaveAttribute('src', '/media/p/roses.webp?w=200');
    const photo = delivered.getByRole('img', { name: 'Order RF-100234 delivered to Ngozi Adeyemi, photographed by our rider' });
    expect(photo).toHaveAttribute('src', '/media/d/0123456789abcdef0123456789abcdef.webp');
    expect(photo).toHaveAttribute('referrerpolicy', 'no-referrer');

    const awaiting = within(items[1]!);
    expect(awaiting.getByRole('link', { name: 'Order RF-100199' })).toHaveAttribute('href', '/account/orders/RF-100199');
    // 23:30 UTC is the next day in Lagos.
    expect(items[1]).toHaveTextContent('Placed 31 Jan 2027 · 1 item');
    expect(items[1]).toHaveTextContent('Pick-up · Pick-up 2 Feb 2027');
    expect(items[1]).toHaveTextContent('$215');
    expect(awaiting.getByText('Awaiting payment', { selector: '[data-status]' })).toHaveAttribute('data-status', 'awaiting_payment');
    expect(awaiting.queryAllByRole('img')).toHaveLength(0);

    expect(seen.length).toBeGreaterThan(0);
    for (const request of seen) {
      expect(request.query.get('page')).toBe('1');
      expect(request.authorization).toBe(`Bearer ${ADA.authToken}`);
    }
  });

  it('invites a shopper without orders to shop', async () => {
    answer({ [`GET ${ORDERS}`]: ok(list([])) });
    showList();
    expect(await screen.findByRole('heading', { level: 2, name: 'No orders yet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Browse flowers and gifts' })).toHaveAttribute('href', '/product-category/all');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Track an order' })).toHaveAttribute('href', '/order-tracker');
    expect(screen.queryByRole('navigation', { name: 'Pages of your orders' })).not.toBeInTheDocument();
  });

  it('pages past ACCOUNT_ORDERS_PAGE_SIZE: asks for the page in the address and links to newer and older pages', async () => {
    const total = ACCOUNT_ORDERS_PAGE_SIZE * 2 + 5;
    const seen = answer({ [`GET ${ORDERS}`]: (s) => ok(list([summary({ orderNumber: `RF-2000${s.query.get('page')}` })], { page: Number(s.query.get('page')), total })) });
    showList(2);
    const pager = await screen.findByRole('navigation', { name: 'Pages of your orders' });
    expect(seen[0]!.query.get('page')).toBe('2');
    expect(within(pager).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(pager).getByRole('link', { name: '← Newer orders' })).toHaveAttribute('href', '/account');
    expect(within(pager).getByRole('link', { name: 'Older orders →' })).toHaveAttribute('href', '/account?page=3');
    expect(screen.getByText(`${total} orders, newest first`)).toBeInTheDocument();
  });

  it('shows no pager when every order fits on one page, and a way back from a page past the end', async () => {
    answer({ [`GET ${ORDERS}`]: (s) => ok(list(s.query.get('page') === '1' ? [summary()] : [], { page: Number(s.query.get('page')), total: 1 })) });
    const { unmount } = showList(1);
    await screen.findByRole('link', { name: 'Order RF-100234' });
    expect(screen.queryByRole('navigation', { name: 'Pages of your orders' })).not.toBeInTheDocument();
    unmount();

    showList(4);
    expect(await screen.findByText('There are no orders on this page.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your latest orders' })).toHaveAttribute('href', '/account');
  });

  it('drops the user and shows the log-in prompt when the token is refused (401)', async () => {
    answer({ [`GET ${ORDERS}`]: fail(401, 'Please log in again') });
    showList();
    expect(await screen.findByRole('heading', { name: 'Log in to see your account' })).toBeInTheDocument();
    expect(readStored(STORAGE_KEYS.user)).toBeNull();
    expect(screen.queryByRole('list', { name: 'Your orders' })).not.toBeInTheDocument();
  });

  it('says what failed and tries again on request', async () => {
    let down = true;
    const seen = answer({ [`GET ${ORDERS}`]: () => (down ? fail(503, 'The shop is briefly unavailable') : ok(list([summary()]))) });
    showList();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The shop is briefly unavailable');
    expect(screen.queryByRole('link', { name: 'Order RF-100234' })).not.toBeInTheDocument();
    const before = seen.length;
    down = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Order RF-100234' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(seen.length).toBeGreaterThan(before);
  });

  it('says it is loading until the orders come', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    server.use(
      http.get(`*${ORDERS}`, async () => {
        await held;
        return HttpResponse.json({ data: list([summary()]), error: false, message: 'OK' });
      }),
    );
    showList();
    expect(await screen.findByText('Loading your orders…')).toHaveAttribute('role', 'status');
    release();
    await screen.findByRole('link', { name: 'Order RF-100234' });
    expect(screen.queryByText('Loading your orders…')).not.toBeInTheDocument();
  });
});

/** The value next to a label in a definition list. */
const fact = (scope: HTMLElement, label: string) => within(scope).getByText(label, { selector: 'dt' }).nextElementSibling;

function StageProbe() {
  const { stage } = useOrder();
  return <p data-testid="stage">stage {stage}</p>;
}

describe('/account/orders/{number}: one order', () => {
  it('shows the facts, items with sizes, quantities and line totals, amounts, people, card message, photo, timeline and review', async () => {
    const seen = answer({ [`GET ${ORDERS}/RF-100234`]: ok(order()) });
    showOrder();
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Order RF-100234']);
    expect(seen[0]!.authorization).toBe(`Bearer ${ADA.authToken}`);

    expect(fact(details, 'Placed')).toHaveTextContent('12 Feb 2027');
    expect(within(fact(details, 'Status') as HTMLElement).getByText('Delivered')).toHaveAttribute('data-status', 'delivered');
    expect(fact(details, 'Payment')).toHaveTextContent('Paid');
    expect(fact(details, 'Delivery date')).toHaveTextContent('14 Feb 2027');

    const lines = within(details).getAllByRole('list')[0]!;
    const [roses, lilies] = within(lines).getAllByRole('listitem');
    expect(roses).toHaveTextContent('Red Velvet RomanceSize: Deluxe · Quantity: 2₦140,000');
    expect(within(roses!).getByRole('link', { name: 'Red Velvet Romance' })).toHaveAttribute('href', '/product/red-velvet-romance');
    expect(lilies).toHaveTextContent('Pink LiliesQuantity: 1₦20,000');
    expect(within(lilies!).queryByRole('link')).not.toBeInTheDocument();

    expect(fact(details, 'Subtotal')).toHaveTextContent('₦160,000');
    expect(fact(details, 'Delivery')).toHaveTextContent('₦5,000');
    expect(fact(details, 'Discount (coupon LOVE10)')).toHaveTextContent('−₦44,500');
    expect(fact(details, 'Total')).toHaveTextContent('₦120,500');

    expect(within(details).getByText('5 Bourdillon Road, Ikoyi')).toBeInTheDocument();
    expect(within(details).getByText('Office')).toBeInTheDocument();
    expect(fact(details, 'Other phone')).toHaveTextContent('+2348097654321');
    expect(fact(details, 'E-mail')).toHaveTextContent('ada@example.com');
    expect(within(details).getByText(/Happy birthday, Ngozi!/)).toBeInTheDocument();
    const photo = within(details).getByRole('link', { name: 'Order RF-100234 delivered to Ngozi Adeyemi, photographed by our rider' });
    expect(photo).toHaveAttribute('href', '/media/d/0123456789abcdef0123456789abcdef.webp');

    const progress = screen.getByRole('region', { name: 'Progress' });
    const steps = within(progress).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('p')?.textContent)).toEqual(['Order created', 'Payment received', 'DeliveredCurrent']);
    expect(steps[2]).toHaveAttribute('aria-current', 'step');

    const review = screen.getByRole('region', { name: 'Your review' });
    expect(within(review).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(review).toHaveTextContent('Beautiful roses.');

    expect(within(details).queryByRole('link', { name: 'Pay now' })).not.toBeInTheDocument();
    expect(within(details).getByRole('button', { name: 'Order again' })).toBeInTheDocument();
    // Headings in order: h1, then h2 sections with h3 parts.
    const levels = screen.getAllByRole('heading').map((h) => Number(h.tagName.slice(1)));
    levels.forEach((level, i) => expect(level - (levels[i - 1] ?? 0)).toBeLessThanOrEqual(1));
  });

  it("offers 'Pay now' into the checkout's payment stage while the order can be paid; a quoted fee says so", async () => {
    answer({
      [`GET ${ORDERS}/RF-100199`]: ok(
        order({
          ...AWAITING,
          id: 'order-9',
          canPay: true,
          canReview: false,
          review: null,
          deliveryPhoto: null,
          deliveryFeeQuotedByStaff: true,
          couponCode: null,
          amounts: { subtotal: 215, deliveryFee: 0, discount: 0, total: 215 },
          despatchLocation: 'LPL',
          timeline: [{ status: 'awaiting_payment', label: 'Awaiting payment', note: '', at: '2027-01-30T22:31:00Z' }],
        }),
      ),
    });
    renderInShop(
      <>
        <AccountOrderPage orderNumber="RF-100199" shell={SHELL} />
        <StageProbe />
      </>,
    );
    const details = await screen.findByRole('region', { name: 'Details' });
    expect(fact(details, 'Payment')).toHaveTextContent('Awaiting payment');
    expect(fact(details, 'Pick-up date')).toHaveTextContent('2 Feb 2027');
    expect(fact(details, 'From')).toHaveTextContent('Lekki12 Admiralty Way, Lekki Phase 1, Lagos');
    expect(fact(details, 'Pick-up')).toHaveTextContent('Quoted by the shop');
    expect(details).toHaveTextContent('The delivery fee is quoted by our staff and paid separately');
    expect(fact(details, 'Total')).toHaveTextContent('$215');
    expect(within(details).queryByText(/^Discount/)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /review/i })).not.toBeInTheDocument();

    const pay = within(details).getByRole('link', { name: 'Pay now' });
    expect(pay).toHaveAttribute('href', '/checkout?orderId=order-9');
    expect(screen.getByTestId('stage')).toHaveTextContent('stage 1');
    await userEvent.click(pay);
    expect(screen.getByTestId('stage')).toHaveTextContent('stage 2');
    expect(mockRouter.push).toHaveBeenCalledWith('/checkout?orderId=order-9');
  });

  it("shows the tracker's review form for a delivered order not yet reviewed", async () => {
    answer({ [`GET ${ORDERS}/RF-100234`]: ok(order({ canReview: true, review: null })) });
    showOrder();
    const review = await screen.findByRole('region', { name: 'Review your order' });
    expect(await within(review).findByRole('button', { name: /submit/i })).toBeInTheDocument();
  });

  it("says an order that is not in the account was not found, with the way back to the list", async () => {
    answer({ [`GET ${ORDERS}/RF-999999`]: fail(404, ACCOUNT_ORDER_NOT_FOUND_MESSAGE) });
    showOrder('RF-999999');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(ACCOUNT_ORDER_NOT_FOUND_MESSAGE);
    expect(within(alert).getByRole('link', { name: 'See all your orders' })).toHaveAttribute('href', '/account');
    expect(screen.queryByRole('region', { name: 'Details' })).not.toBeInTheDocument();
  });

  it('tries again after a failure, and drops to the log-in prompt on a 401', async () => {
    let failure = fail(500, 'Something went wrong (ref 1a2b3c4d)');
    answer({ [`GET ${ORDERS}/RF-100234`]: () => failure });
    showOrder();
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong (ref 1a2b3c4d)');
    failure = fail(401, 'Please log in again');
    await userEvent.click(within(await screen.findByRole('alert')).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Log in to see your account' })).toBeInTheDocument();
    await waitFor(() => expect(readStored(STORAGE_KEYS.user)).toBeNull());
  });
});
