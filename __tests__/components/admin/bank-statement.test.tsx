/**
 * /admin/bank-statement: the chosen statement is checked first (sent as text/csv with dryRun=1 and
 * the account's currency), the report shows the counts, the transfers confirmed and the near
 * misses with their reasons and links to the orders; 'Import' asks once more and sends the same
 * file with dryRun=0; the kept near misses are listed below and reloaded after the import, and
 * 'Dealt with' takes one off the list; the server's refusal shows as an alert.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { BankStatement } from '@/components/admin/bank-statement/bank-statement';
import type { StatementReport, StatementReview } from '@/lib/contracts/bank-statement';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const REPORT: StatementReport = {
  dryRun: true,
  currency: 'USD',
  format: 'generic',
  counts: { confirmed: 1, review: 1, skipped: 1, alreadyImported: 0 },
  confirmed: [
    { row: 2, date: '2026-11-26', narration: 'TRF RF-123456', reference: 'LB-1', amount: '$75', order: { id: 'o-1', orderNumber: 'RF-123456', state: 'paid', due: null }, paidInFull: true, overpaid: '$5' },
  ],
  review: [
    {
      row: 3,
      date: '2026-11-26',
      narration: 'TRANSFER FROM CHIDI',
      reference: 'LB-2',
      amount: '$40',
      reason: 'no_number',
      message: 'No order number in the narration or reference',
      orders: [],
      suggestions: [{ id: 'o-2', orderNumber: 'RF-654321', state: 'awaiting_payment', due: '$40' }],
    },
  ],
  skipped: [{ row: 4, date: '2026-11-26', narration: 'CHARGES', amount: '$1', reason: 'Money out (a debit)' }],
  alreadyImported: [],
};

const KEPT: StatementReview = {
  total: 1,
  lines: [{ ...REPORT.review[0]!, id: 'line-1', currency: 'USD', importedAt: '2026-11-25T10:00:00.000Z', importedBy: 'Bisi Manager (Manager)' }],
};

function answer(check: { status: number; json: unknown }, done: { status: number; json: unknown } = check) {
  const sent: { dryRun: string | null; currency: string | null; type: string | null; body: string }[] = [];
  let reviews = 0;
  server.use(
    http.post('*/admin/api/bank-statement', async ({ request }) => {
      const query = new URL(request.url).searchParams;
      sent.push({ dryRun: query.get('dryRun'), currency: query.get('currency'), type: request.headers.get('content-type'), body: await request.text() });
      const { status, json } = query.get('dryRun') === '1' ? check : done;
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
    http.get('*/admin/api/bank-statement', () => {
      reviews += 1;
      return HttpResponse.json({ ...ok(reviews === 1 ? { lines: [], total: 0 } : KEPT), message: '' });
    }),
  );
  return { sent, reviews: () => reviews };
}

const csv = () => new File(['date,narration,amount,reference\r\n2026-11-26,TRF RF-123456,75,LB-1\r\n'], 'statement.csv', { type: 'text/csv' });

it('checks the file in the chosen currency, shows confirmed lines and near misses, imports after a confirmation, and lists what is kept', async () => {
  const { sent, reviews } = answer({ status: 200, json: { ...ok(REPORT), message: 'Check only' } }, { status: 200, json: { ...ok({ ...REPORT, dryRun: false }), message: 'Imported' } });
  render(<BankStatement />);
  expect(await screen.findByText('None waiting: every imported line matched an order or was dealt with.')).toBeInTheDocument();
  expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();

  await userEvent.upload(screen.getByLabelText('Statement file (CSV)'), csv());
  await userEvent.selectOptions(screen.getByLabelText('Account'), 'USD');
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Checked, nothing changed yet (generic file, USD).');
  expect(sent).toEqual([{ dryRun: '1', currency: 'USD', type: 'text/csv', body: 'date,narration,amount,reference\r\n2026-11-26,TRF RF-123456,75,LB-1\r\n' }]);
  expect(within(screen.getByRole('list', { name: 'Counts' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['1Would confirm', '1For a person', '1Skipped', '0Already imported']);

  const confirmed = within(screen.getByRole('region', { name: 'Transfers the import confirms' }));
  expect(confirmed.getByRole('link', { name: 'RF-123456' })).toHaveAttribute('href', '/admin/orders/o-1');
  expect(confirmed.getByText('Paid in full; $5 overpaid: refund due')).toBeInTheDocument();
  const review = within(screen.getByRole('region', { name: 'For a person to check' }));
  expect(review.getByText('No order number in the narration or reference')).toBeInTheDocument();
  expect(review.getByText('Orders awaiting exactly this amount:')).toBeInTheDocument();
  expect(review.getByRole('link', { name: 'RF-654321' })).toHaveAttribute('href', '/admin/orders/o-2');

  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
  const group = within(screen.getByRole('group', { name: 'Confirm the import' }));
  expect(group.getByText('Confirm 1 transfer and keep 1 line for a person?')).toBeInTheDocument();
  await userEvent.click(group.getByRole('button', { name: 'Yes, import' }));
  expect(await screen.findByText('Imported (USD).')).toBeInTheDocument();
  expect(sent.map((s) => [s.dryRun, s.currency])).toEqual([
    ['1', 'USD'],
    ['0', 'USD'],
  ]);
  expect(screen.getByRole('region', { name: 'Transfers confirmed' })).toBeInTheDocument();

  // The kept near misses are read again after the import.
  const kept = within(screen.getByRole('region', { name: 'Lines waiting for a person' }));
  expect(await kept.findByText(/USD, imported 2026-11-25 by Bisi Manager \(Manager\)/)).toBeInTheDocument();
  expect(reviews()).toBe(2);
});

it("shows the server's refusal (an unknown header) as an alert, with no report", async () => {
  answer({ status: 400, json: fail(400, 'The file’s header is not one the import knows') });
  render(<BankStatement />);
  await userEvent.upload(screen.getByLabelText('Statement file (CSV)'), csv());
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('The file’s header is not one the import knows');
  expect(screen.queryByRole('list', { name: 'Counts' })).not.toBeInTheDocument();
});

describe("a kept line's 'Dealt with'", () => {
  function keep(handled: { status: number; json: unknown }) {
    const asked: string[] = [];
    server.use(
      http.get('*/admin/api/bank-statement', () => HttpResponse.json({ ...ok({ ...KEPT, total: 3 }), message: '' })),
      http.post('*/admin/api/bank-statement/:id/handled', ({ params }) => {
        asked.push(String(params.id));
        return HttpResponse.json(handled.json as Record<string, unknown>, { status: handled.status });
      }),
    );
    return asked;
  }

  it('takes the line off the list and says which', async () => {
    const asked = keep({ status: 200, json: { ...ok({ handled: true }), message: 'Marked as dealt with' } });
    render(<BankStatement />);
    const kept = within(screen.getByRole('region', { name: 'Lines waiting for a person' }));
    expect(await kept.findByText(/the latest 1 of 3/)).toBeInTheDocument();
    await userEvent.click(kept.getByRole('button', { name: 'Dealt with: row 3 of 2026-11-26' }));
    expect(await kept.findByRole('status')).toHaveTextContent('Row 3 of 2026-11-26 ($40) marked as dealt with.');
    expect(kept.queryByText('No order number in the narration or reference')).not.toBeInTheDocument();
    expect(asked).toEqual(['line-1']);
  });

  it("keeps the line and shows the server's words when it refuses (409)", async () => {
    keep({ status: 409, json: fail(409, 'That line was already marked as dealt with') });
    render(<BankStatement />);
    const kept = within(screen.getByRole('region', { name: 'Lines waiting for a person' }));
    await userEvent.click(await kept.findByRole('button', { name: 'Dealt with: row 3 of 2026-11-26' }));
    expect(await kept.findByRole('alert')).toHaveTextContent('That line was already marked as dealt with');
    expect(kept.getByText('No order number in the narration or reference')).toBeInTheDocument();
    expect(kept.queryByRole('status')).not.toBeInTheDocument();
  });
});
