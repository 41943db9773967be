/**
 * The order tracker as a shopper uses it: the lookup form (required number, optional e-mail, a
 * GET form for browsers without JavaScript), lookups with and without the checkout e-mail, the
 * 404 / 429 / other messages, the timeline, and the review form with its toasts.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { OrderTracker } from '@/components/order-tracker/order-tracker';
import { TRACKER_PAGE_TEXTS } from '@/lib/content/tracker-texts';
import type { TrackedOrder } from '@/lib/contracts/orders';
import { notify } from '@/lib/ui/notify';
import { listenToMsw } from '../../helpers/msw';
import { fakeRouter, renderWithShell } from '../../helpers/render';
import { answer, fail, ok, REVIEW, tracked, verified } from './helpers';

const mockRouter = { ...fakeRouter('/order-tracker'), replace: jest.fn((_url: string, _as?: unknown, _options?: unknown) => Promise.resolve(true)) };
jest.mock('next/router', () => ({ useRouter: () => mockRouter }));
jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();
beforeEach(() => {
  notified.mockClear();
  mockRouter.replace.mockClear();
});

type Start = { number?: string; email?: string; result?: TrackedOrder | null; error?: string | null };
const renderTracker = ({ number = '', email = '', result = null, error = null }: Start = {}) =>
  renderWithShell(<OrderTracker number={number} email={email} result={result} error={error} texts={TRACKER_PAGE_TEXTS} />);

const numberField = () => screen.getByLabelText(/^Order number/);
const emailField = () => screen.getByLabelText(/^E-mail/);

async function lookUp(number: string, email = '') {
  const user = userEvent.setup();
  await user.type(numberField(), number);
  if (email) await user.type(emailField(), email);
  await user.click(screen.getByRole('button', { name: 'Track order' }));
  return user;
}

/** The value next to a label in the order's facts. */
const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;

describe('lookup form', () => {
  it('is a GET form to /order-tracker with the fields named as the query, so it works without JavaScript', () => {
    const { container } = renderTracker({ number: 'RF-100234', email: 'ada@example.com' });
    const form = container.querySelector('form')!;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/order-tracker');
    expect(numberField()).toHaveAttribute('name', 'number');
    expect(numberField()).toBeRequired();
    expect(numberField()).toHaveValue('RF-100234');
    expect(emailField()).toHaveAttribute('name', 'email');
    expect(emailField()).toHaveAttribute('type', 'email');
    expect(emailField()).not.toBeRequired();
    expect(emailField()).toHaveValue('ada@example.com');
    expect(emailField()).toHaveAccessibleDescription(TRACKER_PAGE_TEXTS.emailHint);
  });

  it("says 'Order number is required' on blur when empty, and sends nothing until it is filled", async () => {
    const seen = answer({ track: ok(tracked()) });
    const user = userEvent.setup();
    renderTracker();
    expect(screen.queryByText('Order number is required')).not.toBeInTheDocument();
    await user.click(numberField());
    await user.tab();
    expect(screen.getByText('Order number is required')).toBeInTheDocument();
    expect(numberField()).toHaveAttribute('aria-invalid', 'true');
    expect(numberField()).toHaveAccessibleDescription('Order number is required');

    await user.type(numberField(), '   ');
    await user.click(screen.getByRole('button', { name: 'Track order' }));
    expect(numberField()).toHaveFocus();
    expect(seen).toHaveLength(0);

    await user.type(numberField(), 'RF-100234');
    expect(screen.queryByText('Order number is required')).not.toBeInTheDocument();
  });

  it('submitting it empty shows the message on the number and focuses it', async () => {
    const seen = answer({ track: ok(tracked()) });
    renderTracker();
    await userEvent.click(screen.getByRole('button', { name: 'Track order' }));
    expect(screen.getByText('Order number is required')).toBeInTheDocument();
    expect(numberField()).toHaveFocus();
    expect(seen).toHaveLength(0);
  });

  it('checks the e-mail when one is given', async () => {
    const seen = answer({ track: ok(tracked()) });
    renderTracker();
    await lookUp('RF-100234', 'ada@');
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
    expect(emailField()).toHaveFocus();
    expect(seen).toHaveLength(0);
  });
});

describe('lookup', () => {
  it('without the e-mail: status, payment, date, items and timeline, no personal details, and the URL', async () => {
    const seen = answer({ track: ok(tracked()) });
    renderTracker();
    await lookUp(' rf-100234 ');

    const heading = await screen.findByRole('heading', { name: 'Order RF-100234' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/v1/firebase/order/order-number/RF-100234');
    expect(seen[0]!.query.get('business')).toBe('regal');
    expect(seen[0]!.query.has('email')).toBe(false);

    expect(fact('Status')).toHaveTextContent('Out for delivery');
    expect(fact('Payment')).toHaveTextContent(/^Paid$/);
    expect(fact('Delivery date')).toHaveTextContent('14 Feb 2027');
    expect(fact('Delivery')).toHaveTextContent('To the recipient');
    expect(screen.getByText(`${TRACKER_PAGE_TEXTS.emailHint}.`)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Recipient' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Bourdillon/)).not.toBeInTheDocument();

    const items = within(screen.getByRole('heading', { name: 'Items' }).nextElementSibling as HTMLElement).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Red Velvet Romance');
    expect(items[0]).toHaveTextContent('Size: Deluxe · Quantity: 2');
    expect(within(items[0]!).getByRole('img', { name: 'Red roses, front view' })).toHaveAttribute('src', '/media/p/roses.webp?w=200');
    expect(items[1]).toHaveTextContent('Quantity: 1');
    expect(items[1]).not.toHaveTextContent('Size');

    expect(screen.queryByRole('heading', { name: /review/i })).not.toBeInTheDocument();
    expect(mockRouter.replace).toHaveBeenCalledWith('/order-tracker?number=RF-100234', undefined, { shallow: true, scroll: false });
  });

  it('with the e-mail: sends it and shows the recipient', async () => {
    const seen = answer({ track: ok(verified()) });
    renderTracker();
    await lookUp('RF-100234', 'ada@example.com');

    await screen.findByRole('heading', { name: 'Recipient' });
    expect(seen[0]!.query.get('email')).toBe('ada@example.com');
    expect(fact('Name')).toHaveTextContent('Ngozi Adeyemi');
    expect(fact('Address')).toHaveTextContent(/^5 Bourdillon Road, IkoyiOffice$/);
    expect(fact('Phone')).toHaveTextContent('+2348031234567');
    expect(screen.queryByText(`${TRACKER_PAGE_TEXTS.emailHint}.`)).not.toBeInTheDocument();
    expect(mockRouter.replace).toHaveBeenCalledWith('/order-tracker?number=RF-100234&email=ada%40example.com', undefined, { shallow: true, scroll: false });
  });

  it('an address without a residence type shows as it is', () => {
    renderTracker({ number: 'RF-100234', result: verified({ recipient: { name: 'Ngozi Adeyemi', address: '12 Allen Avenue, Ikeja', phone: '+2348031234567' } }) });
    expect(fact('Address')).toHaveTextContent(/^12 Allen Avenue, Ikeja$/);
  });

  it('a pickup order shows the pickup point and its address, and payment in plain words', async () => {
    answer({ track: ok(tracked({ deliveryMethod: 'pick-up', despatchLocation: 'LPL', paymentStatus: 'not paid', status: 'awaiting_payment', statusLabel: 'Awaiting payment', deliveryDate: '2027-09-05' })) });
    renderTracker();
    await lookUp('RF-100234');

    await screen.findByRole('heading', { name: 'Order RF-100234' });
    expect(fact('Pickup date')).toHaveTextContent('5 Sep 2027');
    expect(fact('Pickup from')).toHaveTextContent('Lekki');
    expect(fact('Pickup from')).toHaveTextContent('12 Admiralty Way, Lekki Phase 1, Lagos');
    expect(fact('Payment')).toHaveTextContent('Awaiting payment');
  });

  it.each([
    ['awaiting confirmation', 'Payment being confirmed'],
    ['PART PAID - BALANCE DUE', 'Part paid: the rest is still due'],
    ['PAID - GO AHEAD (bank transfer)', 'Paid'],
    ['REFUND DUE (paid with Paystack)', 'Refund due'],
    ['REFUNDED (paid with Bank transfer)', 'Refunded'],
  ])('payment status %j reads %j', async (paymentStatus, label) => {
    renderTracker({ number: 'RF-100234', result: tracked({ paymentStatus }) });
    expect(fact('Payment')).toHaveTextContent(new RegExp(`^${label}$`));
  });

  it('a part-paid order asks the shopper to pay the rest, and is never shown as paid', () => {
    renderTracker({ number: 'RF-100234', result: tracked({ paymentStatus: 'PART PAID - BALANCE DUE' }) });
    expect(fact('Payment')).toHaveTextContent(/^Part paid: the rest is still due$/);
    expect(screen.getByRole('note')).toHaveTextContent(TRACKER_PAGE_TEXTS.partPaid);
  });

  it('no part-payment note for other payments', () => {
    renderTracker({ number: 'RF-100234', result: tracked({ paymentStatus: 'awaiting confirmation' }) });
    expect(screen.queryByText(TRACKER_PAGE_TEXTS.partPaid)).not.toBeInTheDocument();
  });

  it.each([
    [404, 'Order not found', TRACKER_PAGE_TEXTS.notFound],
    [429, 'Too many attempts. Please wait 5 minutes and try again.', 'Too many attempts. Please wait 5 minutes and try again.'],
    [503, 'The database is busy', TRACKER_PAGE_TEXTS.unavailable],
    [500, 'Something went wrong', TRACKER_PAGE_TEXTS.unavailable],
  ])('a %i answer (the server says %j) shows %j as an alert', async (status, message, shown) => {
    answer({ track: fail(status, message) });
    renderTracker();
    await lookUp('RF-999999');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(shown);
    await waitFor(() => expect(alert).toHaveFocus());
    expect(screen.queryByRole('heading', { name: /^Order / })).not.toBeInTheDocument();
  });

  it("the 404 text is the shop's own", () => {
    expect(TRACKER_PAGE_TEXTS.notFound).toBe('We could not find an order with that number. Check the number in your confirmation e-mail.');
    expect(TRACKER_PAGE_TEXTS.unavailable).toBe('Tracking is briefly unavailable. Please try again.');
  });

  it('a new lookup replaces the previous answer', async () => {
    answer({ track: fail(404, 'Order not found') });
    renderTracker({ number: 'RF-100234', result: tracked() });
    expect(screen.getByRole('heading', { name: 'Order RF-100234' })).toBeInTheDocument();
    await userEvent.clear(numberField());
    await lookUp('RF-999999');
    await screen.findByRole('alert');
    expect(screen.queryByRole('heading', { name: 'Order RF-100234' })).not.toBeInTheDocument();
  });

  it('shows what the server rendered (the no-JavaScript answer) without asking again', () => {
    renderTracker({ number: 'RF-100234', error: TRACKER_PAGE_TEXTS.notFound });
    expect(screen.getByRole('alert')).toHaveTextContent(TRACKER_PAGE_TEXTS.notFound);
  });
});

describe('timeline', () => {
  it('lists the steps oldest first with note and Lagos time, the newest marked current', () => {
    renderTracker({ number: 'RF-100234', result: tracked() });
    const list = within(screen.getByRole('region', { name: 'Progress' })).getByRole('list');
    expect(list.tagName).toBe('OL');
    const steps = within(list).getAllByRole('listitem');
    expect(steps.map((s) => s.querySelector('p')!.textContent)).toEqual(['Order created', 'Payment received', 'Being prepared', 'Out for deliveryCurrent']);
    expect(steps[1]).toHaveTextContent('Paid with Paystack');
    // 09:20 UTC is 10:20 in Lagos; 16:40 UTC on the 13th is 17:40 there.
    expect(within(steps[1]!).getByText('12 Feb 2027, 10:20')).toHaveAttribute('datetime', '2027-02-12T09:20:00Z');
    expect(steps[2]).toHaveTextContent('13 Feb 2027, 17:40');
    expect(steps[3]).toHaveTextContent('With our rider Tunde');
    expect(steps[3]).toHaveTextContent('14 Feb 2027, 09:05');
    expect(steps[3]).toHaveAttribute('aria-current', 'step');
    for (const step of steps.slice(0, 3)) expect(step).not.toHaveAttribute('aria-current');
  });

  it('says so when there are no steps yet', () => {
    renderTracker({ number: 'RF-100234', result: tracked({ timeline: [] }) });
    expect(screen.getByText('No updates yet.')).toBeInTheDocument();
  });
});

describe('review', () => {
  const delivered = (overrides: Partial<TrackedOrder> = {}) => verified({ status: 'delivered', statusLabel: 'Delivered', canReview: true, ...overrides });
  const reviewHeading = () => screen.queryByRole('heading', { name: 'Review your order' });

  it('is offered only with the checkout e-mail and once the order can be reviewed', async () => {
    const { unmount } = renderTracker({ number: 'RF-100234', result: tracked({ status: 'delivered', statusLabel: 'Delivered', canReview: true }) });
    expect(reviewHeading()).not.toBeInTheDocument();
    unmount();

    const second = renderTracker({ number: 'RF-100234', result: verified({ canReview: false }) });
    expect(reviewHeading()).not.toBeInTheDocument();
    second.unmount();

    renderTracker({ number: 'RF-100234', result: delivered() });
    expect(reviewHeading()).toBeInTheDocument();
    expect(await screen.findByRole('radiogroup', { name: /Your rating/ })).toBeInTheDocument();
    expect(screen.getByLabelText(/^Comment/)).toHaveAttribute('rows', '6');
    expect(screen.getByLabelText(/^Comment/)).toHaveAttribute('maxLength', '2000');
  });

  it('shows the review instead of the form when there is one', () => {
    renderTracker({ number: 'RF-100234', result: delivered({ review: REVIEW }) });
    expect(reviewHeading()).not.toBeInTheDocument();
    const section = screen.getByRole('region', { name: 'Your review' });
    expect(within(section).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Lovely roses, on time.');
    expect(section).toHaveTextContent('Ada O., 15 Feb 2027, 11:30');
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('the stars are a radio group that the keyboard moves through', async () => {
    const user = userEvent.setup();
    renderTracker({ number: 'RF-100234', result: delivered() });
    const group = await screen.findByRole('radiogroup', { name: /Your rating/ });
    const stars = within(group).getAllByRole('radio');
    expect(stars.map((s) => s.getAttribute('aria-label') ?? s.closest('label')!.textContent)).toEqual(['1 star', '2 stars', '3 stars', '4 stars', '5 stars']);
    await user.click(within(group).getByRole('radio', { name: '3 stars' }));
    expect(within(group).getByRole('radio', { name: '3 stars' })).toBeChecked();
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4 stars' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: '4 stars' })).toHaveFocus();
  });

  it('needs a rating before it sends anything', async () => {
    const seen = answer({ review: ok(REVIEW) });
    const user = userEvent.setup();
    renderTracker({ number: 'RF-100234', result: delivered() });
    await user.click(await screen.findByRole('button', { name: 'Submit review' }));
    expect(screen.getByText('Rating is required')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '1 star' })).toHaveFocus();
    expect(seen).toHaveLength(0);
  });

  it('sends rating and comment; thanks with a toast; the review replaces the form', async () => {
    const seen = answer({ review: ok({ ...REVIEW, rating: 5, comment: 'Beautiful, thank you!' }) });
    const user = userEvent.setup();
    renderTracker({ number: 'RF-100234', result: delivered() });
    await user.click(await screen.findByRole('radio', { name: '5 stars' }));
    await user.type(screen.getByLabelText(/^Comment/), '  Beautiful, thank you!  ');
    expect(screen.getByText('25 of 2,000 characters')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    const section = await screen.findByRole('region', { name: 'Your review' });
    expect(seen).toHaveLength(1);
    expect(seen[0]!.path).toBe('/v1/firebase/order/submit-review/order-1');
    expect(seen[0]!.body).toEqual({ rating: 5, comment: 'Beautiful, thank you!' });
    expect(notified).toHaveBeenCalledWith('success', 'Thank you for your review');
    expect(within(section).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(reviewHeading()).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Submit review' })).not.toBeInTheDocument();
  });

  it("a refusal toasts 'Unable to submit review: {message}' and keeps the form", async () => {
    answer({ review: fail(409, 'This order has already been reviewed') });
    const user = userEvent.setup();
    renderTracker({ number: 'RF-100234', result: delivered() });
    await user.click(await screen.findByRole('radio', { name: '2 stars' }));
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    await waitFor(() => expect(notified).toHaveBeenCalledWith('error', 'Unable to submit review: This order has already been reviewed'));
    expect(notified).not.toHaveBeenCalledWith('success', expect.anything());
    expect(screen.getByRole('button', { name: 'Submit review' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: '2 stars' })).toBeChecked();
    expect(screen.queryByRole('region', { name: 'Your review' })).not.toBeInTheDocument();
  });
});
