/**
 * /admin/settings (alerts and rates): the page loads the settings from the server; the banner's
 * preview follows the text as typed, in naira, dollars and pounds at the saved rates (the
 * storefront's `{{n}}` rendering); Save sends the whole alert document with the time the page read
 * it; the rates show when each last changed, are checked before sending, and a move of more than
 * 20% is sent only once confirmed. The server's refusals show in the form.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { AlertsAndRates } from '@/components/admin/settings/alerts-rates';
import type { AdminSettings } from '@/lib/contracts/settings-admin';
import { SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const SETTINGS: AdminSettings = {
  alerts: {
    siteWideAlert: 'Free delivery in central Lagos above {{100000}}',
    paymentAlerts: [{ paymentMethod: 'gtbTransfer', message: 'Quote your order number.' }],
    productAlerts: ['Order before 4pm for same-day delivery.'],
  },
  alertsUpdatedAt: '2026-11-20T09:00:00.000Z',
  delivery: SEED_DELIVERY_SETTINGS,
  deliveryUpdatedAt: '2026-11-20T09:00:00.000Z',
  rates: [
    { name: 'NGN', sign: '₦', conversionRate: 1, updatedAt: '2026-11-01T08:00:00.000Z' },
    { name: 'USD', sign: '$', conversionRate: 700, updatedAt: '2026-11-25T13:05:00.000Z' },
    { name: 'GBP', sign: '£', conversionRate: 890, updatedAt: '2026-11-24T07:30:00.000Z' },
  ],
  zonesInUse: [],
};

type Sent = { url: URL; body: unknown };

/** Serves the settings and records every PUT, answering with `answer`. */
function serve(answer: (what: string, body: Record<string, unknown>) => { status: number; json: unknown }) {
  const sent: Sent[] = [];
  server.use(
    http.get('*/admin/api/settings', () => HttpResponse.json(ok(SETTINGS))),
    http.put('*/admin/api/settings/:what', async ({ request, params }) => {
      const body = (await request.json()) as Record<string, unknown>;
      sent.push({ url: new URL(request.url), body });
      const { status, json } = answer(String(params.what), body);
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
  );
  return sent;
}

const alertsForm = async () => within(await screen.findByRole('form', { name: 'Alerts' }));
const ratesForm = async () => within(await screen.findByRole('form', { name: 'Currency rates' }));

it('previews the banner in naira, dollars and pounds as it is typed, and saves the whole document with the time it was read', async () => {
  const sent = serve((_, body) => ({ status: 200, json: { ...ok({ alerts: body, updatedAt: '2026-11-25T14:00:00.000Z' }), message: 'The alerts are saved: shoppers see them on their next page' } }));
  render(<AlertsAndRates />);
  const form = await alertsForm();
  expect(form.getByText('Changed 20 Nov 2026, 10:00 (Lagos)')).toBeInTheDocument();
  const preview = within(form.getByRole('region', { name: 'Preview of the alert' }));
  expect(preview.getByText('Free delivery in central Lagos above ₦100,000')).toBeInTheDocument();
  expect(preview.getByText('Free delivery in central Lagos above $143')).toBeInTheDocument();
  expect(preview.getByText('Free delivery in central Lagos above £113')).toBeInTheDocument();
  expect(form.getByRole('button', { name: 'Save alerts' })).toBeDisabled();

  const banner = form.getByRole('textbox', { name: 'Site-wide alert' });
  await userEvent.clear(banner);
  await userEvent.type(banner, "Valentine's: free delivery above {{{{150000}}");
  expect(preview.getByText("Valentine's: free delivery above $215")).toBeInTheDocument();
  expect(preview.getByText("Valentine's: free delivery above £169")).toBeInTheDocument();

  await userEvent.type(form.getByRole('textbox', { name: 'PayPal (USD, GBP)' }), 'No PayPal account needed.');
  await userEvent.clear(form.getByRole('textbox', { name: 'Bank transfer (GTBank) (NGN)' }));
  await userEvent.click(form.getByRole('button', { name: 'Add a note' }));
  await userEvent.type(form.getByRole('textbox', { name: 'Product alert 2' }), 'Roses are scarce this week.');
  await userEvent.click(form.getByRole('button', { name: 'Save alerts' }));

  expect(await form.findByRole('status')).toHaveTextContent('The alerts are saved: shoppers see them on their next page');
  expect(sent).toHaveLength(1);
  expect(sent[0]!.url.pathname).toBe('/admin/api/settings/alerts');
  expect(sent[0]!.url.searchParams.get('basedOn')).toBe('2026-11-20T09:00:00.000Z');
  expect(sent[0]!.body).toEqual({
    siteWideAlert: "Valentine's: free delivery above {{150000}}",
    paymentAlerts: [{ paymentMethod: 'payPal', message: 'No PayPal account needed.' }],
    productAlerts: ['Order before 4pm for same-day delivery.', 'Roses are scarce this week.'],
  });
  expect(form.getByText('Changed 25 Nov 2026, 15:00 (Lagos)')).toBeInTheDocument();
  expect(form.getByRole('button', { name: 'Save alerts' })).toBeDisabled();
});

it("shows the server's refusal in the form", async () => {
  serve(() => ({ status: 409, json: fail(409, 'Someone changed the alerts at 25 Nov, 14:00 (Lagos) since you opened them.') }));
  render(<AlertsAndRates />);
  const form = await alertsForm();
  await userEvent.click(form.getByRole('button', { name: 'Remove product alert 1' }));
  await userEvent.click(form.getByRole('button', { name: 'Save alerts' }));
  expect(await form.findByRole('alert')).toHaveTextContent('Someone changed the alerts at 25 Nov, 14:00 (Lagos) since you opened them.');
});

it('shows when each rate changed, sends a small change at once and updates the preview', async () => {
  const sent = serve((_, body) => ({
    status: 200,
    json: { ...ok({ rates: SETTINGS.rates.map((r) => (r.name === 'USD' ? { ...r, conversionRate: body.USD, updatedAt: '2026-11-26T10:15:00.000Z' } : r)) }), message: 'The rates are saved' },
  }));
  render(<AlertsAndRates />);
  const rates = await ratesForm();
  expect(rates.getByText('Changed 25 Nov 2026, 14:05 (Lagos)')).toBeInTheDocument();
  expect(rates.getByText('Changed 24 Nov 2026, 08:30 (Lagos)')).toBeInTheDocument();
  const usd = rates.getByRole('textbox', { name: 'Naira per US dollar (₦ per $1)' });
  expect(usd).toHaveValue('700');
  expect(rates.getByText('A ₦45,000 bouquet shows as $65')).toBeInTheDocument();

  await userEvent.clear(usd);
  await userEvent.type(usd, '750');
  expect(rates.getByText('A ₦45,000 bouquet shows as $60')).toBeInTheDocument();
  await userEvent.click(rates.getByRole('button', { name: 'Save rates' }));

  expect(await rates.findByRole('status')).toHaveTextContent('The rates are saved');
  expect(sent.map((s) => s.body)).toEqual([{ USD: 750, GBP: 890 }]);
  expect(rates.getByText('Changed 26 Nov 2026, 11:15 (Lagos)')).toBeInTheDocument();
  // The alert's preview converts with the new rate.
  expect(within((await alertsForm()).getByRole('region', { name: 'Preview of the alert' })).getByText('Free delivery in central Lagos above $134')).toBeInTheDocument();
});

it('asks before a move of more than 20%, sends it confirmed; refuses a rate out of range without sending', async () => {
  const sent = serve((_, body) => ({ status: 200, json: { ...ok({ rates: SETTINGS.rates.map((r) => (r.name === 'USD' ? { ...r, conversionRate: body.USD } : r)) }), message: 'The rates are saved' } }));
  render(<AlertsAndRates />);
  const rates = await ratesForm();
  const usd = rates.getByRole('textbox', { name: 'Naira per US dollar (₦ per $1)' });

  await userEvent.clear(usd);
  await userEvent.type(usd, '50');
  await userEvent.click(rates.getByRole('button', { name: 'Save rates' }));
  expect(rates.getByRole('alert')).toHaveTextContent('Naira per US dollar must be a whole number of naira from ₦100 to ₦20,000');

  await userEvent.clear(usd);
  await userEvent.type(usd, '1,500');
  await userEvent.click(rates.getByRole('button', { name: 'Save rates' }));
  const confirm = within(rates.getByRole('alertdialog'));
  expect(confirm.getByText('The US dollar moves from ₦700 to ₦1,500 (up 114%).')).toBeInTheDocument();
  await userEvent.click(confirm.getByRole('button', { name: 'Check again' }));
  expect(rates.queryByRole('alertdialog')).toBeNull();
  expect(sent).toEqual([]);

  await userEvent.click(rates.getByRole('button', { name: 'Save rates' }));
  await userEvent.click(within(rates.getByRole('alertdialog')).getByRole('button', { name: 'Yes, change the rate' }));
  await waitFor(() => expect(sent.map((s) => s.body)).toEqual([{ USD: 1_500, GBP: 890, confirmLargeChange: true }]));
  expect(await rates.findByRole('status')).toHaveTextContent('The rates are saved');
});
