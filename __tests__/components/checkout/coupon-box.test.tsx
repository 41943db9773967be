/**
 * The coupon box of the order summary: Apply sends {orderId, code} and shows the updated order
 * (discount, total) and keeps the code in storage; a refusal shows the server's message under
 * the box; Remove takes the coupon off and forgets the code. A coupon the shop took off (expired,
 * withdrawn, used up) is said in the box and once in a toast, and its stored code forgotten.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutPage from '@/pages/checkout';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { notify } from '@/lib/ui/notify';
import { listenToMsw } from '../../helpers/msw';
import { answer, checkoutRouter, fail, makeOrder, ok, record, renderInShop, settings, SHELL, storeVisit } from './helpers';

let mockRouter = checkoutRouter();
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));
jest.mock('@/lib/server/shell', () => ({ withShell: jest.fn(), getGuestHandshake: jest.fn() }));
jest.mock('@/lib/ui/notify');

listenToMsw();

const VALIDATE = 'POST /v1/coupon/validate';
const DELETE = 'DELETE /v1/firebase/order/delete-coupon/order-1';
const discounted = makeOrder({ coupon: { code: 'ROSES10', discount: 14000 }, amounts: { subtotal: 140000, deliveryFee: 0, discount: 14000, total: 126000 } });

async function openSummary(order = makeOrder(), routes: Parameters<typeof answer>[0] = {}, coupon: string | null = null) {
  storeVisit({ user: record('ada@example.com'), orderId: 'order-1', coupon });
  const seen = answer({ 'GET /v1/firebase/order/order-1': ok(order), ...routes });
  mockRouter = checkoutRouter('/checkout', { orderId: 'order-1' });
  renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} />);
  const summary = await screen.findByRole('complementary', { name: 'Order summary' });
  return { seen, summary: within(summary) };
}

describe('the coupon box', () => {
  it('applies a code: the discount and the new total show, and the code is kept', async () => {
    const { seen, summary } = await openSummary(makeOrder(), { [VALIDATE]: ok(discounted) });
    const user = userEvent.setup();
    await user.type(summary.getByLabelText('Coupon code'), 'roses10');
    await user.click(summary.getByRole('button', { name: 'Apply' }));
    expect(await summary.findByText(/Coupon/)).toHaveTextContent('Coupon ROSES10 applied: −₦14,000');
    expect(summary.getByText('Discount').nextSibling).toHaveTextContent('−₦14,000');
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('₦126,000');
    expect(seen.find((s) => s.path === '/v1/coupon/validate')?.body).toEqual({ orderId: 'order-1', code: 'roses10' });
    expect(readStored(STORAGE_KEYS.coupon)).toBe('ROSES10');
  });

  it("shows the server's message under the box when the code does not apply, tied to the field", async () => {
    const { summary } = await openSummary(makeOrder(), { [VALIDATE]: fail(400, 'This coupon has expired') });
    const user = userEvent.setup();
    const input = summary.getByLabelText('Coupon code');
    await user.type(input, 'OLD');
    await user.click(summary.getByRole('button', { name: 'Apply' }));
    const error = await summary.findByRole('alert');
    expect(error).toHaveTextContent('This coupon has expired');
    expect(input).toHaveAttribute('aria-describedby', error.id);
    expect(input).toHaveValue('OLD');
    expect(readStored(STORAGE_KEYS.coupon)).toBeNull();
  });

  it('does not send an empty code', async () => {
    const { seen, summary } = await openSummary();
    await userEvent.click(summary.getByRole('button', { name: 'Apply' }));
    expect(summary.getByRole('alert')).toHaveTextContent('Coupon code is required');
    expect(seen.some((s) => s.path === '/v1/coupon/validate')).toBe(false);
  });

  it('removes an applied coupon and forgets the code', async () => {
    const { seen, summary } = await openSummary(discounted, { [DELETE]: ok(makeOrder()) }, 'ROSES10');
    await userEvent.click(summary.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(summary.getByLabelText('Coupon code')).toBeInTheDocument());
    expect(summary.queryByText('Discount')).not.toBeInTheDocument();
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('₦140,000');
    expect(seen.some((s) => s.method === 'DELETE')).toBe(true);
    expect(readStored(STORAGE_KEYS.coupon)).toBeNull();
  });

  it('shows the message when removing fails, and keeps the coupon', async () => {
    const { summary } = await openSummary(discounted, { [DELETE]: fail(409, 'This order can no longer be changed') }, 'ROSES10');
    await userEvent.click(summary.getByRole('button', { name: 'Remove' }));
    expect(await summary.findByRole('alert')).toHaveTextContent('This order can no longer be changed');
    expect(summary.getByText('ROSES10').closest('p')).toHaveTextContent('Coupon ROSES10 applied: −₦14,000');
    expect(summary.getByRole('button', { name: 'Remove' })).toBeEnabled();
    expect(readStored(STORAGE_KEYS.coupon)).toBe('ROSES10');
  });

  it('says when the shop took the coupon off the order, once in a toast and in the box, and forgets the stored code', async () => {
    const reason = 'this coupon expired on 1 March 2027';
    const lapsed = makeOrder({ coupon: null, couponRemoved: { code: 'ROSES10', reason } });
    const { summary } = await openSummary(lapsed, {}, 'ROSES10');
    const notice = await summary.findByRole('status');
    expect(notice).toHaveTextContent(`Coupon ROSES10 was removed from your order: ${reason}.`);
    expect(summary.getByLabelText('Coupon code')).toHaveValue('');
    await waitFor(() => expect(readStored(STORAGE_KEYS.coupon)).toBeNull());
    expect(jest.mocked(notify).mock.calls.filter(([, text]) => String(text).includes('ROSES10'))).toEqual([['info', `Coupon ROSES10 was removed from your order: ${reason}.`]]);
  });
});
