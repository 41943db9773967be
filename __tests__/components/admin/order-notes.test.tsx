/**
 * Staff notes on the order page: the notes with who wrote them, a note posted to the notes call
 * and shown from its answer, the box emptied; a refusal shows and keeps the text.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { OrderView } from '@/components/admin/order/order-view';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok, staffOrder } from './fixtures';

listenToMsw();

function answer(order: StaffOrder, after: StaffOrder | { status: number; message: string }) {
  const posted: unknown[] = [];
  server.use(
    http.get('*/admin/api/orders/order-1', () => HttpResponse.json(ok(order))),
    http.post('*/admin/api/orders/order-1/notes', async ({ request }) => {
      posted.push(await request.json());
      if ('status' in after) return HttpResponse.json(fail(after.status, after.message), { status: after.status });
      return HttpResponse.json(ok(after), { status: 201 });
    }),
  );
  return posted;
}

const first = { text: 'Sender asked for white lilies', by: 'Kemi Florist (Florist)', at: '2027-02-10T09:00:00.000Z' };

it('shows the notes with their writers and adds one', async () => {
  const added = { text: 'Gate code 4471', by: 'Tayo Rider (Rider)', at: '2027-02-10T10:30:00.000Z' };
  const posted = answer(staffOrder({ notes: [first] }), staffOrder({ notes: [first, added] }));
  render(<OrderView id="order-1" role="rider" />);
  const notes = within(await screen.findByRole('region', { name: 'Staff notes' }));
  expect(notes.getByText('Sender asked for white lilies')).toBeInTheDocument();
  expect(notes.getByText(/Kemi Florist \(Florist\)/)).toBeInTheDocument();
  expect(notes.getByText('10 Feb 2027, 10:00 (Lagos)')).toBeInTheDocument();
  await userEvent.type(notes.getByLabelText('New note'), 'Gate code 4471');
  await userEvent.click(notes.getByRole('button', { name: 'Add note' }));
  expect(await notes.findByText('Gate code 4471')).toBeInTheDocument();
  expect(posted).toEqual([{ text: 'Gate code 4471' }]);
  await waitFor(() => expect(notes.getByLabelText('New note')).toHaveValue(''));
});

it('shows a refusal and keeps the text', async () => {
  answer(staffOrder({ notes: [] }), { status: 400, message: 'text: Too long' });
  render(<OrderView id="order-1" role="manager" />);
  const notes = within(await screen.findByRole('region', { name: 'Staff notes' }));
  expect(notes.getByText('No notes yet. Only staff see them.')).toBeInTheDocument();
  await userEvent.type(notes.getByLabelText('New note'), 'Call the sender');
  await userEvent.click(notes.getByRole('button', { name: 'Add note' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('text: Too long');
  expect(notes.getByLabelText('New note')).toHaveValue('Call the sender');
});
