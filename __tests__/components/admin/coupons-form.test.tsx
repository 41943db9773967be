/**
 * /admin/coupons' form: a new coupon is sent as the server takes it (code upper-cased, numbers as
 * typed, '5,000' is 5000, empty minimum 0, empty times and limit null, Lagos wall-clock times) and
 * appears at the top of the list with the server's message; a refusal shows in the form and marks
 * the field it names. A change sends only what differs from the coupon (times compared in Lagos
 * time), and Save waits for a change.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CouponForm } from '@/components/admin/coupons/coupon-form';
import { CouponList } from '@/components/admin/coupons/coupon-list';
import type { AdminCoupon } from '@/lib/contracts/coupons-admin';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const SPRING: AdminCoupon = {
  code: 'SPRING15',
  description: 'Spring bouquets',
  kind: 'percent',
  amount: 15,
  minAmount: 20_000,
  startsAt: '2027-02-28T23:00:00.000Z',
  endsAt: null,
  usageLimit: 50,
  active: true,
  createdAt: '2027-02-20T10:00:00.000Z',
  status: 'scheduled',
  uses: { paid: 0, held: 0 },
  redemptions: 0,
};

/** Answers POST with `answer(body)` and records each body. */
function answerPost(answer: (body: Record<string, unknown>) => { status: number; json: unknown }) {
  const sent: unknown[] = [];
  server.use(
    http.post('*/admin/api/coupons', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push(body);
      const { status, json } = answer(body);
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
  );
  return sent;
}

it('creates a coupon as the server takes it and puts it at the top of the list with the message', async () => {
  server.use(http.get('*/admin/api/coupons', () => HttpResponse.json(ok([SPRING]))));
  const created: AdminCoupon = { ...SPRING, code: 'MOTHERS5000', description: '', kind: 'fixed', amount: 5_000, minAmount: 40_000, startsAt: null, endsAt: '2027-03-30T23:00:00.000Z', usageLimit: null, status: 'active' };
  const sent = answerPost(() => ({ status: 201, json: { ...ok(created), message: 'MOTHERS5000 is created' } }));
  render(<CouponList />);
  await screen.findByRole('region', { name: 'Coupons' });
  await userEvent.click(screen.getByRole('button', { name: 'New coupon' }));
  const form = within(screen.getByRole('form', { name: 'New coupon' }));
  await userEvent.type(form.getByRole('textbox', { name: /^Code/ }), 'mothers5000');
  expect(form.getByRole('textbox', { name: /^Code/ })).toHaveValue('MOTHERS5000');
  await userEvent.click(form.getByRole('radio', { name: 'Naira off the items' }));
  await userEvent.type(form.getByRole('textbox', { name: /^Naira off/ }), '5,000');
  await userEvent.type(form.getByRole('textbox', { name: /^Smallest order/ }), '40000');
  await userEvent.type(form.getByLabelText(/^Ends \(Lagos time\)/), '2027-03-31T00:00');
  await userEvent.click(form.getByRole('button', { name: 'Create coupon' }));

  expect(await screen.findByRole('status')).toHaveTextContent('MOTHERS5000 is created: shoppers can use it at checkout now.');
  expect(sent).toEqual([{ code: 'MOTHERS5000', kind: 'fixed', amount: 5_000, minAmount: 40_000, startsAt: null, endsAt: '2027-03-31T00:00', usageLimit: null, active: true }]);
  expect(screen.queryByRole('form', { name: 'New coupon' })).toBeNull();
  const codes = within(screen.getByRole('region', { name: 'Coupons' })).getAllByRole('rowheader');
  expect(codes.map((code) => code.textContent)).toEqual(['MOTHERS5000', 'SPRING15Spring bouquets']);
});

it("shows the server's refusal in the form and marks the field it names; what was typed is sent as typed", async () => {
  server.use(http.get('*/admin/api/coupons', () => HttpResponse.json(ok([]))));
  const sent = answerPost(() => ({ status: 400, json: fail(400, 'amount: a percent coupon takes 1 to 100') }));
  render(<CouponList />);
  await userEvent.click(await screen.findByRole('button', { name: 'New coupon' }));
  const form = within(screen.getByRole('form', { name: 'New coupon' }));
  await userEvent.type(form.getByRole('textbox', { name: /^Code/ }), 'half');
  await userEvent.type(form.getByRole('textbox', { name: /^Percent off/ }), '150');
  await userEvent.type(form.getByRole('textbox', { name: /^Orders that may use it/ }), 'ten');
  await userEvent.click(form.getByRole('checkbox', { name: /Shoppers can use it now/ }));
  await userEvent.click(form.getByRole('button', { name: 'Create coupon' }));

  expect(await form.findByRole('alert')).toHaveTextContent('amount: a percent coupon takes 1 to 100');
  expect(form.getByRole('textbox', { name: /^Percent off/ })).toHaveAttribute('aria-invalid', 'true');
  expect(form.getByRole('textbox', { name: /^Code/ })).not.toHaveAttribute('aria-invalid');
  expect(sent).toEqual([{ code: 'HALF', kind: 'percent', amount: 150, minAmount: 0, startsAt: null, endsAt: null, usageLimit: 'ten', active: false }]);
});

it('a change sends only what differs, the start shown and compared in Lagos time; Save waits for a change', async () => {
  const sent: unknown[] = [];
  server.use(
    http.patch('*/admin/api/coupons/:code', async ({ request }) => {
      sent.push(await request.json());
      return HttpResponse.json({ ...ok({ ...SPRING, amount: 20, startsAt: null, status: 'active' }), message: 'SPRING15 is changed' });
    }),
  );
  const done = jest.fn();
  render(<CouponForm coupon={SPRING} onDone={done} onClose={() => undefined} />);
  const form = within(screen.getByRole('form', { name: 'Change SPRING15' }));
  expect(form.queryByRole('textbox', { name: /^Code/ })).toBeNull();
  expect(form.getByLabelText(/^Starts \(Lagos time\)/)).toHaveValue('2027-03-01T00:00');
  expect(form.getByRole('textbox', { name: /^Smallest order/ })).toHaveValue('20000');
  expect(form.getByRole('textbox', { name: /^Orders that may use it/ })).toHaveValue('50');
  const save = form.getByRole('button', { name: 'Save' });
  expect(save).toBeDisabled();

  await userEvent.clear(form.getByRole('textbox', { name: /^Percent off/ }));
  await userEvent.type(form.getByRole('textbox', { name: /^Percent off/ }), '20');
  await userEvent.clear(form.getByLabelText(/^Starts \(Lagos time\)/));
  await userEvent.click(save);

  await waitFor(() => expect(done).toHaveBeenCalledWith(expect.objectContaining({ amount: 20, startsAt: null }), 'SPRING15 is changed'));
  expect(sent).toEqual([{ amount: 20, startsAt: null }]);
});
