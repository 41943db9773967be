/**
 * /account/addresses for a logged-in shopper, msw answering the recipients calls in the
 * contract's shapes (lib/contracts/account.ts): the cards (phones with codes, residence type and
 * address, state and zone by name), the empty state, add (the checkout's rules; phones sent with
 * their code once), edit (the form filled with every field), delete after 'Are you sure?', the
 * server's refusals beside the form (409 duplicate, 400), and the stored user record's
 * `recipients` following every change (the checkout's picker reads them).
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import AddressesPage from '@/pages/account/addresses';
import { DUPLICATE_RECIPIENT_MESSAGE, type SavedRecipient } from '@/lib/contracts/account';
import { listenToMsw, server } from '../../helpers/msw';
import { SHELL } from '../../helpers/render';
import { answer, fail, ok, record, renderInShop, settings, storeVisit, type Seen } from '../checkout/helpers';
import { accountRouter, notificationsCleared, storedUser, type Routes } from './helpers';

const mockRouter = accountRouter('/account/addresses');
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { get router() { return mockRouter; } } }));
jest.mock('@/lib/server/shell', () => ({ withShell: jest.fn(), getGuestHandshake: jest.fn() }));
jest.mock('@/lib/server/account-page', () => ({ ACCOUNT_CACHE_CONTROL: 'private, no-store', accountPage: jest.fn() }));
jest.mock('@/lib/ui/notify');

listenToMsw();
const notified = notificationsCleared();

const LIST = 'GET /v1/regal/account/recipients';
const ADD = 'POST /v1/regal/account/recipients';

const amaka: SavedRecipient = {
  id: 'r-1',
  name: 'Amaka Obi',
  phone: '+2348031234567',
  phoneCountryCode: '+234',
  altPhone: '+447700900123',
  altPhoneCountryCode: '+44',
  address: '5 Bourdillon Road, Ikoyi',
  residenceType: 'Office',
  state: 'lagos',
  zone: 'lagos-central',
};
const tunde: SavedRecipient = {
  id: 'r-2',
  name: 'Tunde Bello',
  phone: '+2348099990000',
  phoneCountryCode: '+234',
  altPhone: '',
  altPhoneCountryCode: '+234',
  address: '12 Aminu Kano Crescent, Wuse 2',
  residenceType: 'Home',
  state: 'abuja',
  zone: 'abuja-central',
};

const storedNames = () => storedUser()?.recipients.map((r) => r.name);

/** Opens the page for a shopper whose stored record and server list are `recipients`. */
async function openBook(recipients: SavedRecipient[], routes: Routes = {}): Promise<Seen[]> {
  const user = record('ada@example.com', { recipients });
  storeVisit({ user });
  const seen = answer({ [LIST]: ok(recipients), ...routes });
  renderInShop(<AddressesPage shell={SHELL} deliverySettings={settings} />);
  await screen.findByRole('heading', { name: 'Saved recipients' });
  return seen;
}

const cards = () => within(screen.getByRole('region', { name: 'Saved recipients' })).queryAllByRole('listitem');
const form = () => screen.getByRole('form', { name: /^(Add a recipient|Edit )/ });
const inForm = (label: RegExp) => within(form()).getByLabelText(label);

async function fillNew(user: ReturnType<typeof userEvent.setup>) {
  await user.type(inForm(/^Recipient's name/), 'Chidi Eze');
  await user.type(inForm(/^Recipient's phone number/), '0805 111 2222');
  await user.clear(inForm(/^Alternative country code/));
  await user.type(inForm(/^Alternative country code/), '44');
  await user.type(inForm(/^Alternative phone number/), '07700 900456');
  await user.selectOptions(inForm(/^Residence type/), 'Hospital');
  await user.type(inForm(/^Recipient's address/), 'Reddington Hospital, 12 Idowu Martins Street, Victoria Island');
  await user.selectOptions(inForm(/^State/), 'lagos');
  await user.selectOptions(inForm(/^Delivery zone/), 'lagos-central');
}

describe('the list', () => {
  it('shows each saved recipient as a card: name, phones with their codes, residence type and address, state and zone by name', async () => {
    await openBook([amaka, tunde]);
    expect(cards()).toHaveLength(2);
    const first = cards()[0]!;
    expect(within(first).getByRole('heading', { level: 3, name: 'Amaka Obi' })).toBeInTheDocument();
    expect(first).toHaveTextContent('+234 8031234567 or +44 7700900123');
    expect(first).toHaveTextContent('Office5 Bourdillon Road, Ikoyi');
    expect(first).toHaveTextContent('Lagos, Lagos central (Lekki, Victoria Island, Ikoyi, Ikeja, Gbagada, Yaba, Surulere)');
    expect(within(first).getByRole('button', { name: 'Edit Amaka Obi' })).toBeInTheDocument();
    expect(within(first).getByRole('button', { name: 'Delete Amaka Obi' })).toBeInTheDocument();
    expect(cards()[1]).toHaveTextContent('Abuja, Abuja central');
  });

  it('makes the stored user record follow the list the server answers (a recipient saved elsewhere)', async () => {
    const user = record('ada@example.com', { recipients: [amaka] });
    storeVisit({ user });
    answer({ 'GET /v1/regal/handshake': ok({ user, currencies: [], deliveryZoneAmount: {}, settings: {} }) });
    // The list answers after the handshake has refreshed the stored record.
    server.use(
      http.get('*/v1/regal/account/recipients', async () => {
        await delay(50);
        return HttpResponse.json({ data: [tunde, amaka], error: false, message: 'OK' });
      }),
    );
    renderInShop(<AddressesPage shell={SHELL} deliverySettings={settings} />);
    await screen.findByRole('heading', { name: 'Tunde Bello' });
    await waitFor(() => expect(storedNames()).toEqual(['Tunde Bello', 'Amaka Obi']));
  });

  it("with nobody saved, explains that recipients saved at checkout appear here and offers 'Add a recipient'", async () => {
    await openBook([]);
    expect(cards()).toHaveLength(0);
    expect(screen.getByText(/Tick 'Save this address' at checkout and the recipient appears here/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Add a recipient' }));
    expect(screen.getByRole('heading', { name: 'Add a recipient' })).toHaveFocus();
  });
});

describe('adding', () => {
  it('sends the entry with phones normalised, shows the new card first, says so, and stores it in the user record', async () => {
    // What the form sends; the server answers it with an id.
    const sent = {
      name: 'Chidi Eze',
      phone: '+2348051112222',
      phoneCountryCode: '+234',
      altPhone: '+447700900456',
      altPhoneCountryCode: '+44',
      address: 'Reddington Hospital, 12 Idowu Martins Street, Victoria Island',
      residenceType: 'Hospital',
      state: 'lagos',
      zone: 'lagos-central',
    };
    const chidi: SavedRecipient = { id: 'r-3', ...sent };
    const seen = await openBook([amaka], { [ADD]: ok(chidi) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a recipient' }));
    await fillNew(user);
    await user.click(within(form()).getByRole('button', { name: 'Save recipient' }));

    await waitFor(() => expect(cards()).toHaveLength(2));
    expect(seen.find((s) => s.method === 'POST')?.body).toEqual(sent);
    expect(within(cards()[0]!).getByRole('heading', { name: 'Chidi Eze' })).toHaveFocus();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(notified).toHaveBeenCalledWith('success', 'Chidi Eze has been added to your address book');
    await waitFor(() => expect(storedNames()).toEqual(['Chidi Eze', 'Amaka Obi']));
    expect(storedUser()?.authToken).toBe('token-ada@example.com');
  });

  it("applies the checkout's rules before sending: required fields say so, tied to their field, and nothing is sent", async () => {
    const seen = await openBook([amaka]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a recipient' }));
    await user.type(inForm(/^Recipient's phone number/), '12');
    await user.click(within(form()).getByRole('button', { name: 'Save recipient' }));

    const name = inForm(/^Recipient's name/);
    expect(name).toHaveFocus();
    expect(name).toHaveAccessibleDescription("Recipient's name is required");
    expect(inForm(/^Recipient's phone number/)).toHaveAccessibleDescription('Enter a valid phone number');
    expect(inForm(/^Recipient's address/)).toHaveAccessibleDescription("Recipient's address is required");
    expect(inForm(/^State/)).toHaveAccessibleDescription('State is required');
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(0);
  });

  it('shows the 409 duplicate message beside the form, keeps what was typed and changes nothing', async () => {
    await openBook([amaka], { [ADD]: fail(409, DUPLICATE_RECIPIENT_MESSAGE) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add a recipient' }));
    await fillNew(user);
    await user.click(within(form()).getByRole('button', { name: 'Save recipient' }));

    expect(await within(form()).findByRole('alert')).toHaveTextContent(DUPLICATE_RECIPIENT_MESSAGE);
    expect(form()).toHaveAccessibleDescription(DUPLICATE_RECIPIENT_MESSAGE);
    expect(inForm(/^Recipient's name/)).toHaveValue('Chidi Eze');
    expect(cards()).toHaveLength(1);
    expect(storedNames()).toEqual(['Amaka Obi']);
    expect(notified).not.toHaveBeenCalled();
  });

  it("shows a 400 naming a field the same way; 'Cancel' closes the form and gives the focus back", async () => {
    await openBook([amaka], { [ADD]: fail(400, 'address must be at most 1000 characters') });
    const user = userEvent.setup();
    const add = screen.getByRole('button', { name: 'Add a recipient' });
    await user.click(add);
    await fillNew(user);
    await user.click(within(form()).getByRole('button', { name: 'Save recipient' }));
    expect(await within(form()).findByRole('alert')).toHaveTextContent('address must be at most 1000 characters');
    await user.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a recipient' })).toHaveFocus();
  });
});

describe('editing', () => {
  it('fills the same form with every field, sends the whole entry, moves it first and updates the stored record', async () => {
    const moved: SavedRecipient = { ...tunde, address: '3 Gana Street, Maitama', zone: 'abuja-outer', residenceType: 'Home' };
    const seen = await openBook([amaka, tunde], { 'PUT /v1/regal/account/recipients/r-2': ok(moved) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Edit Tunde Bello' }));
    expect(screen.getByRole('heading', { name: 'Edit Tunde Bello' })).toHaveFocus();
    expect(inForm(/^Recipient's name/)).toHaveValue('Tunde Bello');
    expect(inForm(/^Recipient's country code/)).toHaveValue('+234');
    expect(inForm(/^Recipient's phone number/)).toHaveValue('8099990000');
    expect(inForm(/^Alternative phone number/)).toHaveValue('');
    expect(inForm(/^Residence type/)).toHaveValue('Home');
    expect(inForm(/^Recipient's address/)).toHaveValue('12 Aminu Kano Crescent, Wuse 2');
    expect(inForm(/^State/)).toHaveValue('abuja');
    expect(inForm(/^Delivery zone/)).toHaveValue('abuja-central');

    await user.clear(inForm(/^Recipient's address/));
    await user.type(inForm(/^Recipient's address/), '3 Gana Street, Maitama');
    await user.selectOptions(inForm(/^Delivery zone/), 'abuja-outer');
    await user.click(within(form()).getByRole('button', { name: 'Save recipient' }));

    await waitFor(() => expect(within(cards()[0]!).getByRole('heading', { name: 'Tunde Bello' })).toHaveFocus());
    expect(seen.find((s) => s.method === 'PUT')?.body).toMatchObject({ name: 'Tunde Bello', phone: '+2348099990000', altPhone: '', address: '3 Gana Street, Maitama', zone: 'abuja-outer' });
    expect(cards()[0]).toHaveTextContent('3 Gana Street, Maitama');
    expect(cards()).toHaveLength(2);
    expect(notified).toHaveBeenCalledWith('success', 'Tunde Bello has been updated');
    await waitFor(() => expect(storedUser()?.recipients[0]).toEqual(moved));
  });
});

describe('deleting', () => {
  it("asks first; 'No' keeps it, 'Yes' deletes it, says so and updates the stored record", async () => {
    const seen = await openBook([amaka, tunde], { 'DELETE /v1/regal/account/recipients/r-1': ok({ deleted: true }) });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Amaka Obi' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this recipient?' });
    expect(dialog).toHaveTextContent('Amaka Obi will be removed from your address book');
    await user.click(within(dialog).getByRole('button', { name: 'No' }));
    expect(cards()).toHaveLength(2);
    expect(seen.filter((s) => s.method === 'DELETE')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete Amaka Obi' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this recipient?' })).getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(cards()).toHaveLength(1));
    expect(cards()[0]).toHaveTextContent('Tunde Bello');
    expect(seen.filter((s) => s.method === 'DELETE')).toHaveLength(1);
    expect(notified).toHaveBeenCalledWith('success', 'Amaka Obi has been deleted from your address book');
    await waitFor(() => expect(storedNames()).toEqual(['Tunde Bello']));
  });

  it("shows the server's refusal and keeps the card", async () => {
    await openBook([amaka], { 'DELETE /v1/regal/account/recipients/r-1': fail(404, 'This address is not in your address book') });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Delete Amaka Obi' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete this recipient?' })).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This address is not in your address book');
    expect(cards()).toHaveLength(1);
    expect(storedNames()).toEqual(['Amaka Obi']);
  });
});
