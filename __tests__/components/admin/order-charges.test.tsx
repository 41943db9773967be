/**
 * Extra payments on the order page: a manager sees the charges with their state, waives a due
 * fee or marks it paid with a reference, records a refund owed back, and asks an other-states
 * order's quoted fee; a florist sees none of it.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { OrderView } from '@/components/admin/order/order-view';
import type { StaffCharge, StaffOrder } from '@/lib/contracts/backoffice';
import { listenToMsw, server } from '../../helpers/msw';
import { ok, staffOrder } from './fixtures';

listenToMsw();

const due: StaffCharge = { id: 'c1', kind: 'redelivery', status: 'due', amount: '₦4,500', reason: 'Redelivery after a failed delivery (Nobody at the gate)', askedBy: 'Tayo Rider', settledWith: '', reference: '', sandbox: false, at: '2027-02-10T09:00:00.000Z', settledAt: null };
const owed: StaffCharge = { ...due, id: 'c2', kind: 'change', status: 'refund_due', amount: '₦2,000', reason: 'Delivery moved to Lagos central' };

function answer(order: StaffOrder, after: StaffOrder) {
  const posted: { url: string; body: unknown }[] = [];
  server.use(
    http.get('*/admin/api/orders/order-1', () => HttpResponse.json(ok(order))),
    http.post('*/admin/api/orders/order-1/charges*', async ({ request }) => {
      posted.push({ url: new URL(request.url).pathname, body: await request.json() });
      return HttpResponse.json(ok(after));
    }),
  );
  return posted;
}

it('a manager waives a due fee and records a refund with its reference', async () => {
  const posted = answer(staffOrder({ charges: [due, owed] }), staffOrder({ charges: [{ ...due, status: 'waived' }, owed] }));
  render(<OrderView id="order-1" role="manager" />);
  const section = within(await screen.findByRole('region', { name: 'Extra payments' }));
  expect(section.getByText('Redelivery fee: ₦4,500')).toBeInTheDocument();
  expect(section.getByText(/Awaiting payment/)).toBeInTheDocument();
  expect(section.getByText('Delivery change: ₦2,000')).toBeInTheDocument();
  await userEvent.click(section.getByRole('button', { name: 'Waive' }));
  const form = within(section.getByRole('form', { name: 'Waive: Redelivery fee' }));
  expect(form.getByText('Waive ₦4,500? The sender will not be asked for it again.')).toBeInTheDocument();
  await userEvent.click(form.getByRole('button', { name: 'Waive' }));
  expect(await section.findByText(/Waived/)).toBeInTheDocument();
  expect(posted).toEqual([{ url: '/admin/api/orders/order-1/charges/c1', body: { move: 'waive' } }]);

  await userEvent.click(section.getByRole('button', { name: 'Record refund' }));
  const refund = within(section.getByRole('form', { name: 'Record refund: Delivery change' }));
  await userEvent.type(refund.getByLabelText('Refund reference'), 'GTB-REF-889');
  await userEvent.click(refund.getByRole('button', { name: 'Record refund' }));
  expect(posted[1]).toEqual({ url: '/admin/api/orders/order-1/charges/c2', body: { move: 'record_refund', reference: 'GTB-REF-889' } });
});

it('asks an other-states order for its quoted delivery fee', async () => {
  const quoted = staffOrder({ charges: [] }, { status: 'paid', paymentState: 'paid', deliveryFeeQuotedByStaff: true });
  const posted = answer(quoted, staffOrder({ charges: [{ ...due, kind: 'quote', amount: '₦15,000', reason: 'Delivery to Ibadan' }] }, { status: 'paid', paymentState: 'paid', deliveryFeeQuotedByStaff: true }));
  render(<OrderView id="order-1" role="owner" />);
  const section = within(await screen.findByRole('region', { name: 'Extra payments' }));
  await userEvent.click(section.getByRole('button', { name: 'Ask for the delivery fee' }));
  const form = within(section.getByRole('form', { name: 'Ask for the delivery fee' }));
  await userEvent.type(form.getByLabelText('Delivery fee (₦)'), '15000');
  await userEvent.type(form.getByLabelText('What it is for (the sender reads this)'), 'Delivery to Ibadan');
  await userEvent.click(form.getByRole('button', { name: 'E-mail the pay link' }));
  expect(await section.findByText('Delivery fee (quoted): ₦15,000')).toBeInTheDocument();
  expect(posted).toEqual([{ url: '/admin/api/orders/order-1/charges', body: { kind: 'quote', amount: '15000', reason: 'Delivery to Ibadan' } }]);
  expect(await screen.findByRole('status')).toHaveTextContent('The sender has been e-mailed a link to pay the delivery fee.');
});

it('a florist sees no extra payments', async () => {
  answer(staffOrder({ charges: [due], actions: ['prepare'] }), staffOrder());
  render(<OrderView id="order-1" role="florist" />);
  await screen.findByRole('heading', { name: 'RF-100001' });
  expect(screen.queryByRole('region', { name: 'Extra payments' })).not.toBeInTheDocument();
});
