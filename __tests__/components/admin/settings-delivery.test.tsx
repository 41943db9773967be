/**
 * /admin/settings/delivery: the page loads the settings and shows each state's zones and the peak
 * dates ('13, 14 and 15 February'). Every form sends the whole document with the time the page
 * read it: a peak config's new Lagos fee and dates picked on its calendar; a new peak config priced
 * over every standard zone; a new zone, added to every peak config at its standard fee; the
 * cut-off; a peak config removed after a confirmation. A zone that orders carry cannot be removed,
 * and the server's refusal shows in the form that sent it.
 */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { DeliverySettingsPage } from '@/components/admin/settings/delivery-settings';
import type { DeliverySettings } from '@/lib/contracts/settings';
import type { AdminSettings } from '@/lib/contracts/settings-admin';
import { SEED_ALERT_SETTINGS, SEED_DELIVERY_SETTINGS } from '@/lib/samples/settings';
import { listenToMsw, server } from '../../helpers/msw';
import { fail, ok } from './fixtures';

listenToMsw();

const READ_AT = '2026-11-20T09:00:00.000Z';
const SETTINGS: AdminSettings = {
  alerts: SEED_ALERT_SETTINGS,
  alertsUpdatedAt: READ_AT,
  delivery: SEED_DELIVERY_SETTINGS,
  deliveryUpdatedAt: READ_AT,
  rates: [],
  zonesInUse: ['lagos-central', 'abuja-central'],
};

type Sent = { basedOn: string | null; body: DeliverySettings };

/** Serves the settings and records every PUT; answers with `answer` (the body back by default). */
function serve(answer?: () => { status: number; json: unknown }) {
  const sent: Sent[] = [];
  server.use(
    http.get('*/admin/api/settings', () => HttpResponse.json(ok(SETTINGS))),
    http.put('*/admin/api/settings/delivery', async ({ request }) => {
      const body = (await request.json()) as DeliverySettings;
      sent.push({ basedOn: new URL(request.url).searchParams.get('basedOn'), body });
      const { status, json } = answer?.() ?? { status: 200, json: { ...ok({ delivery: body, updatedAt: '2026-11-25T13:05:00.000Z' }), message: 'The delivery settings are saved: checkout uses them at once' } };
      return HttpResponse.json(json as Record<string, unknown>, { status });
    }),
  );
  return sent;
}

const copy = <T,>(value: T): T => structuredClone(value);
const zoneOf = (config: DeliverySettings['baseConfig'], key: string) => config.stateDeliveryZones.flatMap((s) => s.zones).find((z) => z.name === key)!;
const peaks = async () => within(await screen.findByRole('region', { name: 'Peak dates' }));
const standard = async () => within(await screen.findByRole('form', { name: 'Standard delivery' }));

async function typeInto(box: HTMLElement, text: string) {
  await userEvent.clear(box);
  await userEvent.type(box, text);
}

/** The calendar's button for a day written YYYY-MM-DD. */
async function dayButton(day: string): Promise<HTMLElement> {
  return waitFor(() => {
    const button = document.querySelector<HTMLElement>(`[data-day="${day}"] button`);
    if (!button) throw new Error(`no calendar day ${day}`);
    return button;
  });
}

it('shows the zones per state and the peak dates; a zone that orders carry cannot be removed', async () => {
  serve();
  render(<DeliverySettingsPage />);
  const form = await standard();
  expect(screen.getByText('Changed 20 Nov 2026, 10:00 (Lagos)')).toBeInTheDocument();
  expect(form.getByRole('textbox', { name: 'Lagos central fee (₦)' })).toHaveValue('4,500');
  expect(form.getByRole('textbox', { name: 'Abuja outer areas' })).toHaveValue('Bwari, Suleja, Lugbe, Kubwa');
  expect(form.getByRole('checkbox', { name: 'Free delivery to Lagos central above the threshold' })).toBeChecked();
  expect(form.getByRole('button', { name: 'Remove Lagos central' })).toBeDisabled();
  expect(form.getByRole('button', { name: 'Remove Lagos outer' })).toBeEnabled();
  expect(form.getByText('No zones: our staff quote each delivery here.')).toBeInTheDocument();

  const list = await peaks();
  expect(list.getByText('13, 14 and 15 February')).toBeInTheDocument();
  expect(list.getByText('1 January; 25 and 26 December')).toBeInTheDocument();
  expect(list.getByText('Lagos central ₦20,000 · Abuja central ₦20,000 · free above ₦150,000 · smallest order ₦30,000')).toBeInTheDocument();
});

it("changes Valentine's Lagos fee and dates on its calendar, sending the whole document with the time it was read", async () => {
  const sent = serve();
  render(<DeliverySettingsPage />);
  await userEvent.click((await peaks()).getByRole('button', { name: 'Change Valentine peak' }));
  const editor = within(screen.getByRole('form', { name: 'Change Valentine peak' }));
  await typeInto(editor.getByRole('textbox', { name: 'Lagos central fee (₦)' }), '25,000');

  // The calendar opens on the first chosen day's month: 16 February is added, 13 February removed.
  const feb13 = await dayButton(await valentineYear('02-13'));
  await userEvent.click(await dayButton(await valentineYear('02-16')));
  await userEvent.click(feb13);
  expect(within(editor.getByRole('list', { name: 'Chosen dates' })).getAllByRole('listitem').map((li) => li.textContent?.replace('×', ''))).toEqual(['14 February', '15 February', '16 February']);
  await userEvent.click(editor.getByRole('button', { name: 'Remove 16 February' }));
  await userEvent.click(editor.getByRole('button', { name: 'Save peak dates' }));

  expect(await (await peaks()).findByRole('status')).toHaveTextContent('Valentine peak is saved: checkout uses it at once');
  expect(screen.queryByRole('form', { name: 'Change Valentine peak' })).toBeNull();
  const expected = copy(SEED_DELIVERY_SETTINGS);
  zoneOf(expected.overrideConfigs[0]!, 'lagos-central').amount = 25_000;
  expected.overrideConfigs[0]!.dates = ['02-14', '02-15'];
  expect(sent).toEqual([{ basedOn: READ_AT, body: expected }]);
  expect((await peaks()).getByText('14 and 15 February')).toBeInTheDocument();
});

/** The YYYY-MM-DD the calendar shows a day of the year on (the coming twelve months, this month first). */
async function valentineYear(monthDay: string): Promise<string> {
  const today = new Date();
  const month = Number(monthDay.slice(0, 2)) - 1;
  return `${month >= today.getMonth() ? today.getFullYear() : today.getFullYear() + 1}-${monthDay}`;
}

it('adds peak dates priced over every standard zone', async () => {
  const sent = serve();
  render(<DeliverySettingsPage />);
  await userEvent.click((await peaks()).getByRole('button', { name: 'Add peak dates' }));
  const editor = within(screen.getByRole('form', { name: 'New peak dates' }));
  await userEvent.type(editor.getByRole('textbox', { name: 'Name' }), "Mothers' Day");
  await typeInto(editor.getByRole('textbox', { name: 'Lagos central fee (₦)' }), '9000');
  const today = new Date();
  const day = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-20`;
  await userEvent.click(await dayButton(day));
  await userEvent.click(editor.getByRole('button', { name: 'Save peak dates' }));

  await waitFor(() => expect(sent).toHaveLength(1));
  const added = sent[0]!.body.overrideConfigs[2]!;
  expect(added).toMatchObject({ name: "Mothers' Day", type: 'override', active: true, dates: [day.slice(5)], freeDeliveryThreshold: 100_000, minAmount: 0 });
  const base = SEED_DELIVERY_SETTINGS.baseConfig;
  expect(added.stateDeliveryZones).toEqual(base.stateDeliveryZones.map((s) => ({ ...s, zones: s.zones.map((z) => ({ ...z, amount: z.name === 'lagos-central' ? 9_000 : z.amount })) })));
  expect(sent[0]!.body.overrideConfigs.slice(0, 2)).toEqual(SEED_DELIVERY_SETTINGS.overrideConfigs);
});

it('adds a zone with a key from its label, priced in every peak config at its standard fee', async () => {
  const sent = serve();
  render(<DeliverySettingsPage />);
  const form = await standard();
  await userEvent.click(form.getByRole('button', { name: 'Add a zone in Lagos' }));
  await userEvent.type(form.getByRole('textbox', { name: 'Lagos zone 4 label' }), 'Lagos Island');
  expect(form.getByText('Key: lagos-island')).toBeInTheDocument();
  await userEvent.type(form.getByRole('textbox', { name: 'Lagos Island areas' }), 'Obalende, Lagos Island');
  await userEvent.type(form.getByRole('textbox', { name: 'Lagos Island fee (₦)' }), '6,000');
  await typeInto(form.getByRole('textbox', { name: 'Free-delivery threshold (₦)' }), '120000');
  await userEvent.click(form.getByRole('button', { name: 'Save standard delivery' }));

  expect(await form.findByRole('status')).toHaveTextContent('The delivery settings are saved');
  const island = { name: 'lagos-island', label: 'Lagos Island', areas: ['Obalende', 'Lagos Island'], amount: 6_000, freeAboveThreshold: false };
  const body = sent[0]!.body;
  expect(body.baseConfig.freeDeliveryThreshold).toBe(120_000);
  expect(body.baseConfig.stateDeliveryZones[0]!.zones.at(-1)).toEqual(island);
  for (const peak of body.overrideConfigs) expect(peak.stateDeliveryZones[0]!.zones.at(-1)).toEqual(island);
  expect(zoneOf(body.overrideConfigs[0]!, 'lagos-central').amount).toBe(20_000);
});

it("sends a fee that is not a number for the server to name, and shows the server's refusal", async () => {
  const sent = serve(() => ({ status: 400, json: fail(400, 'Standard delivery: Lagos outer fee must be a whole number of naira') }));
  render(<DeliverySettingsPage />);
  const form = await standard();
  await typeInto(form.getByRole('textbox', { name: 'Lagos outer fee (₦)' }), 'ten thousand');
  await userEvent.click(form.getByRole('button', { name: 'Save standard delivery' }));
  expect(await form.findByRole('alert')).toHaveTextContent('Standard delivery: Lagos outer fee must be a whole number of naira');
  expect(zoneOf(sent[0]!.body.baseConfig, 'lagos-outer').amount).toBeNull();
});

it('saves the cut-off, and removes a peak config only once confirmed', async () => {
  const sent = serve();
  render(<DeliverySettingsPage />);
  const cutoff = within(await screen.findByRole('form', { name: 'Same-day delivery' }));
  await userEvent.selectOptions(cutoff.getByRole('combobox', { name: 'Cut-off (Lagos time)' }), '14:00 (2 pm)');
  await userEvent.click(cutoff.getByRole('button', { name: 'Save cut-off' }));
  await waitFor(() => expect(sent.map((s) => s.body.sameDayCutoffHour)).toEqual([14]));

  const list = await peaks();
  await userEvent.click(list.getByRole('button', { name: 'Remove Festive peak' }));
  const confirm = within(list.getByRole('alertdialog', { name: 'Remove Festive peak?' }));
  expect(confirm.getByText('Remove Festive peak? Its days (1 January; 25 and 26 December) go back to standard fees.')).toBeInTheDocument();
  await userEvent.click(confirm.getByRole('button', { name: 'Keep it' }));
  expect(sent).toHaveLength(1);

  await userEvent.click(list.getByRole('button', { name: 'Remove Festive peak' }));
  await userEvent.click(within(list.getByRole('alertdialog')).getByRole('button', { name: 'Yes, remove' }));
  expect(await list.findByRole('status')).toHaveTextContent('Festive peak is removed: its days have standard fees again');
  // The second save builds on the first: the cut-off stays 14, and it is based on the first's time.
  expect(sent[1]).toEqual({ basedOn: '2026-11-25T13:05:00.000Z', body: { ...SEED_DELIVERY_SETTINGS, sameDayCutoffHour: 14, overrideConfigs: [SEED_DELIVERY_SETTINGS.overrideConfigs[0]] } });
  expect(list.queryByText('Festive peak')).toBeNull();
});
