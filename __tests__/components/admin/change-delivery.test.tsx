/**
 * Changing a paid order's delivery on the back office's order page: the button shows only when
 * the answer offers it; the form is prefilled with the order's date, zone (of its state),
 * residence type and address, sends only what changed, and shows the server's answer (the order
 * with the fee difference's charge) and its message; nothing changed, or the server's refusal,
 * shows in the form, which stays.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { OrderView } from '@/components/admin/order/order-view';
import { NOTHING_CHANGED } from '@/components/admin/order/change-delivery-form';
import type { StaffCharge, StaffOrder } from '@/lib/contracts/backoffice';
import { addDays } from '@/lib/domain/checkout';
import { shopDay } from '@/lib/domain/dates';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok, staffOrder } from './fixtures';

listenToMsw();

const DAY = addDays(shopDay(new Date()), 10);
const ZONES = [
  { name: 'lagos-central', label: 'Lagos central' },
  { name: 'lagos-outer', label: 'Lagos outer' },
  { name: 'lagos-unsure', label: 'Not sure of the address, call the recipient' },
];
const MESSAGE = 'Delivery changed. The sender has been e-mailed a link to pay the difference of ₦5,500; the order cannot go out until it is paid or waived';

const paid = (overrides: Partial<StaffOrder> = {}, order: Parameters<typeof staffOrder>[1] = {}) =>
  staffOrder({ actions: ['prepare', 'cancel'], attempts: [], charges: [], deliveryChange: { zones: ZONES }, ...overrides }, { status: 'paid', paymentState: 'paid', deliveryDate: DAY, ...order });

const due: StaffCharge = {
  id: 'c-1',
  kind: 'change',
  status: 'due',
  amount: '₦5,500',
  reason: 'Delivery zone changed to Lagos outer: fee ₦10,000 instead of ₦4,500, ₦5,500 more',
  askedBy: 'Ada Obi',
  settledWith: '',
  reference: '',
  sandbox: false,
  at: '2027-02-10T11:00:00.000Z',
  settledAt: null,
};

/** Answers the order page's calls; records the bodies posted to the delivery call. */
function answer(order: StaffOrder, changed: { data: StaffOrder; message: string } | { status: number; message: string }) {
  const posted: unknown[] = [];
  server.use(
    http.get('*/admin/api/orders/order-1', () => HttpResponse.json(ok(order))),
    http.post('*/admin/api/orders/order-1/delivery', async ({ request }) => {
      posted.push(await request.json());
      if ('status' in changed) return HttpResponse.json(fail(changed.status, changed.message), { status: changed.status });
      return HttpResponse.json({ data: changed.data, error: false, message: changed.message });
    }),
  );
  return posted;
}

it('a manager moves the order to another zone: only the change is sent, and the new charge and the message show', async () => {
  const changed = paid({ charges: [due] }, { deliveryDetails: { ...paid().order.deliveryDetails, zone: 'lagos-outer' } });
  const posted = answer(paid(), { data: changed, message: MESSAGE });
  render(<OrderView id="order-1" role="manager" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Change delivery' }));
  const form = within(screen.getByRole('form', { name: 'Change delivery' }));
  expect(form.getByLabelText('Delivery date')).toHaveValue(DAY);
  expect(form.getByLabelText('Delivery date')).toHaveAttribute('type', 'date');
  expect(form.getByLabelText('Zone')).toHaveValue('lagos-central');
  expect(form.getAllByRole('option').map((o) => o.textContent)).toEqual(expect.arrayContaining(ZONES.map((z) => z.label)));
  expect(form.getByLabelText('Residence type')).toHaveValue('Home');
  expect(form.getByLabelText('Address')).toHaveValue('14 Glover Road, Ikoyi');

  // Nothing changed: it says so and sends nothing.
  await userEvent.click(form.getByRole('button', { name: 'Change delivery' }));
  expect(await form.findByRole('alert')).toHaveTextContent(NOTHING_CHANGED);
  expect(posted).toEqual([]);

  await userEvent.selectOptions(form.getByLabelText('Zone'), 'lagos-outer');
  await userEvent.type(form.getByLabelText(/^Note/), 'Recipient moved');
  await userEvent.click(form.getByRole('button', { name: 'Change delivery' }));

  expect(await screen.findByRole('status')).toHaveTextContent(MESSAGE);
  expect(posted).toEqual([{ zone: 'lagos-outer', note: 'Recipient moved' }]);
  expect(screen.queryByRole('form', { name: 'Change delivery' })).not.toBeInTheDocument();
  expect(screen.getByText('Delivery change: ₦5,500')).toBeInTheDocument();
  expect(screen.getByText(due.reason)).toBeInTheDocument();
  expect(within(screen.getByRole('region', { name: 'Recipient' })).getByText(/Lagos outer/)).toBeInTheDocument();
});

it('sends a new date, residence type and address; the server refusal shows in the form, which stays', async () => {
  const posted = answer(paid(), { status: 400, message: 'deliveryDate must not be in the past' });
  render(<OrderView id="order-1" role="owner" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Change delivery' }));
  const form = within(screen.getByRole('form', { name: 'Change delivery' }));
  const later = addDays(DAY, 2);
  await userEvent.clear(form.getByLabelText('Delivery date'));
  await userEvent.type(form.getByLabelText('Delivery date'), later);
  await userEvent.selectOptions(form.getByLabelText('Residence type'), 'Office');
  await userEvent.clear(form.getByLabelText('Address'));
  await userEvent.type(form.getByLabelText('Address'), '  5 Bourdillon Road, Ikoyi ');
  await userEvent.click(form.getByRole('button', { name: 'Change delivery' }));

  expect(await form.findByRole('alert')).toHaveTextContent('deliveryDate must not be in the past');
  expect(posted).toEqual([{ deliveryDate: later, residenceType: 'Office', recipientAddress: '5 Bourdillon Road, Ikoyi' }]);
  expect(screen.getByRole('form', { name: 'Change delivery' })).toBeInTheDocument();
  expect(screen.queryByRole('status')).not.toBeInTheDocument();
});

it('offers no change when the answer does not (a florist)', async () => {
  answer(staffOrder({ actions: ['prepare'], attempts: [], charges: [] }, { status: 'paid', paymentState: 'paid', deliveryDate: DAY }), { status: 500, message: 'not called' });
  render(<OrderView id="order-1" role="florist" />);
  expect(await screen.findByRole('button', { name: 'Start preparing' })).toBeInTheDocument();
  await waitFor(() => expect(screen.queryByRole('button', { name: 'Change delivery' })).not.toBeInTheDocument());
});
