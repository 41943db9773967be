/**
 * The owner's audit log: asks for its page, shows each change (order link, what, who, when, from
 * which client address, from and to, the line), offers older and newer pages, and says so when the call fails.
 */
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { AuditLog } from '@/components/admin/audit/audit-log';
import type { AuditPage } from '@/lib/contracts/backoffice';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const page = (n: number): AuditPage => ({
  rows: [
    {
      orderId: 'order-7',
      orderNumber: 'RF-100777',
      event: 'confirm_transfer',
      actor: 'staff:s-1',
      actorName: 'Ada Obi (Manager)',
      from: 'awaiting_payment/awaiting_confirmation',
      to: 'paid/paid',
      note: 'Seen on the statement',
      at: '2027-02-10T09:05:00.000Z',
      address: '203.0.113.9',
    },
    {
      orderId: 'order-7',
      orderNumber: 'RF-100777',
      event: 'transfer_sent',
      actor: 'shopper',
      actorName: 'Shopper',
      from: 'awaiting_payment/unpaid',
      to: 'awaiting_payment/awaiting_confirmation',
      note: '',
      at: '2027-02-10T09:00:00.000Z',
      address: '',
    },
  ],
  total: 120,
  page: n,
  pageSize: 50,
});

it('shows the asked page of changes with links to the orders and to older and newer pages', async () => {
  const asked: string[] = [];
  server.use(
    http.get('*/admin/api/audit', ({ request }) => {
      asked.push(new URL(request.url).searchParams.get('page') ?? '');
      return HttpResponse.json(ok(page(2)));
    }),
  );
  render(<AuditLog page={2} />);
  const line = within((await screen.findAllByRole('listitem'))[0]!);
  expect(line.getByRole('link', { name: 'RF-100777' })).toHaveAttribute('href', '/admin/orders/order-7');
  expect(line.getByText('by Ada Obi (Manager)')).toBeInTheDocument();
  expect(line.getByText(/awaiting payment, awaiting confirmation → paid, paid/)).toBeInTheDocument();
  expect(line.getByText('Seen on the statement')).toBeInTheDocument();
  // The client address a staff change came from; none for the shopper's own.
  expect(line.getByText('203.0.113.9')).toBeInTheDocument();
  expect((await screen.findAllByRole('listitem'))[1]).not.toHaveTextContent(/from/);
  expect(asked).toEqual(['2']);
  expect(screen.getByText('Page 2 of 3')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Newer' })).toHaveAttribute('href', '/admin/audit?page=1');
  expect(screen.getByRole('link', { name: 'Older' })).toHaveAttribute('href', '/admin/audit?page=3');
});

it('says so when the audit cannot be read', async () => {
  server.use(http.get('*/admin/api/audit', () => HttpResponse.json(fail(403, 'A manager cannot do this'), { status: 403 })));
  render(<AuditLog page={1} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('A manager cannot do this');
});
