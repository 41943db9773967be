/**
 * /admin/coupons' list: each coupon's terms, window (Lagos time), uses and standing in words;
 * 'Pause' and 'Resume' send only `active` and show the coupon afterwards with the server's message
 * (or its refusal) under it; 'Orders' lists the orders holding it with how each use stands;
 * 'Remove' (in the edit panel, only for a coupon no order holds) asks first, then sends DELETE
 * and drops it.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CouponList } from '@/components/admin/coupons/coupon-list';
import type { AdminCoupon, CouponRedemptionPage } from '@/lib/contracts/coupons-admin';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

/** A coupon's own row (not the panel or notice row under it), by its code. */
const rowOf = (code: string) => screen.getByRole('rowheader', { name: new RegExp(`^${code}`) }).closest('tr')!;

const SPRING: AdminCoupon = {
  code: 'SPRING15',
  description: 'Spring bouquets',
  kind: 'percent',
  amount: 15,
  minAmount: 20_000,
  startsAt: '2027-02-28T23:00:00.000Z',
  endsAt: '2027-03-31T23:00:00.000Z',
  usageLimit: 50,
  active: true,
  createdAt: '2027-02-20T10:00:00.000Z',
  status: 'active',
  uses: { paid: 3, held: 1 },
  redemptions: 5,
};

const FRESH: AdminCoupon = { ...SPRING, code: 'TYPO5', description: '', kind: 'fixed', amount: 5_000, minAmount: 0, startsAt: null, endsAt: null, usageLimit: null, uses: { paid: 0, held: 0 }, redemptions: 0 };

function answerList(coupons: AdminCoupon[]) {
  server.use(http.get('*/admin/api/coupons', () => HttpResponse.json(ok(coupons))));
}

/** Answers PATCH with `answer(code, body)` and records each call. */
function answerPatch(answer: (code: string, body: Record<string, unknown>) => { status: number; json: unknown }) {
  const sent: [string, unknown][] = [];
  server.use(
    http.patch('*/admin/api/coupons/:code', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push([String(params.code), body]);
      const { status, json } = answer(String(params.code), body);
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
  );
  return sent;
}

it('shows each coupon: discount and smallest order, window in Lagos time, uses against the limit, standing', async () => {
  answerList([SPRING, FRESH, { ...SPRING, code: 'OLD10', status: 'ended', usageLimit: null, uses: { paid: 9, held: 0 } }]);
  render(<CouponList />);
  const list = within(await screen.findByRole('region', { name: 'Coupons' }));
  expect(list.getByText(/^3 coupons, 2 usable now/)).toBeInTheDocument();

  const spring = within(rowOf('SPRING15'));
  expect(spring.getByText('15% off')).toBeInTheDocument();
  expect(spring.getByText('Orders from ₦20,000')).toBeInTheDocument();
  // 23:00 UTC is midnight in Lagos.
  expect(spring.getByText('1 Mar 2027, 00:00 – 1 Apr 2027, 00:00')).toBeInTheDocument();
  expect(spring.getByText('3 paid · 1 held of 50')).toBeInTheDocument();
  expect(spring.getByText('Active')).toBeInTheDocument();
  expect(spring.getByRole('button', { name: 'Orders (5) holding SPRING15' })).toBeInTheDocument();
  expect(spring.queryByRole('button', { name: /Remove/ })).toBeNull();

  const fresh = within(rowOf('TYPO5'));
  expect(fresh.getByText('₦5,000 off')).toBeInTheDocument();
  expect(fresh.getByText('Any order')).toBeInTheDocument();
  expect(fresh.getByText('Any time')).toBeInTheDocument();
  expect(fresh.getByText('0 paid · 0 held (no limit)')).toBeInTheDocument();

  expect(within(rowOf('OLD10')).getByText('Ended')).toBeInTheDocument();
});

it("pauses and resumes with only `active`, showing the server's answer, or its refusal, under the coupon", async () => {
  answerList([SPRING]);
  let refuse = false;
  const sent = answerPatch((code, body) =>
    refuse
      ? { status: 403, json: fail(403, 'A florist cannot do this') }
      : { status: 200, json: { ...ok({ ...SPRING, active: body.active, status: body.active ? 'active' : 'paused' }), message: `${code} is ${body.active ? 'active again' : 'paused'}` } },
  );
  render(<CouponList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Pause SPRING15' }));
  expect(await screen.findByRole('status')).toHaveTextContent('SPRING15 is paused: the checkout refuses it from now on.');
  const row = within(rowOf('SPRING15'));
  expect(row.getByText('Paused')).toBeInTheDocument();

  await userEvent.click(row.getByRole('button', { name: 'Resume SPRING15' }));
  expect(await screen.findByRole('status')).toHaveTextContent('SPRING15 is active again: shoppers can use it.');
  expect(sent).toEqual([
    ['SPRING15', { active: false }],
    ['SPRING15', { active: true }],
  ]);

  refuse = true;
  await userEvent.click(screen.getByRole('button', { name: 'Pause SPRING15' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('A florist cannot do this');
  expect(within(rowOf('SPRING15')).getByText('Active')).toBeInTheDocument();
});

it('lists the orders holding a coupon, each linked, with what it took off and how its use stands', async () => {
  answerList([SPRING]);
  const asked: string[] = [];
  const page: CouponRedemptionPage = {
    coupon: SPRING,
    total: 3,
    page: 1,
    pageSize: 50,
    rows: [
      { orderId: 'o-1', orderNumber: 'RF-100101', orderedAt: '2027-03-02T09:15:00.000Z', discount: 6_750, discountInCurrency: 6_750, currency: 'NGN', status: 'paid', paymentState: 'paid', use: 'paid', heldUntil: null },
      { orderId: 'o-2', orderNumber: 'RF-100102', orderedAt: '2027-03-02T10:00:00.000Z', discount: 4_500, discountInCurrency: 7, currency: 'USD', status: 'created', paymentState: 'unpaid', use: 'held', heldUntil: '2027-03-02T10:30:00.000Z' },
      { orderId: 'o-3', orderNumber: 'RF-100103', orderedAt: '2027-03-01T08:00:00.000Z', discount: 3_000, discountInCurrency: 3_000, currency: 'NGN', status: 'awaiting_payment', paymentState: 'unpaid', use: 'lapsed', heldUntil: null },
    ],
  };
  server.use(
    http.get('*/admin/api/coupons/:code/redemptions', ({ request, params }) => {
      asked.push(`${String(params.code)}${new URL(request.url).search}`);
      return HttpResponse.json(ok(page));
    }),
  );
  render(<CouponList />);
  await userEvent.click(await screen.findByRole('button', { name: 'Orders (5) holding SPRING15' }));
  const orders = within(await screen.findByRole('region', { name: 'Orders holding SPRING15' }));
  expect(await orders.findByText('3 orders')).toBeInTheDocument();
  expect(asked).toEqual(['SPRING15?page=1']);

  const items = orders.getAllByRole('listitem');
  expect(within(items[0]!).getByRole('link', { name: 'RF-100101' })).toHaveAttribute('href', '/admin/orders/o-1');
  expect(items.map((item) => item.textContent)).toEqual([
    'RF-1001012 Mar 2027, 10:15₦6,750 offPaidCounts: paid',
    'RF-1001022 Mar 2027, 11:00₦4,500 offNot paidCounts: held until 11:30',
    'RF-1001031 Mar 2027, 09:00₦3,000 offNot paidHold lapsed: does not count',
  ]);
  await userEvent.click(orders.getByRole('button', { name: 'Close' }));
  expect(screen.queryByRole('region', { name: 'Orders holding SPRING15' })).toBeNull();
});

it('removes a coupon no order holds after asking, and shows the refusal when an order took it after all', async () => {
  answerList([SPRING, FRESH, { ...FRESH, code: 'RACE1' }]);
  const removed: string[] = [];
  server.use(
    http.delete('*/admin/api/coupons/:code', ({ params }) => {
      const code = String(params.code);
      removed.push(code);
      return code === 'RACE1'
        ? HttpResponse.json(fail(409, 'RACE1 was taken by an order, so it is kept; pause it instead'), { status: 409 })
        : HttpResponse.json({ ...ok(null), message: `${code} is removed` });
    }),
  );
  render(<CouponList />);
  // A coupon orders hold offers no removal.
  await userEvent.click(await screen.findByRole('button', { name: 'Edit SPRING15' }));
  expect(within(screen.getByRole('form', { name: 'Change SPRING15' })).queryByRole('button', { name: /Remove/ })).toBeNull();

  await userEvent.click(screen.getByRole('button', { name: 'Edit TYPO5' }));
  await userEvent.click(within(screen.getByRole('form', { name: 'Change TYPO5' })).getByRole('button', { name: 'Remove TYPO5…' }));
  const confirm = within(screen.getByRole('group', { name: 'Remove TYPO5' }));
  expect(removed).toEqual([]);
  await userEvent.click(confirm.getByRole('button', { name: 'Remove TYPO5' }));
  expect(await screen.findByRole('status')).toHaveTextContent('TYPO5 is removed');
  expect(screen.queryByRole('rowheader', { name: /^TYPO5/ })).toBeNull();
  expect(screen.getByText(/^2 coupons/)).toBeInTheDocument();

  await userEvent.click(screen.getByRole('button', { name: 'Edit RACE1' }));
  await userEvent.click(screen.getByRole('button', { name: 'Remove RACE1…' }));
  await userEvent.click(within(screen.getByRole('group', { name: 'Remove RACE1' })).getByRole('button', { name: 'Remove RACE1' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('RACE1 was taken by an order, so it is kept; pause it instead');
  await waitFor(() => expect(removed).toEqual(['TYPO5', 'RACE1']));
  expect(rowOf('RACE1')).toBeInTheDocument();
});
