/**
 * Marking an order delivered on the order page: the form asks for the photo (required for a door
 * delivery, optional for a collection) and who received it, posts them as multipart to the
 * deliver call, and shows the photo and the receiver afterwards; the server's refusal shows.
 */
import { File as NodeFile } from 'node:buffer';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { OrderView } from '@/components/admin/order/order-view';
import { PHOTO_MISSING } from '@/components/admin/order/deliver-form';
import type { StaffOrder } from '@/lib/contracts/backoffice';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok, staffOrder } from './fixtures';

listenToMsw();

const outWithRider = () => staffOrder({ actions: ['deliver', 'delivery_failed'], attempts: [] }, { status: 'out_for_delivery', paymentState: 'paid' });

function answer(order: StaffOrder, delivered: StaffOrder | { status: number; message: string }) {
  const sent: FormData[] = [];
  server.use(
    http.get('*/admin/api/orders/order-1', () => HttpResponse.json(ok(order))),
    http.post('*/admin/api/orders/order-1/deliver', async ({ request }) => {
      sent.push(await request.formData());
      if ('status' in delivered) return HttpResponse.json(fail(delivered.status, delivered.message), { status: delivered.status });
      return HttpResponse.json(ok(delivered));
    }),
  );
  return sent;
}

it('a rider takes the photo, names who received it, and sees the order delivered with its photo', async () => {
  const delivered = staffOrder({ actions: [], attempts: [], delivery: { photo: '/media/d/0123456789abcdef0123456789abcdef.webp', receivedBy: 'Chiamaka' } }, { status: 'delivered', paymentState: 'paid' });
  const sent = answer(outWithRider(), delivered);
  render(<OrderView id="order-1" role="rider" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }));
  const form = within(screen.getByRole('form', { name: 'Mark delivered' }));
  const input = form.getByLabelText('Photo of the delivery');
  expect(input).toHaveAttribute('aria-required', 'true');
  expect(input).toHaveAttribute('accept', 'image/*');
  expect(input).toHaveAttribute('capture', 'environment');
  // Without a photo it says so and sends nothing.
  await userEvent.type(form.getByLabelText('Received by'), 'Chiamaka');
  await userEvent.click(form.getByRole('button', { name: 'Mark delivered' }));
  expect(await form.findByRole('alert')).toHaveTextContent(PHOTO_MISSING);
  await userEvent.clear(form.getByLabelText('Received by'));
  // Node's File: the test environment's FormData and Blob are Node's (jest-fixed-jsdom), its File is jsdom's.
  await userEvent.upload(input, new NodeFile([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], 'IMG_1.jpg', { type: 'image/jpeg' }) as unknown as File);
  await userEvent.type(form.getByLabelText('Received by'), 'Chiamaka');
  await userEvent.type(form.getByLabelText('Note (optional)'), 'At the gate');
  await userEvent.click(form.getByRole('button', { name: 'Mark delivered' }));

  await waitFor(() => expect(sent).toHaveLength(1));
  expect(await screen.findByText('Chiamaka')).toBeInTheDocument();
  expect(sent[0]!.get('recipientName')).toBe('Chiamaka');
  expect(sent[0]!.get('note')).toBe('At the gate');
  const photo = sent[0]!.get('photo') as File;
  expect(photo.size).toBe(7);
  expect(screen.getByRole('img', { name: 'The delivery of RF-100001' })).toHaveAttribute('src', '/media/d/0123456789abcdef0123456789abcdef.webp');
  expect(screen.queryByRole('form', { name: 'Mark delivered' })).not.toBeInTheDocument();
  expect(sent).toHaveLength(1);
});

it('a collection needs no photo; the server refusal shows and the form stays', async () => {
  const order = staffOrder({ actions: ['deliver'], attempts: [] }, { status: 'preparing', paymentState: 'paid', deliveryMethod: 'pick-up', despatchLocation: 'LPI' });
  const sent = answer(order, { status: 409, message: 'An order that is delivered and paid cannot be marked delivered' });
  render(<OrderView id="order-1" role="manager" />);
  await userEvent.click(await screen.findByRole('button', { name: 'Mark delivered' }));
  const form = within(screen.getByRole('form', { name: 'Mark collected' }));
  expect(form.getByLabelText('Photo (optional)')).toHaveAttribute('aria-required', 'false');
  await userEvent.type(form.getByLabelText('Collected by'), 'Mr Bello');
  await userEvent.click(form.getByRole('button', { name: 'Mark collected' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('An order that is delivered and paid cannot be marked delivered');
  expect(sent[0]!.get('photo')).toBeNull();
  expect(screen.getByRole('form', { name: 'Mark collected' })).toBeInTheDocument();
});
