/**
 * The owner's content audit: asks for its page and kind, shows each change (kind, what with a link
 * for a product, the action and who, when, the address, each field from → to), pages with the
 * kind kept, and says so when the call fails.
 */
import { render, screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { ContentLog } from '@/components/admin/audit/content-log';
import type { ContentAuditPage } from '@/lib/contracts/backoffice';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const log = (page: number): ContentAuditPage => ({
  rows: [
    {
      entity: 'product',
      entityId: 'p-1',
      label: 'Red Velvet – 24 red roses',
      action: 'updated',
      actorName: 'Bisi Manager (Manager)',
      address: '203.0.113.9',
      at: '2027-02-10T09:05:00.000Z',
      changes: [
        { field: 'price', before: '45000', after: '47500' },
        { field: 'subtitle', before: '', after: 'Now with lilies' },
      ],
    },
    { entity: 'settings', entityId: 'alerts', label: 'alerts', action: 'updated', actorName: 'Command', address: '', at: '2027-02-10T09:00:00.000Z', changes: [] },
  ],
  total: 75,
  page,
  pageSize: 50,
});

it('shows the asked page and kind of changes, field by field, with pages that keep the kind', async () => {
  const asked: string[] = [];
  server.use(
    http.get('*/admin/api/content-audit', ({ request }) => {
      asked.push(new URL(request.url).search);
      return HttpResponse.json(ok(log(1)));
    }),
  );
  render(<ContentLog page={1} entity="product" />);
  const [first, second] = (await screen.findAllByRole('listitem')).map((item) => within(item));
  expect(asked).toEqual(['?page=1&entity=product']);
  expect(first!.getByRole('link', { name: 'Red Velvet – 24 red roses' })).toHaveAttribute('href', '/admin/products/p-1');
  expect(first!.getByText('updated by Bisi Manager (Manager)')).toBeInTheDocument();
  expect(first!.getByText('203.0.113.9')).toBeInTheDocument();
  expect(first!.getByText('price').nextElementSibling).toHaveTextContent('45000 → 47500');
  expect(first!.getByText('subtitle').nextElementSibling).toHaveTextContent('none → Now with lilies');
  expect(second!.getByText('alerts')).toBeInTheDocument();
  expect(second!.getByText('updated by Command')).toBeInTheDocument();
  expect(screen.getByRole('link', { name: 'Older' })).toHaveAttribute('href', '/admin/audit?log=content&entity=product&page=2');
  expect(screen.getByRole('combobox', { name: 'Show' })).toHaveValue('product');
});

it('says when there are no changes, and when the call fails', async () => {
  server.use(http.get('*/admin/api/content-audit', () => HttpResponse.json(ok({ rows: [], total: 0, page: 1, pageSize: 50 }))));
  const { unmount } = render(<ContentLog page={1} />);
  expect(await screen.findByText('No changes yet.')).toBeInTheDocument();
  unmount();
  server.use(http.get('*/admin/api/content-audit', () => HttpResponse.json(fail(403, 'Only owners can do that'), { status: 403 })));
  render(<ContentLog page={1} />);
  expect(await screen.findByRole('alert')).toHaveTextContent('Only owners can do that');
});
