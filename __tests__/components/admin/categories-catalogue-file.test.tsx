/**
 * /admin/catalogue-file (the catalogue section's import and export): the download is a plain link
 * to the CSV call; a chosen file is checked first (sent as text/csv with dryRun=1) and the report
 * shows the errors by row and column or the changes before → after; 'Import' asks once more and
 * then sends the same file with dryRun=0; the server's refusal shows as an alert.
 */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { CatalogueFile } from '@/components/admin/catalogue-file/catalogue-file';
import type { CatalogueImportReport } from '@/lib/contracts/catalogue-csv';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const CHANGED: CatalogueImportReport = {
  dryRun: true,
  rows: 3,
  created: 1,
  updated: 1,
  unchanged: 1,
  products: [
    { row: 2, slug: 'red-velvet', name: 'Red Velvet – 24 red roses', action: 'updated', changes: [{ column: 'price', before: '45000', after: '46500' }, { column: 'sizes', before: '', after: 'Standard:RV-1:45000:in|Deluxe:RV-2:60000:out' }] },
    { row: 3, slug: 'sunrise', name: 'Sunrise – yellow roses', action: 'created', changes: [] },
    { row: 4, slug: 'white-lilies', name: 'White Lilies', action: 'unchanged', changes: [] },
  ],
  errors: [],
};

/** Answers the import call: the dry run with `check`, the import with `done`; records each request's query, type and body. */
function answer(check: { status: number; json: unknown }, done: { status: number; json: unknown } = check) {
  const sent: { dryRun: string | null; type: string | null; body: string }[] = [];
  server.use(
    http.post('*/admin/api/catalogue-file', async ({ request }) => {
      const dryRun = new URL(request.url).searchParams.get('dryRun');
      sent.push({ dryRun, type: request.headers.get('content-type'), body: await request.text() });
      const { status, json } = dryRun === '1' ? check : done;
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
  );
  return sent;
}

const csv = () => new File(['slug,price\r\nred-velvet,46500\r\n'], 'catalogue.csv', { type: 'text/csv' });

it('offers the download as a link, checks the chosen file, shows the changes, and imports it after a confirmation', async () => {
  const sent = answer({ status: 200, json: { ...ok(CHANGED), message: 'Ready' } }, { status: 200, json: { ...ok({ ...CHANGED, dryRun: false }), message: 'Imported' } });
  render(<CatalogueFile />);
  expect(screen.getByRole('link', { name: 'Download the catalogue (CSV)' })).toHaveAttribute('href', '/admin/api/catalogue-file');
  expect(screen.getByRole('button', { name: 'Check' })).toBeDisabled();

  await userEvent.upload(screen.getByLabelText('CSV file'), csv());
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByRole('status')).toHaveTextContent('Ready to import: 1 product to add, 1 product to change, 1 product unchanged.');
  const changes = within(screen.getByRole('region', { name: 'What the import changes' }));
  const row = within(changes.getByRole('row', { name: /Red Velvet/ }));
  expect(row.getByText('₦45,000')).toBeInTheDocument();
  expect(row.getByText('₦46,500')).toBeInTheDocument();
  expect(row.getByText('(empty)')).toBeInTheDocument();
  expect(within(changes.getByRole('row', { name: /Sunrise/ })).getByText('New product')).toBeInTheDocument();
  expect(changes.queryByText('White Lilies')).toBeNull();
  expect(screen.getByText('1 product stays as it is.')).toBeInTheDocument();
  expect(sent).toEqual([{ dryRun: '1', type: 'text/csv', body: 'slug,price\r\nred-velvet,46500\r\n' }]);

  await userEvent.click(screen.getByRole('button', { name: 'Import' }));
  const confirm = within(screen.getByRole('group', { name: 'Confirm the import' }));
  expect(confirm.getByText('Import these 2 changes? Shoppers see them at once.')).toBeInTheDocument();
  await userEvent.click(confirm.getByRole('button', { name: 'Yes, import' }));
  expect(await screen.findByText('Imported: 1 added, 1 changed, 1 unchanged. The shop shows the changes now.')).toBeInTheDocument();
  expect(screen.getByRole('region', { name: 'What changed' })).toBeInTheDocument();
  expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
  expect(sent.map((s) => s.dryRun)).toEqual(['1', '0']);
  expect(sent[1]!.body).toBe(sent[0]!.body);
});

it('shows the errors by row and column, and offers no import', async () => {
  const report: CatalogueImportReport = {
    ...CHANGED,
    products: [],
    created: 0,
    updated: 0,
    unchanged: 0,
    errors: [
      { row: 3, column: 'price', message: 'price: must be more than ₦0' },
      { row: 3, column: 'in_stock', message: 'in_stock: must be yes or no' },
      { row: 7, column: 'categories', message: 'categories: there is no category "tulips"' },
    ],
  };
  answer({ status: 200, json: { ...ok(report), message: '3 errors' } });
  render(<CatalogueFile />);
  await userEvent.upload(screen.getByLabelText('CSV file'), csv());
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  expect(await screen.findByRole('status')).toHaveTextContent('3 errors in 2 rows: nothing can be imported until they are fixed.');
  const errors = within(screen.getByRole('region', { name: 'Errors' }));
  expect(errors.getAllByRole('row').slice(1).map((r) => r.textContent)).toEqual([
    'Row 3priceprice: must be more than ₦0',
    'Row 3in_stockin_stock: must be yes or no',
    'Row 7categoriescategories: there is no category "tulips"',
  ]);
  expect(screen.queryByRole('button', { name: 'Import' })).toBeNull();
});

it("shows the server's refusal, and starts over when another file is chosen", async () => {
  answer({ status: 200, json: { ...ok(CHANGED), message: 'Ready' } }, { status: 400, json: fail(400, 'Nothing was imported: 1 row has errors. Row 2: sku: RV-1 is the SKU of Sunrise') });
  render(<CatalogueFile />);
  await userEvent.upload(screen.getByLabelText('CSV file'), csv());
  await userEvent.click(screen.getByRole('button', { name: 'Check' }));
  await userEvent.click(await screen.findByRole('button', { name: 'Import' }));
  await userEvent.click(screen.getByRole('button', { name: 'Yes, import' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was imported: 1 row has errors. Row 2: sku: RV-1 is the SKU of Sunrise');

  await userEvent.upload(screen.getByLabelText('CSV file'), new File(['slug\n'], 'other.csv', { type: 'text/csv' }));
  expect(screen.queryByRole('status')).toBeNull();
  expect(screen.queryByRole('alert')).toBeNull();
});
