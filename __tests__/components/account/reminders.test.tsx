/**
 * The account's occasion reminders, msw answering the calls in the contract's shapes
 * (lib/contracts/reminders.ts): /account/reminders lists them (whose occasion, the next day in
 * words, the order they came from, the unsubscribed note), 'Stop' removes one and says so, a
 * refusal or a failed read shows the server's words, the empty state says how to get one; the
 * order page's 'Remind me next year' on a paid order with a day sends the order's id and says
 * when the e-mails go, or the 409's message. The date (only) is fixed at 1 June 2027 in Lagos.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountOrder } from '@/lib/contracts/account';
import { REMINDER_TEXT, type ReminderView } from '@/lib/contracts/reminders';
import RemindersPage from '@/pages/account/reminders';
import AccountOrderPage from '@/pages/account/orders/[number]';
import { listenToMsw } from '../../helpers/msw';
import { SHELL } from '../../helpers/render';
import { answer, fail, ok } from '../auth/helpers';
import { record, renderInShop, storeVisit } from '../checkout/helpers';
import { accountRouter } from './helpers';

const mockRouter = accountRouter('/account/reminders');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { get router() { return mockRouter; } } }));
jest.mock('@/lib/server/account-page', () => ({ accountPage: () => () => Promise.resolve({ props: {} }) }));
jest.mock('@/lib/ui/notify');

listenToMsw();

const ADA = record('ada@example.com');
const LIST = 'GET /v1/regal/account/reminders';

const amaka: ReminderView = { id: 'rem-1', occasion: 'Birthday', recipientName: 'Amaka', nextOn: '2027-12-04', orderNumber: 'RF-123456', muted: false };
const tunde: ReminderView = { id: 'rem-2', occasion: 'Anniversary', recipientName: 'Tunde', nextOn: '2028-02-29', orderNumber: 'RF-100777', muted: true };

beforeEach(() => {
  // Only the clock's date: msw and Testing Library keep their real timers.
  jest.useFakeTimers({ now: new Date('2027-06-01T09:00:00Z'), doNotFake: ['nextTick', 'setImmediate', 'clearImmediate', 'setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'queueMicrotask', 'hrtime', 'performance', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback'] });
  storeVisit({ user: ADA });
});
afterEach(() => jest.useRealTimers());

const showReminders = () => renderInShop(<RemindersPage />);
const cards = () => within(screen.getByRole('region', { name: 'Your reminders' })).queryAllByRole('listitem');

describe('/account/reminders', () => {
  it('lists each reminder: whose occasion, the next day in words, the order it came from, and a note on the unsubscribed one', async () => {
    const seen = answer({ [LIST]: ok([amaka, tunde]) });
    showReminders();
    await screen.findByRole('heading', { level: 3, name: "Amaka's Birthday" });

    expect(seen[0]!.authorization).toBe(`Bearer ${ADA.authToken}`);
    expect(screen.getByRole('heading', { level: 1, name: 'Reminders' })).toBeInTheDocument();
    expect(within(screen.getByRole('navigation', { name: 'Your account' })).getByRole('link', { name: 'Reminders' })).toHaveAttribute('aria-current', 'page');

    const [first, second] = cards();
    expect(first).toHaveTextContent('Next on Saturday 4 December 2027 (from order RF-123456)');
    expect(within(first!).getByRole('link', { name: 'RF-123456' })).toHaveAttribute('href', '/account/orders/RF-123456');
    expect(within(first!).queryByRole('note')).not.toBeInTheDocument();
    expect(within(first!).getByRole('button', { name: "Stop the reminder for Amaka's Birthday" })).toBeInTheDocument();

    expect(within(second!).getByRole('heading', { name: "Tunde's Anniversary" })).toBeInTheDocument();
    expect(second).toHaveTextContent('Next on Tuesday 29 February 2028 (from order RF-100777)');
    expect(within(second!).getByRole('note')).toHaveTextContent('You unsubscribed from these e-mails, so none will be sent.');
  });

  it("'Stop' stops it at once: it leaves the list, the status line says so and how to start it again, the focus goes to the list", async () => {
    const seen = answer({ [LIST]: ok([amaka, tunde]), 'DELETE /v1/regal/account/reminders/rem-1': ok({ stopped: true }) });
    showReminders();
    await userEvent.click(await screen.findByRole('button', { name: "Stop the reminder for Amaka's Birthday" }));

    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(within(cards()[0]!).getByRole('heading')).toHaveTextContent("Tunde's Anniversary");
    expect(screen.getByRole('status')).toHaveTextContent(
      "Reminder stopped: we will not e-mail you about Amaka's Birthday again. To start it again, choose 'Remind me next year' on order RF-123456.",
    );
    expect(screen.getByRole('heading', { name: 'Your reminders' })).toHaveFocus();
    expect(seen.map((s) => `${s.method} ${s.path}`)).toEqual([LIST, 'DELETE /v1/regal/account/reminders/rem-1']);
    expect(seen[1]!.authorization).toBe(`Bearer ${ADA.authToken}`);
    expect(seen[1]!.query.get('business')).toBe('regal');
  });

  it('keeps the reminder and shows the server’s words when stopping is refused', async () => {
    answer({ [LIST]: ok([amaka]), 'DELETE /v1/regal/account/reminders/rem-1': fail(404, 'Reminder not found') });
    showReminders();
    await userEvent.click(await screen.findByRole('button', { name: "Stop the reminder for Amaka's Birthday" }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Reminder not found');
    expect(cards()).toHaveLength(1);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('says what failed when the reminders cannot be read, and reads them again on request', async () => {
    let calls = 0;
    answer({ [LIST]: () => (++calls === 1 ? fail(503, 'The shop is busy. Please try again in a moment.') : ok([amaka])) });
    showReminders();

    expect(await screen.findByRole('alert')).toHaveTextContent('The shop is busy. Please try again in a moment.');
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: "Amaka's Birthday" })).toBeInTheDocument();
  });

  it('explains how to get one when there are none, with the way to the orders', async () => {
    answer({ [LIST]: ok([]) });
    showReminders();

    expect(await screen.findByText(/You have no occasion reminders\. Choose 'Remind me next year' on a paid order/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See your orders' })).toHaveAttribute('href', '/account');
    expect(cards()).toHaveLength(0);
  });

  it('names a day that is not the recipient’s own as a day for them, and an order without a purpose as their occasion', async () => {
    answer({ [LIST]: ok([{ ...amaka, occasion: "Mother's Day" }, { ...tunde, occasion: 'Occasion' }, { ...tunde, id: 'rem-3', occasion: 'Occasion', recipientName: '' }]) });
    showReminders();

    expect(await screen.findByRole('heading', { name: "Mother's Day for Amaka" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: "Tunde's occasion" })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Your occasion' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Stop the reminder for this occasion' })).toBeInTheDocument();
  });

  it("says 'this occasion' inside a sentence when the order had neither a purpose nor a name", async () => {
    const unnamed = { ...tunde, id: 'rem-3', occasion: 'Occasion', recipientName: '' };
    answer({ [LIST]: ok([unnamed]), 'DELETE /v1/regal/account/reminders/rem-3': ok({ stopped: true }) });
    showReminders();
    await userEvent.click(await screen.findByRole('button', { name: 'Stop the reminder for this occasion' }));
    expect(await screen.findByText(new RegExp(`^Reminder stopped: we will not e-mail you about this occasion again\\. To start it again, choose 'Remind me next year' on order ${unnamed.orderNumber}\\.$`))).toBeInTheDocument();
  });
});

/** A paid, delivered order of Amaka's birthday last year. */
function paidOrder(overrides: Partial<AccountOrder> = {}): AccountOrder {
  return {
    id: '6f1c2a52-8a8e-4d5e-9a57-2b1f0f4f3c11',
    orderNumber: 'RF-123456',
    placedAt: '2026-12-01T09:15:00Z',
    deliveryDate: '2026-12-04',
    deliveryMethod: 'delivery',
    recipientName: 'Amaka',
    currency: 'NGN',
    total: 65000,
    status: 'delivered',
    statusLabel: 'Delivered',
    paymentState: 'paid',
    paymentStatus: 'PAID - GO AHEAD (Paystack)',
    itemCount: 1,
    image: null,
    deliveryPhoto: null,
    items: [{ name: 'Red Velvet Romance', quantity: 1, image: { src: '/media/p/roses.webp', alt: 'Red roses' }, productSlug: 'red-velvet-romance', lineTotal: 60000 }],
    amounts: { subtotal: 60000, deliveryFee: 5000, discount: 0, total: 65000 },
    deliveryFeeQuotedByStaff: false,
    couponCode: null,
    despatchLocation: '',
    sender: { name: 'Ada Obi', email: 'ada@example.com', phone: '+2348030000000' },
    recipient: { name: 'Amaka', address: '5 Bourdillon Road, Ikoyi', phone: '+2348031234567', altPhone: '' },
    deliveryMessage: '',
    timeline: [{ status: 'delivered', label: 'Delivered', note: '', at: '2026-12-04T13:05:00Z' }],
    canReview: false,
    review: null,
    canPay: false,
    reminder: null,
    ...overrides,
  };
}

const ORDER = 'GET /v1/regal/account/orders/RF-123456';
const CREATE = 'POST /v1/reminders';

async function showOrder(order: AccountOrder) {
  renderInShop(<AccountOrderPage orderNumber={order.orderNumber} shell={SHELL} />);
  return screen.findByRole('region', { name: 'Details' });
}

describe("the order page's 'Remind me next year'", () => {
  it("asks for the order's reminder by its id, says on which days we will e-mail, and then reads 'Reminder set'", async () => {
    const seen = answer({ [ORDER]: ok(paidOrder()), [CREATE]: ok(amaka) });
    const details = await showOrder(paidOrder());
    await userEvent.click(within(details).getByRole('button', { name: 'Remind me next year' }));

    expect(await within(details).findByRole('button', { name: 'Reminder set' })).toBeDisabled();
    const said = within(details).getByText("We will e-mail you on Saturday 27 November 2027 and Friday 3 December 2027 before Amaka's Birthday.");
    expect(said).toHaveAttribute('role', 'status');
    const create = seen.find((s) => s.method === 'POST')!;
    expect(create.body).toEqual({ orderId: '6f1c2a52-8a8e-4d5e-9a57-2b1f0f4f3c11', business: 'regal' });
  });

  it("opens as 'Reminder set' with its days when the order's reminder is already set, and asks nothing", async () => {
    const order = paidOrder({ reminder: amaka });
    const seen = answer({ [ORDER]: ok(order) });
    const details = await showOrder(order);
    expect(within(details).getByRole('button', { name: 'Reminder set' })).toBeDisabled();
    expect(within(details).getByText("We will e-mail you on Saturday 27 November 2027 and Friday 3 December 2027 before Amaka's Birthday.")).toHaveAttribute('role', 'status');
    expect(seen.map((s) => s.method)).toEqual(['GET']);
  });

  it('says the week’s e-mail goes today when the day is less than a week away', async () => {
    answer({ [ORDER]: ok(paidOrder()), [CREATE]: ok({ ...amaka, nextOn: '2027-06-05' }) });
    const details = await showOrder(paidOrder());
    await userEvent.click(within(details).getByRole('button', { name: 'Remind me next year' }));
    expect(await within(details).findByText("We will e-mail you on Tuesday 1 June 2027 and Friday 4 June 2027 before Amaka's Birthday.")).toBeInTheDocument();
  });

  it('tells an unsubscribed address that none will be sent', async () => {
    answer({ [ORDER]: ok(paidOrder()), [CREATE]: ok({ ...amaka, muted: true }) });
    const details = await showOrder(paidOrder());
    await userEvent.click(within(details).getByRole('button', { name: 'Remind me next year' }));
    expect(await within(details).findByText('Reminder set. You unsubscribed from these e-mails, so none will be sent.')).toBeInTheDocument();
  });

  it("shows the server's words when it refuses (409), and the button stays", async () => {
    answer({ [ORDER]: ok(paidOrder()), [CREATE]: fail(409, REMINDER_TEXT.notPaid) });
    const details = await showOrder(paidOrder());
    await userEvent.click(within(details).getByRole('button', { name: 'Remind me next year' }));

    expect(await within(details).findByRole('alert')).toHaveTextContent(`Could not set the reminder: ${REMINDER_TEXT.notPaid}`);
    expect(within(details).getByRole('button', { name: 'Remind me next year' })).toBeEnabled();
    expect(within(details).queryByText(/We will e-mail you/)).not.toBeInTheDocument();
  });

  it.each([
    ['unpaid', paidOrder({ paymentState: 'unpaid', paymentStatus: 'not paid', status: 'awaiting_payment', statusLabel: 'Awaiting payment' })],
    ['part paid', paidOrder({ paymentState: 'part_paid', paymentStatus: 'PART PAID - BALANCE DUE', status: 'created', statusLabel: 'Order created' })],
    ['without a day', paidOrder({ deliveryDate: '' })],
  ])('is not offered on an order %s', async (_, order) => {
    answer({ [ORDER]: ok(order) });
    const details = await showOrder(order);
    expect(within(details).getByRole('button', { name: 'Order again' })).toBeInTheDocument();
    expect(within(details).queryByRole('button', { name: /Remind me/ })).not.toBeInTheDocument();
  });

  it('is offered on a refunded order (it was paid)', async () => {
    const order = paidOrder({ paymentState: 'refunded', paymentStatus: 'refunded', status: 'cancelled', statusLabel: 'Cancelled' });
    answer({ [ORDER]: ok(order) });
    const details = await showOrder(order);
    expect(within(details).getByRole('button', { name: 'Remind me next year' })).toBeInTheDocument();
  });
});
