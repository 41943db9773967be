/**
 * Stage 1 of the checkout (spec sections 3 and 5): required messages on blur and the completed
 * marker, the payload (phones normalised, empty fields omitted, pick-up with blank recipient
 * details), refusals that keep what was typed, the free account, the sender block saved as soon
 * as it is complete, saved recipients, and the summary's delivery estimate.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import CheckoutPage from '@/pages/checkout';
import type { SavedRecipient } from '@/lib/contracts/orders';
import { readStored, STORAGE_KEYS } from '@/lib/state/storage';
import { notify } from '@/lib/ui/notify';
import { listenToMsw } from '../../helpers/msw';
import { answer, checkoutRouter, fail, makeOrder, ok, record, renderInShop, settings, SHELL, storeVisit, type Seen } from './helpers';

let mockRouter = checkoutRouter();
jest.mock('next/router', () => ({ __esModule: true, useRouter: () => mockRouter, default: { router: null } }));
jest.mock('@/lib/server/shell', () => ({ withShell: jest.fn(), getGuestHandshake: jest.fn() }));
jest.mock('@/lib/ui/notify');
const notified = jest.mocked(notify);

listenToMsw();
beforeEach(() => notified.mockClear());

const CHECKOUT = 'PUT /v1/firebase/order/checkout-order/order-1';
const SENDER = 'PUT /v1/firebase/order/save-sender-info/order-1';

/** Opens the checkout on order-1 and, for a guest, continues as guest. */
async function openForm({ order = makeOrder(), user = null as ReturnType<typeof record> | null, routes = {} as Parameters<typeof answer>[0] } = {}) {
  storeVisit({ user, orderId: 'order-1' });
  const seen = answer({ 'GET /v1/firebase/order/order-1': ok(order), [SENDER]: ok(order), ...routes });
  mockRouter = checkoutRouter('/checkout', { orderId: 'order-1' });
  renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} />);
  await screen.findByRole('heading', { name: 'Delivery details' });
  if (!user) await userEvent.click(await screen.findByRole('button', { name: 'Continue as Guest' }));
  return seen;
}

const field = (name: RegExp | string) => within(screen.getByRole('form', { name: 'Delivery details' })).getByLabelText(name);
const fieldBox = (name: RegExp | string) => field(name).closest('div')!;

async function fillSender(user = userEvent.setup()) {
  await user.type(field(/^Your name/), 'Ada Obi');
  await user.type(field(/^Your email/), 'ada@example.com');
  await user.type(field(/^Your phone number/), '0803 123 4567');
}

async function fillRecipient(user = userEvent.setup()) {
  await user.type(field(/^Recipient's name/), 'Bola Ade');
  await user.type(field(/^Recipient's phone number/), '0809 876 5432');
  await user.type(field(/^Recipient's address/), '5 Bourdillon Road, Ikoyi');
  await user.selectOptions(field(/^State/), 'lagos');
  await user.selectOptions(field(/^Delivery zone/), 'lagos-outer');
}

const bodyOf = (seen: Seen[], key: string) => {
  const [method, path] = key.split(' ');
  return seen.find((s) => s.method === method && s.path === path)?.body;
};

describe('required fields', () => {
  it("say '{Field name} is required' on blur, tied to the field, and a valid value marks the field completed", async () => {
    await openForm();
    const user = userEvent.setup();
    const name = field(/^Your name/);
    expect(screen.queryByText('Your name is required')).not.toBeInTheDocument();
    await user.click(name);
    await user.tab();
    const message = screen.getByText('Your name is required');
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveAttribute('aria-describedby', message.id);
    expect(fieldBox(/^Your name/)).not.toHaveAttribute('data-completed');

    await user.type(name, 'Ada Obi');
    expect(screen.queryByText('Your name is required')).not.toBeInTheDocument();
    expect(fieldBox(/^Your name/)).toHaveAttribute('data-completed');

    await user.type(field(/^Your email/), 'ada@');
    await user.tab();
    expect(screen.getByText('Enter a valid e-mail address')).toBeInTheDocument();
  });

  it('on Continue shows every missing field, focuses the first and sends nothing', async () => {
    const seen = await openForm();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    for (const text of ['Your name is required', 'Your email is required', 'Your phone number is required', "Recipient's name is required", "Recipient's address is required", 'State is required']) {
      expect(screen.getByText(text)).toBeInTheDocument();
    }
    expect(field(/^Your name/)).toHaveFocus();
    expect(bodyOf(seen, CHECKOUT)).toBeUndefined();
  });
});

describe('the checkout call', () => {
  it('sends normalised phones and leaves empty fields out, then moves to payment', async () => {
    const checkedOut = makeOrder({ deliveryMethod: 'delivery', deliveryDetails: { ...makeOrder().deliveryDetails, state: 'lagos', zone: 'lagos-outer' } });
    const seen = await openForm({ routes: { [CHECKOUT]: ok({ order: checkedOut, user: null }) } });
    await fillSender();
    await fillRecipient();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(await screen.findByRole('heading', { name: 'Payment' })).toBeInTheDocument();

    expect(bodyOf(seen, CHECKOUT)).toEqual({
      shouldCreateAccount: false,
      shouldSaveAddress: false,
      orderData: {
        deliveryDate: '2030-03-05',
        deliveryZone: 'lagos-outer',
        recipient: {
          name: 'Bola Ade',
          phone: '+2348098765432',
          phoneCountryCode: '+234',
          address: '5 Bourdillon Road, Ikoyi',
          state: 'lagos',
          method: 'delivery',
        },
        deliveryDetails: {
          recipientAddress: '5 Bourdillon Road, Ikoyi',
          recipientName: 'Bola Ade',
          recipientPhone: '+2348098765432',
          recipientPhoneCountryCode: '+234',
          state: 'lagos',
          zone: 'lagos-outer',
        },
      },
      userData: { name: 'Ada Obi', email: 'ada@example.com', phone: '+2348031234567', phoneCountryCode: '+234' },
      currency: 'NGN',
      business: 'regal',
    });
  });

  it('sends the optional fields when filled: alternative phone, residence type, card message, occasion, notes, instructions', async () => {
    const seen = await openForm({ routes: { [CHECKOUT]: ok({ order: makeOrder({ deliveryMethod: 'delivery' }), user: null }) } });
    const user = userEvent.setup();
    await fillSender(user);
    await fillRecipient(user);
    await user.clear(field(/^Alternative country code/));
    await user.type(field(/^Alternative country code/), '+44');
    await user.type(field(/^Alternative phone number/), '07700 900123');
    await user.selectOptions(field(/^Residence type/), 'Office');
    await user.type(field(/^Card message/), 'Happy birthday!');
    await user.selectOptions(field(/^Occasion/), 'Birthday');
    await user.type(field(/^Additional information/), 'Call before 5pm');
    await user.type(field(/^Delivery instructions/), 'Gate 2');
    expect(field(/^Card message/)).toHaveAttribute('rows', '6');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    const body = bodyOf(seen, CHECKOUT) as { orderData: Record<string, unknown> };
    expect(body.orderData).toMatchObject({
      deliveryMessage: 'Happy birthday!',
      purpose: 'Birthday',
      adminNotes: 'Call before 5pm',
      deliveryInstruction: 'Gate 2',
      recipient: { phoneAlt: '+447700900123', altPhoneCountryCode: '+44', residenceType: 'Office' },
      deliveryDetails: { recidenceType: 'Office', recipientAltPhone: '+447700900123', recipientAltPhoneCountryCode: '+44' },
    });
  });

  it('pick-up hides the recipient fields and sends blank recipient details with the pickup point', async () => {
    const seen = await openForm({ routes: { [CHECKOUT]: ok({ order: makeOrder({ deliveryMethod: 'pick-up', despatchLocation: 'LPL' }), user: null }) } });
    const user = userEvent.setup();
    await fillSender(user);
    await user.type(field(/^Recipient's name/), 'Typed before switching');
    await user.click(screen.getByRole('radio', { name: /^Pick-up/ }));
    expect(screen.queryByLabelText(/^Recipient's name/)).not.toBeInTheDocument();
    expect(screen.queryByLabelText(/^State/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Pickup date/ })).toHaveTextContent('5 Mar 2030');

    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('Pickup location is required')).toBeInTheDocument();
    const lekki = screen.getByRole('radio', { name: /Lekki \(LPL\)/ });
    expect(lekki.closest('label')).toHaveTextContent('12 Admiralty Way, Lekki Phase 1, Lagos');
    await user.click(lekki);
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    const body = bodyOf(seen, CHECKOUT) as { orderData: Record<string, unknown> };
    expect(body.orderData).toEqual({
      deliveryDate: '2030-03-05',
      despatchLocation: 'LPL',
      pickupState: 'lagos',
      recipient: { name: '', phone: '', phoneAlt: '', address: '', state: '', residenceType: '', method: 'pick-up' },
      deliveryDetails: { recidenceType: '', recipientAddress: '', recipientName: '', recipientPhone: '', recipientAltPhone: '', state: '', zone: '' },
    });
  });

  it("shows the server's refusal as 'Unable to update order: {message}' and keeps everything typed", async () => {
    await openForm({ routes: { [CHECKOUT]: fail(400, 'orderData.recipient.phone must be a phone number') } });
    await fillSender();
    await fillRecipient();
    await userEvent.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await waitFor(() => expect(notified).toHaveBeenCalledWith('error', 'Unable to update order: orderData.recipient.phone must be a phone number'));
    expect(screen.getByRole('heading', { name: 'Delivery details' })).toBeInTheDocument();
    expect(field(/^Recipient's name/)).toHaveValue('Bola Ade');
    expect(field(/^Your phone number/)).toHaveValue('0803 123 4567');
    expect(screen.getByRole('button', { name: 'Continue to payment' })).toBeEnabled();
  });

  it('creates a free account with a password: the new user is logged in and the notice shown', async () => {
    const account = record('ada@example.com');
    const seen = await openForm({ routes: { [CHECKOUT]: ok({ order: makeOrder({ deliveryMethod: 'delivery' }), user: account, accountNotice: 'Your account is ready' }) } });
    const user = userEvent.setup();
    await fillSender(user);
    await fillRecipient(user);
    await user.click(screen.getByRole('checkbox', { name: /Create a free account/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    await user.type(field(/^Password/), 'roses-are-red');
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    expect(bodyOf(seen, CHECKOUT)).toMatchObject({ shouldCreateAccount: true, userData: { password: 'roses-are-red' } });
    await waitFor(() => expect(readStored(STORAGE_KEYS.user)).toEqual(account));
    expect(notified).toHaveBeenCalledWith('info', 'Your account is ready');
  });

  it('saves the sender block once it is complete', async () => {
    const seen = await openForm();
    await fillSender();
    await waitFor(() => expect(bodyOf(seen, SENDER)).toBeDefined(), { timeout: 3000 });
    expect(bodyOf(seen, SENDER)).toEqual({ senderName: 'Ada Obi', senderEmail: 'ada@example.com', senderPhoneNumber: '+2348031234567', senderCountryCode: '+234', business: 'regal' });
    expect(seen.filter((s) => s.path.includes('save-sender-info'))).toHaveLength(1);
  });
});

describe('logged-in shoppers', () => {
  const bola: SavedRecipient = {
    id: 'r-1',
    name: 'Bola Ade',
    phone: '+2348098765432',
    phoneCountryCode: '+234',
    altPhone: '+447700900123',
    altPhoneCountryCode: '+44',
    address: '12 Aminu Kano Crescent, Wuse 2',
    residenceType: 'Office',
    state: 'abuja',
    zone: 'abuja-central',
  };

  it('pick a saved recipient to fill the recipient fields, and can save the address; no free account offered', async () => {
    const account = record('ada@example.com', { recipients: [bola] });
    const seen = await openForm({ user: account, routes: { [CHECKOUT]: ok({ order: makeOrder({ deliveryMethod: 'delivery' }), user: null }) } });
    const user = userEvent.setup();
    await waitFor(() => expect(screen.getByLabelText('Saved recipients')).toBeInTheDocument());
    expect(screen.queryByRole('checkbox', { name: /Create a free account/ })).not.toBeInTheDocument();
    // Whatever was typed before is replaced by the saved recipient, every field of it.
    await user.type(field(/^Recipient's name/), 'Somebody else');
    await user.selectOptions(field(/^State/), 'lagos');
    await user.selectOptions(screen.getByLabelText('Saved recipients'), 'r-1');
    expect(field(/^Recipient's name/)).toHaveValue('Bola Ade');
    expect(field(/^Recipient's country code/)).toHaveValue('+234');
    expect(field(/^Recipient's phone number/)).toHaveValue('8098765432');
    expect(field(/^Alternative country code/)).toHaveValue('+44');
    expect(field(/^Alternative phone number/)).toHaveValue('7700900123');
    expect(field(/^Residence type/)).toHaveValue('Office');
    expect(field(/^Recipient's address/)).toHaveValue('12 Aminu Kano Crescent, Wuse 2');
    expect(field(/^State/)).toHaveValue('abuja');
    expect(field(/^Delivery zone/)).toHaveValue('abuja-central');

    await user.type(field(/^Your phone number/), '08031234567');
    await user.click(screen.getByRole('checkbox', { name: /Save this address/ }));
    await user.click(screen.getByRole('button', { name: 'Continue to payment' }));
    await screen.findByRole('heading', { name: 'Payment' });
    expect(bodyOf(seen, CHECKOUT)).toMatchObject({
      shouldSaveAddress: true,
      shouldCreateAccount: false,
      userData: { name: 'Ada Obi', email: 'ada@example.com' },
      orderData: {
        deliveryZone: 'abuja-central',
        recipient: { name: 'Bola Ade', phone: '+2348098765432', phoneAlt: '+447700900123', altPhoneCountryCode: '+44', residenceType: 'Office', state: 'abuja' },
      },
    });
  });

  it("fills the sender from the account: name, e-mail and the profile's phone with its code", async () => {
    const account = record('ada@example.com', { phone: '+447700900999', phoneCountryCode: '+44' });
    await openForm({ user: account });
    expect(field(/^Your name/)).toHaveValue('Ada Obi');
    expect(field(/^Your email/)).toHaveValue('ada@example.com');
    expect(field(/^Your country code/)).toHaveValue('+44');
    expect(field(/^Your phone number/)).toHaveValue('7700900999');
  });

  it('writes a Nigerian profile phone as people type it, with its 0', async () => {
    await openForm({ user: record('ada@example.com', { phone: '+2348021234567', phoneCountryCode: '+234' }) });
    expect(field(/^Your country code/)).toHaveValue('+234');
    expect(field(/^Your phone number/)).toHaveValue('08021234567');
  });

  it("keeps the order's own sender phone over the profile's", async () => {
    const order = makeOrder({ client: { email: 'ada@example.com', name: 'Ada O.', phone: '+2348031234567', phoneCountryCode: '+234' } });
    await openForm({ order, user: record('ada@example.com', { phone: '+447700900999', phoneCountryCode: '+44' }) });
    expect(field(/^Your name/)).toHaveValue('Ada O.');
    expect(field(/^Your country code/)).toHaveValue('+234');
    expect(field(/^Your phone number/)).toHaveValue('8031234567');
  });
});

describe('the summary beside the form', () => {
  it('shows the items and, before the order has a zone, the chosen zone fee as an estimate', async () => {
    await openForm();
    const summary = screen.getByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByRole('heading', { name: 'Red Velvet Romance' }).closest('li')).toHaveTextContent('Size: DeluxeDesign: In a Vase + ₦15,000 x 2₦55,000 × 2Line total ₦140,000');
    expect(within(summary).getByText('Delivery').nextSibling).toHaveTextContent('Depends on the delivery zone');

    const user = userEvent.setup();
    await user.selectOptions(field(/^State/), 'lagos');
    // Above the ₦100,000 threshold central Lagos delivers free; the outer zone costs ₦10,000.
    const zone = field(/^Delivery zone/);
    expect(within(zone).getByRole('option', { name: /^Lagos central .*: Free$/ })).toBeInTheDocument();
    expect(within(zone).getByRole('option', { name: /^Lagos outer .*: ₦10,000$/ })).toBeInTheDocument();
    await user.selectOptions(zone, 'lagos-outer');
    expect(within(summary).getByText('Delivery (estimate)').nextSibling).toHaveTextContent('₦10,000');
    expect(within(summary).getByText('Total (estimate)').nextSibling).toHaveTextContent('₦150,000');

    await user.selectOptions(field(/^State/), 'other-locations');
    expect(screen.queryByLabelText(/^Delivery zone/)).not.toBeInTheDocument();
    expect(within(summary).getByText('Delivery (estimate)').nextSibling).toHaveTextContent('Quoted by our staff');
  });

  it("shows the order's own fee once saved, in the current currency", async () => {
    const saved = makeOrder({
      deliveryMethod: 'delivery',
      deliveryDetails: { ...makeOrder().deliveryDetails, recipientName: 'Bola', state: 'lagos', zone: 'lagos-outer' },
      amounts: { subtotal: 140000, deliveryFee: 10000, discount: 0, total: 150000 },
    });
    storeVisit({ orderId: 'order-1' });
    answer({ 'GET /v1/firebase/order/order-1': ok(saved) });
    mockRouter = checkoutRouter('/checkout', { orderId: 'order-1' });
    renderInShop(<CheckoutPage shell={SHELL} deliverySettings={settings} />, { currency: 'USD' });
    const summary = await screen.findByRole('complementary', { name: 'Order summary' });
    expect(within(summary).getByText('Delivery').nextSibling).toHaveTextContent('$15');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('$215');
    expect(within(summary).getByText('Subtotal').nextSibling).toHaveTextContent('$200');
  });
});
