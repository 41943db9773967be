/**
 * The back office's board as staff use it: the filters become the board call's query and the
 * page's URL, the state tabs show the counts, riders see no totals, branch-bound members get no
 * branch choice, and the pages move through the board.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Board } from '@/components/admin/board/board';
import { filtersFromQuery } from '@/components/admin/board/board-query';
import type { Board as BoardAnswer } from '@/lib/contracts/backoffice';
import type { StaffMe } from '@/lib/contracts/staff';
import { listenToMsw, server } from '../../helpers/msw';
import { board, MANAGER, ok, RIDER, row } from './fixtures';

listenToMsw();

const TODAY = '2027-02-14';

/** Answers the board call with `answer` (or a function of the query) and records every query. */
function answerBoard(answer: BoardAnswer | ((query: URLSearchParams) => BoardAnswer)) {
  const asked: Record<string, string>[] = [];
  server.use(
    http.get('*/admin/api/orders', ({ request }) => {
      const query = new URL(request.url).searchParams;
      asked.push(Object.fromEntries(query));
      return HttpResponse.json(ok(typeof answer === 'function' ? answer(query) : answer));
    }),
  );
  return asked;
}

function renderBoard(staff: StaffMe = MANAGER, search = '') {
  window.history.replaceState(null, '', `/admin${search}`);
  return render(<Board staff={staff} today={TODAY} initial={filtersFromQuery(Object.fromEntries(new URLSearchParams(search)), TODAY)} />);
}

describe('the board', () => {
  it('asks for today by default, then for each filter chosen, and keeps them in the URL', async () => {
    const asked = answerBoard(board([row(1)], { counts: { paid: 1 } }));
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('link', { name: 'RF-100001' });
    expect(asked.at(-1)).toEqual({ day: TODAY });

    await user.click(screen.getByRole('button', { name: 'Tomorrow' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ day: '2027-02-15' }));

    await user.selectOptions(screen.getByLabelText('Branch'), 'LPL');
    await waitFor(() => expect(asked.at(-1)).toEqual({ day: '2027-02-15', branch: 'LPL' }));

    await user.click(screen.getByRole('button', { name: /^Paid/ }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ day: '2027-02-15', branch: 'LPL', state: 'paid' }));

    await user.type(screen.getByRole('searchbox', { name: 'Search orders' }), '0803 123 4567');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ day: '2027-02-15', branch: 'LPL', state: 'paid', q: '0803 123 4567' }));
    expect(window.location.search).toBe('?day=2027-02-15&branch=LPL&state=paid&q=0803+123+4567');

    await user.click(screen.getByRole('button', { name: 'Any day' }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ branch: 'LPL', state: 'paid', q: '0803 123 4567' }));
  });

  it('starts from the filters in the URL (a shared link or a refresh)', async () => {
    const asked = answerBoard(board([row(1)]));
    renderBoard(MANAGER, '?day=2027-03-01&state=preparing&q=Chiamaka&page=2');
    await screen.findByRole('link', { name: 'RF-100001' });
    expect(asked[0]).toEqual({ day: '2027-03-01', state: 'preparing', q: 'Chiamaka', page: '2' });
    expect(screen.getByRole('searchbox', { name: 'Search orders' })).toHaveValue('Chiamaka');
    expect(screen.getByRole('button', { name: /^Preparing/ })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows each state with its count, and All with their sum', async () => {
    answerBoard(board([row(1)], { counts: { awaiting_payment: 2, awaiting_confirmation: 3, paid: 4, preparing: 1, out_for_delivery: 0, delivered: 5, cancelled: 1 } }));
    renderBoard();
    await screen.findByRole('link', { name: 'RF-100001' });
    const tabs = within(screen.getByRole('group', { name: 'Order state' }));
    expect(tabs.getByRole('button', { name: 'All 16' })).toHaveAttribute('aria-pressed', 'true');
    expect(tabs.getByRole('button', { name: 'Awaiting confirmation 3' })).toBeInTheDocument();
    expect(tabs.getByRole('button', { name: 'Delivered 5' })).toBeInTheDocument();
  });

  it('lists each order with its number (a link to its page), day, place, recipient, items, total and state', async () => {
    answerBoard(board([row(1, { boardState: 'awaiting_confirmation' }), row(2, { deliveryMethod: 'pick-up', pickupPoint: 'LPL', zone: '', totalInCurrency: 120000 })]));
    renderBoard();
    const link = await screen.findByRole('link', { name: 'RF-100001' });
    expect(link).toHaveAttribute('href', '/admin/orders/order-1');
    const first = within(link.closest('tr')!);
    expect(first.getByText('Sun 14 Feb')).toBeInTheDocument();
    expect(first.getByText('Lagos central, Lagos')).toBeInTheDocument();
    expect(first.getByText('Recipient 1')).toBeInTheDocument();
    expect(first.getByText('2 items')).toBeInTheDocument();
    expect(first.getByText('₦45,000')).toBeInTheDocument();
    expect(first.getByText('Awaiting confirmation')).toBeInTheDocument();
    const second = within(screen.getByRole('link', { name: 'RF-100002' }).closest('tr')!);
    expect(second.getByText('Pick-up Lekki')).toBeInTheDocument();
    expect(second.getByText('₦120,000')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Total' })).toBeInTheDocument();
  });

  it('shows a rider no totals and no branch choice', async () => {
    answerBoard(board([row(1, { totalInCurrency: 0 })]));
    renderBoard(RIDER);
    await screen.findByRole('link', { name: 'RF-100001' });
    expect(screen.queryByRole('columnheader', { name: 'Total' })).not.toBeInTheDocument();
    expect(screen.queryByText('₦0')).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Branch')).not.toBeInTheDocument();
  });

  it('moves through the pages', async () => {
    const asked = answerBoard((query) => {
      const page = Number(query.get('page') ?? 1);
      return board([row(page)], { total: 60, page });
    });
    const user = userEvent.setup();
    renderBoard();
    await screen.findByRole('link', { name: 'RF-100001' });
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByRole('link', { name: 'RF-100002' });
    expect(asked.at(-1)).toEqual({ day: TODAY, page: '2' });
    expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
    expect(window.location.search).toBe(`?day=${TODAY}&page=2`);

    // A new filter starts again at page 1.
    await user.click(screen.getByRole('button', { name: /^Delivered/ }));
    await waitFor(() => expect(asked.at(-1)).toEqual({ day: TODAY, state: 'delivered' }));
  });

  it('says so when the board cannot be loaded', async () => {
    server.use(http.get('*/admin/api/orders', () => HttpResponse.json({ data: null, error: true, message: 'Please sign in', status: 401 }, { status: 401 })));
    renderBoard();
    expect(await screen.findByRole('alert')).toHaveTextContent('Please sign in');
  });
});
