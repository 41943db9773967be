/**
 * The back office's order page: what it shows (card message, items, recipient with a tel: link
 * and a map link; money only for roles that see it), exactly the actions the answer allows, an
 * action posting its body and showing the order afterwards, the server's refusal, and not found.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { OrderView } from '@/components/admin/order/order-view';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok, staffOrder } from './fixtures';
import { ACTION_LABELS as ACTION } from '@/components/admin/order/order-text';

listenToMsw();

function answerOrder(answer: StaffOrder) {
  server.use(http.get('*/admin/api/orders/order-1', () => HttpResponse.json(ok(answer))));
}

/** Answers the action call with `answer` (or a failure) and records the bodies posted. */
function answerAction(answer: StaffOrder | { status: number; message: string }) {
  const posted: unknown[] = [];
  server.use(
    http.post('*/admin/api/orders/order-1/actions', async ({ request }) => {
      posted.push(await request.json());
      if ('status' in answer) return HttpResponse.json(fail(answer.status, answer.message), { status: answer.status });
      return HttpResponse.json(ok(answer));
    }),
  );
  return posted;
}

const actionButtons = () =>
  within(screen.getByRole('region', { name: 'Actions' }))
    .queryAllByRole('button')
    .map((b) => b.textContent);

describe('the order page', () => {
  it('shows the card message, the items, the recipient to call and find, the sender, the payment and the history', async () => {
    answerOrder(staffOrder());
    render(<OrderView id="order-1" role="manager" />);
    expect(await screen.findByRole('heading', { name: 'RF-100001' })).toBeInTheDocument();
    expect(screen.getByText('Happy birthday, my love!')).toBeInTheDocument();
    const items = within(screen.getByRole('region', { name: 'Items' }));
    expect(items.getByRole('img', { name: 'Red Velvet bouquet' })).toHaveAttribute('src', '/media/p/red-velvet.webp');
    expect(items.getByText('Large')).toBeInTheDocument();
    expect(items.getByText('In a vase')).toBeInTheDocument();
    const recipient = within(screen.getByRole('region', { name: 'Recipient' }));
    expect(recipient.getByRole('link', { name: '08031234567' })).toHaveAttribute('href', 'tel:+2348031234567');
    expect(recipient.getByRole('link', { name: 'Open in Google Maps' }).getAttribute('href')).toMatch(/^https:\/\/www\.google\.com\/maps\/search\/\?api=1&query=14%20Glover%20Road/);
    expect(screen.getByText('Birthday')).toBeInTheDocument();
    expect(screen.getByText('Call before delivery')).toBeInTheDocument();
    const payment = within(screen.getByRole('region', { name: 'Payment' }));
    expect(payment.getByText('₦94,500')).toBeInTheDocument();
    expect(payment.getByText(/NGN 94,500\.00/)).toBeInTheDocument();
    const history = within(screen.getByRole('region', { name: 'History' }));
    expect(history.getByText('Shopper says the transfer is sent')).toBeInTheDocument();
    expect(history.getByText('10 Feb 2027, 11:05 (Lagos)')).toBeInTheDocument();
  });

  it('shows a rider no payment and no money', async () => {
    answerOrder(staffOrder({ attempts: [], actions: ['deliver', 'delivery_failed'] }, { status: 'out_for_delivery', paymentState: 'paid' }));
    render(<OrderView id="order-1" role="rider" />);
    await screen.findByRole('heading', { name: 'RF-100001' });
    expect(screen.queryByRole('region', { name: 'Payment' })).not.toBeInTheDocument();
    expect(screen.queryByText(/₦/)).not.toBeInTheDocument();
  });

  it('shows exactly the actions the answer allows', async () => {
    answerOrder(staffOrder({ actions: ['prepare', 'cancel'] }, { status: 'paid', paymentState: 'paid' }));
    render(<OrderView id="order-1" role="manager" />);
    await screen.findByRole('heading', { name: 'RF-100001' });
    expect(actionButtons()).toEqual(['Start preparing', 'Cancel order']);
  });

  it('confirms a transfer with the amount (prefilled with what is due), the bank reference, the method and note given, and shows the order paid', async () => {
    answerOrder(staffOrder());
    const posted = answerAction(staffOrder({ actions: ['prepare', 'cancel'], history: [] }, { status: 'paid', paymentState: 'paid', paymentStatus: 'PAID - GO AHEAD (Bank transfer (GTBank))' }));
    const user = userEvent.setup();
    render(<OrderView id="order-1" role="manager" />);
    await user.click(await screen.findByRole('button', { name: 'Confirm transfer received' }));
    const form = within(screen.getByRole('form', { name: 'Confirm transfer received' }));
    expect(form.getByLabelText('Paid by')).toHaveValue('gtbTransfer');
    const amount = form.getByLabelText('Amount received (NGN)');
    expect(amount).toHaveValue('94500');
    expect(amount).toHaveFocus();
    expect(amount).toHaveAccessibleDescription(/^Still due: ₦94,500\. Less than that records a part payment/);
    expect(form.getByText('₦')).toBeInTheDocument();
    expect(form.getByLabelText('Bank reference')).toBeRequired();
    await user.type(form.getByLabelText('Bank reference'), 'GTB-778812');
    await user.type(form.getByLabelText('Note (optional)'), 'Seen on the statement');
    await user.click(form.getByRole('button', { name: 'Confirm transfer received' }));
    await waitFor(() => expect(posted).toEqual([{ type: 'confirm_transfer', amount: '94500', reference: 'GTB-778812', method: 'gtbTransfer', note: 'Seen on the statement' }]));
    expect(await screen.findByText('Confirm transfer received: done.')).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Paid')).toBeInTheDocument();
    expect(actionButtons()).toEqual(['Start preparing', 'Cancel order']);
  });

  it('records part of the money: the amount typed, then shows what was received of the total and each transfer', async () => {
    answerOrder(staffOrder());
    const receipt = { amount: '₦20,000', reference: 'GTB-123', by: 'Ada Obi (Manager)', at: '2027-02-10T11:00:00.000Z' };
    const posted = answerAction(
      staffOrder(
        { receipts: [receipt], transfers: { received: '₦20,000', total: '₦94,500', outstanding: '₦74,500', outstandingAmount: '74500' } },
        { paymentState: 'part_paid', paymentStatus: 'PART PAID - BALANCE DUE' },
      ),
    );
    const user = userEvent.setup();
    render(<OrderView id="order-1" role="manager" />);
    await user.click(await screen.findByRole('button', { name: 'Confirm transfer received' }));
    const form = within(screen.getByRole('form', { name: 'Confirm transfer received' }));
    await user.clear(form.getByLabelText('Amount received (NGN)'));
    await user.type(form.getByLabelText('Amount received (NGN)'), '20000');
    await user.type(form.getByLabelText('Bank reference'), ' GTB-123 ');
    await user.click(form.getByRole('button', { name: 'Confirm transfer received' }));
    await waitFor(() => expect(posted).toEqual([{ type: 'confirm_transfer', amount: '20000', reference: 'GTB-123', method: 'gtbTransfer' }]));
    const payment = within(await screen.findByRole('region', { name: 'Payment' }));
    expect(await payment.findByText('Received ₦20,000 of ₦94,500: ₦74,500 still due')).toBeInTheDocument();
    expect(payment.getByText('PART PAID - BALANCE DUE')).toBeInTheDocument();
    const transfers = within(payment.getByRole('heading', { name: 'Transfers received' }).nextElementSibling as HTMLElement);
    expect(transfers.getByText('₦20,000')).toBeInTheDocument();
    expect(transfers.getByText(/ref GTB-123/)).toBeInTheDocument();
    expect(transfers.getByText(/confirmed by Ada Obi \(Manager\)/)).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByText('Part paid')).toBeInTheDocument();
  });

  it('posts prepare at once; asks the reason of a failed delivery and the reference of a refund', async () => {
    answerOrder(staffOrder({ actions: ['prepare', 'delivery_failed', 'record_refund'] }));
    const posted = answerAction(staffOrder({ actions: ['delivery_failed', 'record_refund'] }));
    const user = userEvent.setup();
    render(<OrderView id="order-1" role="manager" />);
    await user.click(await screen.findByRole('button', { name: 'Start preparing' }));
    await waitFor(() => expect(posted).toEqual([{ type: 'prepare' }]));

    await user.click(await screen.findByRole('button', { name: 'Delivery failed' }));
    const failed = within(screen.getByRole('form', { name: 'Delivery failed' }));
    expect(failed.getByLabelText('Why did the delivery fail?')).toBeRequired();
    await user.type(failed.getByLabelText('Why did the delivery fail?'), 'Nobody at the gate');
    await user.click(failed.getByRole('button', { name: 'Delivery failed' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ type: 'delivery_failed', note: 'Nobody at the gate' }));

    await user.click(await screen.findByRole('button', { name: 'Record refund' }));
    const refund = within(screen.getByRole('form', { name: 'Record refund' }));
    await user.type(refund.getByLabelText('Refund reference'), 'GTB-778812');
    await user.type(refund.getByLabelText('Amount refunded (empty: all that was received)'), '90000');
    await user.selectOptions(refund.getByLabelText('Refunded by'), 'provider');
    await user.click(refund.getByRole('button', { name: 'Record refund' }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ type: 'record_refund', reference: 'GTB-778812', amount: '90000', method: 'provider' }));
  });

  it('a manager sends an order out with a rider of its branch; the rider is shown; a rider dispatches at once', async () => {
    const riders = [
      { id: 'r-1', name: 'Musa Bello' },
      { id: 'r-2', name: 'Tobi Ade' },
    ];
    answerOrder(staffOrder({ actions: ['dispatch'], riders }, { status: 'preparing', paymentState: 'paid' }));
    const posted = answerAction(staffOrder({ actions: ['deliver'], rider: riders[1]!, riders }, { status: 'out_for_delivery', paymentState: 'paid' }));
    const user = userEvent.setup();
    const { unmount } = render(<OrderView id="order-1" role="manager" />);
    await user.click(await screen.findByRole('button', { name: ACTION.dispatch }));
    const form = within(screen.getByRole('form', { name: ACTION.dispatch }));
    await user.selectOptions(form.getByLabelText('Rider'), 'r-2');
    await user.click(form.getByRole('button', { name: ACTION.dispatch }));
    await waitFor(() => expect(posted).toEqual([{ type: 'dispatch', riderId: 'r-2' }]));
    expect(await screen.findByText('Tobi Ade')).toBeInTheDocument();
    unmount();

    answerOrder(staffOrder({ actions: ['dispatch'] }, { status: 'preparing', paymentState: 'paid' }));
    render(<OrderView id="order-1" role="rider" />);
    await user.click(await screen.findByRole('button', { name: ACTION.dispatch }));
    await waitFor(() => expect(posted.at(-1)).toEqual({ type: 'dispatch' }));
  });

  it('asks before cancelling, and shows the server refusal', async () => {
    answerOrder(staffOrder());
    const posted = answerAction({ status: 409, message: 'This order is already paid' });
    const user = userEvent.setup();
    render(<OrderView id="order-1" role="manager" />);
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    expect(posted).toEqual([]);
    const form = within(screen.getByRole('form', { name: 'Cancel order' }));
    await user.type(form.getByLabelText('Note (optional)'), 'Recipient moved');
    await user.click(form.getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This order is already paid');
    expect(posted).toEqual([{ type: 'cancel', note: 'Recipient moved' }]);
    expect(within(screen.getByRole('banner')).getByText('Awaiting confirmation')).toBeInTheDocument();
  });

  it('says not found for an unknown order (or another branch’s)', async () => {
    server.use(http.get('*/admin/api/orders/order-1', () => HttpResponse.json(fail(404, 'Order not found'), { status: 404 })));
    render(<OrderView id="order-1" role="florist" />);
    expect(await screen.findByRole('heading', { name: 'Order not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the orders' })).toHaveAttribute('href', '/admin');
  });
});
